import type { Database } from '../store/duckdb.js';
import { sumsInMemory } from './memory-sums.js';
import type { CodeRange } from './catalogue.js';
import type { Term, TradeFilter } from './filter.js';
import { kthLargest } from './kth-largest.js';
import {
  CHAPTER,
  SLICED,
  SLICE_ROW_BYTES,
  TOO_LARGE,
  chapterLead,
  countryLead,
  keptRows,
  leadCounts,
  loadSlice,
  readTableSlices,
  rowOf,
  type Lead,
  type Slice,
  type SlicedAggregate,
} from './slice-reading.js';

export type { SlicedAggregate } from './slice-reading.js';

/** A grouping column, as `annualAggregate` names it. */
export type SliceGroup = 'year' | 'exporter' | 'importer' | 'hs6' | 'partner';

export interface SliceSumRow {
  year?: number;
  exporter?: number;
  importer?: number;
  hs6?: number;
  partner?: number;
  value: number | null;
  qty: number | null;
  value_q: number | null;
  n: number;
}

/** The most rows one request sums on the event loop (its products' rows are found by bisection). */
const MAX_SUMMED_ROWS = 250_000;

/** The most leading values of one term (a long list of countries would fetch as many slices): more run in DuckDB. */
const MAX_LEADS = 16;

/** Tables read whole into slices when a snapshot opens, in order, as far as the memory budget goes. */
const READ_WHOLE: SlicedAggregate[] = ['hs6', 'hs6_exporter', 'hs6_importer', 'exporter_hs6', 'importer_hs6'];

/** How many times a whole-table read is tried, and how long it waits between tries. */
const READ_ATTEMPTS = 10;
const READ_RETRY_MS = 1000;

/** `2^20`: HS6 codes, country ids and years all fit below it, so two keys pack in one number. */
const KEY_BASE = 1_048_576;

/**
 * Slices of the annual aggregates by exporter, importer and product, held in memory
 * for the snapshot's lifetime, within a memory budget (least recently used dropped
 * first beyond it). When the snapshot opens, whole tables are read into slices (a
 * few queries each) as far as the budget goes; a slice not read so is fetched with
 * one query on first use. A grouped request whose terms read these aggregates by
 * one leading value each sums the slices in JS, in the table's stored order, as
 * DuckDB's single-threaded aggregate adds the same rows.
 */
export class AggregateSlices {
  private readonly kept = new Map<string, Promise<Slice | typeof TOO_LARGE>>();
  private readonly sizes = new Map<string, number>();
  private total = 0;
  /** Rows kept in all slices together. */
  private readonly budget: number;
  /** Settles once the whole-table reads are done (or stopped by the budget or an error). */
  readonly read: Promise<void>;

  private constructor(private readonly root: Database) {
    this.budget = Math.floor(sumsInMemory(root).memorySumsBytes / SLICE_ROW_BYTES);
    this.read = this.readWhole().catch(() => undefined);
  }

  /** The snapshot's slices, shared by every request while it is open. */
  static of(db: Database): Promise<AggregateSlices> {
    return db.shared('trade:aggregate-slices', (root) => Promise.resolve(new AggregateSlices(root)));
  }

  /** Reads whole tables into slices, in `READ_WHOLE` order, while they fit the budget. */
  private async readWhole(): Promise<void> {
    if (this.budget === 0) return;
    for (const source of READ_WHOLE) {
      // A table whose read was refused (a burst filling the queue for DuckDB) is read
      // again a moment later; slices already kept are not read twice.
      for (let attempt = 1; ; attempt++) {
        try {
          if (!(await this.readTable(source))) return;
          break;
        } catch (err) {
          if (this.root.isClosed || attempt === READ_ATTEMPTS) throw err;
          await new Promise((resolve) => setTimeout(resolve, READ_RETRY_MS));
        }
      }
    }
  }

