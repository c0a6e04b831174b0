import type { Database } from '../store/duckdb.js';
import type { Fields } from '../store/rows.js';
import { leadingKey } from './filter.js';
import { afterBound } from './keyset.js';
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

const MONTHLY_FIELDS: Fields<MonthlyRow> = {
  exporter: true,
  importer: true,
  hs6: true,
  month: true,
  value: true,
  qty: true,
  reported_by: true,
};

function monthlySelect(f: MonthlyFilter): string {
  const m = METHOD_SQL[f.method];
  return (
    `SELECT exporter, importer, hs6, month, ${m.value} AS value, ${m.qty} AS qty, ${m.by} AS reported_by ` +
    `FROM ${monthlyTable(f)}`
  );
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
export async function monthlyObservations(db: Database, f: MonthlyFilter, page: ListingPage): Promise<MonthlyRow[]> {
  return readPage(monthlyListing(db), f, page);
}

function monthlyListing(db: Database): PeriodListing<MonthlyFilter, MonthlyRow> {
  return { first: (f, limit) => firstMonthly(db, f, limit), restOfPeriod: (f, page) => restOfMonth(db, f, page) };
}

/**
 * The first `limit` monthly flows: in stored order when it is the listing's,
 * otherwise row counts per month (from the smallest table that has them) say which
 * months hold the first `limit` rows, so the sort only reads those months.
 */
async function firstMonthly(db: Database, f: MonthlyFilter, limit: number): Promise<MonthlyRow[]> {
  if (inStoredOrder(f)) {
    const b = new Bindings();
    return db.query(
      `${monthlySelect(f)} ${where(monthlyConditions(f, b))} LIMIT ${b.bind(limit)}`,
      MONTHLY_FIELDS,
      b.values,
    );
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
  if (!window) return [];
  const b = new Bindings();
  const conds = monthlyConditions({ ...f, ...window }, b);
  return db.query(
    `${monthlySelect(f)} ${where(conds)} ${listingOrder('month')} LIMIT ${b.bind(limit)}`,
    MONTHLY_FIELDS,
    b.values,
  );
}

/** The monthly flows of the position's month that sort after it, up to `limit`. */
async function restOfMonth(db: Database, f: MonthlyFilter, page: Required<ListingPage>): Promise<MonthlyRow[]> {
  const { limit, after } = page;
  const month = after.period;
  const b = new Bindings();
  const conds = [
    ...monthlyConditions({ ...f, from: month, to: month }, b),
    ...afterBound(after, METHOD_SQL[f.method].value, b),
  ];
  const order = inStoredOrder(f) ? '' : listingOrder('month');
  const sql = `${monthlySelect(f)} ${where(conds)} ${order} LIMIT ${b.bind(limit)}`;
  return db.query(sql, MONTHLY_FIELDS, b.values);
}
