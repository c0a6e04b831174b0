-- Secrets the server keeps across restarts (same schema as migrations/004_server_secrets.sql).
-- `dashboard`: the HMAC key of the dashboard's CSRF tokens; losing it only invalidates open forms.
CREATE TABLE server_secrets (
  name TEXT PRIMARY KEY,
  secret BLOB NOT NULL
);
