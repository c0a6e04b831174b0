import type { Database } from '../store/duckdb.js';
import { leadingKey, termConditions, termDimensions, type Term, type TradeFilter } from './filter.js';
import { afterBound, type ListingBound } from './keyset.js';
import { PairSums, type PairGroup } from './pair-sums.js';
import { AggregateSlices, type SlicedAggregate } from './slices.js';
import { Bindings, column, table } from './sql.js';

export interface AnnualRow {
  exporter: number;
  importer: number;
  hs6: number;
  year: number;
  value: number;
  qty: number | null;
}

const ORDER = (a: AnnualRow, b: AnnualRow) =>
  a.year - b.year || b.value - a.value || a.exporter - b.exporter || a.importer - b.importer || a.hs6 - b.hs6;

const where = (conds: string[]) => (conds.length ? `WHERE ${conds.join(' AND ')}` : '');

/** Which rows of a listing a page reads: up to `limit`, after `after` when given. */
export interface ListingPage {
  limit: number;
  after?: ListingBound;
}

const ANNUAL_COLUMNS = 'exporter, importer, hs6, year, value, qty';
const ANNUAL_ORDER = 'ORDER BY year, value DESC, exporter, importer, hs6';

/**
 * Annual observations sorted by year, value descending, exporter, importer, hs6.
 * After a position, the rest of its year is read first, then the following years as
 * a listing of its own: both stay as cheap as a first page.
 */
export async function annualObservations(db: Database, filter: TradeFilter, page: ListingPage): Promise<AnnualRow[]> {
  const { limit, after } = page;
  if (!after) return annualListing(db, filter, limit);
  const rest = await annualRestOfYear(db, filter, { limit, after });
  if (rest.length >= limit) return rest;
  const later = { ...filter, from: Math.max(filter.from ?? 0, after.period + 1) };
  return [...rest, ...(await annualListing(db, later, limit - rest.length))];
}

/** The terms' rows merged in listing order, cut to `limit`. */
function mergeTerms(parts: AnnualRow[][], limit: number): AnnualRow[] {
  const rows = parts.length === 1 ? parts[0]! : parts.flat().sort(ORDER);
  return rows.slice(0, limit);
}

/** Where a term's listing reads its rows, in which years, and whether that order already is the listing's. */
interface ListingPlan {
  source: string;
  ordered: boolean;
  window: { from?: number; to?: number };
}

/** The side a term's copies lead with when it is one country, else undefined. */
function soleCountry(term: Term, key: string): 'exporter' | 'importer' | undefined {
  if (key === 'exporter' && term.exporters?.length === 1) return 'exporter';
  if (key === 'importer' && term.importers?.length === 1) return 'importer';
  return undefined;
}

/** The copy led by `key`: for a country without a product, the one in (year, value desc) order within it. */
function leadCopy(key: ReturnType<typeof leadingKey>['key'], filter: TradeFilter): string {
  if ((key === 'exporter' || key === 'importer') && !filter.products) return table(`annual_by_${key}_year`);
  return table(`annual_by_${key === 'period' ? 'year' : key}`);
}

/**
 * How a term's first `limit` rows are read. Stored order serves at once when the
 * leading key is one value (one country without a product, one code, one pair).
 * Otherwise the rows per year (held in memory) say which years hold the first
 * `limit` rows, and the cheapest of these reads those years, by the rows it reads:
 * - sorting the term's rows from the copy its leading key prunes to;
 * - scanning the period-led copy (stored in listing order) until `limit` rows match,
 *   about `limit / share` rows where the share is the term's part of every flow
 *   (a large trader, a large chapter);
 * - for one country with a product range, scanning that country's rows of those
 *   years in stored order until `limit` match.
 */