  /** Reads one table whole into slices; false when it does not fit the budget (nothing is read then). */
  private async readTable(source: SlicedAggregate): Promise<boolean> {
    const counts = await leadCounts(this.root, source);
    if (this.total + keptRows(counts) > this.budget) return false;
    await readTableSlices(this.root, { source, counts }, (lead, slice) => {
      const key = `${source}:${lead.key}`;
      if (!this.kept.has(key)) {
        this.kept.set(key, Promise.resolve(slice));
        this.account(key, slice === TOO_LARGE ? 1 : slice.count);
      }
      return true;
    });
    return true;
  }

  /**
   * Sums over each term's rows of its aggregate (terms in order, as the SQL's UNION
   * ALL), grouped by `groups`, sorted and cut as `annualAggregate` does. Undefined
   * when a term's leading value has no bounded slice (no country and no product
   * named, a slice too large to keep, more than `MAX_SUMMED_ROWS` rows to sum):
   * those run in DuckDB.
   */
  async aggregate(
    db: Database,
    request: { filter: TradeFilter; sources: SlicedAggregate[] },
    opts: { groups: SliceGroup[]; orderBy?: 'value' | 'key'; limit?: number },
  ): Promise<SliceSumRow[] | undefined> {
    const { filter, sources } = request;
    const { groups } = opts;
    if (groups.length > 2) return undefined;
    const leads = filter.terms.map((term, t) => leadsOf(term, filter, sources[t]!));
    if (leads.some((l) => l === undefined || l.length > MAX_LEADS)) return undefined;
    const slices = await Promise.all(
      leads.map((keys, t) => Promise.all(keys!.map((key) => this.slice(db, sources[t]!, key)))),
    );
    let rows = 0;
    for (const list of slices) for (const s of list) rows += s === TOO_LARGE ? Infinity : rowsIn(s, filter.products);
    if (rows > MAX_SUMMED_ROWS) return undefined;
    // A product's sums over every year start with its rows of the first term's slice: their total, when kept.
    const first = slices[0]!;
    if (overEveryYear(filter, opts) && first.length === 1 && first[0] !== TOO_LARGE) first[0] = acrossYears(first[0]!);
    const sums = new Sums(groups.length);
    filter.terms.forEach((term, t) => sumTerm(term, { filter, slices: slices[t] as Slice[], groups }, sums));
    return sums.rows(groups, opts);
  }

  /**
   * One leading value's slice, fetched on first use in the lane of the request that
   * asked (`db`), without its deadline: other requests may wait for the same slice.
   */
  private slice(db: Database, source: SlicedAggregate, lead: Lead): Promise<Slice | typeof TOO_LARGE> {
    const key = `${source}:${lead.key}`;
    let kept = this.kept.get(key);
    if (kept) {
      // Most recently used last.
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept;
    }
    kept = loadSlice(db.withoutDeadline(), source, lead);
    this.kept.set(key, kept);
    kept.then(
      (s) => this.account(key, s === TOO_LARGE ? 1 : s.count),
      () => this.kept.delete(key),
    );
    return kept;
  }

  private account(key: string, rows: number): void {
    if (!this.kept.has(key)) return;
    this.sizes.set(key, rows);
    this.total += rows;
    for (const old of this.kept.keys()) {
      if (this.total <= this.budget || old === key) break;
      const size = this.sizes.get(old);
      if (size === undefined) continue; // still loading
      this.kept.delete(old);
      this.sizes.delete(old);
      this.total -= size;
    }
  }
}

/** Whether a request sums each product over every year, sorted (the sums `acrossYears` keeps). */
const overEveryYear = (filter: TradeFilter, opts: { groups: SliceGroup[]; orderBy?: 'value' | 'key' }) =>
  filter.from === undefined &&
  filter.to === undefined &&
  opts.orderBy !== undefined &&
  opts.groups.length === 1 &&
  opts.groups[0] === 'hs6';

/** The totals `acrossYears` made of a slice, kept as long as the slice is. */
const totalsOf = new WeakMap<Slice, Slice>();

