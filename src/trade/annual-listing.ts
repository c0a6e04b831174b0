import type { Database } from '../store/duckdb.js';
import { sumsInMemory } from './memory-sums.js';
import type { Fields } from '../store/rows.js';
import { annualAggregate, type AggregateRow } from './annual-sums.js';
import { leadingKey, termConditions, type Term, type TradeFilter } from './filter.js';
import { afterBound } from './keyset.js';
import { listingOrder, periodWindow, readPage, type ListingPage, type PeriodListing } from './listing.js';
import { Bindings, table, where } from './sql.js';

export interface AnnualRow {
  exporter: number;
  importer: number;
  hs6: number;
  year: number;
  value: number;
  qty: number | null;
}

/** The listing's order, for merging the rows of several terms. */
const ORDER = (a: AnnualRow, b: AnnualRow) =>
  a.year - b.year || b.value - a.value || a.exporter - b.exporter || a.importer - b.importer || a.hs6 - b.hs6;

const ANNUAL_FIELDS: Fields<AnnualRow> = {
  exporter: true,
  importer: true,
  hs6: true,
  year: true,
  value: true,
  qty: true,
};
const ANNUAL_COLUMNS = Object.keys(ANNUAL_FIELDS).join(', ');

/** Annual observations sorted by year, value descending, exporter, importer, hs6 (see `readPage`). */
export async function annualObservations(db: Database, filter: TradeFilter, page: ListingPage): Promise<AnnualRow[]> {
  return readPage(annualListing(db), filter, page);
}

/** The annual listing: each term's rows by its plan, merged. */
function annualListing(db: Database): PeriodListing<TradeFilter, AnnualRow> {
  return {
    first: async (filter, limit) => {
      const parts = await Promise.all(filter.terms.map((term) => listTerm(db, { term, filter, page: { limit } })));
      return mergeTerms(parts, limit);
    },
    restOfPeriod: async (filter, page) => {
      const inYear = { ...filter, from: page.after.period, to: page.after.period };
      const parts = await Promise.all(filter.terms.map((term) => listTerm(db, { term, filter: inYear, page })));
      return mergeTerms(parts, page.limit);
    },
  };
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
export function soleCountry(term: Term, key: string): 'exporter' | 'importer' | undefined {
  if (key === 'exporter' && term.exporters?.length === 1) return 'exporter';
  if (key === 'importer' && term.importers?.length === 1) return 'importer';
  return undefined;
}

/** The copy led by `key`: for a country without a product, the one in (year, value desc) order within it. */
export function leadCopy(key: ReturnType<typeof leadingKey>['key'], filter: TradeFilter): string {
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
  if (sumsInMemory(db).memorySums) {
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
  return db.query(
    `SELECT ${ANNUAL_COLUMNS} FROM ${plan.source} ${where(conds)} ${plan.ordered ? '' : listingOrder('year')} ` +
      `LIMIT ${b.bind(limit)}`,
    ANNUAL_FIELDS,
    b.values,
  );
}
