import { randomUUID } from 'node:crypto';
import { readSync } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { freeBytes } from '../store/download-space.js';
import path from 'node:path';
import { tableNames, type Database } from '../store/duckdb.js';
import { copyViews } from './file-format/index.js';
import type { ListingBound } from './keyset.js';
import { table } from './sql.js';

/**
 * A country's annual flows on one side (as exporter, or as importer), every year in
 * listing order, copied from the copy led by that country and the year into a file of
 * fixed-size rows the server writes when a snapshot opens. A page of such a listing
 * is then one read of contiguous rows, not a DuckDB query: a query costs about a
 * millisecond of CPU however few rows it returns (binding, planning, starting the
 * scan), a read of a thousand rows some tens of microseconds.
 *
 * A row is 24 bytes: the partner's id (u16), two unused, the product (u32), the value
 * and the quantity (f64; NaN when none), in the machine's byte order (the file lives
 * and dies with the process that wrote it).
 */
const ROW_BYTES = 24;
/** Every `SAMPLE_EVERY`th row's sort key is kept in memory, so a page after a position reads one stretch. */
const SAMPLE_EVERY = 64;
/** Free space a listing file leaves on its file system at least. */
const SPARE_BYTES = 2 ** 30;

/** The columns a read returns, in order (as the annual listing selects them). */
const COLUMNS = ['exporter', 'importer', 'hs6', 'year', 'value', 'qty'] as const;

export type ListingSide = 'exporter' | 'importer';
const PARTNER: Record<ListingSide, ListingSide> = { exporter: 'importer', importer: 'exporter' };

/** A country's rows of one year: rows `start` to `end` (exclusive) of the file. */
interface Segment {
  year: number;
  start: number;
  end: number;
}

/** The sort keys of every `SAMPLE_EVERY`th row: value, partner and product. */
interface Samples {
  value: Float64Array;
  partner: Uint16Array;
  hs6: Uint32Array;
}

/** Which listing rows belong to: a country on a side. */
interface Listed {
  side: ListingSide;
  country: number;
}

/** What orders the rows of one country's year: the value, then the partner and the product. */
interface RowKey {
  value: number;
  partner: number;
  hs6: number;
}

/** Rows read from the file, from row `first` on, as typed views of their bytes. */
class RowBlock {
  readonly floats: Float64Array;
  readonly partners: Uint16Array;
  readonly codes: Uint32Array;
  constructor(
    readonly first: number,
    bytes: ArrayBuffer,
  ) {
    this.floats = new Float64Array(bytes);
    this.partners = new Uint16Array(bytes);
    this.codes = new Uint32Array(bytes);
  }
  value(row: number): number {
    return this.floats[(row - this.first) * 3 + 1]!;
  }
  partner(row: number): number {
    return this.partners[(row - this.first) * 12]!;
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
  /** The sort key of `row`, within a country's year. */
  key(row: number): RowKey {
    return { value: this.value(row), partner: this.partner(row), hs6: this.hs6(row) };
  }
}

/** Where a file's rows are: each country's segments (years ascending), and the sampled sort keys. */
interface FileIndex {
  segments: ReadonlyMap<number, readonly Segment[]>;
  samples: Samples;
}

/** Consecutive segments of one country's rows (consecutive in the file too). */
interface Stretch {
  country: number;
  segments: readonly Segment[];
}

export class CountryListingFile {
  private constructor(
    readonly side: ListingSide,
    private readonly handle: FileHandle,
    private readonly index: FileIndex,
  ) {}

  /** The rows the file holds. */
  get rowCount(): number {
    let rows = 0;
    for (const segments of this.index.segments.values()) for (const s of segments) rows += s.end - s.start;
    return rows;
  }

  /**
   * Copies the `side`-led-by-year copy of `db`'s trade file into `file`, segment by
   * segment (a country's year, one query each), checking each holds the rows the
   * counts said and ids the row layout can hold. Fails (and removes the file) otherwise,
   * or once `stopped` says so.
   */
  static async write(
    db: Database,
    to: { side: ListingSide; file: string; stopped?: () => boolean },
  ): Promise<CountryListingFile> {
    const { side, file } = to;
    const source = table(`annual_by_${side}_year`);
    const [countries, years, counts] = await db.queryNumbers(
      `SELECT ${side}, year, count(*) FROM ${source} GROUP BY ALL ORDER BY ALL`,
    );
    const total = counts!.reduce((n, c) => n + c, 0);
    if (total * ROW_BYTES + SPARE_BYTES > (await freeBytes(path.dirname(file)))) throw new Error(`no room for ${file}`);
    const handle = await open(file, 'wx+');
    try {
      const segments = new Map<number, Segment[]>();
      const sampled = Math.ceil(total / SAMPLE_EVERY);
      const samples = {
        value: new Float64Array(sampled),
        partner: new Uint16Array(sampled),
        hs6: new Uint32Array(sampled),
      };
      let start = 0;
      for (let s = 0; s < countries!.length; s++) {
        if (to.stopped?.()) throw new Error(`${file}: stopped`);
        const [country, year, n] = [countries![s]!, years![s]!, counts![s]!];
        const rows = await db.queryNumbers(
          `SELECT ${PARTNER[side]}, hs6, value, qty FROM ${source} WHERE ${side} = $1 AND year = $2`,
          [country, year],
        );
        const bytes = packRows(rows, n);
        await handle.write(new Uint8Array(bytes), 0, bytes.byteLength, start * ROW_BYTES);
        const block = new RowBlock(start, bytes);
        for (let r = Math.ceil(start / SAMPLE_EVERY) * SAMPLE_EVERY; r < start + n; r += SAMPLE_EVERY) {
          samples.value[r / SAMPLE_EVERY] = block.value(r);
          samples.partner[r / SAMPLE_EVERY] = block.partner(r);
          samples.hs6[r / SAMPLE_EVERY] = block.hs6(r);
        }
        const own = segments.get(country) ?? [];
        own.push({ year, start, end: start + n });
        segments.set(country, own);
        start += n;
      }
      return new CountryListingFile(side, handle, { segments, samples });
    } catch (err) {
      await handle.close();
      await rm(file, { force: true });
      throw err;
    }
  }

