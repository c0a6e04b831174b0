import type { Database } from '../store/duckdb.js';
import { table as tableName } from './sql.js';
import { ANNUAL_AGGREGATES } from './file-format/index.js';

/** The annual aggregates read by slices (those with a product), with their keys (the first one leads). */
export const SLICED: Omit<typeof ANNUAL_AGGREGATES, 'pair'> = ANNUAL_AGGREGATES;

export type SlicedAggregate = keyof typeof SLICED;
type Column = 'exporter' | 'importer' | 'hs6';

/**
 * The rows of one leading value (an exporter, an importer, or a product chapter) of
 * an aggregate, in the table's scan order (its layout, key-major or year-major,
 * decides which).
 */
export interface Slice {
  count: number;
  /** The column whose value leads the slice: one country throughout, or one chapter's codes. */
  lead: Column;
  columns: Record<Column, Int32Array | undefined>;
  year: Int16Array;
  value: Float64Array;
  qty: Float64Array;
  valueQ: Float64Array;
  n: Float64Array;
  /** 1 bit each: value, qty, value_q present. */
  present: Uint8Array;
  /** Each row's place in the table (its scan order): `firstRow + i` when the rows are one run of it. */
  firstRow: number;
  rowid: Float64Array | undefined;
  /**
   * Where each run of rows with ascending products starts (one more entry: the end):
   * the whole slice when the table is key-major, a year's rows when it is year-major.
   */
  starts: number[];
  /** The rows by year, made on first use (`slice-sums.ts`). */
  byYear?: YearRows;
}

/** A slice's rows by year: those of year `first + y` are `rows[starts[y]]` to `rows[starts[y + 1] - 1]`, in order. */
export interface YearRows {
  first: number;
  starts: Uint32Array;
  rows: Uint32Array;
}

type Numbers = Int16Array | Int32Array | Uint32Array | Float64Array | Uint8Array;

/**
 * A zeroed array over shared memory: a slice's columns are read on the summing thread
 * (`slice-sums-pool.ts`) as they are, not copied into each message.
 */
