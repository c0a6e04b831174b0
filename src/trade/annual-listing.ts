import type { Database } from '../store/duckdb.js';
import { sumsInMemory } from './memory-sums.js';
import { annualAggregate, type AggregateRow } from './annual-sums.js';
import { leadingKey, termConditions, type Term, type TradeFilter } from './filter.js';
import { afterBound, type ListingBound } from './keyset.js';
import { listingFile, scanRowsMax } from './listing-files.js';
import { listingKey, productKind, type CountrySide, type ListingKind } from './listing-file.js';
import type { CodeRange } from './catalogue.js';
import { ListedRows, orNull, type Order } from './listed-rows.js';
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

/** The columns of a page of annual observations, as the listing selects them. */
export const ANNUAL_COLUMNS = ['exporter', 'importer', 'hs6', 'year', 'value', 'qty'] as const;
export type AnnualRows = ListedRows<(typeof ANNUAL_COLUMNS)[number]>;

/** Row `i` of a page as an object (for CSV, and the position a cursor names). */
export function annualRow(rows: AnnualRows, i: number): AnnualRow {
  return {
    exporter: rows.column('exporter')[i]!,
    importer: rows.column('importer')[i]!,
    hs6: rows.column('hs6')[i]!,
    year: rows.column('year')[i]!,
    value: rows.column('value')[i]!,
    qty: orNull(rows.column('qty')[i]!),
  };
}

/** The listing's order, for merging the rows of several terms: year, value descending, exporter, importer, hs6. */
const before: Order<(typeof ANNUAL_COLUMNS)[number]> = (x, y) => {
  const [xYear, yYear] = [x.column('year'), y.column('year')];
  const [xValue, yValue] = [x.column('value'), y.column('value')];
  const [xExporter, yExporter] = [x.column('exporter'), y.column('exporter')];
  const [xImporter, yImporter] = [x.column('importer'), y.column('importer')];
  const [xHs6, yHs6] = [x.column('hs6'), y.column('hs6')];
  return (a, b) =>
    xYear[a]! - yYear[b]! ||
    yValue[b]! - xValue[a]! ||
    xExporter[a]! - yExporter[b]! ||
    xImporter[a]! - yImporter[b]! ||
    xHs6[a]! - yHs6[b]!;
};

/** Annual observations sorted by year, value descending, exporter, importer, hs6 (see `readPage`). */
export async function annualObservations(db: Database, filter: TradeFilter, page: ListingPage): Promise<AnnualRows> {
  return readPage(annualListing(db), filter, page);
}

/** The annual listing: each term's rows by its plan, merged. */
function annualListing(db: Database): PeriodListing<TradeFilter, AnnualRows> {
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
    none: () => ListedRows.empty(ANNUAL_COLUMNS),
  };
}

/** The terms' rows merged in listing order, cut to `limit`. */
function mergeTerms(parts: AnnualRows[], limit: number): AnnualRows {
  return parts.length === 0 ? ListedRows.empty(ANNUAL_COLUMNS) : ListedRows.merge(parts, limit, before);
}

/**
 * Where a term's listing reads its rows, in which years, and whether that order
 * already is the listing's; `scans` when it scans one country's rows of those years
 * in stored order (as its listing file holds them).
 */
interface ListingPlan {
  source: string;
  ordered: boolean;
  window: { from?: number; to?: number };
  scans?: { side: 'exporter' | 'importer'; country: number };
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
  const plans: Array<ListingPlan & { rows: number }> = [sorted];
  if (sumsInMemory(db).memorySums) {
    const inYears = { from: window.from, to: window.to };
    const every = await annualAggregate(db, { terms: [{ partnerSide: 'importer' }], ...inYears }, { groups: ['year'] });
    plans.push({ source: table('annual_by_year'), ordered: true, window, rows: (limit * rows(every)) / inWindow });
    if (country) {
      const own = rows(await annualAggregate(db, { terms: [term], ...inYears }, { groups: ['year'] }));
      const scan = Math.min(own, (limit * own) / inWindow);
      const scans = { side: country, country: (country === 'exporter' ? term.exporters : term.importers)![0]! };
      plans.push({ source: table(`annual_by_${country}_year`), ordered: true, window, rows: scan, scans });
    }
  }
  return plans.reduce((best, p) => (p.rows < best.rows ? p : best));
}

