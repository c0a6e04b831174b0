import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { BUILDING_MARKER, ECONOMICS_FILE, snapshotsDir } from './snapshot-layout.js';

/**
 * The local snapshots older than `than`, newest first: directories of `snapshots/`
 * with an economics file and no build marker (published once, or downloaded whole).
 */
export async function olderSnapshots(dataDir: string, than: string): Promise<string[]> {
  const root = snapshotsDir(dataDir);
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((d) => d.isDirectory() && !d.name.startsWith('.') && d.name < than)
    .map((d) => d.name)
    .filter(
      (name) =>
        existsSync(path.join(root, name, ECONOMICS_FILE)) && !existsSync(path.join(root, name, BUILDING_MARKER)),
    )
    .sort()
    .reverse();
}

/** The first of `names` that `open` opens, and the ones before it that did not (with why); undefined if none does. */
export async function firstThatOpens<S>(
  names: readonly string[],
  open: (name: string) => Promise<S>,
): Promise<{ name: string; opened: S; failed: Array<{ name: string; error: string }> } | undefined> {
  const failed: Array<{ name: string; error: string }> = [];
  for (const name of names) {
    try {
      return { name, opened: await open(name), failed };
    } catch (err) {
      failed.push({ name, error: (err as Error).message });
    }
  }
  return undefined;
}
