import type { Stats } from 'node:fs';
import { existsSync } from 'node:fs';
import { readFile, readdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BUILDING_MARKER } from './snapshot-layout.js';
import { CONTENT_LAYOUT, isDataFile, sha256Of, type SnapshotManifest } from './snapshot-manifest.js';

/**
 * The hashes of a local snapshot directory's data files, kept in the directory as
 * `.manifest.json` (a dot-file: never a data file, never carried over by a build).
 * Each entry records the inode, size and mtime the hash was computed for: a file
 * that no longer has them is hashed again, so an entry never vouches for other bytes.
 * Published files never change and a build carries files over as hard links, so a
 * file is hashed once, whatever the number of snapshots that hold it.
 */
export const HASHES_FILE = '.manifest.json';

interface HashedFile {
  name: string;
  size: number;
  sha256: string;
  dev: number;
  ino: number;
  mtimeMs: number;
}

const inode = (st: Pick<Stats, 'dev' | 'ino'>) => `${st.dev}:${st.ino}`;
const sameFile = (e: HashedFile, st: Stats) =>
  e.dev === st.dev && e.ino === st.ino && e.size === st.size && e.mtimeMs === st.mtimeMs;

async function readEntries(dir: string): Promise<HashedFile[]> {
  try {
    const doc = JSON.parse(await readFile(path.join(dir, HASHES_FILE), 'utf8')) as { files?: unknown };
    if (!Array.isArray(doc.files)) return [];
    return (doc.files as HashedFile[]).filter(
      (e) =>
        typeof e === 'object' &&
        e !== null &&
        typeof e.name === 'string' &&
        isDataFile(e.name) &&
        typeof e.sha256 === 'string' &&
        /^[0-9a-f]{64}$/.test(e.sha256) &&
        [e.size, e.dev, e.ino, e.mtimeMs].every((n) => typeof n === 'number'),
    );
  } catch {
    return [];
  }
}

/** Writes a directory's `.manifest.json` (through a temporary file and a rename). */
async function writeEntries(dir: string, snapshot: string, files: HashedFile[]): Promise<void> {
  const tmp = path.join(dir, `${HASHES_FILE}.${process.pid}.tmp`);
  await writeFile(tmp, `${JSON.stringify({ snapshot, files }, null, 2)}\n`);
  await rename(tmp, path.join(dir, HASHES_FILE));
}

/** The published snapshot directories under `root` (none being built), oldest first. */
async function snapshotDirs(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
    .map((d) => d.name)
    .sort()
    .filter((name) => !existsSync(path.join(root, name, BUILDING_MARKER)));
}

/** The hashes recorded in the snapshot directories under `root` that still hold for their files, by inode. */
export class LocalHashes {
  private readonly byInode = new Map<string, HashedFile>();

  private constructor(readonly root: string) {}

  static async of(root: string): Promise<LocalHashes> {
    const known = new LocalHashes(root);
    for (const name of await snapshotDirs(root)) {
      for (const e of await readEntries(path.join(root, name))) {
        const st = await stat(path.join(root, name, e.name)).catch(() => undefined);
        if (st && sameFile(e, st)) known.byInode.set(inode(st), e);
      }
    }
    return known;
  }

  /** The recorded SHA-256 of the file `st` describes, when one holds for it. */
  lookup(st: Stats): string | undefined {
    const e = this.byInode.get(inode(st));
    return e && sameFile(e, st) ? e.sha256 : undefined;
  }

  /**
   * The manifest of snapshot directory `dir` (content layout): each data file's
   * recorded hash where one holds, else its bytes hashed; the result recorded in
   * `dir/.manifest.json`.
   */
  async manifest(dir: string, snapshot: string): Promise<SnapshotManifest> {
    const entries: HashedFile[] = [];
    for (const name of (await readdir(dir)).filter(isDataFile).sort()) {
      const full = path.join(dir, name);
      const st = await stat(full);
      const sha256 = this.lookup(st) ?? (await sha256Of(full));
      entries.push(entryOf(name, st, sha256));
    }
    for (const e of entries) this.byInode.set(`${e.dev}:${e.ino}`, e);
    await writeEntries(dir, snapshot, entries);
    return {
      snapshot,
      objects: CONTENT_LAYOUT,
      files: entries.map(({ name, size, sha256 }) => ({ name, size, sha256 })),
    };
  }

  /**
   * A data file of another local snapshot (not `except`) with this size and SHA-256:
   * files of that size are compared by their recorded hash, or, where none is recorded
   * (a snapshot an earlier release downloaded), hashed once and recorded.
   */
  async find(want: { size: number; sha256: string }, except: string): Promise<string | undefined> {
    for (const name of (await snapshotDirs(this.root)).reverse()) {
      if (name === except) continue;
      const dir = path.join(this.root, name);
      const files = await readdir(dir).catch(() => [] as string[]);
      for (const file of files.filter(isDataFile)) {
        const full = path.join(dir, file);
        const st = await stat(full).catch(() => undefined);
        if (!st?.isFile() || st.size !== want.size) continue;
        let sha256 = this.lookup(st);
        if (sha256 === undefined) {
          sha256 = await sha256Of(full);
          const e = entryOf(file, st, sha256);
          this.byInode.set(inode(st), e);
          const others = (await readEntries(dir)).filter((x) => x.name !== file);
          await writeEntries(dir, name, [...others, e]).catch(() => undefined);
        }
        if (sha256 === want.sha256) return full;
      }
    }
    return undefined;
  }
}

function entryOf(name: string, st: Stats, sha256: string): HashedFile {
  return { name, size: st.size, sha256, dev: st.dev, ino: st.ino, mtimeMs: st.mtimeMs };
}

/**
 * Records the hashes of a downloaded snapshot's files in `dir/.manifest.json`: those
 * of `manifest`, which each file was checked against (or is a link of a file that was).
 */
export async function recordManifest(dir: string, manifest: SnapshotManifest): Promise<void> {
  const entries: HashedFile[] = [];
  for (const f of manifest.files) entries.push(entryOf(f.name, await stat(path.join(dir, f.name)), f.sha256));
  await writeEntries(dir, manifest.snapshot, entries);
}
