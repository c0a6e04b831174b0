import type { Database } from '../store/duckdb.js';
import type { YearOrderedFlows } from './listing-order.js';
import { table } from './sql.js';

/**
 * A flow as the listings keep it: 24 bytes, the exporter's and the importer's ids
 * (u16), the product (u32), the value and the quantity (f64; NaN when none), in the
 * machine's byte order (the rows live and die with the process that read them).
 */
export const ROW_BYTES = 24;
/** Rows read from DuckDB in one query at most (a few segments' worth). */
const CHUNK_ROWS = 500_000;

/** What orders the rows of one year: the value, then the exporter, the importer and the product. */
export interface RowKey {
  value: number;
  exporter: number;
  importer: number;
  hs6: number;
}

/** Rows of a listing, from row `first` on, as typed views of their bytes (`rows` rows from `byteOffset`). */
export class RowBlock {
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

/** The rows of `from` numbered `rows` (counted from its first, in that order) as rows `first` on: a copy. */
export function gatherRows(from: RowBlock, first: number, rows: Uint32Array): RowBlock {
  const words = new Uint32Array(rows.length * 6);
  const codes = from.codes;
  for (let i = 0; i < rows.length; i++) {
    const [to, at] = [i * 6, rows[i]! * 6];
    words[to] = codes[at]!;
    words[to + 1] = codes[at + 1]!;
    words[to + 2] = codes[at + 2]!;
    words[to + 3] = codes[at + 3]!;
    words[to + 4] = codes[at + 4]!;
    words[to + 5] = codes[at + 5]!;
  }
  return new RowBlock(first, words.buffer);
}

/** Whether `b` may follow `a` within a year: value descending, then the ids ascending. */
export function followsInOrder(a: RowKey, b: RowKey): boolean {
  if (a.value !== b.value) return a.value > b.value;
  if (a.exporter !== b.exporter) return a.exporter < b.exporter;
  if (a.importer !== b.importer) return a.importer < b.importer;
  return a.hs6 < b.hs6;
}

/** An id the row layout holds: a country (u16) or a product code (u32). */
const idOf = (id: number, max: number, what: string) => {
  if (!Number.isInteger(id) || id < 0 || id > max) throw new Error(`${what} ${id}`);
  return id;
};

/**
 * Every annual flow of a trade file in the listing order of its year (year, value
 * descending, exporter, importer, product), held in the process' memory: what every
 * listing file's rows are, each listing in its own order (`listing-file.ts`).
 */
export class ListingRows {
  private readonly all: RowBlock;
  private constructor(
    readonly bytes: ArrayBuffer,
    readonly years: { years: Uint16Array; starts: Float64Array },
  ) {
    this.all = new RowBlock(0, bytes);
  }

  /** The flows held. */
  get count(): number {
    return this.years.starts.at(-1)!;
  }

  /** The bytes `count` flows take. */
  static bytesOf(count: number): number {
    return count * ROW_BYTES;
  }

  /** The flows' ids as the listings' ordering reads them. */
  get flows(): YearOrderedFlows {
    const all = this.all;
    return {
      count: this.count,
      exporter: (r) => all.countries[r * 12]!,
      importer: (r) => all.countries[r * 12 + 1]!,
      hs6: (r) => all.codes[r * 6 + 1]!,
      years: this.years,
    };
  }

  /** The sort key of flow `row` within its year. */
  key(row: number): RowKey {
    return this.all.key(row);
  }

  /** Rows `start` to `end`: a view, no copy. */
  block(start: number, end: number): RowBlock {
    return new RowBlock(start, this.bytes, { byteOffset: start * ROW_BYTES, rows: Math.max(0, end - start) });
  }

  /** The flows numbered `rows` (in that order) as rows `first` on: a copy. */
  gather(first: number, rows: Uint32Array): RowBlock {
    return gatherRows(this.all, first, rows);
  }

  /**
   * Reads the year-led copy of `db`'s trade file (stored in listing order) by ranges of
   * its row ids, checking each year's rows, their order and their ids; fails once
   * `stopped` says so. Undefined when the flows take more than `maxBytes`.
   */
  static async read(
    db: Database,
    opts: { maxBytes: number; stopped?: () => boolean },
  ): Promise<ListingRows | undefined> {
    const source = table('annual_by_year');
    const [years, counts] = (await db.queryNumbers(
      `SELECT year, count(*) FROM ${source} GROUP BY year ORDER BY year`,
    )) as [Float64Array, Float64Array];
    const starts = new Float64Array(years.length + 1);
    counts.forEach((n, y) => (starts[y + 1] = starts[y]! + n));
    const count = starts.at(-1)!;
    if (ListingRows.bytesOf(count) > opts.maxBytes) return undefined;
    const rows = new ListingRows(new ArrayBuffer(ListingRows.bytesOf(count)), {
      years: Uint16Array.from(years, (y) => idOf(y, 0xffff, 'year')),
      starts,
    });
    for (let first = 0; first < count; first += CHUNK_ROWS) {
      if (opts.stopped?.()) throw new Error('stopped');
      const end = Math.min(count, first + CHUNK_ROWS);
      const columns = await db.queryNumbers(
        `SELECT year, exporter, importer, hs6, value, qty FROM ${source} WHERE rowid >= $1 AND rowid < $2`,
        [first, end],
      );
      rows.put(first, columns);
    }
    return rows;
  }

  /** Writes rows `first` on from the query's columns, checked against the years and the order. */
  private put(first: number, columns: Float64Array[]): void {
    const [years, exporters, importers, codes, values, quantities] = columns as [
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
    ];
    const { all } = this;
    const { starts } = this.years;
    let y = 0;
    while (starts[y + 1]! <= first) y++;
    for (let i = 0; i < years.length; i++) {
      const row = first + i;
      if (row >= starts[y + 1]!) y++;
      if (years[i] !== this.years.years[y]) throw new Error(`row ${row} out of its year`);
      all.countries[row * 12] = idOf(exporters[i]!, 0xffff, 'country id');
      all.countries[row * 12 + 1] = idOf(importers[i]!, 0xffff, 'country id');
      all.codes[row * 6 + 1] = idOf(codes[i]!, 0xffffffff, 'product code');
      all.floats[row * 3 + 1] = values[i]!;
      all.floats[row * 3 + 2] = quantities[i]!;
      if (row > starts[y]! && !followsInOrder(all.key(row - 1), all.key(row)))
        throw new Error(`row ${row} out of listing order`);
    }
    const end = Math.min(this.count, first + CHUNK_ROWS);
    if (first + years.length !== end)
      throw new Error(`expected ${end - first} rows from ${first}, read ${years.length}`);
  }
}
