-- A free call (an SDMX structure query, price 0) is recorded like a paid one, with no
-- credits, as the embedded ledger records it (migrations/sqlite/006): the check
-- refused its row, and with it every call sharing its group-committed INSERT.
ALTER TABLE usage_ledger DROP CONSTRAINT usage_ledger_credits_check;
ALTER TABLE usage_ledger ADD CONSTRAINT usage_ledger_credits_check CHECK (credits >= 0);
