-- The quota and rate an admin set for an account (same schema as migrations/sqlite/004_account_limits.sql).
-- Every key of the account carries them; a key created later gets them too. While
-- limits_set_at is NULL the account has the service defaults (DEFAULT_QUOTA_CREDITS,
-- RATE_LIMIT_REQUESTS / RATE_LIMIT_WINDOW_S). A NULL key_quota once set means no quota.
ALTER TABLE accounts ADD COLUMN key_quota BIGINT;
ALTER TABLE accounts ADD COLUMN key_rate_requests INTEGER;
ALTER TABLE accounts ADD COLUMN key_rate_window_s INTEGER;
ALTER TABLE accounts ADD COLUMN limits_set_at TIMESTAMPTZ;

-- Expired sessions are deleted by expiry.
CREATE INDEX sessions_expiry ON sessions (expires_at);
