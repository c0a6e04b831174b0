-- Usage per key, UTC day and operation, maintained by the statement that inserts
-- into usage_ledger (same schema as the embedded backend's SQLite database).
-- A call's day is its instant's UTC day, kept inside the call's credit period.
CREATE TABLE usage_daily (
  key_id TEXT NOT NULL,
  day DATE NOT NULL,
  operation TEXT NOT NULL,
  calls BIGINT NOT NULL,
  credits BIGINT NOT NULL,
  PRIMARY KEY (key_id, day, operation)
);

INSERT INTO usage_daily (key_id, day, operation, calls, credits)
SELECT key_id,
       least(greatest((created_at AT TIME ZONE 'UTC')::date, (period || '-01')::date),
             ((period || '-01')::date + interval '1 month' - interval '1 day')::date),
       operation, count(*), sum(credits)
FROM usage_ledger
GROUP BY 1, 2, 3;

-- The account a key will belong to; unused yet.
ALTER TABLE api_keys ADD COLUMN account_id TEXT;
