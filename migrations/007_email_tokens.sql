-- Verified addresses and the single-use links the dashboard mails (same schema as
-- migrations/sqlite/005_email_tokens.sql). Accounts from before verification existed
-- count as verified.
ALTER TABLE accounts ADD COLUMN email_verified_at TIMESTAMPTZ;

UPDATE accounts SET email_verified_at = now() WHERE email IS NOT NULL;

-- Only a hash of each token is stored: a copy of the database opens no link.
CREATE TABLE email_tokens (
  token_hash TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('verify', 'reset')),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ
);

CREATE INDEX email_tokens_account ON email_tokens (account_id, purpose);

-- Expired tokens are deleted by expiry.
CREATE INDEX email_tokens_expiry ON email_tokens (expires_at);
