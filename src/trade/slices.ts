import type { Database } from '../store/duckdb.js';
import { sumsInMemory } from './memory-sums.js';
import type { Term, TradeFilter } from './filter.js';
import { rowsIn, sumSlices, type SliceGroup, type SliceSumRow } from './slice-sums.js';
import { sumSlicesOffThread } from './slice-sums-pool.js';
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
  sharedArray,
  sharedCopy,
  type Lead,
  type Slice,
  type SlicedAggregate,
} from './slice-reading.js';

export type { SlicedAggregate } from './slice-reading.js';

export type { SliceGroup, SliceSumRow } from './slice-sums.js';

/** The most rows one request sums in memory (its products' rows are found by bisection). */
const MAX_SUMMED_ROWS = 250_000;

/** The most leading values of one term (a long list of countries would fetch as many slices): more run in DuckDB. */
const MAX_LEADS = 16;

/** Tables read whole into slices when a snapshot opens, in order, as far as the memory budget goes. */
const READ_WHOLE: SlicedAggregate[] = ['hs6', 'hs6_exporter', 'hs6_importer', 'exporter_hs6', 'importer_hs6'];

/** How many times a whole-table read is tried, and how long it waits between tries. */
const READ_ATTEMPTS = 10;
const READ_RETRY_MS = 1000;

/**
 * Slices of the annual aggregates by exporter, importer and product, held in memory
 * for the snapshot's lifetime, within a memory budget (least recently used dropped
 * first beyond it). When the snapshot opens, whole tables are read into slices (a
 * few queries each) as far as the budget goes; a slice not read so is fetched with
 * one query on first use. A grouped request whose terms read these aggregates by
 * one leading value each sums the slices in JS, in the table's stored order, as
 * DuckDB's single-threaded aggregate adds the same rows: on the event loop, or on the
 * summing thread from `sumOffThreadRows` rows.
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
    if (overEveryYear(filter, opts) && first.length === 1 && first[0] !== TOO_LARGE) {
      rows -= rowsIn(first[0]!, filter.products);
      first[0] = acrossYears(first[0]!);
      rows += rowsIn(first[0], filter.products);
    }
    const task = { filter, slices: slices as Slice[][], groups, orderBy: opts.orderBy, limit: opts.limit };
    return rows < sumsInMemory(this.root).sumOffThreadRows ? sumSlices(task) : sumSlicesOffThread(task);
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
  const codesOnce = together
    ? codes.filter((c, i) => i === 0 || c !== codes[i - 1])
    : Int32Array.from(new Set(codes)).sort();
  const count = codesOnce.length;
  if (count > s.count / 2) return s;
  const products = sharedCopy(Int32Array, codesOnce);
  const totals: Slice = {
    count,
    lead: s.lead,
    columns: { exporter: undefined, importer: undefined, hs6: products },
    year: sharedArray(Int16Array, count),
    value: sharedArray(Float64Array, count),
    qty: sharedArray(Float64Array, count),
    valueQ: sharedArray(Float64Array, count),
    n: sharedArray(Float64Array, count),
    present: sharedArray(Uint8Array, count),
    firstRow: s.firstRow,
    rowid: undefined,
    starts: [0, count],
  };
  totals.columns[s.lead] = sharedArray(Int32Array, count).fill(s.columns[s.lead]![0]!);
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