async function listingPlan(
  db: Database,
  asked: { term: Term; filter: TradeFilter; limit: number },
): Promise<ListingPlan | undefined> {
  const { term, filter, limit } = asked;
  const lead = leadingKey(term, filter, true);
  const country = soleCountry(term, lead.key);
  const period = { from: filter.from, to: filter.to };
  if ((country && !filter.products) || lead.single)
    return { source: leadCopy(lead.key, filter), ordered: true, window: period };
  const years = await annualAggregate(db, { ...filter, terms: [term] }, { groups: ['year'], orderBy: 'key' });
  const window = periodWindow(
    years.map((y) => ({ period: y.year!, n: y.n })),
    limit,
  );
  if (!window) return undefined;
  const rows = (list: AggregateRow[], w?: { from: number; to: number }) =>
    list.reduce((t, r) => t + (w && (r.year! < w.from || r.year! > w.to) ? 0 : r.n), 0);
  const inWindow = rows(years, window);
  const sorted = {
    source: leadCopy(lead.key, filter),
    ordered: false,
    window,
    rows: filter.products ? rows(years) : inWindow,
  };
  const plans = [sorted];
  if (db.memorySums) {
    const inYears = { from: window.from, to: window.to };
    const every = await annualAggregate(db, { terms: [{ partnerSide: 'importer' }], ...inYears }, { groups: ['year'] });
    plans.push({ source: table('annual_by_year'), ordered: true, window, rows: (limit * rows(every)) / inWindow });
    if (country) {
      const own = rows(await annualAggregate(db, { terms: [term], ...inYears }, { groups: ['year'] }));
      const scan = Math.min(own, (limit * own) / inWindow);
      plans.push({ source: table(`annual_by_${country}_year`), ordered: true, window, rows: scan });
    }
  }
  return plans.reduce((best, p) => (p.rows < best.rows ? p : best));
}

/** A term's first `limit` rows by its plan. */
async function listTerm(
  db: Database,
  asked: { term: Term; filter: TradeFilter; page: ListingPage },
): Promise<AnnualRow[]> {
  const { term, filter } = asked;
  const { limit, after } = asked.page;
  const plan = await listingPlan(db, { term, filter, limit });
  if (!plan) return [];
  const b = new Bindings();
  const conds = [
    ...termConditions(term, { products: filter.products, period: { column: 'year', ...plan.window } }, b),
    ...(after ? afterBound(after, 'value', b) : []),
  ];
  return db.query<AnnualRow>(
    `SELECT ${ANNUAL_COLUMNS} FROM ${plan.source} ${where(conds)} ${plan.ordered ? '' : ANNUAL_ORDER} ` +
      `LIMIT ${b.bind(limit)}`,
    b.values,
  );
}

/** The first `limit` annual observations: each term's by its plan, merged. */
async function annualListing(db: Database, filter: TradeFilter, limit: number): Promise<AnnualRow[]> {
  const parts = await Promise.all(filter.terms.map((term) => listTerm(db, { term, filter, page: { limit } })));
  return mergeTerms(parts, limit);
}

/** The annual observations of the position's year that sort after it, up to `limit`. */
async function annualRestOfYear(db: Database, filter: TradeFilter, page: Required<ListingPage>): Promise<AnnualRow[]> {
  const { limit, after } = page;
  const year = after.period;
  if ((filter.from !== undefined && year < filter.from) || (filter.to !== undefined && year > filter.to)) return [];
  const inYear = { ...filter, from: year, to: year };
  const parts = await Promise.all(
    filter.terms.map((term) => listTerm(db, { term, filter: inYear, page: { limit, after } })),
  );
  return mergeTerms(parts, limit);
}

/** The first periods (in order) whose row counts add up to `limit`, as an inclusive range. */
function periodWindow(
  counts: Array<{ period: number; n: number }>,
  limit: number,
): { from: number; to: number } | undefined {
  if (counts.length === 0) return undefined;
  let total = 0;
  let to = counts[0]!.period;
  for (const c of counts) {
    total += c.n;
    to = c.period;
    if (total >= limit) break;
  }
  return { from: counts[0]!.period, to };
}

export type GroupKey = 'year' | 'exporter' | 'importer' | 'hs6' | 'partner';

export interface AggregateRow {
  year?: number;
  exporter?: number;
  importer?: number;
  hs6?: number;
  partner?: number;
  value: number;
  qty: number | null;
  value_q: number | null;
  n: number;
}