  /**
   * The first `limit` rows of `country`'s listing within `years` (all when unbounded),
   * or, after `after`, the rows of its period that sort after it (then `years` must be
   * that one year); as columns exporter, importer, hs6, year, value and quantity.
   */
  read(
    country: number,
    years: { from?: number; to?: number },
    page: { limit: number; after?: ListingBound },
  ): Float64Array[] {
    const { limit, after } = page;
    const own = (this.index.segments.get(country) ?? []).filter(
      (s) => (years.from === undefined || s.year >= years.from) && (years.to === undefined || s.year <= years.to),
    );
    if (own.length === 0 || limit <= 0) return COLUMNS.map(() => new Float64Array(0));
    const stretch = { country, segments: own };
    if (!after) return this.rows(stretch, own[0]!.start, limit);
    if (own.length !== 1 || own[0]!.year !== after.period) throw new Error('a position reads its own period only');
    const segment = own[0]!;
    const listed = { side: this.side, country };
    // From the last sampled row not after the position to the first sampled one after
    // it, then a page: the first row after the position is within.
    const firstAfter = this.firstSampledAfter(listed, segment, after);
    const from = Math.max(segment.start, firstAfter - SAMPLE_EVERY);
    const block = this.block(from, Math.min(segment.end, firstAfter + limit));
    let row = from;
    while (row < block.end && !sortsAfter(listed, block.key(row), after)) row++;
    return this.decode(stretch, block, [row, Math.min(segment.end, row + limit)]);
  }

  /** Closes the file; its rows are gone with it (the caller removes it). */
  close(): Promise<void> {
    return this.handle.close();
  }

  /** The first sampled row of `segment` after the position, or the segment's end. */
  private firstSampledAfter(listed: Listed, segment: Segment, after: ListingBound): number {
    const { value, partner, hs6 } = this.index.samples;
    let lo = Math.ceil(segment.start / SAMPLE_EVERY);
    let hi = Math.ceil(segment.end / SAMPLE_EVERY);
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sortsAfter(listed, { value: value[mid]!, partner: partner[mid]!, hs6: hs6[mid]! }, after)) hi = mid;
      else lo = mid + 1;
    }
    return Math.min(segment.end, lo * SAMPLE_EVERY);
  }

  /** Up to `limit` rows of `stretch` from `start` on. */
  private rows(stretch: Stretch, start: number, limit: number): Float64Array[] {
    const end = Math.min(stretch.segments.at(-1)!.end, start + limit);
    return this.decode(stretch, this.block(start, end), [start, end]);
  }

  /**
   * Rows `start` to `end` of the file, read at once: the file was written by this
   * process moments before and sits in the page cache, where a read costs tens of
   * microseconds; through libuv's threads it cost some 0.5 ms of CPU more a page.
   */
  private block(start: number, end: number): RowBlock {
    const bytes = new ArrayBuffer(Math.max(0, end - start) * ROW_BYTES);
    const view = new Uint8Array(bytes);
    for (let done = 0; done < view.length;) {
      const read = readSync(this.handle.fd, view, done, view.length - done, start * ROW_BYTES + done);
      if (read === 0) throw new Error('listing file shorter than its rows');
      done += read;
    }
    return new RowBlock(start, bytes);
  }

  /** Rows `start` to `end` (of the file, within `block`) as the listing's columns, each row's year from its segment. */
  private decode({ country, segments }: Stretch, block: RowBlock, [start, end]: [number, number]): Float64Array[] {
    const n = Math.max(0, end - start);
    const columns = COLUMNS.map(() => new Float64Array(n));
    const [exporters, importers, codes, years, values, quantities] = columns as [
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
    ];
    const [own, partners] = this.side === 'exporter' ? [exporters, importers] : [importers, exporters];
    own.fill(country);
    let segment = 0;
    for (let i = 0; i < n; i++) {
      const row = start + i;
      while (row >= segments[segment]!.end) segment++;
      partners[i] = block.partner(row);
      codes[i] = block.hs6(row);
      years[i] = segments[segment]!.year;
      values[i] = block.value(row);
      quantities[i] = block.quantity(row);
    }
    return columns;
  }
}

