import { readSync } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { freeBytes } from '../store/download-space.js';
import type { Database } from '../store/duckdb.js';
import type { CodeRange } from './catalogue.js';
import type { ListingBound } from './keyset.js';
import { table } from './sql.js';

/**
 * The annual flows of one country on one side (as exporter, or as importer), of one
 * pair (an exporter to an importer), or of one product (an HS6 code, a heading, a
 * chapter), every year in listing order, copied from the copy led by that key into a
 * file of fixed-size rows the server writes when a snapshot opens. A page of such a listing is then one read of
 * contiguous rows, not a DuckDB query: a query costs one to two milliseconds of CPU
 * however few rows it returns (binding, planning, starting the scan), a read of a
 * thousand rows some tens of microseconds.
 *
 * A row is 24 bytes: the exporter's and the importer's ids (u16), the product (u32),
 * the value and the quantity (f64; NaN when none), in the machine's byte order (the
 * file lives and dies with the process that wrote it).
 */
const ROW_BYTES = 24;
/** The bytes of a listing file of `rows` flows (every file holds each flow once). */
export const listingFileBytes = (rows: number) => rows * ROW_BYTES;
/** Every `SAMPLE_EVERY`th row's sort key is kept in memory, so a page after a position reads one stretch. */
const SAMPLE_EVERY = 64;
/** Free space a listing file leaves on its file system at least. */
const SPARE_BYTES = 2 ** 30;
/** Rows read from DuckDB in one query at most while writing (a few segments' worth). */
const CHUNK_ROWS = 500_000;
/** Rows read at once while a page of a product filter scans a listing for its codes. */
const SCAN_ROWS = 4096;
/** The order of a listing's rows within a key's year. */
const LISTING_ORDER = 'year, value DESC, exporter, importer, hs6';

/** The columns a read returns, in order (as the annual listing selects them). */
const COLUMNS = ['exporter', 'importer', 'hs6', 'year', 'value', 'qty'] as const;
type SixColumns = [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];

/**
 * What a file lists: one country's flows as exporter, or as importer, one pair's, one
 * product's, or the head of one year's (every flow of the year).
 */
export type ListingKind = 'exporter' | 'importer' | 'pair' | 'hs6' | 'heading' | 'chapter' | 'year';

/**
 * The rows of a year's listing of every flow the 'year' file holds by default: its
 * first pages (a hundred of the largest page), where nearly every client reads it.
 * Pages beyond them are DuckDB queries.
 */
export const YEAR_HEAD_ROWS = 100_000;

/**
 * Where each kind's rows come from: the copy; the column that leads it, a key `k`
 * covering its values `k * span` to `k * span + span - 1`; what follows the key in
 * the file's order (the year, or a pair's importer); when the copy is not in listing
 * order within a key's year, that order; and whether the file holds only each key's
 * first rows (its head).
 */
interface Source {
  copy: string;
  lead: { column: string; span: number };
  sub: string;
  order?: string;
  head?: true;
}
const SOURCES: Record<ListingKind, Source> = {
  exporter: { copy: 'annual_by_exporter_year', lead: { column: 'exporter', span: 1 }, sub: 'year' },
  importer: { copy: 'annual_by_importer_year', lead: { column: 'importer', span: 1 }, sub: 'year' },
  pair: { copy: 'annual_by_pair', lead: { column: 'exporter', span: 1 }, sub: 'importer' },
  hs6: { copy: 'annual_by_hs6', lead: { column: 'hs6', span: 1 }, sub: 'year' },
  heading: { copy: 'annual_by_hs6', lead: { column: 'hs6', span: 100 }, sub: 'year', order: LISTING_ORDER },
  chapter: { copy: 'annual_by_hs6', lead: { column: 'hs6', span: 10_000 }, sub: 'year', order: LISTING_ORDER },
  year: { copy: 'annual_by_year', lead: { column: 'year', span: 1 }, sub: 'year', order: LISTING_ORDER, head: true },
};

/**
 * The key a file's rows are listed under: a country's id, a pair's `exporter * 65536 +
 * importer`, a product's code, heading (the code's first four digits) or chapter (two).
 */
