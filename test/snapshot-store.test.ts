import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readCurrentName, snapshotsDir } from '../src/store/snapshot-layout.js';
import { LocalObjectStore } from './helpers/object-store.js';
import { ingestCli, sampleDataDir, snapshotsCli, startServerProcess, type ServerProcess } from './helpers/processes.js';
import { until } from './helpers/until.js';

/**
 * Snapshots through an object store (CONTRACT §5): a publisher's ingests reach
 * replicas with DATA_DIRs of their own through an S3-compatible server on this
 * machine (s3rver), the production path being the AWS SDK against its endpoint.
 */

const KEY = 'replica-test-key-0123456789';
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

interface Ready {
  status: number;
  body: { message?: string; snapshots: { local: string | null; store?: { url: string; current: string | null } } };
}

async function readyz(r: ServerProcess): Promise<Ready> {
  const res = await fetch(`${r.url}/readyz`);
  return { status: res.status, body: (await res.json()) as Ready['body'] };
}

/** Waits until a replica serves `name`. */
const serving = (r: ServerProcess, name: string) =>
  until(`a replica serving ${name}`, async () => {
    const s = await readyz(r);
    return s.status === 200 && s.body.snapshots.local === name ? s : undefined;
  }).catch((err: unknown) => {
    // What the replica logged says why.
    throw new Error(`${(err as Error).message}; its log ends:\n${r.output().split('\n').slice(-8).join('\n')}`);
  });

