import path from 'node:path';
import { SnapshotObjectStore } from './object-store.js';
import { snapshotsDir } from './snapshot-layout.js';
import { manifestOf } from './snapshot-manifest.js';

/**
 * Publishes a locally published snapshot to the object store: each file uploaded
 * (multipart), then the snapshot's manifest with every file's SHA-256, then the
 * store's `current.json`, last: a reader never finds a current snapshot whose files
 * are not all there. Then only the `kept` newest snapshots stay in the store.
 */
export async function publishToStore(
  dataDir: string,
  name: string,
  store: { url: string; kept: number },
): Promise<void> {
  const objects = new SnapshotObjectStore(store.url);
  try {
    const dir = path.join(snapshotsDir(dataDir), name);
    const manifest = await manifestOf(dir, name);
    for (const file of manifest.files) await objects.upload(name, file.name, path.join(dir, file.name));
    await objects.putManifest(manifest, true);
    const names = await objects.snapshots();
    for (const old of names.filter((n) => n !== name).slice(0, Math.max(0, names.length - store.kept))) {
      await objects.remove(old);
    }
  } finally {
    objects.close();
  }
}
