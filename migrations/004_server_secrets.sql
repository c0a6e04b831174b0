-- Secrets every replica shares across restarts (same schema as migrations/sqlite/003_server_secrets.sql).
-- `dashboard`: the HMAC key of the dashboard's CSRF tokens; losing it only invalidates open forms.
CREATE TABLE server_secrets (
  name TEXT PRIMARY KEY,
  secret BYTEA NOT NULL
);
