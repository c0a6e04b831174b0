import path from 'node:path';
import { LocalHashes } from './local-hashes.js';
import { SnapshotObjectStore } from './object-store.js';
import { snapshotsDir } from './snapshot-layout.js';
import { CONTENT_LAYOUT } from './snapshot-manifest.js';

/** What a publish to the store moved. */
export interface StorePublished {
  /** Files uploaded, and their bytes. */
  uploaded: { files: number; bytes: number };
  /** Files the store already held by content (not uploaded again), and their bytes. */
  reused: { files: number; bytes: number };
  /** Snapshots and objects removed by retention. */
  removed: { snapshots: string[]; objects: number };
}

/**
 * Publishes a locally published snapshot to the object store, by content: each file
 * is `objects/<sha256>`, uploaded (multipart) only when the store does not hold that
 * object whole already, so a file an earlier snapshot holds (the trade file of an
 * economics update) moves no byte; then the snapshot's manifest naming every file
 * with its SHA-256, then the store's `current.json`, last: a reader never finds a
 * current snapshot whose files are not all there. Hashes are read from the local
 * snapshots' `.manifest.json` where they hold (a file carried over by a build is
 * hashed once).
 *
 * Then only the `kept` newest snapshots stay in the store (their manifests first),
 * and the objects no kept manifest names are removed. A manifest that cannot be
 * read keeps every object. The store has one publisher at a time (updates and
 * ingests take the deployment's lock): another one's objects not yet named by a
 * manifest could be removed.
 */
export async function publishToStore(
  dataDir: string,
  name: string,
  store: { url: string; kept: number },
): Promise<StorePublished> {
  const objects = new SnapshotObjectStore(store.url);
  const done: StorePublished = {
    uploaded: { files: 0, bytes: 0 },
    reused: { files: 0, bytes: 0 },
    removed: { snapshots: [], objects: 0 },
  };
  try {
    const root = snapshotsDir(dataDir);
    const dir = path.join(root, name);
    const manifest = await (await LocalHashes.of(root)).manifest(dir, name);
    for (const file of manifest.files) {
      if (await objects.hasObject(file.sha256, file.size)) {
        done.reused.files++;
        done.reused.bytes += file.size;
        continue;
      }
      await objects.uploadObject(file.sha256, path.join(dir, file.name));
      done.uploaded.files++;
      done.uploaded.bytes += file.size;
    }
    await objects.putManifest(manifest, true);
    const names = await objects.snapshots();
    const drop = names.filter((n) => n !== name).slice(0, Math.max(0, names.length - store.kept));
    for (const old of drop) {
      await objects.remove(old);
      done.removed.snapshots.push(old);
    }
    const named = new Set(manifest.files.map((f) => f.sha256));
    for (const kept of names.filter((n) => n !== name && !drop.includes(n))) {
      const m = await objects.manifest(kept).catch(() => undefined);
      if (!m) return done;
      if (m.objects === CONTENT_LAYOUT) for (const f of m.files) named.add(f.sha256);
    }
    done.removed.objects = await objects.removeObjectsExcept(named);
    return done;
  } finally {
    objects.close();
  }
}