export const listingKey = (kind: ListingKind, lead: number, importer = 0) =>
  kind === 'pair' ? lead * 65536 + importer : lead;

/** The product listing a code range is: one code, one heading, one chapter, or none of these. */
export function productKind({ lo, hi }: CodeRange): { kind: ListingKind; key: number } | undefined {
  for (const kind of ['hs6', 'heading', 'chapter'] as const) {
    const { span } = SOURCES[kind].lead;
    if (lo % span === 0 && hi === lo + span - 1) return { kind, key: lo / span };
  }
  return undefined;
}

/**
 * Where a file's rows are, one segment per key and year (a country's or a pair's
 * year), in file order: keys ascending, then years. `starts` has one more entry, the
 * end of the last segment.
 */
interface SegmentIndex {
  keys: Float64Array;
  years: Uint16Array;
  starts: Float64Array;
}

/** The sort keys of every `SAMPLE_EVERY`th row. */
interface Samples {
  value: Float64Array;
  exporter: Uint16Array;
  importer: Uint16Array;
  hs6: Uint32Array;
}

/** What orders the rows of one segment: the value, then the exporter, the importer and the product. */
interface RowKey {
  value: number;
  exporter: number;
  importer: number;
  hs6: number;
}

/** Rows of a listing, from row `first` on, as typed views of their bytes (`rows` rows from `byteOffset`). */
class RowBlock {
  readonly floats: Float64Array;
  readonly countries: Uint16Array;
  readonly codes: Uint32Array;
  constructor(
    readonly first: number,
    bytes: ArrayBufferLike,
    at: { byteOffset: number; rows: number } = { byteOffset: 0, rows: bytes.byteLength / ROW_BYTES },
  ) {
    this.floats = new Float64Array(bytes, at.byteOffset, at.rows * 3);
    this.countries = new Uint16Array(bytes, at.byteOffset, at.rows * 12);
    this.codes = new Uint32Array(bytes, at.byteOffset, at.rows * 6);
  }
  value(row: number): number {
    return this.floats[(row - this.first) * 3 + 1]!;
  }
  exporter(row: number): number {
    return this.countries[(row - this.first) * 12]!;
  }
  importer(row: number): number {
    return this.countries[(row - this.first) * 12 + 1]!;
  }
  hs6(row: number): number {
    return this.codes[(row - this.first) * 6 + 1]!;
  }
  quantity(row: number): number {
    return this.floats[(row - this.first) * 3 + 2]!;
  }
  /** The row after the last one held. */
  get end(): number {
    return this.first + this.floats.length / 3;
  }
  /** The sort key of `row`, within a segment. */
  key(row: number): RowKey {
    return { value: this.value(row), exporter: this.exporter(row), importer: this.importer(row), hs6: this.hs6(row) };
  }
}

/**
 * Where a listing's rows are kept: in a file (read on the calling thread; the page
 * cache holds it while it is used) or in the process' memory (a view, no read).
 */
interface RowStore {
  block(start: number, end: number): RowBlock;
  close(): Promise<void>;
}

/**
 * Rows read from a file at once: the file was written by this process and sits in the
 * page cache, where a read costs tens of microseconds; through libuv's threads it cost
 * some 0.5 ms of CPU more a page. A page the page cache has dropped waits for the disk.
 */
class FileRows implements RowStore {
  constructor(private readonly handle: FileHandle) {}
  block(start: number, end: number): RowBlock {
    const bytes = new ArrayBuffer(Math.max(0, end - start) * ROW_BYTES);
    const view = new Uint8Array(bytes);
    for (let done = 0; done < view.length;) {
      const read = readSync(this.handle.fd, view, done, view.length - done, start * ROW_BYTES + done);
      if (read === 0) throw new Error('listing file shorter than its rows');
      done += read;
    }
    return new RowBlock(start, bytes);
  }
  close(): Promise<void> {
    return this.handle.close();
  }
}

