import type { Database } from '../store/duckdb.js';
import type { CodeRange } from './catalogue.js';
import type { Term, TradeFilter } from './filter.js';
import { table } from './sql.js';
import { ANNUAL_AGGREGATES } from './tables.js';

/** The annual aggregates read by slices (those with a product), with their keys (the first one leads). */
const SLICED: Omit<typeof ANNUAL_AGGREGATES, 'pair'> = ANNUAL_AGGREGATES;

export type SlicedAggregate = keyof typeof SLICED;
type Column = 'exporter' | 'importer' | 'hs6' | 'year';

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

/**
 * The rows of one leading value (an exporter, an importer, or a product chapter) of
 * an aggregate, in the table's scan order (its layout, key-major or year-major,
 * decides which).
 */
interface Slice {
  count: number;
  columns: Record<Column, Int32Array | undefined>;
  value: Float64Array;
  qty: Float64Array;
  valueQ: Float64Array;
  n: Float64Array;
  /** 1 bit each: value, qty, value_q present. */
  present: Uint8Array;
  /** Each row's place in the table (its scan order). */
  rowid: Float64Array;
  /**
   * Where each run of rows with ascending products starts (one more entry: the end):
   * the whole slice when the table is key-major, a year's rows when it is year-major.
   */
  starts: number[];
}

/** A leading value whose rows are more than `MAX_SLICE_ROWS`: summed by DuckDB. */
const TOO_LARGE = 'too large';

/**
 * The most rows of one slice (one exporter's or importer's products over the years,
 * or the exporters or importers of a product chapter): about the products of the
 * largest traders over a decade. A larger slice is not kept; its sums run in DuckDB.
 */
const MAX_SLICE_ROWS = 60_000;
/**
 * Rows kept in all slices of a snapshot together (about 45 bytes each: some 180 MB
 * at most); the least recently used slices are dropped beyond it.
 */
const MAX_TOTAL_ROWS = 4_000_000;
/** The most rows of the slices one request reads on the event loop (its products' rows are found by bisection). */
const MAX_SUMMED_ROWS = 120_000;

/** The most leading values of one term (a long list of countries would fetch as many slices): more run in DuckDB. */
const MAX_LEADS = 16;

/** `2^20`: HS6 codes, country ids and years all fit below it, so two keys pack in one number. */
const KEY_BASE = 1_048_576;

/**
 * Bounded slices of the annual aggregates by exporter, importer and product, held in
 * memory for the snapshot's lifetime (least recently used dropped first beyond
 * `MAX_TOTAL_ROWS`). A grouped request whose terms read these aggregates by one
 * leading value each fetches each slice once with one query and sums it in JS, in
 * the table's stored order, as DuckDB's single-threaded aggregate adds the same rows.
 */
export class AggregateSlices {
  private readonly kept = new Map<string, Promise<Slice | typeof TOO_LARGE>>();
  private readonly sizes = new Map<string, number>();
  private total = 0;

  private constructor(private readonly root: Database) {}

  /** The snapshot's slices, shared by every request while it is open. */
  static of(db: Database): Promise<AggregateSlices> {
    return db.shared('trade:aggregate-slices', (root) => Promise.resolve(new AggregateSlices(root)));
  }

  /**
   * Sums over each term's rows of its aggregate (terms in order, as the SQL's UNION
   * ALL), grouped by `groups`, sorted and cut as `annualAggregate` does. Undefined
   * when a term's leading value has no bounded slice (no country and no product
   * named, a slice over `MAX_SLICE_ROWS`, more than `MAX_SUMMED_ROWS` rows in all):
   * those run in DuckDB.
   */
  async aggregate(
    filter: TradeFilter,
    sources: SlicedAggregate[],
    opts: { groups: SliceGroup[]; orderBy?: 'value' | 'key'; limit?: number },
  ): Promise<SliceSumRow[] | undefined> {
    const { groups } = opts;
    if (groups.length > 2) return undefined;
    const leads = filter.terms.map((term, t) => leadsOf(term, filter, sources[t]!));
    if (leads.some((l) => l === undefined || l.length > MAX_LEADS)) return undefined;
    const slices = await Promise.all(
      leads.map((keys, t) => Promise.all(keys!.map((key) => this.slice(sources[t]!, key)))),
    );
    let rows = 0;
    for (const list of slices) for (const s of list) rows += s === TOO_LARGE ? Infinity : s.count;
    if (rows > MAX_SUMMED_ROWS) return undefined;
    const sums = new Sums(groups.length);
    filter.terms.forEach((term, t) => sumTerm(term, { filter, slices: slices[t] as Slice[], groups }, sums));
    return sums.rows(groups, opts);
  }

