import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { snapshotCreatedAt } from './snapshot-layout.js';

/** `objects` of a manifest whose files are kept by content, as `objects/<sha256>`. */
export const CONTENT_LAYOUT = 'sha256';

/**
 * A snapshot as an object store holds it: its name and each file with its size and
 * SHA-256; with `objects: 'sha256'` each file is the store's `objects/<sha256>`, without
 * it (manifests of an earlier release) `snapshots/<name>/<file>`.
 */
export interface SnapshotManifest {
  snapshot: string;
  objects?: typeof CONTENT_LAYOUT;
  files: Array<{ name: string; size: number; sha256: string }>;
}

/**
 * The largest file a manifest may name (1 TiB): more than any snapshot file this
 * service writes, and a bound on a size a store claims before the free disk space is
 * even asked.
 */
export const MAX_SNAPSHOT_FILE_BYTES = 2 ** 40;

/** A data file of a snapshot directory: not a dot-file (markers), nor a DuckDB companion (`.wal`). */
export const isDataFile = (name: string) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*\.duckdb$/.test(name);

/** The SHA-256 of a file, read as a stream (hex). */
export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 2 ** 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The manifest of a local snapshot directory: its data files, each hashed. */
export async function manifestOf(dir: string, name: string): Promise<SnapshotManifest> {
  const files: SnapshotManifest['files'] = [];
  for (const file of (await readdir(dir)).filter(isDataFile).sort()) {
    const full = path.join(dir, file);
    files.push({ name: file, size: (await stat(full)).size, sha256: await sha256Of(full) });
  }
  return { snapshot: name, files };
}

/**
 * A manifest read from a store, checked before anything of it reaches the disk: a
 * snapshot name as this service makes them and plain data-file names, so no path
 * it names can leave `DATA_DIR`, and sizes no larger than `MAX_SNAPSHOT_FILE_BYTES`.
 */
export function parseManifest(text: string, where: string): SnapshotManifest {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new Error(`${where} is not JSON`);
  }
  if (typeof doc !== 'object' || doc === null) throw new Error(`${where} is not a manifest object`);
  const m = doc as Partial<SnapshotManifest>;
  if (typeof m.snapshot !== 'string' || !snapshotCreatedAt(m.snapshot) || !/^[0-9TZ]+-[0-9a-f]+$/.test(m.snapshot))
    throw new Error(`${where}: "snapshot" is not a snapshot name`);
  const layout: unknown = m.objects;
  if (layout !== undefined && layout !== CONTENT_LAYOUT) throw new Error(`${where}: "objects" is not "sha256"`);
  if (!Array.isArray(m.files) || m.files.length === 0) throw new Error(`${where}: no files`);
  for (const f of m.files as unknown[]) {
    const file = (f ?? {}) as Partial<SnapshotManifest['files'][number]>;
    if (
      typeof file.name !== 'string' ||
      !isDataFile(file.name) ||
      !Number.isSafeInteger(file.size) ||
      (file.size ?? -1) < 0 ||
      typeof file.sha256 !== 'string' ||
      !/^[0-9a-f]{64}$/.test(file.sha256)
    )
      throw new Error(`${where}: a file entry is not {name, size, sha256}`);
    if (file.size! > MAX_SNAPSHOT_FILE_BYTES)
      throw new Error(`${where}: ${file.name} claims ${file.size} bytes, more than ${MAX_SNAPSHOT_FILE_BYTES}`);
  }
  const names = new Set(m.files.map((f) => f.name));
  if (names.size !== m.files.length) throw new Error(`${where}: a file is named twice`);
  return {
    snapshot: m.snapshot,
    ...(m.objects ? { objects: m.objects } : {}),
    files: m.files.map((f) => ({ name: f.name, size: f.size, sha256: f.sha256 })),
  };
}
