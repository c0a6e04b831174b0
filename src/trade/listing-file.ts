import { readSync } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { freeBytes } from '../store/download-space.js';
import type { CodeRange } from './catalogue.js';
import type { ListingBound } from './keyset.js';
import { listingOrder, type SegmentIndex } from './listing-order.js';
import { gatherRows, ROW_BYTES, RowBlock, type ListingRows, type RowKey } from './listing-rows.js';

/**
 * The annual flows of one country on one side (as exporter, or as importer), of one
 * pair (an exporter to an importer), of one product (an HS6 code, a heading, a
 * chapter), or of one year (every flow), every year in listing order, as the server
 * holds them once a snapshot opens: the flows themselves once, in the listing order of
 * their year (`listing-rows.ts`), and for each other listing its entries in its own
 * order (`listing-order.ts`): each flow's row number beside what the listing's filter
 * reads (a flow's product, or of a product's listing its countries), 8 bytes a flow;
 * or, where memory allows, its rows copied in its order (`ListingLayout`). A page of
 * such a listing is then a copy or a view of its rows, not a DuckDB query: a query
 * costs one to two milliseconds of CPU however few rows it returns (binding, planning,
 * starting the scan), a copy of a thousand rows some tens of microseconds.
 */
const ENTRY_BYTES = 8;
/**
 * The bytes of a listing's entries, of `rows` flows (every listing holds each flow once):
 * each flow's row number (u32) and what a filter of the listing reads (u32; see `filterColumn`).
 */
export const listingEntriesBytes = (rows: number) => rows * ENTRY_BYTES;
/**
 * How a listing other than a year's is held: its rows copied in its order (a page a
 * view of them, 24 bytes a flow), its entries in memory (a page a copy of the rows they
 * number), or its entries in a file.
 */
export type ListingLayout = 'rows' | 'entries' | 'file';
/** Every `SAMPLE_EVERY`th row's sort key is kept in memory, so a page after a position reads one stretch. */
const SAMPLE_EVERY = 64;
/** Free space a file of entries leaves on its file system at least. */
const SPARE_BYTES = 2 ** 30;
/** Bytes of entries written to a file at once. */
const WRITE_BYTES = 2 ** 26;
/** Rows read at once while a page of a product filter scans a listing for its codes. */
const SCAN_ROWS = 4096;

/** The columns a read returns, in order (as the annual listing selects them). */
const COLUMNS = ['exporter', 'importer', 'hs6', 'year', 'value', 'qty'] as const;
type SixColumns = [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];

/**
 * What a listing lists: one country's flows as exporter, or as importer, one pair's, one
 * product's, or one year's (every flow of the year).
 */
export type ListingKind = 'exporter' | 'importer' | 'pair' | 'hs6' | 'heading' | 'chapter' | 'year';

/** The codes a product listing's key covers: `k * span` to `k * span + span - 1`. */
const SPANS = { hs6: 1, heading: 100, chapter: 10_000 } as const;

/**
 * The key a listing's rows are listed under: a country's id, a pair's `exporter * 65536 +
 * importer`, a product's code, heading (the code's first four digits) or chapter (two).
 */
export const listingKey = (kind: ListingKind, lead: number, importer = 0) =>
  kind === 'pair' ? lead * 65536 + importer : lead;

/** The product listing a code range is: one code, one heading, one chapter, or none of these. */
export function productKind({ lo, hi }: CodeRange): { kind: ListingKind; key: number } | undefined {
  for (const kind of ['hs6', 'heading', 'chapter'] as const) {
    const span = SPANS[kind];
    if (lo % span === 0 && hi === lo + span - 1) return { kind, key: lo / span };
  }
  return undefined;
}

/** The sort keys of every `SAMPLE_EVERY`th row. */
interface Samples {
  value: Float64Array;
  exporter: Uint16Array;
  importer: Uint16Array;
  hs6: Uint32Array;
}

/**
 * What a listing's filter reads of each flow, beside its row number: the product of a
 * country's, a pair's or a year's listing; the exporter and the importer (`exporter +
 * importer * 65536`) of a product's.
 */
type FilterColumn = 'hs6' | 'countries';
const filterColumn = (kind: ListingKind): FilterColumn =>
  kind === 'hs6' || kind === 'heading' || kind === 'chapter' ? 'countries' : 'hs6';

