import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SnapshotObjectStore } from '../src/store/object-store.js';
import {
  ECONOMICS_FILE,
  TRADE_FILE,
  newSnapshotName,
  readCurrentName,
  snapshotsDir,
} from '../src/store/snapshot-layout.js';
import type { SnapshotManifest } from '../src/store/snapshot-manifest.js';
import { publishToStore } from '../src/store/store-publish.js';
import { LocalObjectStore } from './helpers/object-store.js';
import { ingestCli, sampleDataDir, updateCli, startServerProcess, type ServerProcess } from './helpers/processes.js';
import { until } from './helpers/until.js';

/**
 * Snapshots through an object store, by content (CONTRACT §7): a file the store
 * already holds with the same SHA-256 is not uploaded again, and a replica that holds
 * it does not download it again. Every byte between the store (s3rver) and the
 * publisher, and between the store and the replica, passes through a counting relay.
 */

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** A TCP relay to the store that counts the bytes each way. */
class CountingRelay {
  /** Bytes from the client to the store (requests: uploads), and back (answers: downloads). */
  up = 0;
  down = 0;
  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(target: number): Promise<CountingRelay> {
    const relays: CountingRelay[] = [];
    const server = createServer((client) => {
      const upstream = connect(target, '127.0.0.1');
      client.on('data', (d: Buffer) => (relays[0]!.up += d.length));
      upstream.on('data', (d: Buffer) => (relays[0]!.down += d.length));
      client.pipe(upstream).on('error', () => client.destroy());
      upstream.pipe(client).on('error', () => upstream.destroy());
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    relays.push(new CountingRelay(server, (server.address() as { port: number }).port));
    return relays[0]!;
  }

  reset(): void {
    this.up = 0;
    this.down = 0;
  }

  close(): void {
    this.server.close();
  }
}

describe('snapshots through an object store, by content', () => {
  let store: LocalObjectStore;
  let work: string;
  let publisher: string;
  let toPublisher: CountingRelay;
  let toReplica: CountingRelay;
  let replica: ServerProcess | undefined;
  let replicaDir: string;
  const KEY = 'content-test-key-0123456789';

  const envVia = (relay: CountingRelay) => ({
    ...store.env('content'),
    AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${relay.port}`,
  });

  /** The store's objects (`objects/<sha256>`) and their sizes, read from s3rver's files. */
  function storedObjects(prefix = 'content'): Map<string, number> {
    const dir = path.join(store.dir, store.bucket, prefix, 'objects');
    const found = new Map<string, number>();
    if (!existsSync(dir)) return found;
    for (const f of readdirSync(dir)) {
      const m = /^([0-9a-f]{64})\._S3rver_object$/.exec(f);
      if (m) found.set(m[1]!, statSync(path.join(dir, f)).size);
    }
    return found;
  }

  function storedManifest(name: string): SnapshotManifest {
    const file = store.objectFile(`content/snapshots/${name}/manifest.json`);
    return JSON.parse(readFileSync(file, 'utf8')) as SnapshotManifest;
  }

  function storedSnapshots(prefix = 'content'): string[] {
    const dir = path.join(store.dir, store.bucket, prefix, 'snapshots');
    return readdirSync(dir)
      .filter((n) => existsSync(store.objectFile(`${prefix}/snapshots/${n}/manifest.json`)))
      .sort();
  }

  let edition = 0;
  /** An economics ingest on the publisher (a FRED file with one more month): a new snapshot, in the store too. */
  async function publishEconomics(kept = '3'): Promise<string> {
    edition++;
    const file = path.join(work, `fred-observations-unrate-${edition}.json`);
    const observations = Array.from({ length: edition + 1 }, (_, i) => ({
      realtime_start: '2020-06-01',
      realtime_end: '2020-06-01',
      date: `2020-${String(i + 1).padStart(2, '0')}-01`,
      value: String(3.5 + i),
    }));
    writeFileSync(file, JSON.stringify({ observations }));
    const r = await ingestCli(publisher, ['fred', file], { ...envVia(toPublisher), STORE_SNAPSHOTS_KEPT: kept });
    assert.equal(r.code, 0, r.out);
    return (await readCurrentName(publisher))!;
  }

  /** The local FRED that `npm run update` asks: one more month of UNRATE at each edition. */
  let fred: HttpServer;
  let sourcesDir: string;
  const fredObservations = () =>
    Array.from({ length: edition + 1 }, (_, i) => ({
      realtime_start: '2020-06-01',
      realtime_end: '9999-12-31',
      date: `2020-${String(i + 1).padStart(2, '0')}-01`,
      value: String(3.5 + i),
    }));

  /** `npm run update` of a FRED source on the publisher: a new snapshot, in the store too. */
  async function updateEconomics(): Promise<string> {
    edition++;
    const r = await updateCli(publisher, [], {
      ...envVia(toPublisher),
      SOURCES_DIR: sourcesDir,
      FRED_API_KEY: 'store-test-key',
      STORE_SNAPSHOTS_KEPT: '3',
    });
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /^store-unrate: updated/m);
    return (await readCurrentName(publisher))!;
  }

  const serving = (name: string) =>
    until(
      `the replica serving ${name}`,
      async () => {
        const res = await fetch(`${replica!.url}/readyz`);
        const body = (await res.json()) as { snapshots: { local: string | null } };
        return res.status === 200 && body.snapshots.local === name ? true : undefined;
      },
      90_000,
    ).catch((err: unknown) => {
      throw new Error(
        `${(err as Error).message}; its log ends:\n${replica!.output().split('\n').slice(-8).join('\n')}`,
      );
    });

  /** The replica's log line for `name`: bytes downloaded and bytes linked. */
  const taken = (name: string) =>
    until(
      `the log line of ${name}`,
      async () => {
        const m = new RegExp(`snapshot ${name} taken from \\S+: (\\d+) bytes downloaded, (\\d+) bytes linked`).exec(
          replica!.output(),
        );
        return m ? { downloaded: Number(m[1]), linked: Number(m[2]) } : undefined;
      },
      10_000,
    );

  before(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'econtrade-store-content-'));
    store = await LocalObjectStore.start(path.join(work, 's3'));
    toPublisher = await CountingRelay.start(store.port);
    toReplica = await CountingRelay.start(store.port);
    publisher = await sampleDataDir();
    replicaDir = mkdtempSync(path.join(work, 'replica-'));
    fred = createHttpServer((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ observations: fredObservations() })),
    );
    await new Promise<void>((resolve) => fred.listen(0, '127.0.0.1', resolve));
    sourcesDir = mkdtempSync(path.join(work, 'sources-'));
    const source = {
      id: 'store-unrate',
      provider: 'fred',
      url: `http://127.0.0.1:${(fred.address() as { port: number }).port}/fred`,
      series_id: 'UNRATE',
      kpi_id: 'UNEMPLOYMENT',
      country: 'USA',
      provenance: {
        source_name: 'Test FRED',
        source_url: 'https://fred.example.org/',
        license_id: 'test',
        attribution_text: 'Test FRED',
      },
      verified_by: 'unverified',
    };
    writeFileSync(path.join(sourcesDir, 'fred.json'), JSON.stringify({ sources: [source] }));
  });
  after(async () => {
    await replica?.stop('SIGKILL');
    toPublisher?.close();
    toReplica?.close();
    await store?.stop();
    fred?.closeAllConnections();
    await new Promise((resolve) => fred?.close(resolve));
    rmSync(work, { recursive: true, force: true });
    rmSync(publisher, { recursive: true, force: true });
  });

  it('an economics-only npm run update moves the economics file alone, whatever the trade file', async (t) => {
    // The first snapshot: every file goes up, and down to the replica.
    const first = await publishEconomics();
    const firstManifest = storedManifest(first);
    assert.equal(firstManifest.objects, 'sha256');
    assert.deepEqual(
      [...storedObjects().keys()].sort(),
      firstManifest.files.map((f) => f.sha256).sort(),
      'one object a file, named by its SHA-256',
    );
    replica = await startServerProcess({
      ...envVia(toReplica),
      DATA_DIR: replicaDir,
      BOOTSTRAP_API_KEY: KEY,
      SNAPSHOT_POLL_MS: '200',
      LOG_LEVEL: 'info',
    });
    await serving(first);
    const firstTaken = await taken(first);
    assert.equal(firstTaken.linked, 0);

    // The second, by npm run update: only economics changed.
    const objectsBefore = storedObjects();
    toPublisher.reset();
    toReplica.reset();
    const second = await updateEconomics();
    const uploadedRelay = toPublisher.up;
    const secondManifest = storedManifest(second);
    const file = (m: SnapshotManifest, name: string) => m.files.find((f) => f.name === name)!;
    const trade = file(secondManifest, TRADE_FILE);
    const economics = file(secondManifest, ECONOMICS_FILE);
    assert.equal(trade.sha256, file(firstManifest, TRADE_FILE).sha256, 'the trade file is unchanged');
    assert.notEqual(economics.sha256, file(firstManifest, ECONOMICS_FILE).sha256, 'economics changed');
    const added = [...storedObjects()].filter(([sha]) => !objectsBefore.has(sha));
    assert.deepEqual(added, [[economics.sha256, economics.size]], 'the store gained the economics object alone');

    await serving(second);
    const downloadedRelay = toReplica.down;
    const secondTaken = await taken(second);
    const unchanged = secondManifest.files.filter((f) => f.name !== ECONOMICS_FILE).reduce((n, f) => n + f.size, 0);
    assert.deepEqual(secondTaken, { downloaded: economics.size, linked: unchanged });

    // The replica's trade file is its former one: the same inode, the same bytes.
    const local = (name: string, f: string) => path.join(snapshotsDir(replicaDir), name, f);
    assert.equal(statSync(local(second, TRADE_FILE)).ino, statSync(local(first, TRADE_FILE)).ino);
    assert.equal(sha256(local(second, TRADE_FILE)), trade.sha256);
    assert.equal(sha256(local(second, ECONOMICS_FILE)), economics.sha256);
    const answer = await fetch(`${replica.url}/v1/countries`, { headers: { authorization: `Bearer ${KEY}` } });
    assert.equal(answer.status, 200);

    // Bytes on the wire, requests and polls included: the economics file and a little more.
    const overhead = 512 * 1024;
    t.diagnostic(
      `trade file ${trade.size} bytes, economics file ${economics.size} bytes; ` +
        `publisher sent ${uploadedRelay} bytes to the store ` +
        `(objects added: ${added.length}, ${economics.size} bytes); ` +
        `replica received ${downloadedRelay} bytes from the store ` +
        `(${secondTaken.downloaded} bytes of files downloaded, ${secondTaken.linked} linked)`,
    );
    assert.ok(trade.size > 10 * economics.size, 'the trade file is the large one');
    assert.ok(uploadedRelay < economics.size + overhead, `${uploadedRelay} bytes sent by the publisher`);
    assert.ok(downloadedRelay < economics.size + overhead, `${downloadedRelay} bytes received by the replica`);
  });

  it('keeps only the objects the kept snapshots name', async () => {
    const third = await publishEconomics('1');
    assert.deepEqual(storedSnapshots(), [third]);
    const manifest = storedManifest(third);
    assert.deepEqual([...storedObjects().keys()].sort(), manifest.files.map((f) => f.sha256).sort());
    await serving(third);
    assert.ok((await taken(third)).linked > 0);
  });

  it('a store of the earlier layout: its files are uploaded once by content, its snapshots removed whole', async () => {
    const { SNAPSHOT_STORE_URL: _url, ...aws } = store.env('');
    Object.assign(process.env, aws);
    const url = `s3://${store.bucket}/migrate`;
    const dataDir = mkdtempSync(path.join(work, 'publisher-'));
    const snapshot = (files: Record<string, string>) => {
      const name = newSnapshotName();
      const dir = path.join(snapshotsDir(dataDir), name);
      mkdirSync(dir, { recursive: true });
      for (const [f, text] of Object.entries(files)) writeFileSync(path.join(dir, f), text);
      return { name, dir };
    };
    // A snapshot an earlier release published: its files under snapshots/<name>/.
    const old = snapshot({ [ECONOMICS_FILE]: 'economics 1', [TRADE_FILE]: 'trade '.repeat(1000) });
    const objects = new SnapshotObjectStore(url);
    try {
      const files = [];
      for (const f of [ECONOMICS_FILE, TRADE_FILE]) {
        await objects.upload(old.name, f, path.join(old.dir, f));
        const bytes = readFileSync(path.join(old.dir, f));
        files.push({ name: f, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
      }
      await objects.putManifest({ snapshot: old.name, files }, true);
    } finally {
      objects.close();
    }
    const next = snapshot({ [ECONOMICS_FILE]: 'economics 2' });
    linkSync(path.join(old.dir, TRADE_FILE), path.join(next.dir, TRADE_FILE));
    const first = await publishToStore(dataDir, next.name, { url, kept: 2 });
    assert.deepEqual(first.uploaded, { files: 2, bytes: 11 + 6000 });
    assert.deepEqual(storedSnapshots('migrate'), [old.name, next.name]);
    const last = snapshot({ [ECONOMICS_FILE]: 'economics 3' });
    linkSync(path.join(old.dir, TRADE_FILE), path.join(last.dir, TRADE_FILE));
    const second = await publishToStore(dataDir, last.name, { url, kept: 2 });
    assert.deepEqual(
      [second.uploaded, second.reused],
      [
        { files: 1, bytes: 11 },
        { files: 1, bytes: 6000 },
      ],
    );
    assert.deepEqual(second.removed, { snapshots: [old.name], objects: 0 });
    assert.deepEqual(storedSnapshots('migrate'), [next.name, last.name]);
    assert.equal(existsSync(path.join(store.dir, store.bucket, 'migrate', 'snapshots', old.name)), false);
    const third = await publishToStore(dataDir, last.name, { url, kept: 1 });
    assert.deepEqual([third.uploaded.files, third.removed], [0, { snapshots: [next.name], objects: 1 }]);
    assert.equal(storedObjects('migrate').size, 2);
  });
});