  /** One leading value's slice, fetched on first use. */
  private slice(source: SlicedAggregate, lead: Lead): Promise<Slice | typeof TOO_LARGE> {
    const key = `${source}:${lead.key}`;
    let kept = this.kept.get(key);
    if (kept) {
      // Most recently used last.
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept;
    }
    kept = loadSlice(this.root, source, lead);
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
      if (this.total <= MAX_TOTAL_ROWS || old === key) break;
      const size = this.sizes.get(old);
      if (size === undefined) continue; // still loading
      this.kept.delete(old);
      this.sizes.delete(old);
      this.total -= size;
    }
  }
}

/** A leading value: a country id, or a product chapter (its codes `lo`…`hi`). */
interface Lead {
  key: string;
  column: 'exporter' | 'importer' | 'hs6';
  id?: number;
  chapter?: { lo: number; hi: number };
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
    return [...chapters]
      .sort((a, b) => a - b)
      .map((c) => ({
        key: `chapter ${c}`,
        column: 'hs6',
        chapter: { lo: c * CHAPTER, hi: c * CHAPTER + CHAPTER - 1 },
      }));
  }
  const ids = first === 'exporter' ? term.exporters : term.importers;
  if (!ids) return undefined;
  return [...new Set(ids)].sort((a, b) => a - b).map((id) => ({ key: String(id), column: first, id }));
}

/** HS6 codes per chapter: a chapter is `code // 10000`. */
const CHAPTER = 10_000;

function ascending(values: Float64Array): boolean {
  for (let i = 1; i < values.length; i++) if (values[i]! < values[i - 1]!) return false;
  return true;
}

async function loadSlice(db: Database, source: SlicedAggregate, lead: Lead): Promise<Slice | typeof TOO_LARGE> {
  const keys = SLICED[source];
  const params: number[] = [];
  const bind = (v: number) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where =
    lead.id !== undefined
      ? `${lead.column} = ${bind(lead.id)}`
      : `hs6 BETWEEN ${bind(lead.chapter!.lo)} AND ${bind(lead.chapter!.hi)}`;
  const select = (order: string) =>
    `SELECT year, value, qty, value_q, n, rowid::DOUBLE AS r, ${keys.join(', ')} FROM ${table(`agg_${source}`)} ` +
    `WHERE ${where}${order} LIMIT ${MAX_SLICE_ROWS + 1}`;
  // A scan returns rows in row-id order (one DuckDB thread, insertion order kept),
  // which is checked: sorting 50 000 rows by row id cost more than the scan itself.
  let read = await db.queryNumbers(select(''), params);
  if (!ascending(read[5]!)) read = await db.queryNumbers(select(' ORDER BY rowid'), params);
  const [year, value, qty, valueQ, n, rowid, ...keyValues] = read as [Float64Array, ...Float64Array[]];
  const count = year.length;
  if (count > MAX_SLICE_ROWS) return TOO_LARGE;
  const columns: Slice['columns'] = {
    exporter: undefined,
    importer: undefined,
    hs6: undefined,
    year: Int32Array.from(year),
  };
  keys.forEach((k, i) => (columns[k] = Int32Array.from(keyValues[i]!)));
  const slice: Slice = {
    count,
    columns,
    value: new Float64Array(count),
    qty: new Float64Array(count),
    valueQ: new Float64Array(count),
    n: new Float64Array(count),
    present: new Uint8Array(count),
    rowid: rowid!,
    starts: [],
  };
  // NULL arrives as NaN (sums of no value); the sums themselves are never NaN.
  for (let i = 0; i < count; i++) {
    const v = value![i]!;
    const q = qty![i]!;
    const vq = valueQ![i]!;
    slice.value[i] = Number.isNaN(v) ? 0 : v;
    slice.qty[i] = Number.isNaN(q) ? 0 : q;
    slice.valueQ[i] = Number.isNaN(vq) ? 0 : vq;
    slice.n[i] = Number.isNaN(n![i]!) ? 0 : n![i]!;
    slice.present[i] = (Number.isNaN(v) ? 0 : 1) | (Number.isNaN(q) ? 0 : 2) | (Number.isNaN(vq) ? 0 : 4);
    const h = columns.hs6!;
    if (i === 0 || h[i]! < h[i - 1]!) slice.starts.push(i);
  }
  slice.starts.push(count);
  return slice;
}