/** Where a listing's rows are: in its order (`CopiedRows`), or numbered by its entries. */
interface RowStore {
  /** Rows `start` to `end`. */
  block(start: number, end: number): RowBlock;
  /** What the listing's filter reads of rows `start` to `end` (`filterColumn`). */
  filters(start: number, end: number): Uint32Array;
  /** The rows at `positions` (ascending), in order, as rows 0 on. */
  pick(positions: readonly number[]): RowBlock;
  close(): Promise<void>;
}

/** A flow's value of a filter column (`filterColumn`), from its row. */
const filterValue = (block: RowBlock, row: number, column: FilterColumn) =>
  column === 'hs6' ? block.hs6(row) : block.exporter(row) + block.importer(row) * 65536;

/**
 * A listing's rows in its order, held in memory (a year's: the flows as held; another's:
 * copied in its order): a page is a view of them, a filter reads them in place.
 */
class CopiedRows implements RowStore {
  constructor(
    private readonly all: RowBlock,
    private readonly column: FilterColumn,
  ) {}
  block(start: number, end: number): RowBlock {
    const rows = Math.max(0, Math.min(end, this.all.end) - start);
    return new RowBlock(start, this.all.codes.buffer, { byteOffset: start * ROW_BYTES, rows });
  }
  filters(start: number, end: number): Uint32Array {
    const block = this.block(start, end);
    const values = new Uint32Array(block.end - start);
    for (let r = start; r < block.end; r++) values[r - start] = filterValue(block, r, this.column);
    return values;
  }
  pick(positions: readonly number[]): RowBlock {
    return gatherRows(this.all, 0, Uint32Array.from(positions));
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** Of a listing's entries (row number, filter), the row numbers (`part` 0) or the filters (1). */
function entryPart(entries: Uint32Array, part: 0 | 1): Uint32Array {
  const values = new Uint32Array(entries.length / 2);
  for (let i = 0; i < values.length; i++) values[i] = entries[i * 2 + part]!;
  return values;
}

/** A listing's entries, rows `start` to `end`, from wherever they are kept. */
abstract class NumberedStore implements RowStore {
  constructor(protected readonly rows: ListingRows) {}
  protected abstract entries(start: number, end: number): Uint32Array;
  abstract close(): Promise<void>;
  block(start: number, end: number): RowBlock {
    return this.rows.gather(start, entryPart(this.entries(start, Math.max(start, end)), 0));
  }
  filters(start: number, end: number): Uint32Array {
    return entryPart(this.entries(start, Math.max(start, end)), 1);
  }
  pick(positions: readonly number[]): RowBlock {
    if (positions.length === 0) return this.rows.gather(0, new Uint32Array(0));
    const first = positions[0]!;
    const entries = this.entries(first, positions.at(-1)! + 1);
    const numbers = new Uint32Array(positions.length);
    for (let i = 0; i < numbers.length; i++) numbers[i] = entries[(positions[i]! - first) * 2]!;
    return this.rows.gather(0, numbers);
  }
}

/** A listing's entries held in memory. */
class NumberedRows extends NumberedStore {
  constructor(
    rows: ListingRows,
    private readonly held: Uint32Array,
  ) {
    super(rows);
  }
  protected entries(start: number, end: number): Uint32Array {
    return this.held.subarray(start * 2, end * 2);
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * A listing's entries in a file, read on the calling thread (the page cache holds it
 * while it is used; a read through libuv's threads cost some 0.5 ms of CPU more a page).
 * A page the page cache has dropped waits for the disk.
 */
class NumberedFileRows extends NumberedStore {
  constructor(
    rows: ListingRows,
    private readonly handle: FileHandle,
  ) {
    super(rows);
  }
  protected entries(start: number, end: number): Uint32Array {
    const entries = new Uint32Array(Math.max(0, end - start) * 2);
    const view = new Uint8Array(entries.buffer);
    for (let done = 0; done < view.length;) {
      const read = readSync(this.handle.fd, view, done, view.length - done, start * ENTRY_BYTES + done);
      if (read === 0) throw new Error('listing file shorter than its rows');
      done += read;
    }
    return entries;
  }
  close(): Promise<void> {
    return this.handle.close();
  }
}

/** The segments of one key within a window of years: indexes `first` to `last` (inclusive) of the index. */
interface Stretch {
  key: number;
  first: number;
  last: number;
}

/** The rows a page keeps: those of its codes (all when none are named). */
const inRanges = (ranges: readonly CodeRange[] | undefined, code: number) =>
  !ranges || ranges.some((r) => code >= r.lo && code <= r.hi);

/** One country on one side of a flow: the rows of a product's listing a page keeps. */
export interface CountrySide {
  side: 'exporter' | 'importer';
  id: number;
}

export class ListingFile {
  private constructor(
    readonly kind: ListingKind,
    private readonly rows: RowStore,
    private readonly where: { index: SegmentIndex; samples: Samples },
  ) {}

  /** Whether the rows are held in the process' memory rather than numbered in a file. */
  get inMemory(): boolean {
    return !(this.rows instanceof NumberedFileRows);
  }

  private get index(): SegmentIndex {
    return this.where.index;
  }

  private get samples(): Samples {
    return this.where.samples;
  }

  /** The rows the listing holds. */
  get rowCount(): number {
    return this.index.starts.at(-1)!;
  }

  /**
   * The `kind` listing of the flows `rows` holds: of a year, the flows as held; of the
   * others, as `layout` says: the rows copied in the listing's order, or its entries
   * held in memory, or written into the new file `file` (when its file system keeps
   * 1 GiB free beside it). `pause` is awaited between stretches of the ordering's work.
   * Fails (and removes the file) when the ordering or the file does.
   */
  static async derive(
    rows: ListingRows,
    to: { kind: ListingKind; layout: ListingLayout; file: string; pause?: () => Promise<void> },
  ): Promise<ListingFile> {
    const { kind } = to;
    if (kind === 'year') {
      const { years, starts } = rows.years;
      const index = { keys: Float64Array.from(years), years, starts };
      const store = new CopiedRows(rows.block(0, rows.count), filterColumn(kind));
      return new ListingFile(kind, store, { index, samples: sampled(index, (r) => rows.key(r)) });
    }
    const order = await listingOrder(kind, rows.flows, to.pause);
    const samples = sampled(order.index, (r) => rows.key(order.rows[r]!));
    const column = filterColumn(kind);
    const store =
      to.layout === 'rows'
        ? new CopiedRows(rows.gather(0, order.rows), column)
        : to.layout === 'entries'
          ? new NumberedRows(rows, entriesOf(rows, order.rows, column))
          : new NumberedFileRows(rows, await writeEntries(to.file, entriesOf(rows, order.rows, column)));
    return new ListingFile(kind, store, { index: order.index, samples });
  }

  /** The rows of `key`'s listing within `years`: the most a page of it reads. */
  rowsOf(key: number, years: { from?: number; to?: number }): number {
    const stretch = this.stretch(key, years);
    return stretch ? this.index.starts[stretch.last + 1]! - this.index.starts[stretch.first]! : 0;
  }

  /**
   * The first `limit` rows of `key`'s listing (see `listingKey`) within `years` (all
   * when unbounded), of `products` and of `country` (all when absent), or, after
   * `after`, the rows of its period that sort after it (then `years` must be that one
   * year); as columns exporter, importer, hs6, year, value and quantity.
   */
  read(
    key: number,
    years: { from?: number; to?: number },
    page: { limit: number; after?: ListingBound; products?: readonly CodeRange[]; country?: CountrySide },
  ): Float64Array[] {
    const { limit, after, products, country } = page;
    const stretch = this.stretch(key, years);
    if (!stretch || limit <= 0) return COLUMNS.map(() => new Float64Array(0));
    const end = this.index.starts[stretch.last + 1]!;
    const start = this.start(stretch, after);
    if (!products && !country) {
      const last = Math.min(end, start + limit);
      return this.decode(stretch, this.block(start, last));
    }
    // A product or country filter keeps some of the rows: read on until `limit` of them, or
    // the end, by the listing's filter column where it holds what the filter reads.
    const kept: number[] = [];
    const byColumn = filterColumn(this.kind) === 'hs6' ? !country : !products;
    for (let from = start; from < end && kept.length < limit; from += SCAN_ROWS) {
      const to = Math.min(end, from + SCAN_ROWS);
      if (byColumn) keptByColumn(this.rows.filters(from, to), { first: from, limit, products, country }, kept);
      else keptByRows(this.block(from, to), { limit, products, country }, kept);
    }
    return this.decode(stretch, this.rows.pick(kept), kept);
  }

  /**
   * The page of `limit` rows of `key`'s listing (after `after`, in its period), when
   * the key's rows hold it whole; else undefined, since the page goes on past them (a
   * year's listing into the next year's).
   */
  readWithin(key: number, page: { limit: number; after?: ListingBound }): Float64Array[] | undefined {
    const stretch = this.stretch(key, {});
    if (!stretch || page.limit <= 0) return undefined;
    const start = this.start(stretch, page.after);
    if (start + page.limit > this.index.starts[stretch.last + 1]!) return undefined;
    return this.decode(stretch, this.block(start, start + page.limit));
  }

  /** The keys from `lo` to `hi` the file has rows of, ascending. */
  keysIn(lo: number, hi: number): number[] {
    const { keys } = this.index;
    const found: number[] = [];
    for (let s = firstAtLeast(keys, lo); s < keys.length && keys[s]! <= hi; s++)
      if (keys[s] !== found.at(-1)) found.push(keys[s]!);
    return found;
  }

  /** Closes the file (the caller removes it) or lets go of the rows held. */
  close(): Promise<void> {
    return this.rows.close();
  }

  /** The first row of a stretch's listing, or, after `after`, the first row of its period that sorts after it. */
  private start(stretch: Stretch, after: ListingBound | undefined): number {
    let start = this.index.starts[stretch.first]!;
    if (!after) return start;
    if (stretch.first !== stretch.last || this.index.years[stretch.first] !== after.period)
      throw new Error('a position reads its own period only');
    // From the last sampled row not after the position to the first sampled one after
    // it: the first row after the position is within.
    const end = this.index.starts[stretch.last + 1]!;
    const firstAfter = this.firstSampledAfter(stretch.first, after);
    start = Math.max(start, firstAfter - SAMPLE_EVERY);
    const block = this.block(start, Math.min(end, firstAfter));
    while (start < block.end && !sortsAfter(block.key(start), after)) start++;
    return start;
  }

  /** The segments of `key` within `years`, when it has any. */
  private stretch(key: number, years: { from?: number; to?: number }): Stretch | undefined {
    const { keys, years: segmentYears } = this.index;
    const lo = firstAtLeast(keys, key);
    let first = -1;
    let last = -1;
    for (let s = lo; s < keys.length && keys[s] === key; s++) {
      const year = segmentYears[s]!;
      if ((years.from !== undefined && year < years.from) || (years.to !== undefined && year > years.to)) continue;
      if (first < 0) first = s;
      last = s;
    }
    return first < 0 ? undefined : { key, first, last };
  }

  /** The first sampled row of segment `s` after the position, or the segment's end. */
  private firstSampledAfter(s: number, after: ListingBound): number {
    const { value, exporter, importer, hs6 } = this.samples;
    const [start, end] = [this.index.starts[s]!, this.index.starts[s + 1]!];
    let lo = Math.ceil(start / SAMPLE_EVERY);
    let hi = Math.ceil(end / SAMPLE_EVERY);
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const key = { value: value[mid]!, exporter: exporter[mid]!, importer: importer[mid]!, hs6: hs6[mid]! };
      if (sortsAfter(key, after)) hi = mid;
      else lo = mid + 1;
    }
    return Math.min(end, lo * SAMPLE_EVERY);
  }

  /** Rows `start` to `end` of the listing. */
  private block(start: number, end: number): RowBlock {
    return this.rows.block(start, end);
  }

  /**
   * The rows of `block` as the listing's columns, each row's year its segment's: rows
   * `block.first` on, or, with `positions`, the rows at those positions of the listing,
   * held in order as rows 0 on.
   */
  private decode(stretch: Stretch, block: RowBlock, positions?: number[]): Float64Array[] {
    const n = positions ? positions.length : block.end - block.first;
    const columns = COLUMNS.map(() => new Float64Array(n));
    const [exporters, importers, codes, years, values, quantities] = columns as SixColumns;
    const { starts, years: segmentYears } = this.index;
    let segment = stretch.first;
    for (let i = 0; i < n; i++) {
      const position = positions ? positions[i]! : block.first + i;
      const row = block.first + i;
      while (position >= starts[segment + 1]!) segment++;
      exporters[i] = block.exporter(row);
      importers[i] = block.importer(row);
      codes[i] = block.hs6(row);
      years[i] = segmentYears[segment]!;
      values[i] = block.value(row);
      quantities[i] = block.quantity(row);
    }
    return columns;
  }
}

/** The index of the first of the ascending `keys` at least `key` (their length when none is). */
function firstAtLeast(keys: Float64Array, key: number): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The sort key of every `SAMPLE_EVERY`th row of a listing, by `keyOf` a row of it. */
function sampled(index: SegmentIndex, keyOf: (row: number) => RowKey): Samples {
  const n = Math.ceil(index.starts.at(-1)! / SAMPLE_EVERY);
  const samples = {
    value: new Float64Array(n),
    exporter: new Uint16Array(n),
    importer: new Uint16Array(n),
    hs6: new Uint32Array(n),
  };
  for (let s = 0; s < n; s++) {
    const key = keyOf(s * SAMPLE_EVERY);
    samples.value[s] = key.value;
    samples.exporter[s] = key.exporter;
    samples.importer[s] = key.importer;
    samples.hs6[s] = key.hs6;
  }
  return samples;
}

/** A new file of `entries`, open to read, when its file system keeps `SPARE_BYTES` free beside it. */
async function writeEntries(file: string, entries: Uint32Array): Promise<FileHandle> {
  const bytes = new Uint8Array(entries.buffer, entries.byteOffset, entries.byteLength);
  if (bytes.length + SPARE_BYTES > (await freeBytes(path.dirname(file)))) throw new Error(`no room for ${file}`);
  const handle = await open(file, 'wx+');
  try {
    for (let at = 0; at < bytes.length; at += WRITE_BYTES) {
      const part = bytes.subarray(at, at + WRITE_BYTES);
      for (let done = 0; done < part.length;)
        done += (await handle.write(part, done, part.length - done, at + done)).bytesWritten;
    }
    return handle;
  } catch (err) {
    await handle.close();
    await rm(file, { force: true });
    throw err;
  }
}

/** What a filter keeps: rows of some products, of one country on one side; `limit` rows at most. */
interface Kept {
  limit: number;
  products?: readonly CodeRange[] | undefined;
  country?: CountrySide | undefined;
}

/** Adds to `kept` the positions (from `first`) whose filter column (`filterColumn`) the filter keeps. */
function keptByColumn(column: Uint32Array, filter: Kept & { first: number }, kept: number[]): void {
  const { products, country, first, limit } = filter;
  for (let i = 0; i < column.length && kept.length < limit; i++) {
    const value = column[i]!;
    const keeps = country
      ? (country.side === 'exporter' ? value & 0xffff : value >>> 16) === country.id
      : inRanges(products, value);
    if (keeps) kept.push(first + i);
  }
}

/** Adds to `kept` the rows of `block` the filter keeps, read from the rows themselves. */
function keptByRows(block: RowBlock, filter: Kept, kept: number[]): void {
  const { products, country, limit } = filter;
  for (let row = block.first; row < block.end && kept.length < limit; row++) {
    const side = country && (country.side === 'exporter' ? block.exporter(row) : block.importer(row));
    if (inRanges(products, block.hs6(row)) && (!country || side === country.id)) kept.push(row);
  }
}

/** A listing's entries: each flow's row number, then its filter column's value. */
function entriesOf(rows: ListingRows, numbers: Uint32Array, column: FilterColumn): Uint32Array {
  const entries = new Uint32Array(numbers.length * 2);
  const all = rows.block(0, rows.count);
  for (let i = 0; i < numbers.length; i++) {
    const row = numbers[i]!;
    entries[i * 2] = row;
    entries[i * 2 + 1] = filterValue(all, row, column);
  }
  return entries;
}

/** A country of a row against a position's bound for it (see `CountryBound` in `keyset.ts`). */
interface KeyAgainst {
  value: number;
  bound: { id: number; exact: boolean };
}

/** `(a, b, …) > (x, y, …)` over ascending keys, as `afterBound` writes it in SQL. */
function keysAfter(keys: KeyAgainst[]): boolean {
  for (const { value, bound } of keys) {
    if (value > bound.id) return true;
    if (value < bound.id || !bound.exact) return false;
  }
  return false;
}

/** Whether a row sorts after the position: value descending, then exporter, importer and product ascending. */
export function sortsAfter(row: RowKey, after: ListingBound): boolean {
  if (row.value !== after.value) return row.value < after.value;
  return keysAfter([
    { value: row.exporter, bound: after.exporter },
    { value: row.importer, bound: after.importer },
    { value: row.hs6, bound: { id: after.hs6, exact: true } },
  ]);
}
