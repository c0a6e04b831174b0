-- The day a call counts on in the daily rollup: its instant's UTC day, kept inside
-- the call's credit period. One definition for the fold (src/access/credits/
-- ledger-fold.ts) and for usage_daily_recorded, so the two cannot disagree.
CREATE FUNCTION usage_day(period TEXT, at TIMESTAMPTZ) RETURNS DATE
LANGUAGE sql STABLE AS $$
  SELECT least(greatest((at AT TIME ZONE 'UTC')::date, (period || '-01')::date),
               ((period || '-01')::date + interval '1 month' - interval '1 day')::date)
$$;

CREATE OR REPLACE VIEW usage_daily_recorded AS
  SELECT key_id, day, operation, calls, credits FROM usage_daily
  UNION ALL
  SELECT key_id, usage_day(period, created_at) AS day, operation, 1::bigint AS calls, credits::bigint AS credits
  FROM usage_incoming;