/**
 * Adds a term's rows to their groups' sums in the table's scan order (by row id),
 * whatever its layout: each slice was read in that order.
 */
function sumTerm(term: Term, scope: { filter: TradeFilter; slices: Slice[]; groups: SliceGroup[] }, sums: Sums): void {
  const { filter, slices, groups } = scope;
  const from = filter.from ?? 0;
  const to = filter.to ?? Infinity;
  const exporters = term.exporters && new Set(term.exporters);
  const importers = term.importers && new Set(term.importers);
  const excludeExporters = term.exclude && new Set(term.exclude.exporters);
  const excludeImporters = term.exclude?.importers && new Set(term.exclude.importers);
  const ranges = filter.products;
  // Each run of a slice is sorted by product: the products' rows are one stretch of it, found by bisection.
  const lo = ranges ? Math.min(...ranges.map((r) => r.lo)) : -Infinity;
  const hi = ranges ? Math.max(...ranges.map((r) => r.hi)) : Infinity;
  const keysOf = (s: Slice) => groups.map((g) => s.columns[g === 'partner' ? term.partnerSide : g]!);
  const add = (s: Slice, [k0, k1]: Int32Array[], i: number) =>
    sums.add(k0 ? (k1 ? k0[i]! * KEY_BASE + k1[i]! : k0[i]!) : 0, s, i);
  // Rows of several slices are added once all are found, in the table's scan order.
  const merged: Array<[Slice, number]> = [];
  for (const s of slices) {
    const { exporter: e, importer: m, hs6: h, year } = s.columns;
    const keys = keysOf(s);
    for (let run = 0; run + 1 < s.starts.length; run++) {
      const span = [s.starts[run]!, s.starts[run + 1]!] as const;
      const start = ranges ? firstAtLeast(h!, lo, span) : span[0];
      const end = ranges ? firstAtLeast(h!, hi + 1, span) : span[1];
      for (let i = start; i < end; i++) {
        const y = year![i]!;
        if (y < from || y > to) continue;
        if (e && exporters && !exporters.has(e[i]!)) continue;
        if (m && importers && !importers.has(m[i]!)) continue;
        if (excludeExporters && e && excludeExporters.has(e[i]!) && (!excludeImporters || excludeImporters.has(m![i]!)))
          continue;
        if (ranges && !inRanges(ranges, h![i]!)) continue;
        // One slice's rows come in scan order (its runs in order, each ascending): added as found.
        if (slices.length === 1) add(s, keys, i);
        else merged.push([s, i]);
      }
    }
  }
  merged.sort(([a, i], [b, j]) => a.rowid[i]! - b.rowid[j]!);
  for (const [s, i] of merged) add(s, keysOf(s), i);
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

/** Running sums by packed group key, in the order groups are first met. */
class Sums {
  private readonly index = new Map<number, number>();
  private keys: number[] = [];
  private value: number[] = [];
  private qty: number[] = [];
  private valueQ: number[] = [];
  private n: number[] = [];
  private present: number[] = [];

  constructor(private readonly width: number) {}

  add(key: number, s: Slice, i: number): void {
    let g = this.index.get(key);
    if (g === undefined) {
      g = this.keys.length;
      this.index.set(key, g);
      this.keys.push(key);
      this.value.push(0);
      this.qty.push(0);
      this.valueQ.push(0);
      this.n.push(0);
      this.present.push(0);
    }
    const p = s.present[i]!;
    if (p & 1) this.value[g]! += s.value[i]!;
    if (p & 2) this.qty[g]! += s.qty[i]!;
    if (p & 4) this.valueQ[g]! += s.valueQ[i]!;
    this.present[g]! |= p;
    this.n[g]! += s.n[i]!;
  }

  /** The groups as rows, sorted by value descending then keys, or by keys, and cut to `limit`. */
  rows(groups: SliceGroup[], opts: { orderBy?: 'value' | 'key'; limit?: number }): SliceSumRow[] {
    const order = this.keys.map((_, g) => g);
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
