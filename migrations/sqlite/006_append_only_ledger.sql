-- The usage ledger becomes an append-only log in the order calls were recorded. Its
-- primary key on request_id, a random UUID, made every paid call insert into a random
-- page of an index that grows with the ledger (and write that page to the WAL): the
-- cost of recording a call grew with the ledger's size. Each request is committed once
-- (the metering hook clears it first), the rollup (usage_daily) is what budgets and the
-- dashboard read, and a lookup by request id for support is a scan of this table.
CREATE TABLE usage_log (
  request_id TEXT NOT NULL,
  key_id TEXT NOT NULL,
  period TEXT NOT NULL,
  operation TEXT NOT NULL,
  credits INTEGER NOT NULL CHECK (credits >= 0),
  created_at TEXT NOT NULL
);
INSERT INTO usage_log (request_id, key_id, period, operation, credits, created_at)
  SELECT request_id, key_id, period, operation, credits, created_at FROM usage_ledger ORDER BY created_at, rowid;
DROP TABLE usage_ledger;
ALTER TABLE usage_log RENAME TO usage_ledger;
