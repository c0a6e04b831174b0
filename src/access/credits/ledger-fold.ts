import type { Pool } from 'pg';

// Moves up to $1 recorded calls from usage_incoming into the ledger and their daily
// rollup, in one transaction: rows already in the ledger (a request id recorded
// twice) are dropped, not counted again. SKIP LOCKED lets the replicas fold at once
// without waiting on each other's rows. The rollup's upserts go in key order, so
// that concurrent folds lock its rows in the same order. Returns the rows moved.
const FOLD = `
WITH moved AS (
  DELETE FROM usage_incoming WHERE ctid = ANY (ARRAY(
    SELECT ctid FROM usage_incoming LIMIT $1 FOR UPDATE SKIP LOCKED))
  RETURNING request_id, key_id, period, operation, credits, created_at
), recorded AS (
  INSERT INTO usage_ledger (request_id, key_id, period, operation, credits, created_at)
  SELECT DISTINCT ON (request_id) * FROM moved
  ON CONFLICT (request_id) DO NOTHING
  RETURNING key_id, period, operation, credits, created_at
), dated AS (
  SELECT key_id, operation, credits, usage_day(period, created_at) AS day FROM recorded
), rolled AS (
  INSERT INTO usage_daily (key_id, day, operation, calls, credits)
  SELECT key_id, day, operation, count(*), sum(credits) FROM dated
  GROUP BY key_id, day, operation ORDER BY key_id, day, operation
  ON CONFLICT (key_id, day, operation) DO UPDATE
  SET calls = usage_daily.calls + excluded.calls, credits = usage_daily.credits + excluded.credits
)
SELECT count(*)::int AS moved FROM moved`;

/** Rows one fold moves at most. */
const FOLD_ROWS = 20_000;

/** Moves every row of usage_incoming into the ledger and its rollup; returns how many moved. */
export async function foldIncoming(pool: Pool): Promise<number> {
  let total = 0;
  for (;;) {
    const r = await pool.query<{ moved: number }>({ name: 'fold-usage-incoming', text: FOLD, values: [FOLD_ROWS] });
    const moved = r.rows[0]!.moved;
    total += moved;
    if (moved < FOLD_ROWS) return total;
  }
}

/**
 * Folds usage_incoming every `intervalMs` (usage reports built on the rollup lag by
 * about that much; the credit counters and the ledger's readers see both tables).
 * A fold that fails is retried at the next tick: the rows stay where they are.
 */
export class LedgerFold {
  private timer: NodeJS.Timeout | undefined;
  private folding: Promise<number> | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly intervalMs = 250,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.foldNow().catch(() => undefined), this.intervalMs);
    this.timer.unref();
  }

  /** A fold now, or the one already running. */
  foldNow(): Promise<number> {
    this.folding ??= foldIncoming(this.pool).finally(() => (this.folding = undefined));
    return this.folding;
  }

  /** Stops the timer and folds what is left (best effort: another replica, or the next start, folds the rest). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.folding?.catch(() => undefined);
    await this.foldNow().catch(() => undefined);
  }
}
