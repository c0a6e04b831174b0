import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { duckdbMemoryLimitFrom, snapshotsKeptFrom } from '../settings.js';
import { warn } from './warnings.js';

/**
 * Snapshot layout under DATA_DIR:
 *   snapshots/<name>/economics.duckdb   immutable once published
 *   snapshots/<name>/trade.duckdb       (optional) likewise
 *   snapshots/<name>/nomenclature.duckdb (optional) likewise
 *   snapshots/<name>/.building          present while the snapshot is being built
 *   CURRENT                             the name of the serving snapshot
 *   tmp/<pid>.<start>@<host>/           where each process's DuckDB instances spill
 * A writer builds a new snapshot directory beside the serving one, then publishes it
 * by replacing CURRENT with an atomic rename. Servers poll CURRENT and switch.
 * Names sort in creation order (they start with a UTC timestamp).
 */
export const ECONOMICS_FILE = 'economics.duckdb';
export const TRADE_FILE = 'trade.duckdb';
/** Optional: a loaded HS nomenclature, which then replaces the trade file's own product list. */
export const NOMENCLATURE_FILE = 'nomenclature.duckdb';
/** Marks a snapshot directory as not yet published; holds its builder (see `Owner`). */
export const BUILDING_MARKER = '.building';

/** A builder touches its marker this often, so other hosts sharing DATA_DIR can tell it is alive. */
const HEARTBEAT_MS = 60_000;
/** A marker of another host untouched for this long belongs to a dead build. */
const STALE_FOREIGN_MS = 15 * 60_000;
/** An unmarked directory this young may be one whose marker is being written: left alone. */
const CREATION_GRACE_MS = 60_000;

export function snapshotsDir(dataDir: string): string {
  return path.join(dataDir, 'snapshots');
}

let lastNameMs = 0;

/**
 * A name that sorts by creation time: the clean-up tells old from new by name, so
 * two snapshots created in the same millisecond by one process get distinct times.
 */
export function newSnapshotName(): string {
  lastNameMs = Math.max(Date.now(), lastNameMs + 1);
  return `${new Date(lastNameMs).toISOString().replace(/[-:.]/g, '')}-${randomBytes(3).toString('hex')}`;
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
    const name = (await readFile(path.join(dataDir, 'CURRENT'), 'utf8')).trim();
    return name === '' ? undefined : name;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** A process, recognisable after its death even if the pid is reused (start time from /proc). */
interface Owner {
  pid: number;
  host: string;
  /** Start time of the process in clock ticks since boot; `0` where /proc is unavailable. */
  start: number;
}

function processStart(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces); starttime is field 22 of the line.
    const start = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    return Number.isFinite(start) ? start : undefined;
  } catch {
    return undefined;
  }
}

const SELF: Owner = { pid: process.pid, host: hostname(), start: processStart(process.pid) ?? 0 };

/** true/false for a process of this host; undefined for another host's (its pid means nothing here). */
function ownerAlive(owner: Owner): boolean | undefined {
  if (owner.host !== SELF.host) return undefined;
  if (!Number.isInteger(owner.pid) || owner.pid <= 0) return false;
  if (owner.pid === SELF.pid) return owner.start === SELF.start;
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  if (owner.start === 0) return true;
  const start = processStart(owner.pid);
  return start === undefined || start === owner.start;
}

// ---- DuckDB resources: memory limit and spill directory ----

function processTempName(): string {
  return `${SELF.pid}.${SELF.start}@${SELF.host}`;
}

function parseTempName(name: string): Owner | undefined {
  const m = /^(\d+)\.(\d+)@(.+)$/.exec(name);
  return m ? { pid: Number(m[1]), start: Number(m[2]), host: m[3]! } : undefined;
}

const ownTempRoots = new Set<string>();
let tempSeq = 0;