/** `n` rows of (partner, product, value, quantity) columns as the file's bytes. */
function packRows(columns: Float64Array[], n: number): ArrayBuffer {
  const [partners, codes, values, quantities] = columns as [Float64Array, Float64Array, Float64Array, Float64Array];
  if (partners.length !== n) throw new Error(`expected ${n} rows of a segment, read ${partners.length}`);
  const bytes = new ArrayBuffer(n * ROW_BYTES);
  const floats = new Float64Array(bytes);
  const shorts = new Uint16Array(bytes);
  const words = new Uint32Array(bytes);
  for (let i = 0; i < n; i++) {
    const partner = partners[i]!;
    const code = codes[i]!;
    if (!Number.isInteger(partner) || partner < 0 || partner > 0xffff) throw new Error(`partner id ${partner}`);
    if (!Number.isInteger(code) || code < 0 || code > 0xffffffff) throw new Error(`product code ${code}`);
    shorts[i * 12] = partner;
    words[i * 6 + 1] = code;
    floats[i * 3 + 1] = values[i]!;
    floats[i * 3 + 2] = quantities[i]!;
  }
  return bytes;
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

/**
 * Whether a row of `country`'s listing on `side` sorts after the position: value
 * descending, then exporter, importer and product ascending.
 */
export function sortsAfter({ side, country }: Listed, row: RowKey, after: ListingBound): boolean {
  if (row.value !== after.value) return row.value < after.value;
  const [exporter, importer] = side === 'exporter' ? [country, row.partner] : [row.partner, country];
  return keysAfter([
    { value: exporter, bound: after.exporter },
    { value: importer, bound: after.importer },
    { value: row.hs6, bound: { id: after.hs6, exact: true } },
  ]);
}

const KEY = 'trade:country-listings';
/** DuckDB's memory for writing the listing files (one country's year at a time). */
const WRITER_MEMORY_LIMIT = '256MB';

/** The listing files of a snapshot's trade file, each there once written, and the writing of both. */
interface Written {
  files: Partial<Record<ListingSide, CountryListingFile>>;
  done?: Promise<void>;
}

/** What became of one side's listing file: written (its rows, in how long), or not and why. */
export type ListingFileReport =
  | { side: ListingSide; written: true; rows: number; seconds: number }
  | { side: ListingSide; written: false; reason: string };

/**
 * Starts writing, in the background, `db`'s listing files of both sides into `dir`,
 * one after the other; each serves once written. They are closed and removed with
 * the database. A file that cannot be written (no room, a failed query) is not used:
 * the listing reads DuckDB, as it does until then. `report` hears of each side, unless
 * the database closed first.
 */
export function writeCountryListingsAhead(
  db: Database,
  dir: string,
  report: (r: ListingFileReport) => void = () => undefined,
): void {
  const written: Written = { files: {} };
  db.keep(KEY, written);
  const files: string[] = [];
  let closed = false;
  db.whenClosed(() => {
    closed = true;
    for (const f of Object.values(written.files)) void f.close().catch(() => undefined);
    for (const file of files) void rm(file, { force: true }).catch(() => undefined);
  });
  const sides = ['exporter', 'importer'] as const;
  const reported = new Set<ListingSide>();
  const tell = (r: ListingFileReport) => {
    if (closed || reported.has(r.side)) return;
    reported.add(r.side);
    report(r);
  };
  const failed = (side: ListingSide, err: unknown) => tell({ side, written: false, reason: (err as Error).message });
  written.done = (async () => {
    // A database of its own, within a small memory limit and closed after: the copies
    // read through it do not fill the serving database's buffers.
    const reader = await db.aside(WRITER_MEMORY_LIMIT);
    try {
      // The copies an older file lacks are read through views, as in the serving database.
      await copyViews(reader, 'trade', await tableNames(reader, 'trade'));
      for (const side of sides) {
        const file = path.join(dir, `listing-${randomUUID()}-${side}.bin`);
        files.push(file);
        const started = performance.now();
        const listing = await CountryListingFile.write(reader, { side, file, stopped: () => closed }).catch(
          (err: unknown) => failed(side, err),
        );
        if (!listing) continue;
        if (closed) await listing.close().catch(() => undefined);
        else {
          written.files[side] = listing;
          tell({ side, written: true, rows: listing.rowCount, seconds: (performance.now() - started) / 1000 });
        }
      }
    } finally {
      reader.close();
    }
  })().catch((err: unknown) => {
    for (const side of sides) failed(side, err);
  });
}

/** Settles once `db`'s listing files are written or given up (at once when none are being written). */
export async function countryListingsWritten(db: Database): Promise<void> {
  await db.kept<Written>(KEY)?.done;
}

/** `db`'s listing file of `side`, when it has been written. */
export function countryListing(db: Database, side: ListingSide): CountryListingFile | undefined {
  return db.kept<Written>(KEY)?.files[side];
}