/** The smallest annual table that has every column a term needs. */
function annualSource(
  term: Term,
  filter: TradeFilter,
  groups: GroupKey[],
): { table: string; value: string; qty: string; valueQ: string; n: string; aggregate?: string } {
  const dims = termDimensions(term, filter);
  for (const g of groups) {
    if (g === 'partner') dims.add(term.partnerSide);
    else if (g !== 'year') dims.add(g);
  }
  const agg = (name: string) => ({
    aggregate: name,
    table: table(`agg_${name}`),
    value: 'value',
    qty: 'qty',
    valueQ: 'value_q',
    n: 'n',
  });
  if (!dims.has('hs6')) return agg('pair');
  if (!dims.has('importer') && !dims.has('exporter')) return agg('hs6');
  // A country only grouped, not filtered: the product-led copy prunes on the product.
  if (!dims.has('importer')) return agg(term.exporters || !filter.products ? 'exporter_hs6' : 'hs6_exporter');
  if (!dims.has('exporter')) return agg(term.importers || !filter.products ? 'importer_hs6' : 'hs6_importer');
  const lead = leadingKey(term, filter, true);
  return {
    table: table(`annual_by_${lead.key === 'period' ? 'year' : lead.key}`),
    value: 'value',
    qty: 'qty',
    valueQ: 'CASE WHEN qty IS NOT NULL THEN value END',
    n: '1',
  };
}

/**
 * Sums of value, quantity, value of rows with a quantity, and observation count over
 * the matching annual observations, grouped by `groups` (`partner` = the partner side
 * of each term). Sorted by `orderBy` and cut to `limit` when given.
 */
export interface Aggregation {
  groups: GroupKey[];
  orderBy?: 'value' | 'key';
  limit?: number;
}

export async function annualAggregate(db: Database, filter: TradeFilter, opts: Aggregation): Promise<AggregateRow[]> {
  const { groups } = opts;
  // Without a product, the sums of a few countries come from the pair aggregate, held in memory.
  if (db.memorySums && !filter.products && !groups.includes('hs6')) {
    const pairs = await PairSums.of(db);
    const rows = pairs.aggregate(filter, { ...opts, groups: groups as PairGroup[] });
    if (rows) return rows as AggregateRow[];
  }
  // With a product, the sums of one country's or one product range's rows of an aggregate
  // come from its slice, held in memory.
  const sources = filter.terms.map((term) => annualSource(term, filter, groups).aggregate);
  if (db.memorySums && sources.every((s) => s !== undefined && s !== 'pair')) {
    const slices = await AggregateSlices.of(db);
    const rows = await slices.aggregate(db, { filter, sources: sources as SlicedAggregate[] }, opts);
    if (rows) return rows as AggregateRow[];
  }
  // Sums by year of a term naming nothing (every flow): the whole table's, summed once by
  // DuckDB and kept for the snapshot; a year's sums are the same whatever the other years.
  const [only] = filter.terms;
  if (db.memorySums && filter.terms.length === 1 && !names(only!) && !filter.products && groups[0] === 'year') {
    if (!opts.orderBy && !opts.limit) {
      const key = `trade:every-flow:${only!.partnerSide}:${groups.join(',')}`;
      const all = await db.shared(key, (root) => sqlAggregate(root, { terms: filter.terms }, { groups }));
      const from = filter.from ?? 0;
      const to = filter.to ?? Infinity;
      return all.filter((r) => r.year! >= from && r.year! <= to);
    }
  }
  return sqlAggregate(db, filter, opts);
}

/** Whether a term names a country. */
const names = (term: Term) => Boolean(term.exporters || term.importers || term.exclude);

/** The sums of `annualAggregate`, by DuckDB. */
async function sqlAggregate(db: Database, filter: TradeFilter, opts: Aggregation): Promise<AggregateRow[]> {
  const { groups } = opts;
  const b = new Bindings();
  const subqueries = filter.terms.map((term) => {
    const src = annualSource(term, filter, groups);
    const cols = groups.map((g) => (g === 'partner' ? `${column(term.partnerSide)} AS partner` : column(g)));
    const conds = termConditions(
      term,
      { products: filter.products, period: { column: 'year', from: filter.from, to: filter.to } },
      b,
    );
    const sums = [`${src.value} AS value`, `${src.qty} AS qty`, `${src.valueQ} AS value_q`, `${src.n} AS n`];
    return `SELECT ${[...cols, ...sums].join(', ')} FROM ${src.table} ${where(conds)}`;
  });
  const keys = groups.map((g) => (g === 'partner' ? 'partner' : column(g))).join(', ');
  const order =
    opts.orderBy === 'value' ? `ORDER BY value DESC${keys ? `, ${keys}` : ''}` : keys ? `ORDER BY ${keys}` : '';
  const sql = `
    SELECT ${keys ? `${keys}, ` : ''}sum(value)::DOUBLE AS value, sum(qty)::DOUBLE AS qty,
           sum(value_q)::DOUBLE AS value_q, sum(n)::DOUBLE AS n
    FROM (${subqueries.join(' UNION ALL ')}) ${keys ? `GROUP BY ${keys}` : ''}
    HAVING count(*) > 0 ${order} ${opts.limit ? `LIMIT ${b.bind(opts.limit)}` : ''}`;
  return db.query<AggregateRow>(sql, b.values);
}

