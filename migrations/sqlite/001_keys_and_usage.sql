-- The embedded state, mirroring the PostgreSQL schema (migrations/001 and 002):
-- API keys (only a hash of each key), the usage ledger (one row per paid call) and
-- its rollup per key, UTC day and operation, kept in the ledger's transaction.
-- Instants are RFC 3339 UTC text, days YYYY-MM-DD.
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  key_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  revoked_at TEXT,
  quota INTEGER CHECK (quota IS NULL OR quota >= 0),
  rate_requests INTEGER CHECK (rate_requests IS NULL OR rate_requests > 0),
  rate_window_s INTEGER CHECK (rate_window_s IS NULL OR rate_window_s > 0),
  -- The account a key will belong to; unused yet.
  account_id TEXT
);

CREATE TABLE usage_ledger (
  request_id TEXT PRIMARY KEY,
  key_id TEXT NOT NULL,
  period TEXT NOT NULL,
  operation TEXT NOT NULL,
  credits INTEGER NOT NULL CHECK (credits >= 0),
  created_at TEXT NOT NULL
);

CREATE INDEX usage_ledger_key_period ON usage_ledger (key_id, period);

CREATE TABLE usage_daily (
  key_id TEXT NOT NULL,
  day TEXT NOT NULL,
  operation TEXT NOT NULL,
  calls INTEGER NOT NULL,
  credits INTEGER NOT NULL,
  PRIMARY KEY (key_id, day, operation)
) WITHOUT ROWID;

-- Files of the former file-based state already copied here (keys.json, usage.log).
CREATE TABLE legacy_imports (
  file TEXT PRIMARY KEY,
  imported_at TEXT NOT NULL,
  rows INTEGER NOT NULL
);