/**
 * A fresh spill directory for one DuckDB instance of this process, under
 * DATA_DIR/tmp/<this process>/ (DuckDB creates the last level and removes it when it
 * closes; the process removes its own root at exit, the next start those of dead ones).
 */
export async function duckdbTempDir(dataDir: string, label: string): Promise<string> {
  const root = path.resolve(dataDir, 'tmp', processTempName());
  await mkdir(root, { recursive: true });
  if (!ownTempRoots.has(root)) {
    if (ownTempRoots.size === 0) {
      process.once('exit', () => ownTempRoots.forEach((r) => rmSync(r, { recursive: true, force: true })));
    }
    ownTempRoots.add(root);
  }
  return path.join(root, `${label.replace(/[^\w.-]/g, '_')}-${++tempSeq}`);
}

/**
 * DuckDB settings of a snapshot build: the memory limit, a spill directory inside
 * DATA_DIR, and no insertion order where a statement has no ORDER BY, so large
 * inserts and aggregates may run in parallel and spill. The allocator's background
 * thread returns freed memory to the system as a build goes: without it, memory a
 * finished sort freed stayed resident and the process grew some 70 % past the limit.
 */
export async function buildDuckdbConfig(
  dataDir: string,
  memoryLimit: string = duckdbMemoryLimitFrom(),
): Promise<Record<string, string>> {
  return {
    memory_limit: memoryLimit,
    temp_directory: await duckdbTempDir(dataDir, 'build'),
    preserve_insertion_order: 'false',
    allocator_background_threads: 'true',
  };
}

// ---- Building, publishing and cleaning up ----

const heartbeats = new Map<string, NodeJS.Timeout>();

function stopHeartbeat(name: string): void {
  clearInterval(heartbeats.get(name));
  heartbeats.delete(name);
}

export interface NewSnapshot {
  name: string;
  dir: string;
  /**
   * The serving snapshot when the build started (undefined in an empty DATA_DIR):
   * the one the build reads from, which the clean-up keeps while the build runs.
   */
  base: string | undefined;
}

/**
 * Creates the directory of a new snapshot, marked as building until it is published.
 * Leftovers of dead builds (and snapshots past the retention) are removed first, so
 * a build never starts beside the debris of a killed one.
 */
export async function createSnapshotDir(dataDir: string): Promise<NewSnapshot> {
  await cleanDataDir(dataDir).catch((err) => {
    warn(`snapshot clean-up before a build failed: ${(err as Error).message}`);
  });
  const name = newSnapshotName();
  const dir = path.join(snapshotsDir(dataDir), name);
  await mkdir(dir, { recursive: true });
  const marker = path.join(dir, BUILDING_MARKER);
  const base = await readCurrentName(dataDir);
  await writeFile(marker, JSON.stringify({ ...SELF, base: base ?? null }));
  const timer = setInterval(() => {
    const now = new Date();
    utimes(marker, now, now).catch(() => stopHeartbeat(name));
  }, HEARTBEAT_MS);
  timer.unref();
  heartbeats.set(name, timer);
  return { name, dir, base };
}

/**
 * Makes `name` the serving snapshot (atomic), then removes unpublished leftovers and
 * published snapshots beyond the last `keep`. Publishing is the last step of a build:
 * nothing after the rename throws, so no rollback can follow a publish; a clean-up
 * that fails only leaves files for the next one.
 */
export async function publishSnapshot(
  dataDir: string,
  name: string,
  keep: number = snapshotsKeptFrom(),
): Promise<void> {
  const tmp = path.join(dataDir, `CURRENT.${process.pid}.tmp`);
  await writeFile(tmp, `${name}\n`);
  await rename(tmp, path.join(dataDir, 'CURRENT'));
  stopHeartbeat(name);
  try {
    await unlink(path.join(snapshotsDir(dataDir), name, BUILDING_MARKER));
  } catch {
    /* a clean-up drops the marker of the serving snapshot too */
  }
  try {
    await cleanDataDir(dataDir, keep);
  } catch (err) {
    warn(`snapshot clean-up after publishing ${name} failed; the next one retries: ${(err as Error).message}`);
  }
}

