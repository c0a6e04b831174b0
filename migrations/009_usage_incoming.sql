-- Paid calls as the replicas record them before their answers leave: rows without
-- indexes, cheap to append. A fold (src/access/credits/ledger-fold.ts) moves them into
-- usage_ledger (deduplicated by request id) and usage_daily in one transaction each,
-- so a call is in exactly one of the two tables at any moment; usage_recorded reads
-- both.
CREATE TABLE usage_incoming (
  request_id UUID NOT NULL,
  key_id TEXT NOT NULL,
  period TEXT NOT NULL,
  operation TEXT NOT NULL,
  credits INTEGER NOT NULL CHECK (credits >= 0),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE VIEW usage_recorded AS
  SELECT request_id, key_id, period, operation, credits, created_at FROM usage_ledger
  UNION ALL
  SELECT request_id, key_id, period, operation, credits, created_at FROM usage_incoming;

-- The daily rollup with the calls not folded yet, so that usage reports never lag
-- the fold: one row per call of usage_incoming, on the day the fold will give it
-- (readers sum by key, day and operation).
CREATE VIEW usage_daily_recorded AS
  SELECT key_id, day, operation, calls, credits FROM usage_daily
  UNION ALL
  SELECT key_id,
    least(greatest((created_at AT TIME ZONE 'UTC')::date, (period || '-01')::date),
          ((period || '-01')::date + interval '1 month' - interval '1 day')::date)::date AS day,
    operation, 1::bigint AS calls, credits::bigint AS credits
  FROM usage_incoming;