/**
 * A country's slice summed over the years: a row for each product, in product order,
 * its rows added in the slice's order, as `sumTerm` adds them to a product's sums from
 * zero. Summing these instead of the slice's rows gives the same sums (the same
 * additions in the same order) when they are the first added to each product, over
 * every year: one row a product instead of one a product and year. The slice itself
 * when that would not be much smaller (a release of one or two years).
 */
export function acrossYears(s: Slice): Slice {
  const kept = totalsOf.get(s);
  if (kept) return kept;
  const totals = s.lead === 'hs6' || s.count === 0 ? s : sumAcrossYears(s);
  totalsOf.set(s, totals);
  return totals;
}

/** `acrossYears` of a country's slice, or the slice when its products are more than half its rows. */
function sumAcrossYears(s: Slice): Slice {
  const codes = s.columns.hs6!;
  // One run in product order (the table led by the country, then the product): a product's rows are together.
  const together = s.starts.length === 2;
  const products = together ? codes.filter((c, i) => i === 0 || c !== codes[i - 1]) : Int32Array.from(new Set(codes));
  if (!together) products.sort();
  const count = products.length;
  if (count > s.count / 2) return s;
  const totals: Slice = {
    count,
    lead: s.lead,
    columns: { exporter: undefined, importer: undefined, hs6: products },
    year: new Int16Array(count),
    value: new Float64Array(count),
    qty: new Float64Array(count),
    valueQ: new Float64Array(count),
    n: new Float64Array(count),
    present: new Uint8Array(count),
    firstRow: s.firstRow,
    rowid: undefined,
    starts: [0, count],
  };
  totals.columns[s.lead] = new Int32Array(count).fill(s.columns[s.lead]![0]!);
  const rowOf = together ? undefined : new Map<number, number>();
  products.forEach((code, r) => rowOf?.set(code, r));
  let r = -1;
  for (let i = 0; i < s.count; i++) {
    if (!rowOf) r += i === 0 || codes[i] !== codes[i - 1] ? 1 : 0;
    else r = rowOf.get(codes[i]!)!;
    const p = s.present[i]!;
    if (p & 1) totals.value[r]! += s.value[i]!;
    if (p & 2) totals.qty[r]! += s.qty[i]!;
    if (p & 4) totals.valueQ[r]! += s.valueQ[i]!;
    totals.present[r]! |= p;
    totals.n[r]! += s.n[i]!;
  }
  return totals;
}

/**
 * The leading values a term reads of `source`, in the table's key order:
 * its leading country side's ids ascending, or the chapters of its products.
 */
function leadsOf(term: Term, filter: TradeFilter, source: SlicedAggregate): Lead[] | undefined {
  const first = SLICED[source][0];
  if (first === 'hs6') {
    if (!filter.products) return undefined;
    const chapters = new Set<number>();
    for (const r of filter.products) {
      for (let c = Math.floor(r.lo / CHAPTER); c <= Math.floor(r.hi / CHAPTER); c++) chapters.add(c);
    }
    return [...chapters].sort((a, b) => a - b).map(chapterLead);
  }
  const ids = first === 'exporter' ? term.exporters : term.importers;
  if (!ids) return undefined;
  return [...new Set(ids)].sort((a, b) => a - b).map((id) => countryLead(first, id));
}

/** The rows of each run of a slice within the products' codes (all when no product is named). */
function runSpans(s: Slice, ranges: CodeRange[] | undefined): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const h = s.columns.hs6!;
  const lo = ranges ? Math.min(...ranges.map((r) => r.lo)) : -Infinity;
  const hi = ranges ? Math.max(...ranges.map((r) => r.hi)) : Infinity;
  for (let run = 0; run + 1 < s.starts.length; run++) {
    const span = [s.starts[run]!, s.starts[run + 1]!] as const;
    // Each run is sorted by product: the products' rows are one stretch of it, found by bisection.
    spans.push(ranges ? [firstAtLeast(h, lo, span), firstAtLeast(h, hi + 1, span)] : [span[0], span[1]]);
  }
  return spans;
}

