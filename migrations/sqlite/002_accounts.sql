-- Accounts and sessions of the dashboard (same schema as migrations/003_accounts.sql).
-- Emails are stored lower-cased, so UNIQUE makes them unique case-insensitively.
-- The operator account owns the keys of the `keys` CLI: it has no email and no
-- password, so nobody can sign in as it.
CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  email TEXT UNIQUE,
  password_hash TEXT,
  role TEXT NOT NULL CHECK (role IN ('user', 'admin', 'operator')),
  created_at TEXT NOT NULL,
  disabled_at TEXT,
  CHECK (role = 'operator' OR (email IS NOT NULL AND password_hash IS NOT NULL))
);

INSERT INTO accounts (id, email, password_hash, role, created_at)
VALUES ('acct_operator', NULL, NULL, 'operator', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));

-- Only a hash of each session token is stored: a copy of the database opens no session.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL
);

CREATE INDEX sessions_account ON sessions (account_id);

-- The first characters of a key, shown in lists to tell keys apart (never the key).
ALTER TABLE api_keys ADD COLUMN key_prefix TEXT;

UPDATE api_keys SET account_id = 'acct_operator' WHERE account_id IS NULL;

CREATE INDEX api_keys_account ON api_keys (account_id);