export type Method = 'exporter' | 'importer' | 'reconciled';

const METHOD_SQL: Record<Method, { value: string; qty: string; by: string; present: string }> = {
  exporter: { value: 'value_exp', qty: 'qty_exp', by: "'exporter'", present: 'value_exp IS NOT NULL' },
  importer: { value: 'value_imp', qty: 'qty_imp', by: "'importer'", present: 'value_imp IS NOT NULL' },
  reconciled: {
    value: 'coalesce(value_imp, value_exp)',
    qty: 'CASE WHEN value_imp IS NOT NULL THEN qty_imp ELSE qty_exp END',
    by: "CASE WHEN value_imp IS NOT NULL THEN 'importer' ELSE 'exporter' END",
    present: '', // every monthly row has at least one declaration (a table constraint)
  },
};

export interface MonthlyRow {
  exporter: number;
  importer: number;
  hs6: number;
  month: number;
  value: number;
  qty: number | null;
  reported_by: 'exporter' | 'importer';
}

export interface MonthlyFilter {
  exporters?: number[];
  importers?: number[];
  products?: TradeFilter['products'];
  from?: number;
  to?: number;
  method: Method;
}

/** Monthly flows have no reporter side: exporters and importers as given. */
const monthlyTerm = (f: MonthlyFilter): Term => ({
  exporters: f.exporters,
  importers: f.importers,
  partnerSide: 'importer',
});

function monthlyTable(f: MonthlyFilter): { table: string; key: string } {
  const term = monthlyTerm(f);
  const lead = leadingKey(term, f);
  const key = lead.key === 'period' ? 'month' : lead.key;
  return { table: table(`monthly_by_${key}`), key };
}

function monthlyConditions(f: MonthlyFilter, b: Bindings): string[] {
  const conds = termConditions(
    monthlyTerm(f),
    { products: f.products, period: { column: 'month', from: f.from, to: f.to } },
    b,
  );
  if (METHOD_SQL[f.method].present) conds.push(METHOD_SQL[f.method].present);
  return conds;
}

/** Per-method columns of the monthly aggregates. */
const MONTHLY_SUMS: Record<Method, { value: string; qty: string; n: string }> = {
  exporter: { value: 'v_exporter', qty: 'q_exporter', n: 'n_exporter' },
  importer: { value: 'v_importer', qty: 'q_importer', n: 'n_importer' },
  reconciled: { value: 'v_reconciled', qty: 'q_reconciled', n: 'n_reconciled' },
};

/**
 * The smallest monthly table that answers sums over `f` grouped by `dims`: the pair
 * aggregate when no product is involved, the product aggregate when no country is,
 * otherwise the sorted copy of the leading key.
 */
function monthlySums(
  f: MonthlyFilter,
  dims: string[],
  b: Bindings,
): { table: string; value: string; qty: string; n: string; conds: string[] } {
  const needsExporter = Boolean(f.exporters) || dims.includes('exporter');
  const needsImporter = Boolean(f.importers) || dims.includes('importer');
  const needsProduct = Boolean(f.products) || dims.includes('hs6');
  const aggregate = !needsProduct
    ? needsExporter && needsImporter
      ? 'magg_pair'
      : needsExporter
        ? 'magg_exporter'
        : needsImporter
          ? 'magg_importer'
          : 'magg_month'
    : !needsExporter && !needsImporter
      ? 'magg_hs6'
      : !needsImporter
        ? 'magg_exporter_hs6'
        : !needsExporter
          ? 'magg_importer_hs6'
          : undefined;
  if (aggregate) {
    const conds = termConditions(
      monthlyTerm(f),
      { products: f.products, period: { column: 'month', from: f.from, to: f.to } },
      b,
    );
    const sums = MONTHLY_SUMS[f.method];
    conds.push(`${sums.n} > 0`);
    return { table: table(aggregate), ...sums, conds };
  }
  const m = METHOD_SQL[f.method];
  return { table: monthlyTable(f).table, value: m.value, qty: m.qty, n: '1', conds: monthlyConditions(f, b) };
}

