import { existsSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { bytesDone } from './ranged-download.js';
import type { SnapshotManifest } from './snapshot-manifest.js';

/** Bytes the file system of `dir` has free for this process (what an unprivileged writer may use). */
export async function freeBytes(dir: string): Promise<number> {
  const fs = await statfs(dir);
  return fs.bavail * fs.bsize;
}

/**
 * The bytes a download of `manifest` into `dir` still has to write: each file's size,
 * less what an earlier try left (a finished file, the listed ranges of a `.part`) and
 * the files named in `local` (linked from a local snapshot's file of the same SHA-256,
 * which takes no space).
 */
export async function bytesToWrite(
  manifest: SnapshotManifest,
  dir: string,
  { rangeBytes, local = new Set() }: { rangeBytes: number; local?: ReadonlySet<string> },
): Promise<number> {
  let bytes = 0;
  for (const file of manifest.files) {
    const final = path.join(dir, file.name);
    if (existsSync(final) || local.has(file.name)) continue;
    bytes += file.size - Math.min(file.size, await bytesDone(`${final}.part`, file.size, rangeBytes));
  }
  return bytes;
}

/** Why a download of `needed` bytes into `where` may not start with `free` bytes free (undefined: it may). */
export function spaceProblem(d: { snapshot: string; needed: number; free: number; where: string }): string | undefined {
  if (d.needed <= d.free) return undefined;
  return `snapshot ${d.snapshot} needs ${d.needed} bytes more in ${d.where}, which has ${d.free} bytes free`;
}