/** How many rows of a slice a request reads. */
function rowsIn(s: Slice, ranges: CodeRange[] | undefined): number {
  return runSpans(s, ranges).reduce((t, [a, b]) => t + b - a, 0);
}

/**
 * Adds a term's rows to their groups' sums in the table's scan order (by row id),
 * whatever its layout: each slice was read in that order. Slices that are each one
 * run of the table follow one another whole, in the order of their first rows.
 */
function sumTerm(term: Term, scope: { filter: TradeFilter; slices: Slice[]; groups: SliceGroup[] }, sums: Sums): void {
  const { filter, groups } = scope;
  const from = filter.from ?? 0;
  const to = filter.to ?? Infinity;
  const exporters = term.exporters && new Set(term.exporters);
  const importers = term.importers && new Set(term.importers);
  const excludeExporters = term.exclude && new Set(term.exclude.exporters);
  const excludeImporters = term.exclude?.importers && new Set(term.exclude.importers);
  const ranges = filter.products;
  const oneRange = ranges?.length === 1;
  const contiguous = scope.slices.every((s) => !s.rowid);
  const slices = contiguous ? [...scope.slices].sort((a, b) => a.firstRow - b.firstRow) : scope.slices;
  const inOrder = contiguous || slices.length === 1;
  // Rows of several interleaved slices are added once all are found, in the table's scan order.
  const merged: Array<[Slice, number]> = [];
  for (const s of slices) {
    const { exporter: e, importer: m, hs6: h } = s.columns;
    const year = s.year;
    const [k0, k1] = groups.map((g) => (g === 'year' ? s.year : s.columns[g === 'partner' ? term.partnerSide : g]!));
    // A country leading the slice is the same on every row: its filters are decided once.
    const e0 = s.lead === 'exporter' && s.count ? e![0]! : undefined;
    const m0 = s.lead === 'importer' && s.count ? m![0]! : undefined;
    if ((e0 !== undefined && exporters && !exporters.has(e0)) || (m0 !== undefined && importers && !importers.has(m0)))
      continue;
    if (e0 !== undefined && excludeExporters?.has(e0) && !excludeImporters) continue;
    const rowFilters =
      (e && exporters && e0 === undefined) ||
      (m && importers && m0 === undefined) ||
      (excludeExporters && e && (e0 === undefined || excludeExporters.has(e0))) ||
      (ranges && !oneRange);
    const keyAt = (i: number) => (k0 ? (k1 ? k0[i]! * KEY_BASE + k1[i]! : k0[i]!) : 0);
    if (!rowFilters && inOrder) {
      // A country's rows grouped by product: each group has a row a year, in year order.
      const byYear =
        (filter.from !== undefined || filter.to !== undefined) && s.lead !== 'hs6' && groups.includes('hs6');
      sumInOrder(s, { years: [from, to], ranges, byYear, keyAt }, sums);
      continue;
    }
    for (const [start, end] of runSpans(s, ranges)) {
      for (let i = start; i < end; i++) {
        const y = year[i]!;
        if (y < from || y > to) continue;
        if (e && exporters && !exporters.has(e[i]!)) continue;
        if (m && importers && !importers.has(m[i]!)) continue;
        if (excludeExporters && e && excludeExporters.has(e[i]!) && (!excludeImporters || excludeImporters.has(m![i]!)))
          continue;
        if (ranges && !oneRange && !inRanges(ranges, h![i]!)) continue;
        if (inOrder) sums.add(keyAt(i), s, i);
        else merged.push([s, i]);
      }
    }
  }
  if (inOrder) return;
  merged.sort(([a, i], [b, j]) => rowOf(a, i) - rowOf(b, j));
  for (const [s, i] of merged) {
    const [k0, k1] = groups.map((g) => (g === 'year' ? s.year : s.columns[g === 'partner' ? term.partnerSide : g]!));
    sums.add(k0 ? (k1 ? k0[i]! * KEY_BASE + k1[i]! : k0[i]!) : 0, s, i);
  }
}

