import type { CodeRange } from './catalogue.js';
import type { Term, TradeFilter } from './filter.js';
import { kthLargest } from './kth-largest.js';
import { rowOf, sharedArray, type Slice, type YearRows } from './slice-reading.js';

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

/** Sums over each term's slices (terms in order, as the SQL's UNION ALL), grouped, sorted and cut. */
export interface SliceSumTask {
  filter: TradeFilter;
  /** Each term's slices. */
  slices: Slice[][];
  groups: SliceGroup[];
  orderBy?: 'value' | 'key';
  limit?: number;
}

/** `2^20`: HS6 codes, country ids and years all fit below it, so two keys pack in one number. */
const KEY_BASE = 1_048_576;

/**
 * The sums a task asks for, grouped by `groups`, sorted and cut as `annualAggregate`
 * does: each term's rows added in its table's scan order, as DuckDB's single-threaded
 * aggregate adds the same rows. Pure but for the slices' year rows (`byYear`), made
 * on first use and kept with the slice; the same numbers on any thread.
 */
export function sumSlices(task: SliceSumTask): SliceSumRow[] {
  const { filter, groups } = task;
  const sums = new Sums(groups.length);
  filter.terms.forEach((term, t) => sumTerm(term, { filter, slices: task.slices[t]!, groups }, sums));
  return sums.rows(groups, task);
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
export function rowsIn(s: Slice, ranges: CodeRange[] | undefined): number {
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

/**
 * A slice's rows grouped by year, kept with the slice (4 bytes a row). The
 * aggregates hold one row a key and year, sorted by year within each key (whatever
 * their layout), so reading a year range's rows year by year adds each product's
 * rows in the order the slice has them: the same sums as a pass over every row.
 */
function yearRows(s: Slice): YearRows {
  if (s.byYear) return s.byYear;
  let first = Infinity;
  let last = -Infinity;
  for (let i = 0; i < s.count; i++) {
    first = Math.min(first, s.year[i]!);
    last = Math.max(last, s.year[i]!);
  }
  const years = s.count ? last - first + 1 : 0;
  const starts = sharedArray(Uint32Array, years + 1);
  for (let i = 0; i < s.count; i++) starts[s.year[i]! - first + 1]!++;
  for (let y = 0; y < years; y++) starts[y + 1]! += starts[y]!;
  const next = starts.slice(0, years);
  const rows = sharedArray(Uint32Array, s.count);
  for (let i = 0; i < s.count; i++) rows[next[s.year[i]! - first]!++] = i;
  s.byYear = { first: s.count ? first : 0, starts, rows };
  return s.byYear;
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
 * all sums of a thread: a group is this request's when its stamp is. A thread sums one
 * request at a time (synchronously), so one table serves them all without a Map.
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
