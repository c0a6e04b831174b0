import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Owner } from './process-owner.js';

/**
 * Snapshot layout under DATA_DIR:
 *   snapshots/<name>/economics.duckdb   immutable once published
 *   snapshots/<name>/trade.duckdb       (optional) likewise
 *   snapshots/<name>/nomenclature.duckdb (optional) likewise
 *   snapshots/<name>/trade-hs<YEAR>.duckdb (optional) the trade file's flows in one
 *                                       HS edition, derived from the two above
 *   snapshots/<name>/.building          present while the snapshot is being built
 *   CURRENT                             the name of the serving snapshot
 *   CURRENT.<pid>.tmp                   a CURRENT being written by that process
 *   tmp/<pid>.<start>@<host>/           where each process's DuckDB instances spill
 * A writer builds a new snapshot directory beside the serving one, then publishes it
 * by replacing CURRENT with an atomic rename. Servers poll CURRENT and switch.
 * Names sort in creation order (they start with a UTC timestamp).
 */
export const ECONOMICS_FILE = 'economics.duckdb';
export const TRADE_FILE = 'trade.duckdb';
/** Optional: a loaded HS nomenclature, which then replaces the trade file's own product list. */
export const NOMENCLATURE_FILE = 'nomenclature.duckdb';
/**
 * The trade file's flows converted to one HS edition (`trade-hs1992.duckdb`): derived
 * from the trade and nomenclature files, so rebuilt whenever either is.
 */
export const editionFile = (hsVersion: number) => `trade-hs${hsVersion}.duckdb`;
/** The HS edition of an edition file's name; undefined for another name. */
export function editionOfFile(name: string): number | undefined {
  const m = /^trade-hs(\d{4})\.duckdb$/.exec(name);
  return m ? Number(m[1]) : undefined;
}
/** The files derived from another: not carried over into a snapshot that replaces their source. */
export const derivedFrom = (file: string, source: string) =>
  editionOfFile(file) !== undefined && (source === TRADE_FILE || source === NOMENCLATURE_FILE);
/** Marks a snapshot directory as not yet published; holds its builder (see `Marker`). */
export const BUILDING_MARKER = '.building';

export function snapshotsDir(dataDir: string): string {
  return path.join(dataDir, 'snapshots');
}

export function currentFile(dataDir: string): string {
  return path.join(dataDir, 'CURRENT');
}

/** Where process `pid` writes CURRENT before renaming it into place. */
export function currentTempFile(dataDir: string, pid: number): string {
  return path.join(dataDir, `CURRENT.${pid}.tmp`);
}

/** The pid of a `CURRENT.<pid>.tmp` file name; undefined for another name. */
export function currentTempPid(fileName: string): number | undefined {
  const m = /^CURRENT\.(\d+)\.tmp$/.exec(fileName);
  return m ? Number(m[1]) : undefined;
}

/**
 * Snapshot names of this process: they sort by creation time, as the clean-up tells
 * old from new by name, so two created in the same millisecond get distinct times.
 */
class SnapshotNames {
  private lastMs = 0;

  next(): string {
    this.lastMs = Math.max(Date.now(), this.lastMs + 1);
    return `${new Date(this.lastMs).toISOString().replace(/[-:.]/g, '')}-${randomBytes(3).toString('hex')}`;
  }
}

const names = new SnapshotNames();

/** A new snapshot name (`20261125T031300222Z-c5b8b9`), later than every one this process made before. */
export function newSnapshotName(): string {
  return names.next();
}

/** When a snapshot was created, read from its name (`20261125T031300222Z-c5b8b9`); undefined for another name. */
export function snapshotCreatedAt(name: string): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z-/.exec(name);
  if (!m) return undefined;
  const [y, mo, d, h, mi, sec, ms] = m.slice(1).map(Number);
  return new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, sec, ms));
}

export async function readCurrentName(dataDir: string): Promise<string | undefined> {
  try {
    const name = (await readFile(currentFile(dataDir), 'utf8')).trim();
    return name === '' ? undefined : name;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** What the marker of a snapshot being built holds: its builder, and the snapshot the build reads from. */
export interface Marker extends Owner {
  base: string | null;
}

/** The marker of a directory being built (`marker` undefined while unreadable: being written, or its writer died). */
export async function readMarker(dir: string): Promise<{ marker: Marker | undefined; ageMs: number } | undefined> {
  const file = path.join(dir, BUILDING_MARKER);
  try {
    const [text, st] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    let marker: Marker | undefined;
    try {
      marker = JSON.parse(text) as Marker;
    } catch {
      marker = undefined;
    }
    return { marker, ageMs: Date.now() - st.mtimeMs };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}
