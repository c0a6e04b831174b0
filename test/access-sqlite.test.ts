import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SqliteCreditLedger } from '../src/access/credits/sqlite.js';
import { creditPeriod, generateKey, hashKey, type StoredKey } from '../src/access/keys.js';
import { openStateDatabase, stateDatabaseFile } from '../src/access/sqlite/database.js';
import { SqliteKeyAdmin, SqliteKeyStore } from '../src/access/stores/sqlite.js';
import { expectError } from './helpers/errors.js';
import { keysCli, sampleDataDir, startServerProcess } from './helpers/processes.js';

// The embedded state in SQLite: the import of the former file-based state (keys.json,
// usage.log) and a start with a large ledger.

interface Listed {
  id: string;
  name: string;
  created_at: string;
  revoked_at: string | null;
  quota: number | null;
  rate: { requests: number; window_s: number } | null;
  usage: { period: string; credits: number; calls: number };
  budget: string;
  remaining: number | null;
}

/** A month before `period` (YYYY-MM). */
function previousPeriod(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
}

/** DATA_DIR/state with keys.json and usage.log as the file-based backend wrote them. */
function writeLegacyState(dataDir: string): { keys: Array<StoredKey & { key: string }> } {
  const dir = path.join(dataDir, 'state');
  mkdirSync(dir, { recursive: true });
  const stored = (id: string, extra: Partial<StoredKey>): StoredKey & { key: string } => {
    const key = generateKey();
    const base = { id, name: id, quota: null, rate: null, createdAt: '2024-01-02T03:04:05.678Z', revokedAt: null };
    return { ...base, ...extra, hash: hashKey(key), key };
  };
  const keys = [
    stored('key_0000000000a1', { name: 'quota and rate', quota: 100, rate: { requests: 5, windowS: 60 } }),
    stored('key_0000000000b2', { name: 'no quota' }),
    stored('key_0000000000c3', { name: 'revoked', revokedAt: '2024-02-03T04:05:06.789Z' }),
  ];
  const { key: _key, ...first } = keys[0]!;
  const rest = keys.slice(1).map(({ key: _k, ...k }) => k);
  writeFileSync(path.join(dir, 'keys.json'), `${JSON.stringify({ keys: [first, ...rest] }, null, 2)}\n`);
  const now = creditPeriod();
  let n = 0;
  // period, key id, credits, request id, operation
  const line = (fields: [string, string, number, string]) => {
    const [period, keyId, credits, op] = fields;
    return `${period}\t${keyId}\t${credits}\t00000000-0000-4000-8000-${String(++n).padStart(12, '0')}\t${op}\n`;
  };
  writeFileSync(
    path.join(dir, 'usage.log'),
    line([now, 'key_0000000000a1', 1, '/v1/countries']) +
      line([now, 'key_0000000000a1', 2, '/v1/trade']) +
      line([previousPeriod(now), 'key_0000000000a1', 5, '/v1/trade']) +
      line([now, 'key_0000000000b2', 1, '/v1/countries']) +
      `${now}\tkey_0000000000b2`, // a torn last write: not a call
  );
  return { keys };
}

