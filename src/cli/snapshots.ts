import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadSettings } from '../settings.js';
import { SnapshotObjectStore } from '../store/object-store.js';
import { BUILDING_MARKER, readCurrentName, snapshotsDir } from '../store/snapshot-layout.js';
import { isDataFile } from '../store/snapshot-manifest.js';
import { runTool } from './run.js';
import { formatTable } from './table.js';

const USAGE = `usage: npm run snapshots -- list [--json]

Lists the snapshots of DATA_DIR (published ones, the serving one marked) and, when
SNAPSHOT_STORE_URL is set, those of the object store (its current one marked):
name, files and bytes. --json prints one object {local, store} instead of tables.
Exit codes: 0 done, 1 failed (the store unreachable), 2 invalid command line.`;

interface Listed {
  name: string;
  current: boolean;
  files: number;
  bytes: number;
}

/** The published snapshots of DATA_DIR (a directory still being built is not one). */
async function localSnapshots(dataDir: string): Promise<Listed[]> {
  const dir = snapshotsDir(dataDir);
  const current = await readCurrentName(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !existsSync(path.join(dir, name, BUILDING_MARKER)))
    .sort()
    .map((name) => {
      const files = readdirSync(path.join(dir, name)).filter(isDataFile);
      const bytes = files.reduce((n, f) => n + statSync(path.join(dir, name, f)).size, 0);
      return { name, current: name === current, files: files.length, bytes };
    });
}

async function storeSnapshots(url: string): Promise<Listed[]> {
  const objects = new SnapshotObjectStore(url);
  try {
    const current = await objects.current();
    const names = await objects.snapshots();
    const listed: Listed[] = [];
    for (const name of names) {
      const { files } = await objects.manifest(name);
      const bytes = files.reduce((n, f) => n + f.size, 0);
      const isCurrent = current !== undefined && current !== 'unchanged' && current.manifest.snapshot === name;
      listed.push({ name, current: isCurrent, files: files.length, bytes });
    }
    return listed;
  } finally {
    objects.close();
  }
}

function table(title: string, rows: Listed[]): string {
  const columns = [{ header: 'snapshot' }, { header: 'current' }, { header: 'files', align: 'right' as const }];
  const body = rows.map((r) => [r.name, r.current ? 'yes' : '', String(r.files), String(r.bytes)]);
  return `${title}\n${formatTable([...columns, { header: 'bytes', align: 'right' }], body)}`;
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { json: { type: 'boolean' }, help: { type: 'boolean' } },
    });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    console.log(USAGE);
    return 0;
  }
  if (parsed.positionals.join(' ') !== 'list') {
    console.error(USAGE);
    return 2;
  }
  const settings = loadSettings();
  console.error(
    `snapshots in ${settings.dataDir}${settings.snapshotStoreUrl ? ` and ${settings.snapshotStoreUrl}` : ''}`,
  );
  const local = await localSnapshots(settings.dataDir);
  const store = settings.snapshotStoreUrl ? await storeSnapshots(settings.snapshotStoreUrl) : undefined;
  if (parsed.values.json) {
    console.log(JSON.stringify({ local, store: store ?? null }, null, 2));
    return 0;
  }
  console.log(table(`DATA_DIR ${settings.dataDir}`, local));
  if (store) console.log(`\n${table(`store ${settings.snapshotStoreUrl}`, store)}`);
  return 0;
}

runTool('snapshots', main);
