import { existsSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ownerAlive, pidExists } from './process-owner.js';
import {
  BUILDING_MARKER,
  ECONOMICS_FILE,
  currentTempPid,
  readCurrentName,
  readMarker,
  snapshotsDir,
} from './snapshot-layout.js';
import { cleanSpillDirectories } from './spill.js';

/** A marker of another host untouched for this long belongs to a dead build. */
const STALE_FOREIGN_MS = 15 * 60_000;
/** An unmarked directory this young may be one whose marker is being written: left alone. */
const CREATION_GRACE_MS = 60_000;

/** The snapshot directories, oldest first (an empty list before the first build). */
async function snapshotNames(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { withFileTypes: true });
    return entries
      .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
      .map((d) => d.name)
      .sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    return [];
  }
}

/**
 * Removes what no process will ever use again:
 * - snapshot directories of builds whose process is dead (marked, owner gone);
 * - unmarked directories newer than the serving snapshot without an economics file
 *   (a build that died before it wrote its marker; one with its data was published,
 *   and stays);
 * - published snapshots beyond the last `keep` (the serving one always stays, and so
 *   does any snapshot a running build reads from);
 * - spill directories and CURRENT temp files of dead processes.
 * Servers that still hold a removed snapshot open keep reading it: unlinking does not
 * free an open file. Returns the snapshot names removed.
 */
export async function cleanDataDir(dataDir: string, keep: number): Promise<string[]> {
  const root = snapshotsDir(dataDir);
  const current = await readCurrentName(dataDir);
  const remove: string[] = [];
  const published: string[] = [];
  const bases = new Set<string>();
  for (const name of await snapshotNames(root)) {
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
      // Unmarked with its data: a build drops its marker only once it has published,
      // and a download comes whole, so this one was published before CURRENT named an
      // older one. It stays until a newer publish makes it an old one.
      if (existsSync(path.join(dir, ECONOMICS_FILE))) continue;
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
  await cleanSpillDirectories(dataDir);
  await cleanCurrentTempFiles(dataDir);
  return remove.sort();
}

/** Half-written CURRENT files of processes of this host that are gone. */
async function cleanCurrentTempFiles(dataDir: string): Promise<void> {
  for (const entry of await readdir(dataDir).catch(() => [] as string[])) {
    const pid = currentTempPid(entry);
    if (pid !== undefined && !pidExists(pid)) await rm(path.join(dataDir, entry), { force: true });
  }
}
