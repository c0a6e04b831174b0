import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { cleanDataDir } from '../src/store/clean.js';
import { freeBytes } from '../src/store/download-space.js';
import { SnapshotObjectStore } from '../src/store/object-store.js';
import { publishUnlessOlder } from '../src/store/publish.js';
import {
  ECONOMICS_FILE,
  TRADE_FILE,
  newSnapshotName,
  readCurrentName,
  snapshotsDir,
} from '../src/store/snapshot-layout.js';
import { MAX_SNAPSHOT_FILE_BYTES, type SnapshotManifest } from '../src/store/snapshot-manifest.js';
import { LocalObjectStore } from './helpers/object-store.js';
import { sampleDataDir, startServerProcess, type ServerProcess } from './helpers/processes.js';
import { until } from './helpers/until.js';

/**
 * What a replica does not take from an object store (CONTRACT §9, "A downloaded
 * snapshot is proven before it is published"): a snapshot whose files do not open, a
 * snapshot older than its own, a download that does not fit its disk; and how often
 * it tries a download that fails again. The hostile objects and manifests are written
 * here, through the SDK, as a compromised or broken publisher would write them.
 */

const POLL_MS = 200;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Ready {
  status: number;
  local: string | null;
  store: string | null;
}

async function readyz(r: ServerProcess): Promise<Ready> {
  const res = await fetch(`${r.url}/readyz`);
  const body = (await res.json()) as { snapshots: { local: string | null; store?: { current: string | null } } };
  return { status: res.status, local: body.snapshots.local, store: body.snapshots.store?.current ?? null };
}

/** A gauge of the replica's /metrics. */
async function metric(r: ServerProcess, name: string): Promise<number> {
  const text = await (await fetch(`${r.url}/metrics`)).text();
  const m = new RegExp(`^${name} (\\d+)`, 'm').exec(text);
  if (!m) throw new Error(`no ${name} in /metrics`);
  return Number(m[1]);
}

/** Waits until a replica serves `name` (its log's end in the error otherwise). */
const serving = (r: ServerProcess, name: string) =>
  until(`a replica serving ${name}`, async () => {
    const s = await readyz(r);
    return s.status === 200 && s.local === name ? s : undefined;
  }).catch((err: unknown) => {
    throw new Error(`${(err as Error).message}; its log ends:\n${r.output().split('\n').slice(-8).join('\n')}`);
  });

const inLog = (r: ServerProcess, pattern: RegExp, what: string) =>
  until(what, async () => (pattern.test(r.output()) ? true : undefined)).catch((err: unknown) => {
    throw new Error(`${(err as Error).message}; its log ends:\n${r.output().split('\n').slice(-8).join('\n')}`);
  });

