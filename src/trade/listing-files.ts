import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { totalmem } from 'node:os';
import path from 'node:path';
import { sizeInBytes } from '../settings.js';
import { tableNames, type Database } from '../store/duckdb.js';
import { copyViews } from './file-format/index.js';
import { ListingFile, listingFileBytes, YEAR_HEAD_ROWS, type ListingKind } from './listing-file.js';

const KEY = 'trade:listing-files';
/** DuckDB's memory for writing the listing files (a few segments at a time). */
const WRITER_MEMORY_LIMIT = '256MB';
/**
 * How long one query of the writing may take (the row counts of a file, a chapter's
 * year sorted): background work on one thread, not a request's, and on a busy machine
 * slower than a request's limit allows.
 */
const WRITER_QUERY_TIMEOUT_MS = 10 * 60_000;
/**
 * The files written, in this order: the heads of the years' listings (small), a
 * country's listings as exporter and as importer, a pair's, a product code's, a
 * chapter's, a heading's. A heading's listing is last as the one the others give at
 * least cost: it merges the listings of its few codes when its file is not written.
 */
const KINDS: readonly ListingKind[] = ['year', 'exporter', 'importer', 'pair', 'hs6', 'chapter', 'heading'];
/** Memory left to the process itself and the rest of the machine when the page cache's room is reckoned. */
const HEADROOM_BYTES = 2 * 2 ** 30;

/**
 * Bytes of listing files the page cache can hold beside the snapshot: the machine's
 * memory less DuckDB's memory limit, the trade file and `HEADROOM_BYTES`. A page read
 * from a file the page cache has dropped waits for the disk on the thread that reads
 * requests, so files beyond it cost more than the queries they replace.
 */
async function pageCacheRoom(db: Database): Promise<number> {
  const [row] = await db.query(
    "SELECT current_setting('memory_limit') AS memory_limit, (SELECT total_blocks * block_size " +
      "FROM pragma_database_size() WHERE database_name = 'trade')::DOUBLE AS trade_bytes",
  );
  return totalmem() - sizeInBytes(String(row!.memory_limit)) - Number(row!.trade_bytes) - HEADROOM_BYTES;
}

/** The rows a page of one country's products may scan in a listing file, by default. */
export const SCAN_ROWS_MAX_DEFAULT = 50_000;

/**
 * The listing files of a snapshot's trade file, each there once written, the writing
 * of them all, and the rows a page of one country's products may scan in them.
 */
interface Written {
  files: Partial<Record<ListingKind, ListingFile>>;
  done?: Promise<void>;
  scanRowsMax: number;
}

/** What became of one listing file: written (its rows, in how long), or not and why. */
export type ListingFileReport =
  | { kind: ListingKind; written: true; rows: number; seconds: number; inMemory: boolean }
  | { kind: ListingKind; written: false; reason: string };

/** What `writeListingFilesAhead` tells of each file, and the room and memory it may take. */
interface WriteOptions {
  report?: (r: ListingFileReport) => void;
  roomBytes?: number;
  memoryBytes?: number;
  scanRowsMax?: number;
  yearHeadRows?: number;
}

/**
 * Starts writing, in the background, `db`'s listing files (see `listing-file.ts`)
 * into `dir`, one after the other and as many as `roomBytes` holds (`pageCacheRoom`
 * when absent); each serves once written. They are closed and removed with the
 * database. A file that is not written (no room, a failed query, rows out of order)
 * is not used: those listings read DuckDB, as they do until then. `report` hears of
 * each file, unless the database closed first. Files are held in memory, in their
 * order, while their rows fit in `memoryBytes` together (0 when absent): a page read
 * from the page cache waits for the disk once the kernel has dropped it. A page of one
 * country's products scans a file for them when it reads at most `scanRowsMax` rows
 * (`SCAN_ROWS_MAX_DEFAULT`).
 */
