-- The credit counters and the key listing sum the daily rollup (usage_daily_recorded),
-- whose days always lie in their call's period: the ledger's (key_id, period) index
-- served only those sums, and cost every folded row one more index insertion.
DROP INDEX usage_ledger_key_period;