/** A slice's rows by year: those of year `first + y` are `rows[starts[y]]` to `rows[starts[y + 1] - 1]`, in order. */
interface YearRows {
  first: number;
  starts: Uint32Array;
  rows: Uint32Array;
}

const yearRowsOf = new WeakMap<Slice, YearRows>();

/**
 * A slice's rows grouped by year, kept as long as the slice is (4 bytes a row). The
 * aggregates hold one row a key and year, sorted by year within each key (whatever
 * their layout), so reading a year range's rows year by year adds each product's
 * rows in the order the slice has them: the same sums as a pass over every row.
 */
function yearRows(s: Slice): YearRows {
  let kept = yearRowsOf.get(s);
  if (kept) return kept;
  let first = Infinity;
  let last = -Infinity;
  for (let i = 0; i < s.count; i++) {
    first = Math.min(first, s.year[i]!);
    last = Math.max(last, s.year[i]!);
  }
  const years = s.count ? last - first + 1 : 0;
  const starts = new Uint32Array(years + 1);
  for (let i = 0; i < s.count; i++) starts[s.year[i]! - first + 1]!++;
  for (let y = 0; y < years; y++) starts[y + 1]! += starts[y]!;
  const next = starts.slice(0, years);
  const rows = new Uint32Array(s.count);
  for (let i = 0; i < s.count; i++) rows[next[s.year[i]! - first]!++] = i;
  kept = { first: s.count ? first : 0, starts, rows };
  yearRowsOf.set(s, kept);
  return kept;
}

/**
 * Adds a slice's rows of the years asked for (and the products, when named) to their
 * groups' sums, in the slice's order. `byYear` (groups of one row a year, in year
 * order) and no products: only those years' rows are read (`yearRows`), year by year,
 * which adds each group's rows in the same order.
 */
function sumInOrder(
  s: Slice,
  scope: { years: [number, number]; ranges: CodeRange[] | undefined; byYear: boolean; keyAt: (i: number) => number },
  sums: Sums,
): void {
  const [from, to] = scope.years;
  const { keyAt } = scope;
  if (scope.byYear && !scope.ranges) {
    const { first, starts, rows } = yearRows(s);
    const years = starts.length - 1;
    const lo = Math.min(years, Math.max(0, from - first));
    const hi = Math.min(years, Math.max(0, to - first + 1));
    for (let k = starts[lo]!; k < starts[hi]!; k++) {
      const i = rows[k]!;
      sums.add(keyAt(i), s, i);
    }
    return;
  }
  const year = s.year;
  for (const [start, end] of runSpans(s, scope.ranges)) {
    for (let i = start; i < end; i++) {
      const y = year[i]!;
      if (y >= from && y <= to) sums.add(keyAt(i), s, i);
    }
  }
}

/** The first row in `from`…`to` whose code is at least `code` (`to` when none): `codes` ascending there. */
function firstAtLeast(codes: Int32Array, code: number, [from, to]: readonly [number, number]): number {
  let a = from;
  let b = to;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (codes[mid]! < code) a = mid + 1;
    else b = mid;
  }
  return a;
}

function inRanges(ranges: CodeRange[], code: number): boolean {
  for (const r of ranges) if (code >= r.lo && code <= r.hi) return true;
  return false;
}

/**
 * Group numbers of one-key groups by key (every key is below `KEY_BASE`), shared by
 * all sums: a group is this request's when its stamp is. Requests sum one at a time
 * (synchronously, on the event loop), so one table serves them all without a Map.
 */
const groupOfKey = new Int32Array(KEY_BASE);
const stampOfKey = new Int32Array(KEY_BASE);
let lastStamp = 0;

