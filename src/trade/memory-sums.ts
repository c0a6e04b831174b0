import type { Database } from '../store/duckdb.js';
import { TRADE_MEMORY_MB_DEFAULT } from '../settings.js';

/** How a snapshot's trade sums may be held in memory (`TRADE_MEMORY_MB`). */
export interface SumsInMemory {
  /**
   * Whether small sums may be computed from aggregates held in memory (default true);
   * off, every sum runs in DuckDB (the reference the in-memory sums are checked against).
   */
  memorySums?: boolean;
  /** Bytes the trade sums held in memory may take (default `TRADE_MEMORY_MB_DEFAULT` MiB); 0 reads no table whole. */
  memorySumsBytes?: number;
  /**
   * Sums of at least this many slice rows are computed on the summing thread, off the
   * event loop (default `SUM_OFF_THREAD_ROWS_DEFAULT`); 0 sends every one there.
   */
  sumOffThreadRows?: number;
}

/** Fewer rows are summed where they are asked for: sending a task costs about what summing them does. */
export const SUM_OFF_THREAD_ROWS_DEFAULT = 20_000;

const KEY = 'trade:sums-in-memory';
/** A database no snapshot loader set up (one aside for an extract): every sum runs in DuckDB. */
const NONE: Required<SumsInMemory> = { memorySums: false, memorySumsBytes: 0, sumOffThreadRows: Infinity };

/**
 * Sets how the sums of a snapshot's trade databases are held in memory, before
 * anything is read from them: the trade file's as `sums` asks (none when the snapshot
 * is opened to be proven), an edition file's (queried less often) without product sums.
 */
export function holdSums(
  dbs: { trade: Database; editions: Iterable<Database>; proving: boolean },
  sums: SumsInMemory,
): void {
  const held = {
    memorySums: !dbs.proving && (sums.memorySums ?? true),
    memorySumsBytes: sums.memorySumsBytes ?? TRADE_MEMORY_MB_DEFAULT * 2 ** 20,
    sumOffThreadRows: sums.sumOffThreadRows ?? SUM_OFF_THREAD_ROWS_DEFAULT,
  };
  dbs.trade.keep(KEY, held);
  for (const edition of dbs.editions) edition.keep(KEY, { ...held, memorySumsBytes: 0 });
}

/** How `db`'s trade sums are held in memory (see `holdSums`). */
export function sumsInMemory(db: Database): Required<SumsInMemory> {
  return db.kept<Required<SumsInMemory>>(KEY) ?? NONE;
}