const MONTHLY_ORDER = 'ORDER BY month, value DESC, exporter, importer, hs6';

function monthlySelect(f: MonthlyFilter): string {
  const m = METHOD_SQL[f.method];
  return (
    `SELECT exporter, importer, hs6, month, ${m.value} AS value, ${m.qty} AS qty, ${m.by} AS reported_by ` +
    `FROM ${monthlyTable(f).table}`
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
 * exporter, importer and hs6 (one row per key and month, so the order is total).
 * After a position, the rest of its month is read first, then the following months
 * as a listing of their own.
 */
export async function monthlyObservations(db: Database, f: MonthlyFilter, page: ListingPage): Promise<MonthlyRow[]> {
  const { limit, after } = page;
  if (!after) return monthlyListing(db, f, limit);
  const rest = await monthlyRestOfMonth(db, f, { limit, after });
  if (rest.length >= limit) return rest;
  const later = { ...f, from: Math.max(f.from ?? 0, after.period + 1) };
  return [...rest, ...(await monthlyListing(db, later, limit - rest.length))];
}

/**
 * The first `limit` monthly flows: in stored order when it is the listing's,
 * otherwise row counts per month (from the smallest table that has them) say which
 * months hold the first `limit` rows, so the sort only reads those months.
 */
async function monthlyListing(db: Database, f: MonthlyFilter, limit: number): Promise<MonthlyRow[]> {
  if (inStoredOrder(f)) {
    const b = new Bindings();
    return db.query<MonthlyRow>(
      `${monthlySelect(f)} ${where(monthlyConditions(f, b))} LIMIT ${b.bind(limit)}`,
      b.values,
    );
  }
  const cb = new Bindings();
  const sums = monthlySums(f, [], cb);
  const counts = await db.query<{ period: number; n: number }>(
    `SELECT month AS period, sum(${sums.n})::DOUBLE AS n FROM ${sums.table} ${where(sums.conds)} ` +
      'GROUP BY month ORDER BY month',
    cb.values,
  );
  const window = periodWindow(counts, limit);
  if (!window) return [];
  const b = new Bindings();
  return db.query<MonthlyRow>(
    `${monthlySelect(f)} ${where(monthlyConditions({ ...f, ...window }, b))} ${MONTHLY_ORDER} LIMIT ${b.bind(limit)}`,
    b.values,
  );
}

/** The monthly flows of the position's month that sort after it, up to `limit`. */
async function monthlyRestOfMonth(db: Database, f: MonthlyFilter, page: Required<ListingPage>): Promise<MonthlyRow[]> {
  const { limit, after } = page;
  const month = after.period;
  if ((f.from !== undefined && month < f.from) || (f.to !== undefined && month > f.to)) return [];
  const b = new Bindings();
  const conds = [
    ...monthlyConditions({ ...f, from: month, to: month }, b),
    ...afterBound(after, METHOD_SQL[f.method].value, b),
  ];
  const order = inStoredOrder(f) ? '' : MONTHLY_ORDER;
  return db.query<MonthlyRow>(`${monthlySelect(f)} ${where(conds)} ${order} LIMIT ${b.bind(limit)}`, b.values);
}

export interface MonthlyGroup {
  key: number;
  value: number;
  qty: number | null;
  n: number;
}

/** Monthly flows summed by period (sorted by period) or by a country or product (by value descending). */
export interface MonthlyGrouping {
  groupBy: 'month' | 'exporter' | 'importer' | 'hs6';
  limit: number;
}

export async function monthlyGrouped(db: Database, f: MonthlyFilter, opts: MonthlyGrouping): Promise<MonthlyGroup[]> {
  const { groupBy, limit } = opts;
  const b = new Bindings();
  const sums = monthlySums(f, [groupBy], b);
  const key = column(groupBy);
  const order = groupBy === 'month' ? 'ORDER BY key' : 'ORDER BY value DESC, key';
  return db.query<MonthlyGroup>(
    `
    SELECT ${key} AS key, sum(${sums.value})::DOUBLE AS value, sum(${sums.qty})::DOUBLE AS qty,
           sum(${sums.n})::DOUBLE AS n
    FROM ${sums.table} ${where(sums.conds)} GROUP BY ${key} ${order} LIMIT ${b.bind(limit)}`,
    b.values,
  );
}