describe('a replica proves what it takes from an object store', () => {
  let store: LocalObjectStore;
  let work: string;
  let sample: string;
  /** The sample snapshot's files (hard links of a shared build: read, never written). */
  let sampleDir: string;
  const replicas: ServerProcess[] = [];

  before(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'econtrade-replica-trust-'));
    store = await LocalObjectStore.start(path.join(work, 's3'));
    // This process writes to the store as a publisher does, through the SDK and the standard settings.
    const { SNAPSHOT_STORE_URL: _url, ...aws } = store.env('');
    Object.assign(process.env, aws);
    sample = await sampleDataDir();
    sampleDir = path.join(snapshotsDir(sample), (await readCurrentName(sample))!);
  });
  after(async () => {
    await Promise.all(replicas.map((r) => r.stop('SIGKILL')));
    await store.stop();
    rmSync(work, { recursive: true, force: true });
    rmSync(sample, { recursive: true, force: true });
  });

  /**
   * Writes snapshot `name` under `prefix` and makes it the store's current one: each
   * file's object is `upload` and its manifest entry `claim` (both the sample's
   * economics file unless told otherwise).
   */
  async function putSnapshot(
    prefix: string,
    name: string,
    files: Array<{ name: string; upload?: Buffer; claim?: { size: number; sha256: string } }>,
  ): Promise<void> {
    const objects = new SnapshotObjectStore(`s3://${store.bucket}/${prefix}`);
    try {
      const manifest: SnapshotManifest = { snapshot: name, files: [] };
      for (const f of files) {
        const bytes = f.upload ?? readFileSync(path.join(sampleDir, f.name));
        if (f.upload !== undefined || !f.claim) {
          const local = path.join(work, `upload-${randomBytes(4).toString('hex')}`);
          writeFileSync(local, bytes);
          await objects.upload(name, f.name, local);
          rmSync(local);
        }
        manifest.files.push({ name: f.name, ...(f.claim ?? { size: bytes.length, sha256: sha256(bytes) }) });
      }
      await objects.putManifest(manifest, true);
    } finally {
      objects.close();
    }
  }

  async function replica(prefix: string, dataDir: string): Promise<ServerProcess> {
    const r = await startServerProcess({ ...store.env(prefix), SNAPSHOT_POLL_MS: String(POLL_MS), DATA_DIR: dataDir });
    replicas.push(r);
    return r;
  }

  it('refuses a snapshot whose files do not open, and at start falls back from a broken CURRENT', async () => {
    const good = newSnapshotName();
    await putSnapshot('proof', good, [{ name: ECONOMICS_FILE }]);
    const dataDir = mkdtempSync(path.join(work, 'replica-'));
    const r = await replica('proof', dataDir);
    await serving(r, good);

    // Checksums right, bytes useless: the publisher's manifest names garbage.
    const bad = newSnapshotName();
    const garbage = randomBytes(300_000);
    await putSnapshot('proof', bad, [{ name: ECONOMICS_FILE, upload: garbage }]);
    await until('a refused snapshot', async () =>
      (await metric(r, 'snapshot_store_proof_failures')) >= 1 ? true : undefined,
    );
    await inLog(r, new RegExp(`snapshot ${bad} not taken from .*: it does not open as a snapshot: `), 'the refusal');
    const ready = await readyz(r);
    assert.deepEqual([ready.status, ready.local, ready.store], [200, good, bad]);
    assert.equal(await readCurrentName(dataDir), good, 'CURRENT unchanged');
    assert.equal(existsSync(path.join(snapshotsDir(dataDir), bad)), false, 'never moved into snapshots/');
    assert.equal(await metric(r, 'snapshot_store_checksum_failures'), 0);
    await r.stop('SIGTERM');

    // A DATA_DIR whose CURRENT names a local snapshot that does not open (a disk fault,
    // a publish of an older version): the replica starts on the newest one that does.
    const broken = newSnapshotName();
    mkdirSync(path.join(snapshotsDir(dataDir), broken));
    writeFileSync(path.join(snapshotsDir(dataDir), broken, ECONOMICS_FILE), garbage);
    writeFileSync(path.join(dataDir, 'CURRENT'), `${broken}\n`);
    const restarted = await replica('proof', dataDir);
    await serving(restarted, good);
    await inLog(
      restarted,
      new RegExp(`snapshot ${broken}, which CURRENT names, does not open: .*serving ${good}`),
      'the fall-back in the log',
    );
    await sleep(5 * POLL_MS);
    assert.equal((await readyz(restarted)).local, good);
    assert.equal(await readCurrentName(dataDir), broken, 'CURRENT is left to the next publish');
    assert.ok(existsSync(path.join(snapshotsDir(dataDir), broken)), 'the broken snapshot is kept');
    await restarted.stop('SIGKILL');
  });

  it('never steps back: a DATA_DIR newer than the store keeps its snapshot and CURRENT', async () => {
    const older = newSnapshotName();
    await putSnapshot('forward', older, [{ name: ECONOMICS_FILE }]);
    // A publisher's fresh ingest whose upload has not replaced current.json yet.
    const newer = newSnapshotName();
    const dataDir = mkdtempSync(path.join(work, 'publisher-'));
    const dir = path.join(snapshotsDir(dataDir), newer);
    mkdirSync(dir, { recursive: true });
    for (const f of [ECONOMICS_FILE, TRADE_FILE]) linkSync(path.join(sampleDir, f), path.join(dir, f));
    writeFileSync(path.join(dataDir, 'CURRENT'), `${newer}\n`);
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(dir, hourAgo, hourAgo);

    const r = await replica('forward', dataDir);
    await until('the store read', async () => ((await readyz(r)).store === older ? true : undefined));
    await sleep(10 * POLL_MS);
    const ready = await readyz(r);
    assert.deepEqual([ready.status, ready.local], [200, newer]);
    assert.equal(await readCurrentName(dataDir), newer);
    assert.ok(existsSync(dir), 'the newer snapshot is kept');
    assert.equal(existsSync(path.join(snapshotsDir(dataDir), older)), false, 'the older one is not even taken');
    await r.stop('SIGKILL');
  });

  it('tries a corrupted object again after 1, 2, 4 … poll intervals, not at every poll', async () => {
    const economics = readFileSync(path.join(sampleDir, ECONOMICS_FILE));
    const corrupted = Buffer.from(economics);
    const at = Math.floor(corrupted.length / 2);
    corrupted[at] = corrupted[at]! ^ 0xff;
    const name = newSnapshotName();
    await putSnapshot('corrupt', name, [
      { name: ECONOMICS_FILE, upload: corrupted, claim: { size: economics.length, sha256: sha256(economics) } },
    ]);
    const r = await replica('corrupt', mkdtempSync(path.join(work, 'replica-')));
    await until('a refused object', async () =>
      (await metric(r, 'snapshot_store_checksum_failures')) >= 1 ? true : undefined,
    );
    // 50 polls: at most the tries 1, 3, 7, 15 and 31 polls after the first (one a poll were 50).
    await sleep(50 * POLL_MS);
    const failures = await metric(r, 'snapshot_store_checksum_failures');
    assert.ok(failures >= 2 && failures <= 7, `${failures} refusals in 50 polls`);
    assert.equal((await readyz(r)).status, 503);
    await r.stop('SIGKILL');
  });

  it('refuses a manifest beyond the free disk space, or any snapshot file, before writing a byte', async () => {
    const dataDir = mkdtempSync(path.join(work, 'replica-'));
    const free = await freeBytes(dataDir);
    const claimed = free + 2 ** 30;
    assert.ok(claimed <= MAX_SNAPSHOT_FILE_BYTES, 'this disk is smaller than the largest snapshot file');
    const name = newSnapshotName();
    await putSnapshot('space', name, [{ name: ECONOMICS_FILE, claim: { size: claimed, sha256: 'a'.repeat(64) } }]);
    const r = await replica('space', dataDir);
    await inLog(
      r,
      new RegExp(`snapshot ${name} needs ${claimed} bytes more in \\S+, which has \\d+ bytes free`),
      'the refusal for space',
    );
    assert.equal(existsSync(path.join(dataDir, 'incoming', name)), false, 'nothing written');

    const huge = newSnapshotName();
    await putSnapshot('space', huge, [
      { name: ECONOMICS_FILE, claim: { size: Number.MAX_SAFE_INTEGER, sha256: 'a'.repeat(64) } },
    ]);
    await inLog(
      r,
      new RegExp(`current\\.json refused: .*${ECONOMICS_FILE} claims ${Number.MAX_SAFE_INTEGER} bytes`),
      'the refused manifest',
    );
    assert.equal(existsSync(path.join(dataDir, 'incoming', huge)), false, 'nothing written');
    assert.equal((await readyz(r)).status, 503);
    await r.stop('SIGKILL');
  });
});