/** Rows held in the process' memory: a block is a view of them, and no page waits for the disk. */
class MemoryRows implements RowStore {
  constructor(private readonly bytes: ArrayBuffer) {}
  block(start: number, end: number): RowBlock {
    return new RowBlock(start, this.bytes, { byteOffset: start * ROW_BYTES, rows: Math.max(0, end - start) });
  }
  close(): Promise<void> {
    return Promise.resolve();
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

  /** Whether the rows are held in the process' memory rather than in the file. */
  get inMemory(): boolean {
    return this.rows instanceof MemoryRows;
  }

  private get index(): SegmentIndex {
    return this.where.index;
  }

  private get samples(): Samples {
    return this.where.samples;
  }

  /** The rows the file holds. */
  get rowCount(): number {
    return this.index.starts.at(-1)!;
  }

  /**
   * Copies the copy `kind` reads (led by the country, or the pair, then the year) of
   * `db`'s trade file into `file`, or into memory when its rows take at most
   * `memoryBytes` (0 when absent), a few segments per query, checking that each
   * segment holds the rows the counts said, in listing order, with ids the row layout
   * can hold. Of a kind that holds heads, each key's first `headRows` rows
   * (`YEAR_HEAD_ROWS` when absent). Fails (and removes the file) otherwise, or once
   * `stopped` says so.
   */
  static async write(
    db: Database,
    to: { kind: ListingKind; file: string; memoryBytes?: number; headRows?: number; stopped?: () => boolean },
  ): Promise<ListingFile> {
    const { kind, file } = to;
    const { copy, lead, sub, order } = SOURCES[kind];
    const head = SOURCES[kind].head && Math.max(1, Math.floor(to.headRows ?? YEAR_HEAD_ROWS));
    const source = table(copy);
    const key = lead.span === 1 ? lead.column : `${lead.column} // ${lead.span}`;
    const count = head ? `least(count(*), ${head})` : 'count(*)';
    const counted = await db.queryNumbers(
      `SELECT ${key}, ${sub}, year, ${count} FROM ${source} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    const [leads, subs, years, counts] = counted as [Float64Array, Float64Array, Float64Array, Float64Array];
    const index = segmentIndex(kind, { leads, subs, years, counts });
    const total = index.starts.at(-1)!;
    const sink = await rowSink(file, total * ROW_BYTES, to.memoryBytes ?? 0);
    try {
      const samples = {
        value: new Float64Array(Math.ceil(total / SAMPLE_EVERY)),
        exporter: new Uint16Array(Math.ceil(total / SAMPLE_EVERY)),
        importer: new Uint16Array(Math.ceil(total / SAMPLE_EVERY)),
        hs6: new Uint32Array(Math.ceil(total / SAMPLE_EVERY)),
      };
      for (const [first, end] of chunks(leads, subs, counts)) {
        if (to.stopped?.()) throw new Error(`${file}: stopped`);
        // The lead's range is a range of its column, so that the copy's zone maps prune it.
        // A head is of one key (a chunk never spans two), its first rows in listing order.
        const rows = await db.queryNumbers(
          `SELECT ${sub}, year, exporter, importer, hs6, value, qty FROM ${source} ` +
            `WHERE ${lead.column} BETWEEN $1 AND $2 AND ${sub} BETWEEN $3 AND $4 ${order ? `ORDER BY ${order}` : ''}` +
            (head ? ` LIMIT ${head}` : ''),
          [leads[first]! * lead.span, leads[first]! * lead.span + lead.span - 1, subs[first]!, subs[end - 1]!],
        );
        const start = index.starts[first]!;
        const bytes = packRows(rows, { subs, years, starts: index.starts, first, end });
        await sink.put(bytes, start * ROW_BYTES);
        const block = new RowBlock(start, bytes);
        for (let r = Math.ceil(start / SAMPLE_EVERY) * SAMPLE_EVERY; r < block.end; r += SAMPLE_EVERY) {
          samples.value[r / SAMPLE_EVERY] = block.value(r);
          samples.exporter[r / SAMPLE_EVERY] = block.exporter(r);
          samples.importer[r / SAMPLE_EVERY] = block.importer(r);
          samples.hs6[r / SAMPLE_EVERY] = block.hs6(r);
        }
      }
      return new ListingFile(kind, sink.done(), { index, samples });
    } catch (err) {
      await sink.abandon();
      throw err;
    }
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
    // A product or country filter keeps some of the rows: read on until `limit` of them, or the end.
    const ofCountry = (block: RowBlock, row: number) =>
      !country || (country.side === 'exporter' ? block.exporter(row) : block.importer(row)) === country.id;
    const kept: number[] = [];
    const blocks: RowBlock[] = [];
    for (let from = start; from < end && kept.length < limit; from += SCAN_ROWS) {
      const block = this.block(from, Math.min(end, from + SCAN_ROWS));
      blocks.push(block);
      for (let row = from; row < block.end && kept.length < limit; row++)
        if (inRanges(products, block.hs6(row)) && ofCountry(block, row)) kept.push(row);
    }
    return this.decode(stretch, mergeBlocks(blocks), kept);
  }

  /**
   * Of a file of each key's first rows (a 'year' file): the page of `limit` rows of
   * `key`'s listing (after `after`, in its period), when the rows held hold it whole;
   * else undefined, since the listing goes on beyond them.
   */
  readHead(key: number, page: { limit: number; after?: ListingBound }): Float64Array[] | undefined {
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
   * Rows of `block` (those numbered in `rows`, else all) as the listing's columns,
   * each row's year its segment's.
   */
  private decode(stretch: Stretch, block: RowBlock, rows?: number[]): Float64Array[] {
    const n = rows ? rows.length : block.end - block.first;
    const columns = COLUMNS.map(() => new Float64Array(n));
    const [exporters, importers, codes, years, values, quantities] = columns as SixColumns;
    const { starts, years: segmentYears } = this.index;
    let segment = stretch.first;
    for (let i = 0; i < n; i++) {
      const row = rows ? rows[i]! : block.first + i;
      while (row >= starts[segment + 1]!) segment++;
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

/** Where each segment's rows start, from the rows counted per lead, what follows it, and year. */
function segmentIndex(
  kind: ListingKind,
  counted: { leads: Float64Array; subs: Float64Array; years: Float64Array; counts: Float64Array },
): SegmentIndex {
  const { leads, subs, years, counts } = counted;
  const segments = leads.length;
  const index: SegmentIndex = {
    keys: new Float64Array(segments),
    years: new Uint16Array(segments),
    starts: new Float64Array(segments + 1),
  };
  for (let s = 0; s < segments; s++) {
    index.keys[s] = kind === 'pair' ? listingKey(kind, leads[s]!, subs[s]) : leads[s]!;
    index.years[s] = years[s]!;
    index.starts[s + 1] = index.starts[s]! + counts[s]!;
  }
  return index;
}

/** Where a listing's packed rows go while it is written, and the rows it keeps once done. */
interface RowSink {
  put(bytes: ArrayBuffer, byteOffset: number): Promise<void>;
  done(): RowStore;
  /** Lets go of what was written (and removes the file). */
  abandon(): Promise<void>;
}

/**
 * Memory for `bytes` when they are at most `memoryBytes`; else the new file `file`, when
 * its file system keeps `SPARE_BYTES` free beside it.
 */
async function rowSink(file: string, bytes: number, memoryBytes: number): Promise<RowSink> {
  if (bytes <= memoryBytes) {
    const memory = new ArrayBuffer(bytes);
    return {
      put: async (b, at) => new Uint8Array(memory).set(new Uint8Array(b), at),
      done: () => new MemoryRows(memory),
      abandon: async () => undefined,
    };
  }
  if (bytes + SPARE_BYTES > (await freeBytes(path.dirname(file)))) throw new Error(`no room for ${file}`);
  const handle = await open(file, 'wx+');
  return {
    put: async (b, at) => void (await handle.write(new Uint8Array(b), 0, b.byteLength, at)),
    done: () => new FileRows(handle),
    abandon: async () => {
      await handle.close();
      await rm(file, { force: true });
    },
  };
}

/**
 * Runs of consecutive segments (`[first, end)`) of one lead, each read by one query:
 * whole values of what follows the lead (a year of a country, an importer of a pair),
 * up to about `CHUNK_ROWS` rows.
 */
function* chunks(leads: Float64Array, subs: Float64Array, counts: Float64Array): Generator<[number, number]> {
  let first = 0;
  let rows = 0;
  for (let s = 0; s < leads.length; s++) {
    const newLead = leads[s] !== leads[first];
    const newSub = subs[s] !== subs[s - 1];
    if (s > first && (newLead || (newSub && rows + counts[s]! > CHUNK_ROWS))) {
      yield [first, s];
      first = s;
      rows = 0;
    }
    rows += counts[s]!;
  }
  if (leads.length > first) yield [first, leads.length];
}

/** A segment's rows as the writing query returns them. */
interface RowColumns {
  subs: Float64Array;
  years: Float64Array;
  exporters: Float64Array;
  importers: Float64Array;
  codes: Float64Array;
  values: Float64Array;
  quantities: Float64Array;
}

/** A country id the row layout holds (u16). */
const countryId = (id: number) => {
  if (!Number.isInteger(id) || id < 0 || id > 0xffff) throw new Error(`country id ${id}`);
  return id;
};

/**
 * The rows of segments `first` to `end` (columns: what follows the lead, year,
 * exporter, importer, product, value, quantity) as the file's bytes, checked against
 * the index (each segment's rows, what follows the lead and year) and in listing
 * order within each segment (value descending, then exporter, importer and product).
 */
function packRows(
  columns: Float64Array[],
  segments: { subs: Float64Array; years: Float64Array; starts: Float64Array; first: number; end: number },
): ArrayBuffer {
  const [subs, years, exporters, importers, codes, values, quantities] = columns as [...SixColumns, Float64Array];
  const rows: RowColumns = { subs, years, exporters, importers, codes, values, quantities };
  const { first, end, starts } = segments;
  const base = starts[first]!;
  const n = starts[end]! - base;
  if (codes.length !== n) throw new Error(`expected ${n} rows of ${end - first} segments, read ${codes.length}`);
  const bytes = new ArrayBuffer(n * ROW_BYTES);
  const floats = new Float64Array(bytes);
  const shorts = new Uint16Array(bytes);
  const words = new Uint32Array(bytes);
  let s = first;
  for (let i = 0; i < n; i++) {
    const segmentStart = i + base === starts[s + 1] ? starts[++s]! : starts[s]!;
    if (subs[i] !== segments.subs[s] || years[i] !== segments.years[s])
      throw new Error(`row ${i + base} out of its segment`);
    const code = codes[i]!;
    if (!Number.isInteger(code) || code < 0 || code > 0xffffffff) throw new Error(`product code ${code}`);
    if (i + base > segmentStart && !followsInOrder(rows, i)) throw new Error(`row ${i + base} out of listing order`);
    shorts[i * 12] = countryId(exporters[i]!);
    shorts[i * 12 + 1] = countryId(importers[i]!);
    words[i * 6 + 1] = code;
    floats[i * 3 + 1] = values[i]!;
    floats[i * 3 + 2] = quantities[i]!;
  }
  return bytes;
}

/** Whether row `i` may follow row `i - 1` in a segment: value descending, then the ids ascending. */
function followsInOrder(c: RowColumns, i: number): boolean {
  const [value, next] = [c.values[i - 1]!, c.values[i]!];
  if (value !== next) return value > next;
  if (c.exporters[i - 1] !== c.exporters[i]) return c.exporters[i - 1]! < c.exporters[i]!;
  if (c.importers[i - 1] !== c.importers[i]) return c.importers[i - 1]! < c.importers[i]!;
  return c.codes[i - 1]! < c.codes[i]!;
}

/** Consecutive blocks as one: a view when they are views of one buffer (rows held in memory), else a copy. */
function mergeBlocks(blocks: RowBlock[]): RowBlock {
  if (blocks.length === 1) return blocks[0]!;
  const first = blocks[0]?.first ?? 0;
  const { buffer, byteOffset } = blocks[0]?.floats ?? new Float64Array(0);
  if (blocks.length > 0 && blocks.every((b) => b.floats.buffer === buffer))
    return new RowBlock(first, buffer, { byteOffset, rows: blocks.at(-1)!.end - first });
  const bytes = new Uint8Array(blocks.reduce((n, b) => n + b.floats.byteLength, 0));
  let at = 0;
  for (const b of blocks) {
    bytes.set(new Uint8Array(b.floats.buffer, b.floats.byteOffset, b.floats.byteLength), at);
    at += b.floats.byteLength;
  }
  return new RowBlock(first, bytes.buffer);
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
