import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { totalmem } from 'node:os';
import path from 'node:path';
import { sizeInBytes } from '../settings.js';
import { tableNames, type Database } from '../store/duckdb.js';
import { copyViews } from './file-format/index.js';
import { ListingFile, listingEntriesBytes, type ListingKind, type ListingLayout } from './listing-file.js';
import { ListingRows } from './listing-rows.js';

const KEY = 'trade:listing-files';
/** DuckDB's memory for reading the flows (a few hundred thousand rows at a time). */
const READER_MEMORY_LIMIT = '256MB';
/**
 * How long one query of the reading may take: background work on one thread, not a
 * request's, and on a busy machine slower than a request's limit allows.
 */
const READER_QUERY_TIMEOUT_MS = 10 * 60_000;
/**
 * The listings, in the order they are made: every flow's by year (the flows as held),
 * a country's as exporter and as importer, a pair's, a product code's, a chapter's, a
 * heading's. A heading's listing is last as the one the others give at least cost: it
 * merges the listings of its few codes when it is not made.
 */
const KINDS: readonly ListingKind[] = ['year', 'exporter', 'importer', 'pair', 'hs6', 'chapter', 'heading'];
/** Memory left to the process itself and the rest of the machine when the page cache's room is reckoned. */
const HEADROOM_BYTES = 2 * 2 ** 30;

/**
 * Bytes of files of entries the page cache can hold beside the snapshot: the
 * machine's memory less DuckDB's memory limit, the trade file, the flows held and
 * `HEADROOM_BYTES`. A page read from a file the page cache has dropped waits for the
 * disk on the thread that reads requests, so files beyond it cost more than the queries
 * they replace.
 */
async function pageCacheRoom(db: Database, heldBytes: number): Promise<number> {
  const [row] = await db.query(
    "SELECT current_setting('memory_limit') AS memory_limit, (SELECT total_blocks * block_size " +
      "FROM pragma_database_size() WHERE database_name = 'trade')::DOUBLE AS trade_bytes",
  );
  return totalmem() - sizeInBytes(String(row!.memory_limit)) - Number(row!.trade_bytes) - heldBytes - HEADROOM_BYTES;
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
}

/** Lets the event loop turn: the ordering's work comes back after what is waiting. */
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Starts making, in the background, `db`'s listings (see `listing-file.ts`): the
 * flows are read into memory (when they fit `memoryBytes`, unbounded when absent: else no
 * listing is made), then each listing's entries are held in memory while they fit
 * what is left of `memoryBytes` (and, with what is left then, rows copied:
 * `listingLayouts`), else written into a file in `dir`, as many as `roomBytes` holds
 * (`pageCacheRoom` when absent): a page read from the page cache waits for the disk
 * once the kernel has dropped it. Each serves once made; the files
 * are closed and removed with the database. A listing not made (no memory or room, a
 * failed query, rows out of order) is not used: those listings read DuckDB, as they do
 * until then. `report` hears of each, unless the database closed first. A page of one
 * country's products scans a listing for them when it reads at most `scanRowsMax` rows
 * (`SCAN_ROWS_MAX_DEFAULT`).
 */