/** Running sums by packed group key, in the order groups are first met. */
class Sums {
  private readonly index = new Map<number, number>();
  private readonly stamp: number;
  private keys: number[] = [];
  private value: number[] = [];
  private qty: number[] = [];
  private valueQ: number[] = [];
  private n: number[] = [];
  private present: number[] = [];

  constructor(private readonly width: number) {
    lastStamp = lastStamp === 0x7fffffff ? 1 : lastStamp + 1;
    if (lastStamp === 1) stampOfKey.fill(0);
    this.stamp = lastStamp;
  }

  /** The group of a key, added when new. */
  private group(key: number): number {
    if (this.width <= 1) {
      if (stampOfKey[key] === this.stamp) return groupOfKey[key]!;
      stampOfKey[key] = this.stamp;
      return (groupOfKey[key] = this.newGroup(key));
    }
    const g = this.index.get(key);
    if (g !== undefined) return g;
    const added = this.newGroup(key);
    this.index.set(key, added);
    return added;
  }

  private newGroup(key: number): number {
    this.keys.push(key);
    this.value.push(0);
    this.qty.push(0);
    this.valueQ.push(0);
    this.n.push(0);
    this.present.push(0);
    return this.keys.length - 1;
  }

  add(key: number, s: Slice, i: number): void {
    const g = this.group(key);
    const p = s.present[i]!;
    if (p & 1) this.value[g]! += s.value[i]!;
    if (p & 2) this.qty[g]! += s.qty[i]!;
    if (p & 4) this.valueQ[g]! += s.valueQ[i]!;
    this.present[g]! |= p;
    this.n[g]! += s.n[i]!;
  }

  /**
   * The groups that can be among the `limit` largest by value (groups without a value
   * last): those at least as large as the `limit`-th largest value, found by selection
   * over the values alone, so that only they are sorted with ties broken.
   */
  private candidates(limit: number): number[] {
    const count = this.keys.length;
    const all: number[] = [];
    if (count <= limit) {
      for (let g = 0; g < count; g++) all.push(g);
      return all;
    }
    const values = new Float64Array(count);
    for (let g = 0; g < count; g++) values[g] = this.present[g]! & 1 ? this.value[g]! : -Infinity;
    const threshold = kthLargest(values.slice(), limit);
    for (let g = 0; g < count; g++) if (values[g]! >= threshold) all.push(g);
    return all;
  }

  /** The groups as rows, sorted by value descending then keys, or by keys, and cut to `limit`. */
  rows(groups: SliceGroup[], opts: { orderBy?: 'value' | 'key'; limit?: number }): SliceSumRow[] {
    const order = opts.orderBy === 'value' && opts.limit ? this.candidates(opts.limit) : this.keys.map((_, g) => g);
    // Packed keys sort as the keys do.
    const byKeys = (a: number, b: number) => this.keys[a]! - this.keys[b]!;
    if (opts.orderBy === 'key') order.sort(byKeys);
    else if (opts.orderBy === 'value') {
      order.sort((a, b) => {
        const ha = this.present[a]! & 1;
        const hb = this.present[b]! & 1;
        if (ha !== hb) return ha ? -1 : 1;
        if (ha && this.value[a] !== this.value[b]) return this.value[b]! - this.value[a]!;
        return byKeys(a, b);
      });
    }
    const kept = opts.limit ? order.slice(0, opts.limit) : order;
    return kept.map((g) => {
      const row: Record<string, number | null> = {};
      const key = this.keys[g]!;
      if (this.width === 1) row[groups[0]!] = key;
      if (this.width === 2) {
        row[groups[0]!] = Math.floor(key / KEY_BASE);
        row[groups[1]!] = key % KEY_BASE;
      }
      const p = this.present[g]!;
      row.value = p & 1 ? this.value[g]! : null;
      row.qty = p & 2 ? this.qty[g]! : null;
      row.value_q = p & 4 ? this.valueQ[g]! : null;
      row.n = this.n[g]!;
      return row as unknown as SliceSumRow;
    });
  }
}
