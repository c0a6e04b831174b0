-- Accounts and sessions of the dashboard (same schema as migrations/sqlite/002_accounts.sql).
-- Emails are stored lower-cased, so UNIQUE makes them unique case-insensitively.
-- The operator account owns the keys of the `keys` CLI: it has no email and no
-- password, so nobody can sign in as it.
CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  email TEXT UNIQUE,
  password_hash TEXT,
  role TEXT NOT NULL CHECK (role IN ('user', 'admin', 'operator')),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  disabled_at TIMESTAMPTZ,
  CHECK (role = 'operator' OR (email IS NOT NULL AND password_hash IS NOT NULL))
);

INSERT INTO accounts (id, email, password_hash, role) VALUES ('acct_operator', NULL, NULL, 'operator');

-- Only a hash of each session token is stored: a copy of the database opens no session.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at TIMESTAMPTZ NOT NULL,
  last_seen_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX sessions_account ON sessions (account_id);

-- The first characters of a key, shown in lists to tell keys apart (never the key).
ALTER TABLE api_keys ADD COLUMN key_prefix TEXT;

UPDATE api_keys SET account_id = 'acct_operator' WHERE account_id IS NULL;

ALTER TABLE api_keys ADD CONSTRAINT api_keys_account_fk FOREIGN KEY (account_id) REFERENCES accounts (id);

CREATE INDEX api_keys_account ON api_keys (account_id);