/**
 * Where a term's rows are read from a listing file (see `listing-file.ts`), in the
 * filter's years and from a position (if any) within the one year read:
 * - one country on one side with no partner or product named;
 * - one country on one side of some products, with no partner, when one of the two
 *   listings holds few rows in the years (`smallerScan`);
 * - one pair, of any products (its listing, read on until enough rows of them);
 * - one product code, heading or chapter, of any country;
 * - every flow (no country, no product), for a page within one year's listing
 *   (`yearListing`).
 * Undefined until the listing is made. A read is undefined when the listing does not
 * hold the page (only a year's may not: a page may run into the next year).
 */
function listingFileOf(
  db: Database,
  asked: { term: Term; filter: TradeFilter; after: ListingBound | undefined; limit: number },
): { read(page: { limit: number; after?: ListingBound }): Float64Array[] | undefined } | undefined {
  const { term, filter, after } = asked;
  const { products } = filter;
  if (term.exclude || !withinOneYear(filter, after)) return undefined;
  if (!term.exporters && !term.importers && !products)
    return yearListing(db, { years: filter, after, limit: asked.limit });
  const reader = (kind: ListingKind, key: number, only?: CodeRange[]) =>
    fileReader(db, { kind, key, years: filter }, only);
  const [exporters, importers] = [term.exporters, term.importers];
  if (exporters?.length === 1 && importers?.length === 1)
    return reader('pair', listingKey('pair', exporters[0]!, importers[0]), products);
  if (!exporters && !importers) {
    const product = products?.length === 1 ? productKind(products[0]!) : undefined;
    const listing = product && productListing(db, product);
    return listing && { read: (page) => listing.read(filter, page) };
  }
  const side = soleCountry(term, leadingKey(term, filter, true).key);
  if (!side || (side === 'exporter' ? importers : exporters)) return undefined;
  const country = (side === 'exporter' ? exporters : importers)![0]!;
  return products
    ? smallerScan(db, { country: { side, id: country }, products, years: filter })
    : reader(side, country);
}

/**
 * Every flow of some years: the first `limit` rows of the first of them with flows,
 * or after a position in its year, read from that year's listing (the 'year' listing)
 * when it holds them. Undefined when there is no such listing or year, or, without a
 * position, when the year holds fewer than `limit` rows.
 */
function yearListing(
  db: Database,
  asked: { years: { from?: number; to?: number }; after: ListingBound | undefined; limit: number },
): { read(page: ListingPage): Float64Array[] | undefined } | undefined {
  const { years, after, limit } = asked;
  const file = listingFile(db, 'year');
  const year = after ? after.period : file?.keysIn(years.from ?? 0, years.to ?? Infinity)[0];
  if (!file || year === undefined) return undefined;
  if (!after && file.rowsOf(year, {}) < limit) return undefined;
  return { read: (page) => file.readWithin(year, page) };
}

/**
 * One country on one side, of some products, with no partner: a scan of whichever
 * listing holds fewer rows in the years, the country's (kept to the products) or the
 * product's (one code, heading or chapter; kept to the country), when that is at most
 * `scanRowsMax` rows (by default some hundreds of microseconds). Larger ones are planned by
 * `listingPlan`.
 */
function smallerScan(
  db: Database,
  asked: { country: CountrySide; products: CodeRange[]; years: { from?: number; to?: number } },
): { read(page: ListingPage): Float64Array[] } | undefined {
  const { country, products, years } = asked;
  const within = { from: years.from, to: years.to };
  const scans: Array<{ rows: number; read(page: ListingPage): Float64Array[] }> = [];
  const own = listingFile(db, country.side);
  if (own)
    scans.push({ rows: own.rowsOf(country.id, within), read: (p) => own.read(country.id, within, { ...p, products }) });
  const product = products.length === 1 ? productKind(products[0]!) : undefined;
  const listing = product && productListing(db, product);
  if (listing) scans.push({ rows: listing.rowsOf(within), read: (p) => listing.read(within, { ...p, country }) });
  const fewest = scans.reduce<(typeof scans)[number] | undefined>((a, b) => (a && a.rows <= b.rows ? a : b), undefined);
  return fewest && fewest.rows <= scanRowsMax(db) ? fewest : undefined;
}

/** A product's listing in the years, and pages of it (of one country's flows, when given). */
interface ProductListing {
  rowsOf(years: { from?: number; to?: number }): number;
  read(years: { from?: number; to?: number }, page: ListingPage & { country?: CountrySide }): Float64Array[];
}