export function writeListingFilesAhead(db: Database, dir: string, options: WriteOptions = {}): void {
  const { report = () => undefined, scanRowsMax = SCAN_ROWS_MAX_DEFAULT } = options;
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
    const started = performance.now();
    const memoryBytes = options.memoryBytes ?? Number.POSITIVE_INFINITY;
    const rows = await readFlows(db, memoryBytes, () => closed);
    if (!rows) throw new Error(`the flows take more than the listings' memory (${gib(memoryBytes)})`);
    const layouts = listingLayouts(rows.count, memoryBytes - rows.bytes.byteLength);
    // The listings hold the flows and at most a copy of them each.
    const held = Math.min(memoryBytes, rows.bytes.byteLength * KINDS.length);
    const budget = { roomLeft: options.roomBytes ?? (await pageCacheRoom(db, held)) };
    for (const kind of KINDS) {
      const file = path.join(dir, `listing-${randomUUID()}-${kind}.bin`);
      const made = await makeListing(rows, { kind, layout: layouts(kind), file, budget }).catch((err: unknown) =>
        failed(kind, err),
      );
      if (!made) continue;
      const { listing } = made;
      if (!listing.inMemory) files.push(file);
      if (closed) await listing.close().catch(() => undefined);
      else {
        written.files[kind] = listing;
        // The year's listing is the flows as read: its time is the reading's.
        const seconds = kind === 'year' ? (performance.now() - started) / 1000 : made.seconds;
        tell({ kind, written: true, rows: listing.rowCount, seconds, inMemory: listing.inMemory });
      }
    }
  })().catch((err: unknown) => {
    for (const kind of KINDS) failed(kind, err);
  });
}

/**
 * `db`'s flows, read through a database of its own within a small memory limit (closed
 * after), so that the copy read does not fill the serving database's buffers; undefined
 * when they take more than `maxBytes`.
 */
async function readFlows(db: Database, maxBytes: number, stopped: () => boolean): Promise<ListingRows | undefined> {
  const reader = await db.aside(READER_MEMORY_LIMIT, READER_QUERY_TIMEOUT_MS);
  try {
    // The copies an older file lacks are read through views, as in the serving database.
    await copyViews(reader, 'trade', await tableNames(reader, 'trade'));
    return await ListingRows.read(reader, { maxBytes, stopped });
  } finally {
    reader.close();
  }
}

/**
 * How each listing of `count` flows is held within `memoryBytes`: the entries of every
 * listing in their order while they fit, the others' in files; then, with what is left,
 * the rows of listings in their order copied instead (a page a view, not a copy of rows
 * spread over the flows, and a filter's scan reads them in place).
 */
export function listingLayouts(count: number, memoryBytes: number): (kind: ListingKind) => ListingLayout {
  const [entries, copied] = [listingEntriesBytes(count), ListingRows.bytesOf(count)];
  const layouts = new Map<ListingKind, ListingLayout>();
  let left = memoryBytes;
  for (const kind of KINDS.filter((k) => k !== 'year')) {
    layouts.set(kind, entries <= left ? 'entries' : 'file');
    if (entries <= left) left -= entries;
  }
  for (const [kind, layout] of layouts) {
    if (layout !== 'entries' || copied - entries > left) continue;
    layouts.set(kind, 'rows');
    left -= copied - entries;
  }
  return (kind) => layouts.get(kind) ?? 'rows';
}

/**
 * The `kind` listing of `rows`, held as `layout` says; its file's entries within the
 * page cache's room left, which it is charged for.
 */
async function makeListing(
  rows: ListingRows,
  to: { kind: ListingKind; layout: ListingLayout; file: string; budget: { roomLeft: number } },
): Promise<{ listing: ListingFile; seconds: number }> {
  const { kind, layout, file, budget } = to;
  const bytes = kind === 'year' || layout !== 'file' ? 0 : listingEntriesBytes(rows.count);
  if (bytes > 0 && bytes > budget.roomLeft)
    throw new Error(`entries of ${gib(bytes)} are more than the page cache's room left (${gib(budget.roomLeft)})`);
  budget.roomLeft -= bytes;
  const started = performance.now();
  const listing = await ListingFile.derive(rows, { kind, layout, file, pause });
  return { listing, seconds: (performance.now() - started) / 1000 };
}

const gib = (b: number) => `${(b / 2 ** 30).toFixed(1)} GiB`;

/** `report` for each kind once, and not once the database has closed. */
function onceEach(report: (r: ListingFileReport) => void, closed: () => boolean): (r: ListingFileReport) => void {
  const reported = new Set<ListingKind>();
  return (r) => {
    if (closed() || reported.has(r.kind)) return;
    reported.add(r.kind);
    report(r);
  };
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