describe('a DATA_DIR never loses a snapshot newer than the one CURRENT names', () => {
  it('keeps a published one through a clean-up; a snapshot from elsewhere is not published over it', async () => {
    const d = mkdtempSync(path.join(tmpdir(), 'econtrade-forward-'));
    const at = (k: number) => `2020010${k}T000000000Z-00000${k}`;
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const k of [1, 2, 3]) mkdirSync(path.join(snapshotsDir(d), at(k)), { recursive: true });
    for (const k of [1, 2]) writeFileSync(path.join(snapshotsDir(d), at(k), ECONOMICS_FILE), '');
    for (const k of [2, 3]) utimesSync(path.join(snapshotsDir(d), at(k)), hourAgo, hourAgo);
    // 2 was published, then CURRENT named the older 1; 3 is a build that died before its marker.
    writeFileSync(path.join(d, 'CURRENT'), `${at(1)}\n`);
    assert.deepEqual(await cleanDataDir(d, 1), [at(3)]);
    assert.ok(existsSync(path.join(snapshotsDir(d), at(2))));

    writeFileSync(path.join(d, 'CURRENT'), `${at(2)}\n`);
    assert.equal(await publishUnlessOlder(d, at(1), 3), false);
    assert.equal(await readCurrentName(d), at(2));
    mkdirSync(path.join(snapshotsDir(d), at(4)));
    writeFileSync(path.join(snapshotsDir(d), at(4), ECONOMICS_FILE), '');
    assert.equal(await publishUnlessOlder(d, at(4), 3), true);
    assert.equal(await readCurrentName(d), at(4));
    rmSync(d, { recursive: true });
  });
});
