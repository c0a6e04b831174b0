-- Verified addresses and the single-use links the dashboard mails (same schema as
-- migrations/007_email_tokens.sql). Accounts from before verification existed count
-- as verified.
ALTER TABLE accounts ADD COLUMN email_verified_at TEXT;

UPDATE accounts SET email_verified_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE email IS NOT NULL;

-- Only a hash of each token is stored: a copy of the database opens no link.
CREATE TABLE email_tokens (
  token_hash TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('verify', 'reset')),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);

CREATE INDEX email_tokens_account ON email_tokens (account_id, purpose);

-- Expired tokens are deleted by expiry.
CREATE INDEX email_tokens_expiry ON email_tokens (expires_at);