describe('snapshots through an object store: one publisher, replicas on their own DATA_DIRs', () => {
  let store: LocalObjectStore;
  let work: string;
  let publisher: string;
  let env: Record<string, string>;
  const replicas: ServerProcess[] = [];
  const published: string[] = [];
  let edition = 0;

  /** An ingest on the publisher (a changed nomenclature): a new snapshot, published to the store too. */
  async function publish(): Promise<string> {
    edition++;
    const csv = path.join(work, `hs-${edition}.csv`);
    writeFileSync(
      csv,
      [
        'section,hscode,description,parent,level',
        `I,01,Live animals (edition ${edition}),TOTAL,2`,
        'I,0101,"Horses, asses, mules and hinnies",01,4',
        `I,010121,Horses; live; pure-bred breeding animals (${edition}),0101,6`,
      ].join('\n'),
    );
    const r = await ingestCli(publisher, ['hs', csv], { ...env, STORE_SNAPSHOTS_KEPT: '2' });
    assert.equal(r.code, 0, r.out);
    const name = (await readCurrentName(publisher))!;
    published.push(name);
    return name;
  }

  const dataDirs = new Map<ServerProcess, string>();
  /** A replica on a DATA_DIR of its own, with `SNAPSHOT_STORE_URL`. */
  async function replica(extra: Record<string, string> = {}, on?: string): Promise<ServerProcess> {
    const dataDir = on ?? mkdtempSync(path.join(work, 'replica-'));
    const r = await startServerProcess({ ...env, DATA_DIR: dataDir, BOOTSTRAP_API_KEY: KEY, ...extra });
    replicas.push(r);
    dataDirs.set(r, dataDir);
    return r;
  }
  const replicaDir = (r: ServerProcess) => dataDirs.get(r)!;

  /** Each file of the replica's snapshot has the publisher's bytes. */
  function sameFiles(replicaDir: string, name: string): void {
    const mine = path.join(snapshotsDir(publisher), name);
    const theirs = path.join(snapshotsDir(replicaDir), name);
    const files = readdirSync(mine).filter((f) => f.endsWith('.duckdb'));
    assert.ok(files.length >= 3);
    for (const f of files) assert.equal(sha256(path.join(theirs, f)), sha256(path.join(mine, f)), f);
  }

  before(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'econtrade-store-'));
    store = await LocalObjectStore.start(path.join(work, 's3'));
    env = { ...store.env('prod'), SNAPSHOT_POLL_MS: '200' };
    publisher = await sampleDataDir();
  });
  after(async () => {
    await Promise.all(replicas.map((r) => r.stop('SIGKILL')));
    await store.stop();
    rmSync(work, { recursive: true, force: true });
    rmSync(publisher, { recursive: true, force: true });
  });

  it('serves nothing until its first snapshot is here, and says which store it waits for', async () => {
    const a = await replica();
    const r = await readyz(a);
    assert.equal(r.status, 503);
    assert.match(r.body.message!, /waiting for the first snapshot from s3:\/\/snapshots\/prod/);
    assert.equal(r.body.snapshots.local, null);
    const answer = await fetch(`${a.url}/v1/countries`, { headers: { authorization: `Bearer ${KEY}` } });
    assert.equal(answer.status, 503);
    // It builds no sample of its own.
    assert.equal(readdirSync(replicaDir(a)).includes('snapshots'), false);
  });

  it('an ingest on the publisher reaches both replicas, which answer identical bytes', async () => {
    const b = await replica();
    const name = await publish();
    const [a] = replicas;
    for (const r of [a!, b]) {
      const ready = await serving(r, name);
      assert.equal(ready.body.snapshots.store?.current, name);
      sameFiles(replicaDir(r), name);
    }
    const ask = async (r: ServerProcess, p: string) =>
      Buffer.from(await (await fetch(`${r.url}${p}`, { headers: { authorization: `Bearer ${KEY}` } })).arrayBuffer());
    for (const p of ['/v1/trade/coverage?format=csv', '/v1/trade?reporter=DE&from=2023&to=2023&limit=500&format=csv']) {
      assert.deepEqual(await ask(a!, p), await ask(b, p), p);
    }
  });

  it('a replica started later catches up', async () => {
    const c = await replica({ SNAPSHOT_DOWNLOAD_MBPS: '50' });
    await serving(c, published.at(-1)!);
    sameFiles(replicaDir(c), published.at(-1)!);
  });

  it('keeps serving the old snapshot while the store is down mid-download, and finishes once it is back', async () => {
    // Only the changed file (the nomenclature, a few hundred KB) is downloaded: the
    // replica is restarted on its DATA_DIR with a rate slow enough to stop the store
    // in the middle of it.
    await replicas[2]!.stop('SIGTERM');
    const c = await replica({ SNAPSHOT_DOWNLOAD_MBPS: '0.4' }, replicaDir(replicas[2]!));
    const old = published.at(-1)!;
    await serving(c, old);
    const name = await publish();
    const incoming = path.join(replicaDir(c), 'incoming', name);
    await until('a download under way', async () =>
      existsSync(incoming) && readdirSync(incoming).some((f) => f.endsWith('.part')) ? true : undefined,
    );
    await store.stop();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const during = await readyz(c);
    assert.equal(during.status, 200);
    assert.equal(during.body.snapshots.local, old);
    const metrics = await (await fetch(`${c.url}/metrics`)).text();
    assert.match(metrics, /^snapshot_store_poll_failures [1-9]/m);
    assert.ok(readdirSync(incoming).length > 0, 'the partial download is kept');
    await store.resume();
    await serving(c, name);
    sameFiles(replicaDir(c), name);
  });

  it('refuses an object whose SHA-256 is not the manifest one, reports it, and takes it once right', async () => {
    const name = await publish();
    await serving(replicas[0]!, name);
    // Files are kept by content: the economics file is the object named by its SHA-256.
    const stored = JSON.parse(readFileSync(store.objectFile(`prod/snapshots/${name}/manifest.json`), 'utf8')) as {
      files: Array<{ name: string; sha256: string }>;
    };
    const object = store.objectFile(`prod/objects/${stored.files.find((f) => f.name === 'economics.duckdb')!.sha256}`);
    const original = readFileSync(object);
    const corrupted = Buffer.from(original);
    const at = Math.floor(corrupted.length / 2);
    corrupted[at] = corrupted[at]! ^ 0xff;
    writeFileSync(object, corrupted);
    const e = await replica();
    await until('a refused object', async () => {
      const metrics = await (await fetch(`${e.url}/metrics`)).text();
      return /^snapshot_store_checksum_failures [1-9]/m.test(metrics) ? true : undefined;
    });
    assert.equal((await readyz(e)).status, 503);
    assert.equal(existsSync(path.join(snapshotsDir(replicaDir(e)), name)), false, 'never served');
    // The log line names the file and both digests (log lines are written in batches).
    const refusal = /economics\.duckdb: \d+ bytes with SHA-256 [0-9a-f]{64}, the manifest says/;
    await until('the refusal in the log', async () => (refusal.test(e.output()) ? true : undefined), 5_000);
    writeFileSync(object, original);
    await serving(e, name);
    sameFiles(replicaDir(e), name);
  });

  it('keeps STORE_SNAPSHOTS_KEPT snapshots in the store, and lists both sides', async () => {
    const listed = JSON.parse(await snapshotsCli(['list', '--json'], { ...env, DATA_DIR: publisher })) as {
      local: Array<{ name: string; current: boolean }>;
      store: Array<{ name: string; current: boolean }>;
    };
    assert.deepEqual(
      listed.store.map((s) => s.name),
      published.slice(-2),
    );
    assert.deepEqual(
      listed.store.filter((s) => s.current).map((s) => s.name),
      [published.at(-1)],
    );
    assert.equal(listed.local.find((s) => s.current)?.name, published.at(-1));
  });
});
