import type { Database } from '../store/duckdb.js';
import { leadingKey } from './filter.js';
import { afterBound } from './keyset.js';
import { ListedRows, orNull } from './listed-rows.js';
import { listingOrder, periodWindow, readPage, type ListingPage, type PeriodListing } from './listing.js';
import { METHOD_SQL, monthlyConditions, monthlyTable, monthlyTerm, type MonthlyFilter } from './monthly-filter.js';
import { monthlySums } from './monthly-sums.js';
import { Bindings, where } from './sql.js';

export interface MonthlyRow {
  exporter: number;
  importer: number;
  hs6: number;
  month: number;
  value: number;
  qty: number | null;
  reported_by: 'exporter' | 'importer';
}

/** The columns of a page of monthly flows, as the listing selects them (`by_importer` 1: the importer declared it). */
export const MONTHLY_COLUMNS = ['exporter', 'importer', 'hs6', 'month', 'value', 'qty', 'by_importer'] as const;
export type MonthlyRows = ListedRows<(typeof MONTHLY_COLUMNS)[number]>;

/** Row `i` of a page as an object (for CSV, and the position a cursor names). */
export function monthlyRow(rows: MonthlyRows, i: number): MonthlyRow {
  return {
    exporter: rows.column('exporter')[i]!,
    importer: rows.column('importer')[i]!,
    hs6: rows.column('hs6')[i]!,
    month: rows.column('month')[i]!,
    value: rows.column('value')[i]!,
    qty: orNull(rows.column('qty')[i]!),
    reported_by: rows.column('by_importer')[i] === 1 ? 'importer' : 'exporter',
  };
}

function monthlySelect(f: MonthlyFilter): string {
  const m = METHOD_SQL[f.method];
  return (
    `SELECT exporter, importer, hs6, month, ${m.value} AS value, ${m.qty} AS qty, ` +
    `CASE WHEN ${m.by} = 'importer' THEN 1 ELSE 0 END AS by_importer FROM ${monthlyTable(f)}`
  );
}

/** A page's rows, read as columns. */
async function readRows(db: Database, sql: string, b: Bindings): Promise<MonthlyRows> {
  return ListedRows.of(MONTHLY_COLUMNS, await db.queryNumbers(sql, b.values));
}

/**
 * The copies are stored in the reconciled listing's order within a single leading
 * value: then the stored order is the answer, and a scan stops after `limit` rows.
 */
function inStoredOrder(f: MonthlyFilter): boolean {
  return f.method === 'reconciled' && leadingKey(monthlyTerm(f), f).single;
}

/**
 * Monthly flows by the chosen declarations, sorted by month, value descending, then
 * exporter, importer and hs6 (one row per key and month, so the order is total; see
 * `readPage`).
 */
export async function monthlyObservations(db: Database, f: MonthlyFilter, page: ListingPage): Promise<MonthlyRows> {
  return readPage(monthlyListing(db), f, page);
}

function monthlyListing(db: Database): PeriodListing<MonthlyFilter, MonthlyRows> {
  return {
    first: (f, limit) => firstMonthly(db, f, limit),
    restOfPeriod: (f, page) => restOfMonth(db, f, page),
    none: () => ListedRows.empty(MONTHLY_COLUMNS),
  };
}

/**
 * The first `limit` monthly flows: in stored order when it is the listing's,
 * otherwise row counts per month (from the smallest table that has them) say which
 * months hold the first `limit` rows, so the sort only reads those months.
 */
async function firstMonthly(db: Database, f: MonthlyFilter, limit: number): Promise<MonthlyRows> {
  if (inStoredOrder(f)) {
    const b = new Bindings();
    return readRows(db, `${monthlySelect(f)} ${where(monthlyConditions(f, b))} LIMIT ${b.bind(limit)}`, b);
  }
  const cb = new Bindings();
  const sums = monthlySums(f, [], cb);
  const counts = await db.query<{ period: number; n: number }>(
    `SELECT month AS period, sum(${sums.n})::DOUBLE AS n FROM ${sums.table} ${where(sums.conds)} ` +
      'GROUP BY month ORDER BY month',
    { period: true, n: true },
    cb.values,
  );
  const window = periodWindow(counts, limit);
  if (!window) return ListedRows.empty(MONTHLY_COLUMNS);
  const b = new Bindings();
  const conds = monthlyConditions({ ...f, ...window }, b);
  return readRows(db, `${monthlySelect(f)} ${where(conds)} ${listingOrder('month')} LIMIT ${b.bind(limit)}`, b);
}

/** The monthly flows of the position's month that sort after it, up to `limit`. */
async function restOfMonth(db: Database, f: MonthlyFilter, page: Required<ListingPage>): Promise<MonthlyRows> {
  const { limit, after } = page;
  const month = after.period;
  const b = new Bindings();
  const conds = [
    ...monthlyConditions({ ...f, from: month, to: month }, b),
    ...afterBound(after, METHOD_SQL[f.method].value, b),
  ];
  const order = inStoredOrder(f) ? '' : listingOrder('month');
  const sql = `${monthlySelect(f)} ${where(conds)} ${order} LIMIT ${b.bind(limit)}`;
  return readRows(db, sql, b);
}