describe('embedded state in SQLite', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('imports keys.json and usage.log once, in the CLI, and keeps the old files as *.imported', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-sqlite-import-'));
    dirs.push(dataDir);
    writeLegacyState(dataDir);
    const env = { DATA_DIR: dataDir };
    const listed = JSON.parse(await keysCli(['list', '--json'], env)) as Listed[];
    const period = creditPeriod();
    assert.deepEqual(listed, [
      {
        id: 'key_0000000000a1',
        name: 'quota and rate',
        created_at: '2024-01-02T03:04:05.678Z',
        revoked_at: null,
        quota: 100,
        rate: { requests: 5, window_s: 60 },
        usage: { period, credits: 3, calls: 2 },
        budget: 'key',
        remaining: 97,
      },
      {
        id: 'key_0000000000b2',
        name: 'no quota',
        created_at: '2024-01-02T03:04:05.678Z',
        revoked_at: null,
        quota: null,
        rate: null,
        usage: { period, credits: 1, calls: 1 },
        budget: 'key',
        remaining: null,
      },
      {
        id: 'key_0000000000c3',
        name: 'revoked',
        created_at: '2024-01-02T03:04:05.678Z',
        revoked_at: '2024-02-03T04:05:06.789Z',
        quota: null,
        rate: null,
        usage: { period, credits: 0, calls: 0 },
        budget: 'key',
        remaining: null,
      },
    ]);
    const state = path.join(dataDir, 'state');
    assert.ok(existsSync(path.join(state, 'keys.json.imported')) && !existsSync(path.join(state, 'keys.json')));
    assert.ok(existsSync(path.join(state, 'usage.log.imported')) && !existsSync(path.join(state, 'usage.log')));
    assert.deepEqual(JSON.parse(await keysCli(['list', '--json'], env)), listed, 'a second open imports nothing');
  });

  it('imports the former state on the server start: old keys authenticate, their usage counts', async () => {
    const dataDir = await sampleDataDir();
    dirs.push(dataDir);
    const { keys } = writeLegacyState(dataDir);
    const server = await startServerProcess({ DATA_DIR: dataDir });
    try {
      const get = (key: string) => fetch(`${server.url}/v1/countries`, { headers: { authorization: `Bearer ${key}` } });
      const quota = await get(keys[0]!.key);
      assert.equal(quota.status, 200);
      const cost = Number(quota.headers.get('x-credits-remaining'));
      assert.ok(cost <= 100 - 3 - 1, `the imported 3 credits count: ${cost} remain`);
      assert.equal((await get(keys[1]!.key)).status, 200);
      const revoked = await get(keys[2]!.key);
      expectError({ status: revoked.status, headers: revoked.headers, body: await revoked.json() }, 401, 'invalid_key');
    } finally {
      await server.stop('SIGKILL');
    }
    const listed = JSON.parse(await keysCli(['list', '--json'], { DATA_DIR: dataDir })) as Listed[];
    assert.deepEqual(
      listed.map((k) => [k.id, k.usage.calls]),
      [
        ['key_0000000000a1', 3],
        ['key_0000000000b2', 2],
        ['key_0000000000c3', 0],
      ],
    );
  });

  it('reloads the keys when another connection changed a key, not when its writes change none', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'keys-version-'));
    dirs.push(dataDir);
    const db = openStateDatabase(dataDir);
    const other = openStateDatabase(dataDir);
    const admin = new SqliteKeyAdmin(openStateDatabase(dataDir));
    const { key, record } = await admin.create({ name: 'metered', quota: 100, rate: null });
    const keys = new SqliteKeyStore(db, 10);
    // Usage written on another connection moves `data_version` here, as the dashboard's writes do.
    const elsewhere = new SqliteCreditLedger(other);
    try {
      const found = (await keys.lookup(key))!;
      const loaded = (keys as unknown as { byHash: unknown }).byHash;
      const period = creditPeriod();
      const calls = Array.from({ length: 20 }, (_, i) => ({
        requestId: `r${i}`,
        keyId: found.id,
        period,
        operation: '/v1/trade',
        credits: 2,
      }));
      const left = await Promise.all(calls.map((e) => elsewhere.commit(found, e, false)));
      assert.equal(Math.min(...(left as number[])), 60);
      // Committed on the other connection and read on this one once commit() settled.
      const counted = db.prepare('SELECT count(*) AS n, sum(credits) AS c FROM usage_ledger').get() as Record<
        string,
        number
      >;
      assert.deepEqual([Number(counted.n), Number(counted.c)], [20, 40]);
      await new Promise((r) => setTimeout(r, 50));
      assert.equal((keys as unknown as { byHash: unknown }).byHash, loaded, 'the usage writes reloaded the keys');
      // A key revoked on another connection is still seen within the poll.
      await admin.revoke(record.id);
      await new Promise((r) => setTimeout(r, 50));
      assert.equal(await keys.lookup(key), null);
    } finally {
      keys.close();
      await admin.close();
      other.close();
      db.close();
    }
  });

  describe('with 1 000 000 usage rows', () => {
    let dataDir: string;
    let key: string;
    let id: string;
    const ROWS = 1_000_000;

    before(async () => {
      dataDir = await sampleDataDir();
      dirs.push(dataDir);
      const admin = new SqliteKeyAdmin(openStateDatabase(dataDir));
      ({
        key,
        record: { id },
      } = await admin.create({ name: 'busy', quota: 2 * ROWS, rate: null }));
      await admin.close();
      fillLedger(dataDir, id, ROWS);
    });

    it('opens the store and answers the first keyed request without reading the ledger', async () => {
      const started = performance.now();
      const db = openStateDatabase(dataDir);
      const keys = new SqliteKeyStore(db);
      const record = (await keys.lookup(key))!;
      const ledger = new SqliteCreditLedger(db);
      const entry = { requestId: 'first', keyId: id, period: creditPeriod(), operation: '/v1/countries', credits: 1 };
      const reserved = await ledger.reserve({ ...record, quota: record.quota! }, entry);
      const ms = performance.now() - started;
      keys.close();
      db.close();
      assert.deepEqual(reserved, { ok: true, remaining: ROWS - 1 });
      console.log(`${ROWS} usage rows: store opened and first request reserved in ${ms.toFixed(1)} ms`);
    });

    it('starts the server and answers the first keyed request', async () => {
      const started = performance.now();
      const server = await startServerProcess({ DATA_DIR: dataDir });
      const listening = performance.now() - started;
      try {
        const r = await fetch(`${server.url}/v1/countries`, { headers: { authorization: `Bearer ${key}` } });
        const ms = performance.now() - started;
        assert.equal(r.status, 200);
        assert.ok(Number(r.headers.get('x-credits-remaining')) <= ROWS - 1);
        console.log(
          `${ROWS} usage rows: server process listening in ${listening.toFixed(0)} ms, ` +
            `first keyed answer at ${ms.toFixed(0)} ms`,
        );
      } finally {
        await server.stop('SIGKILL');
      }
    });
  });
});

/** `rows` paid calls of one credit this month for `keyId`, over 20 operations, and their rollup, in one transaction. */
function fillLedger(dataDir: string, keyId: string, rows: number): void {
  const db = openStateDatabase(dataDir);
  const period = creditPeriod();
  const at = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
  const insert = db.prepare(
    'INSERT INTO usage_ledger (request_id, key_id, period, operation, credits, created_at) VALUES (?, ?, ?, ?, 1, ?)',
  );
  db.transaction(() => {
    for (let i = 0; i < rows; i++) insert.run(`fill-${i}`, keyId, period, `/v1/op${i % 20}`, at);
    db.prepare(
      'INSERT INTO usage_daily (key_id, day, operation, calls, credits) ' +
        'SELECT key_id, substr(created_at, 1, 10), operation, count(*), sum(credits) FROM usage_ledger ' +
        'WHERE key_id = ? GROUP BY 1, 2, 3',
    ).run(keyId);
  })();
  db.close();
  assert.ok(existsSync(stateDatabaseFile(dataDir)));
}
