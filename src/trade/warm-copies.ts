import { sizeInBytes } from '../settings.js';
import { tableNames, type Database } from '../store/duckdb.js';
import { listingFilesWritten } from './listing-files.js';

/**
 * The sorted copies whose blocks are read into DuckDB's buffers when a snapshot opens,
 * in this order, each with the column it is sorted by first: those a listing reads by
 * its leading key (one side, the year; the product and the pair after, as the listing
 * files serve a product's and a pair's pages once written), then the monthly ones.
 */
const WARMED: ReadonlyArray<{ table: string; lead: string }> = [
  { table: 'annual_by_exporter', lead: 'exporter' },
  { table: 'annual_by_importer', lead: 'importer' },
  { table: 'annual_by_year', lead: 'year' },
  { table: 'annual_by_hs6', lead: 'hs6' },
  { table: 'annual_by_pair', lead: 'exporter' },
  { table: 'monthly_by_month', lead: 'month' },
  { table: 'monthly_by_exporter', lead: 'exporter' },
  { table: 'monthly_by_importer', lead: 'importer' },
  { table: 'monthly_by_hs6', lead: 'hs6' },
];

/** The share of DuckDB's memory limit its buffers may reach with the warmed copies; the rest is for queries. */
export const WARM_SHARE = 0.6;

/** Ranges of the leading key a copy is read in: each query is short, so requests' queries pass between them. */
const WARM_PARTS = 32;

/** Bytes DuckDB's buffers hold now. */
async function bufferedBytes(db: Database): Promise<number> {
  const [row] = await db.query('SELECT coalesce(sum(memory_usage_bytes), 0)::DOUBLE AS used FROM duckdb_memory()');
  return Number(row!.used);
}

/**
 * Reads every block of `table` (every column of every row) into DuckDB's buffers, in
 * WARM_PARTS ranges of `lead`, while they hold at most `budget` bytes. Returns whether
 * it read the whole copy.
 */
async function warm(db: Database, copy: { table: string; lead: string }, budget: number): Promise<boolean> {
  const { table, lead } = copy;
  const [bounds] = await db.query(`SELECT min(${lead})::DOUBLE AS lo, max(${lead})::DOUBLE AS hi FROM trade.${table}`);
  const [lo, hi] = [Number(bounds!.lo), Number(bounds!.hi)];
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return true;
  const step = Math.max(1, Math.ceil((hi - lo + 1) / WARM_PARTS));
  for (let from = lo; from <= hi; from += step) {
    if (db.isClosed || (await bufferedBytes(db)) > budget) return false;
    await db.query(
      `SELECT max(hash(COLUMNS(*))) FROM trade.${table} WHERE ${lead} >= ${from} AND ${lead} < ${from + step}`,
    );
  }
  return true;
}

/**
 * Reads the sorted copies' blocks into the serving database's buffers, in WARMED
 * order, until the buffers hold WARM_SHARE of DuckDB's memory limit. A query's first
 * read of a block costs more than the query itself: a pair's page of a ten-year
 * release takes 3 to 28 ms where it touches blocks for the first time, 2 to 3 ms after.
 * The buffers stay DuckDB's to evict: a query that needs the memory takes it back.
 * Returns the copies read whole. `budgetBytes` replaces that share of the limit.
 */
export async function warmCopies(db: Database, budgetBytes?: number): Promise<string[]> {
  const present = await tableNames(db, 'trade');
  const [setting] = await db.query("SELECT current_setting('memory_limit') AS limit");
  const budget = budgetBytes ?? sizeInBytes(String(setting!.limit)) * WARM_SHARE;
  const warmed: string[] = [];
  for (const copy of WARMED) {
    if (!present.has(copy.table)) continue;
    if (!(await warm(db, copy, budget))) break;
    warmed.push(copy.table);
  }
  return warmed;
}

/** Starts `warmCopies` once `db`'s listing files are written; a failure leaves the copies to be read on first use. */
export function warmCopiesAhead(db: Database): void {
  void listingFilesWritten(db)
    .then(() => warmCopies(db))
    .catch(() => undefined);
}
