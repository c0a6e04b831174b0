-- API keys (only a hash of each key) and the usage ledger: one row per paid call.
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  key_hash TEXT NOT NULL UNIQUE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  revoked_at TIMESTAMPTZ,
  quota BIGINT CHECK (quota IS NULL OR quota >= 0),
  rate_requests INTEGER CHECK (rate_requests IS NULL OR rate_requests > 0),
  rate_window_s INTEGER CHECK (rate_window_s IS NULL OR rate_window_s > 0)
);

CREATE TABLE usage_ledger (
  request_id UUID PRIMARY KEY,
  key_id TEXT NOT NULL,
  period TEXT NOT NULL,
  operation TEXT NOT NULL,
  credits INTEGER NOT NULL CHECK (credits > 0),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX usage_ledger_key_period ON usage_ledger (key_id, period);