/**
 * A product's listing (a code, heading or chapter) from its listing file; a heading's,
 * when its file is not written (the last, and the first beyond the page cache's room),
 * merged from the listings of its codes (a few, some tens at most) in the code file.
 */
function productListing(db: Database, product: { kind: ListingKind; key: number }): ProductListing | undefined {
  const { kind, key } = product;
  const file = listingFile(db, kind);
  if (file) return { rowsOf: (years) => file.rowsOf(key, years), read: (years, page) => file.read(key, years, page) };
  const codes = kind === 'heading' ? listingFile(db, 'hs6') : undefined;
  if (!codes) return undefined;
  const ofHeading = codes.keysIn(key * 100, key * 100 + 99);
  return {
    rowsOf: (years) => ofHeading.reduce((n, code) => n + codes.rowsOf(code, years), 0),
    read: (years, page) => {
      const parts = ofHeading.map((code) => ListedRows.of(ANNUAL_COLUMNS, codes.read(code, years, page)));
      const merged = mergeTerms(parts, page.limit);
      return ANNUAL_COLUMNS.map((c) => merged.column(c));
    },
  };
}

/**
 * The country's listing file a plan that scans its rows in stored order reads instead
 * of DuckDB (for a term of that country alone, on one side): the same rows in the
 * same order, read on until `limit` of them are of the filter's products.
 */
function scannedFile(
  db: Database,
  asked: { term: Term; plan: ListingPlan; after: ListingBound | undefined },
): { read(page: ListingPage & { products?: CodeRange[] }): Float64Array[] } | undefined {
  const { term, plan, after } = asked;
  if (!plan.scans || term.exclude || !withinOneYear(plan.window, after)) return undefined;
  const { side, country } = plan.scans;
  if (side === 'exporter' ? term.importers : term.exporters) return undefined;
  return fileReader(db, { kind: side, key: country, years: plan.window });
}

/** Whether a page's position (if any) is in the one year `years` spans: a file reads the rest of that year only. */
const withinOneYear = (years: { from?: number; to?: number }, after: ListingBound | undefined) =>
  !after || (years.from === after.period && years.to === after.period);

/** Pages of a key's listing in its kind's file within `years` (of `products`, when given), once written. */
function fileReader(
  db: Database,
  listing: { kind: ListingKind; key: number; years: { from?: number; to?: number } },
  products?: CodeRange[],
): { read(page: ListingPage & { products?: CodeRange[] }): Float64Array[] } | undefined {
  const file = listingFile(db, listing.kind);
  const years = { from: listing.years.from, to: listing.years.to };
  return file && { read: (page) => file.read(listing.key, years, { products, ...page }) };
}

/**
 * Whether every term's first `limit` rows of `filter` are read from a listing file now:
 * its pages are reads, not DuckDB queries.
 */
export function listedFromFiles(db: Database, filter: TradeFilter, limit: number): boolean {
  return filter.terms.every((term) => listingFileOf(db, { term, filter, after: undefined, limit }) !== undefined);
}

/** A term's first `limit` rows by its plan. */
async function listTerm(
  db: Database,
  asked: { term: Term; filter: TradeFilter; page: ListingPage },
): Promise<AnnualRows> {
  const { term, filter } = asked;
  const { limit, after } = asked.page;
  const fromFile = listingFileOf(db, { term, filter, after, limit })?.read({ limit, after });
  if (fromFile) return ListedRows.of(ANNUAL_COLUMNS, fromFile);
  const plan = await listingPlan(db, { term, filter, limit });
  if (!plan) return ListedRows.empty(ANNUAL_COLUMNS);
  const scanned = scannedFile(db, { term, plan, after });
  if (scanned) return ListedRows.of(ANNUAL_COLUMNS, scanned.read({ limit, after, products: filter.products }));
  const b = new Bindings();
  const conds = [
    ...termConditions(term, { products: filter.products, period: { column: 'year', ...plan.window } }, b),
    ...(after ? afterBound(after, 'value', b) : []),
  ];
  const columns = await db.queryNumbers(
    `SELECT ${ANNUAL_COLUMNS.join(', ')} FROM ${plan.source} ${where(conds)} ` +
      `${plan.ordered ? '' : listingOrder('year')} LIMIT ${b.bind(limit)}`,
    b.values,
  );
  return ListedRows.of(ANNUAL_COLUMNS, columns);
}