export function writeListingFilesAhead(db: Database, dir: string, options: WriteOptions = {}): void {
  const { report = () => undefined, scanRowsMax = SCAN_ROWS_MAX_DEFAULT, yearHeadRows = YEAR_HEAD_ROWS } = options;
  let memoryLeft = options.memoryBytes ?? 0;
  const written: Written = { files: {}, scanRowsMax };
  db.keep(KEY, written);
  const files: string[] = [];
  let closed = false;
  db.whenClosed(() => {
    closed = true;
    for (const f of Object.values(written.files)) void f.close().catch(() => undefined);
    for (const file of files) void rm(file, { force: true }).catch(() => undefined);
  });
  const tell = onceEach(report, () => closed);
  const failed = (kind: ListingKind, err: unknown) => tell({ kind, written: false, reason: (err as Error).message });
  written.done = (async () => {
    // A database of its own, within a small memory limit and closed after: the copies
    // read through it do not fill the serving database's buffers.
    const reader = await db.aside(WRITER_MEMORY_LIMIT, WRITER_QUERY_TIMEOUT_MS);
    try {
      // The copies an older file lacks are read through views, as in the serving database.
      await copyViews(reader, 'trade', await tableNames(reader, 'trade'));
      const room = options.roomBytes ?? (await pageCacheRoom(db));
      const bytesOf = await kindBytes(reader, yearHeadRows);
      let used = 0;
      for (const kind of KINDS) {
        const bytes = bytesOf(kind);
        if (used + bytes > room) {
          failed(kind, beyondRoom(used + bytes, room));
          continue;
        }
        used += bytes;
        const file = path.join(dir, `listing-${randomUUID()}-${kind}.bin`);
        files.push(file);
        const started = performance.now();
        const memoryBytes = memoryLeft >= bytes ? bytes : 0;
        const to = { kind, file, memoryBytes, headRows: yearHeadRows, stopped: () => closed };
        const listing = await ListingFile.write(reader, to).catch((err: unknown) => failed(kind, err));
        memoryLeft -= listing?.inMemory ? bytes : 0;
        if (!listing) continue;
        if (closed) await listing.close().catch(() => undefined);
        else {
          written.files[kind] = listing;
          const [seconds, rows, inMemory] = [(performance.now() - started) / 1000, listing.rowCount, listing.inMemory];
          tell({ kind, written: true, rows, seconds, inMemory });
        }
      }
    } finally {
      reader.close();
    }
  })().catch((err: unknown) => {
    for (const kind of KINDS) failed(kind, err);
  });
}

/** `report` for each kind once, and not once the database has closed. */
function onceEach(report: (r: ListingFileReport) => void, closed: () => boolean): (r: ListingFileReport) => void {
  const reported = new Set<ListingKind>();
  return (r) => {
    if (closed() || reported.has(r.kind)) return;
    reported.add(r.kind);
    report(r);
  };
}

/** The bytes each kind's file takes at most: every flow once, or the heads of the years' listings. */
async function kindBytes(reader: Database, yearHeadRows: number): Promise<(kind: ListingKind) => number> {
  const [counted] = await reader.query(
    'SELECT count(*)::DOUBLE AS n, count(DISTINCT year)::DOUBLE AS years FROM trade.annual_by_year',
  );
  const flows = Number(counted!.n);
  const heads = Math.min(flows, Number(counted!.years) * yearHeadRows);
  return (kind) => listingFileBytes(kind === 'year' ? heads : flows);
}

/** Why a file that brings the files' bytes to `bytes` is not written. */
function beyondRoom(bytes: number, room: number): Error {
  const gib = (b: number) => `${(b / 2 ** 30).toFixed(1)} GiB`;
  return new Error(`files of ${gib(bytes)} in all are more than the page cache's room (${gib(room)})`);
}

/** Settles once `db`'s listing files are written or given up (at once when none are being written). */
export async function listingFilesWritten(db: Database): Promise<void> {
  await db.kept<Written>(KEY)?.done;
}

/** `db`'s listing file of `kind`, when it has been written. */
export function listingFile(db: Database, kind: ListingKind): ListingFile | undefined {
  return db.kept<Written>(KEY)?.files[kind];
}

/** The rows a page of one country's products may scan in `db`'s listing files (0 when none are written). */
export function scanRowsMax(db: Database): number {
  return db.kept<Written>(KEY)?.scanRowsMax ?? 0;
}
