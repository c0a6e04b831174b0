import { existsSync } from 'node:fs';
import { mkdir, rename, rm, unlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cleanDataDir } from './clean.js';
import { THIS_PROCESS } from './process-owner.js';
import {
  BUILDING_MARKER,
  currentFile,
  currentTempFile,
  newSnapshotName,
  readCurrentName,
  snapshotsDir,
  type Marker,
} from './snapshot-layout.js';
import { warn } from './warnings.js';

/** A builder touches its marker this often, so other hosts sharing DATA_DIR can tell it is alive. */
const HEARTBEAT_MS = 60_000;

/** The timers that touch the markers of this process's builds in progress, by snapshot name. */
class Heartbeats {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  start(name: string, marker: string): void {
    const timer = setInterval(() => {
      const now = new Date();
      utimes(marker, now, now).catch(() => this.stop(name));
    }, HEARTBEAT_MS);
    timer.unref();
    this.timers.set(name, timer);
  }

  stop(name: string): void {
    clearInterval(this.timers.get(name));
    this.timers.delete(name);
  }
}

const heartbeats = new Heartbeats();

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
 * Leftovers of dead builds (and snapshots past the last `keep`) are removed first, so
 * a build never starts beside the debris of a killed one.
 */
export async function createSnapshotDir(dataDir: string, keep: number): Promise<NewSnapshot> {
  await cleanDataDir(dataDir, keep).catch((err) => {
    warn(`snapshot clean-up before a build failed: ${(err as Error).message}`);
  });
  const name = newSnapshotName();
  const dir = path.join(snapshotsDir(dataDir), name);
  await mkdir(dir, { recursive: true });
  const marker = path.join(dir, BUILDING_MARKER);
  const base = await readCurrentName(dataDir);
  await writeFile(marker, JSON.stringify({ ...THIS_PROCESS, base: base ?? null } satisfies Marker));
  heartbeats.start(name, marker);
  return { name, dir, base };
}

/**
 * Makes `name` the serving snapshot (atomic), then removes unpublished leftovers and
 * published snapshots beyond the last `keep`. Publishing is the last step of a build:
 * nothing after the rename throws, so no rollback can follow a publish; a clean-up
 * that fails only leaves files for the next one.
 */
export async function publishSnapshot(dataDir: string, name: string, keep: number): Promise<void> {
  const tmp = currentTempFile(dataDir, process.pid);
  await writeFile(tmp, `${name}\n`);
  await rename(tmp, currentFile(dataDir));
  heartbeats.stop(name);
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
 * Publishes `name`, a snapshot taken from elsewhere (an object store), unless CURRENT
 * already names a newer one (names sort by creation time): a replica never steps back,
 * so a store that still names an older snapshot (a publisher's upload under way, or one
 * that failed) never replaces a local ingest. CURRENT is read again just before it is
 * replaced. Returns whether `name` was published.
 */
export async function publishUnlessOlder(dataDir: string, name: string, keep: number): Promise<boolean> {
  const current = await readCurrentName(dataDir);
  if (current !== undefined && current > name) return false;
  await publishSnapshot(dataDir, name, keep);
  return true;
}

/**
 * Removes a snapshot directory whose build failed: only while it is still marked as
 * building and not the serving one, so a rollback can never delete a published snapshot.
 */
export async function discardSnapshot(dataDir: string, name: string): Promise<void> {
  heartbeats.stop(name);
  const dir = path.join(snapshotsDir(dataDir), name);
  if ((await readCurrentName(dataDir)) === name) return;
  if (!existsSync(path.join(dir, BUILDING_MARKER))) return;
  await rm(dir, { recursive: true, force: true });
}