/**
 * Removes a snapshot directory whose build failed: only while it is still marked as
 * building and not the serving one, so a rollback can never delete a published snapshot.
 */
export async function discardSnapshot(dataDir: string, name: string): Promise<void> {
  stopHeartbeat(name);
  const dir = path.join(snapshotsDir(dataDir), name);
  if ((await readCurrentName(dataDir)) === name) return;
  if (!existsSync(path.join(dir, BUILDING_MARKER))) return;
  await rm(dir, { recursive: true, force: true });
}

interface Marker extends Owner {
  base: string | null;
}

/** The marker of a directory being built (`marker` undefined while unreadable: being written, or its writer died). */
async function readMarker(dir: string): Promise<{ marker: Marker | undefined; ageMs: number } | undefined> {
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

/**
 * Removes what no process will ever use again:
 * - snapshot directories of builds whose process is dead (marked, owner gone);
 * - unmarked directories newer than the serving snapshot (never published);
 * - published snapshots beyond the last `keep` (the serving one always stays, and so
 *   does any snapshot a running build reads from);
 * - spill directories and CURRENT temp files of dead processes.
 * Servers that still hold a removed snapshot open keep reading it: unlinking does not
 * free an open file. Returns the snapshot names removed.
 */
export async function cleanDataDir(dataDir: string, keep: number = snapshotsKeptFrom()): Promise<string[]> {
  const root = snapshotsDir(dataDir);
  const current = await readCurrentName(dataDir);
  let names: string[];
  try {
    const entries = await readdir(root, { withFileTypes: true });
    names = entries
      .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
      .map((d) => d.name)
      .sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    names = [];
  }
  const remove: string[] = [];
  const published: string[] = [];
  const bases = new Set<string>();
  for (const name of names) {
    const dir = path.join(root, name);
    const building = await readMarker(dir);
    if (name === current) {
      // Published, though its builder died before dropping the marker.
      if (building) await rm(path.join(dir, BUILDING_MARKER), { force: true });
      continue;
    }
    if (building) {
      const { marker, ageMs } = building;
      const alive = marker ? (ownerAlive(marker) ?? ageMs < STALE_FOREIGN_MS) : ageMs < CREATION_GRACE_MS;
      if (!alive) remove.push(name);
      else if (marker?.base) bases.add(marker.base);
      continue;
    }
    if (current === undefined) continue; // nothing published yet: nothing to compare with
    if (name > current) {
      const st = await stat(dir).catch(() => undefined);
      if (st && Date.now() - st.mtimeMs > CREATION_GRACE_MS) remove.push(name);
    } else {
      published.push(name);
    }
  }
  // Newest first: the serving snapshot plus the `keep - 1` before it stay.
  const stale = published
    .reverse()
    .slice(Math.max(0, keep - 1))
    .filter((n) => !bases.has(n));
  remove.push(...stale);
  for (const name of remove) await rm(path.join(root, name), { recursive: true, force: true });
  await cleanTemp(dataDir);
  return remove.sort();
}

/** Spill directories and half-written CURRENT files of processes of this host that are gone. */
async function cleanTemp(dataDir: string): Promise<void> {
  const tmpRoot = path.join(dataDir, 'tmp');
  let entries: string[] = [];
  try {
    entries = await readdir(tmpRoot);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  for (const entry of entries) {
    const owner = parseTempName(entry);
    if (owner && ownerAlive(owner) === false) await rm(path.join(tmpRoot, entry), { recursive: true, force: true });
  }
  for (const entry of await readdir(dataDir).catch(() => [] as string[])) {
    const m = /^CURRENT\.(\d+)\.tmp$/.exec(entry);
    if (!m) continue;
    try {
      process.kill(Number(m[1]), 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ESRCH') await rm(path.join(dataDir, entry), { force: true });
    }
  }
}