export function sharedArray<T extends Numbers>(
  Type: { new (buffer: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number },
  count: number,
): T {
  return new Type(new SharedArrayBuffer(count * Type.BYTES_PER_ELEMENT));
}

/** A copy of `from` in shared memory, its numbers converted to `Type`'s. */
export function sharedCopy<T extends Numbers>(
  Type: { new (buffer: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number },
  from: ArrayLike<number>,
): T {
  const copy = sharedArray(Type, from.length);
  copy.set(from);
  return copy;
}

/** A row's place in its table's scan order. */
export const rowOf = (s: Slice, i: number): number => (s.rowid ? s.rowid[i]! : s.firstRow + i);

/** A leading value whose rows are more than `MAX_SLICE_ROWS`: summed by DuckDB. */
export const TOO_LARGE = 'too large';

/**
 * The most rows of one slice read with its whole table (one exporter's or importer's
 * products over the years, or the exporters or importers of a product chapter). A
 * larger slice is not kept; its sums run in DuckDB.
 */
export const MAX_SLICE_ROWS = 400_000;

/**
 * The most rows of a slice fetched on its own, on first use (about the products of
 * the largest traders over a decade): fetching more would hold a request too long.
 */
const MAX_FETCHED_ROWS = 60_000;

/** Bytes one slice row takes in memory (keys, year, four sums, the presence bits). */
export const SLICE_ROW_BYTES = 4 + 4 + 2 + 4 * 8 + 1;

/** A leading value: a country id, or a product chapter (its codes `lo`…`hi`). */
export interface Lead {
  key: string;
  column: Column;
  id?: number;
  chapter?: { lo: number; hi: number };
}

/** HS6 codes per chapter: a chapter is `code // 10000`. */
export const CHAPTER = 10_000;

export const chapterLead = (c: number): Lead => ({
  key: `chapter ${c}`,
  column: 'hs6',
  chapter: { lo: c * CHAPTER, hi: c * CHAPTER + CHAPTER - 1 },
});
export const countryLead = (column: Column, id: number): Lead => ({ key: String(id), column, id });

const aggregateTable = (source: SlicedAggregate) => tableName(`agg_${source}`);

function ascending(values: Float64Array): boolean {
  for (let i = 1; i < values.length; i++) if (values[i]! < values[i - 1]!) return false;
  return true;
}

/** The columns a slice query selects, in order: the sums, the row id, then the table's keys. */
const selectList = (source: SlicedAggregate) =>
  `year, value, qty, value_q, n, rowid::DOUBLE AS r, ${SLICED[source].join(', ')}`;

/** One leading value's slice, read on its own. */
export async function loadSlice(db: Database, source: SlicedAggregate, lead: Lead): Promise<Slice | typeof TOO_LARGE> {
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
    `SELECT ${selectList(source)} FROM ${aggregateTable(source)} WHERE ${where}${order} LIMIT ${MAX_FETCHED_ROWS + 1}`;
  // A scan returns rows in row-id order (one DuckDB thread, insertion order kept),
  // which is checked: sorting 50 000 rows by row id cost more than the scan itself.
  let read = await db.queryNumbers(select(''), params);
  if (!ascending(read[5]!)) read = await db.queryNumbers(select(' ORDER BY rowid'), params);
  if (read[0]!.length > MAX_FETCHED_ROWS) return TOO_LARGE;
  return sliceOf(source, read, [0, read[0]!.length]);
}

/** Rows `from`…`to` of columns read by `selectList`, as a slice of their own. */
function sliceOf(source: SlicedAggregate, read: Float64Array[], [from, to]: [number, number]): Slice {
  const [year, value, qty, valueQ, n, rowid, ...keyValues] = read.map((c) => c.subarray(from, to)) as [
    Float64Array,
    ...Float64Array[],
  ];
  const count = year.length;
  const columns: Slice['columns'] = { exporter: undefined, importer: undefined, hs6: undefined };
  SLICED[source].forEach((k, i) => (columns[k] = sharedCopy(Int32Array, keyValues[i]!)));
  const contiguous = count === 0 || rowid![count - 1]! - rowid![0]! === count - 1;
  const slice: Slice = {
    count,
    lead: SLICED[source][0],
    columns,
    year: sharedCopy(Int16Array, year),
    value: sharedArray(Float64Array, count),
    qty: sharedArray(Float64Array, count),
    valueQ: sharedArray(Float64Array, count),
    n: sharedArray(Float64Array, count),
    present: sharedArray(Uint8Array, count),
    firstRow: count ? rowid![0]! : 0,
    rowid: contiguous ? undefined : sharedCopy(Float64Array, rowid!),
    starts: [],
  };
  const h = columns.hs6!;
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
    if (i === 0 || h[i]! < h[i - 1]!) slice.starts.push(i);
  }
  slice.starts.push(count);
  return slice;
}

/**
 * Rows read by one query of a whole-table read: some 10 MB of columns in flight, and
 * a few milliseconds of copying on the event loop between requests.
 */
const READ_CHUNK_ROWS = 100_000;

/** The expression of a table's leading value: a country id, or a product's chapter. */
const leadExpression = (source: SlicedAggregate) =>
  SLICED[source][0] === 'hs6' ? `hs6 // ${CHAPTER}` : SLICED[source][0];

/** Rows a whole-table read keeps of a table whose leading values have these counts. */
export const keptRows = (counts: Array<[number, number]>) =>
  counts.reduce((t, [, n]) => t + (n > MAX_SLICE_ROWS ? 1 : n), 0);

/** Row counts of each leading value of a table, ascending. */
export async function leadCounts(db: Database, source: SlicedAggregate): Promise<Array<[number, number]>> {
  const [keys = new Float64Array(), counts = new Float64Array()] = await db.queryNumbers(
    `SELECT ${leadExpression(source)} AS k, count(*)::DOUBLE AS n FROM ${aggregateTable(source)} GROUP BY k ORDER BY k`,
  );
  return Array.from(keys, (k, i) => [k, counts[i]!]);
}

/**
 * Reads a whole table, leading values `counts` lists (ascending, with their row
 * counts), in runs of about `READ_CHUNK_ROWS` rows, and hands each leading value's
 * slice (or `TOO_LARGE`) to `take`, which answers false to stop. Only a key-major
 * table (each leading value's rows one run, ascending) is read so: false when this
 * one is not.
 */
export async function readTableSlices(
  db: Database,
  table: { source: SlicedAggregate; counts: Array<[number, number]> },
  take: (lead: Lead, slice: Slice | typeof TOO_LARGE) => boolean,
): Promise<boolean> {
  const { source, counts } = table;
  const column = SLICED[source][0];
  const leadOf = (k: number) => (column === 'hs6' ? chapterLead(k) : countryLead(column, k));
  for (let at = 0; at < counts.length;) {
    const [first, count] = counts[at]!;
    // A leading value too large to keep is not read.
    if (count > MAX_SLICE_ROWS) {
      if (!take(leadOf(first), TOO_LARGE)) return true;
      at++;
      continue;
    }
    let rows = 0;
    let end = at;
    while (end < counts.length && (end === at || rows + counts[end]![1] <= READ_CHUNK_ROWS)) {
      if (counts[end]![1] > MAX_SLICE_ROWS) break;
      rows += counts[end++]![1];
    }
    const [lo, hi] = [counts[at]![0], counts[end - 1]![0]];
    const range = column === 'hs6' ? [lo * CHAPTER, hi * CHAPTER + CHAPTER - 1] : [lo, hi];
    const read = await db.queryNumbers(
      `SELECT ${selectList(source)} FROM ${aggregateTable(source)} WHERE ${column} BETWEEN $1 AND $2`,
      range,
    );
    const rowid = read[5]!;
    for (let i = 1; i < rowid.length; i++) if (rowid[i] !== rowid[i - 1]! + 1) return false;
    let row = 0;
    for (let k = at; k < end; k++) {
      const [lead, size] = counts[k]!;
      const slice = sliceOf(source, read, [row, row + size]);
      if (!sliceLedBy(slice, column, lead)) return false;
      if (!take(leadOf(lead), slice)) return true;
      row += size;
    }
    at = end;
    // Requests waiting on the event loop go first.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return true;
}

/** Whether every row of a slice has the leading value it was cut for. */
function sliceLedBy(slice: Slice, column: Column, lead: number): boolean {
  const keys = slice.columns[column]!;
  const [lo, hi] = column === 'hs6' ? [lead * CHAPTER, lead * CHAPTER + CHAPTER - 1] : [lead, lead];
  for (let i = 0; i < slice.count; i++) if (keys[i]! < lo || keys[i]! > hi) return false;
  return true;
}
