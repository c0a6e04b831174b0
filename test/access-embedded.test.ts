import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { expectError } from './helpers/errors.js';
import { createKeyInProcess, keyUsage } from './helpers/keys.js';
import {
  burst,
  createKey,
  keysCli,
  sampleDataDir,
  startServerProcess,
  type ServerProcess,
} from './helpers/processes.js';

const count = (rs: Array<{ status: number }>, status: number) => rs.filter((r) => r.status === status).length;

// The server is a real process; keys are created and usage read in-process with the store
// `npm run keys` opens, except where the command itself is checked (create, list, revoke).

/** Usage this month of a key, as `keys list --json` gives it (credits, calls). */
async function usageOf(id: string, env: Record<string, string>): Promise<{ credits: number; calls: number }> {
  const listed = JSON.parse(await keysCli(['list', '--json'], env)) as Array<{ id: string; usage: any }>;
  const { credits, calls } = listed.find((k) => k.id === id)!.usage;
  return { credits, calls };
}

describe('access control, embedded backend', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let server: ServerProcess;

  before(async () => {
    dataDir = await sampleDataDir();
    env = { DATA_DIR: dataDir, BOOTSTRAP_API_KEY: 'boot-key', RATE_LIMIT_REQUESTS: '1000', RATE_LIMIT_WINDOW_S: '60' };
    server = await startServerProcess(env);
  });
  after(async () => {
    await server.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates keys with a prefix and 256 random bits, shown once and stored as a hash', async () => {
    const { key, id } = await createKey(['--name', 'shape'], env);
    assert.match(key, /^etk_[A-Za-z0-9_-]{43}$/);
    const list = await keysCli(['list'], env);
    assert.ok(list.includes(id));
    assert.ok(!list.includes(key), 'list never shows a key');
  });

  it('gives a key with quota Q exactly Q answers 200 out of 1.5 Q concurrent requests', async () => {
    const { key, id } = await createKeyInProcess({ name: 'quota', quota: 20 }, env);
    const rs = await burst([server.url], { path: '/v1/countries', key: key, n: 30 });
    assert.equal(count(rs, 200), 20);
    assert.equal(count(rs, 403), 10);
    for (const r of rs.filter((x) => x.status === 403)) expectError(r, 403, 'quota_exceeded');
    assert.ok(rs.every((r) => r.headers.get('x-credits-remaining') !== null));
    // The quota renews at the first instant of next month (UTC), said in a header and in the refusal.
    const now = new Date();
    const renews = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().replace('.000', '');
    assert.ok(
      rs.every((r) => r.headers.get('x-credits-reset') === renews),
      renews,
    );
    const refusal = rs.find((x) => x.status === 403)!.body as { message: string };
    assert.match(refusal.message, new RegExp(`0 remain this month\\. The quota renews at ${renews}\\.`));
    assert.deepEqual(await usageOf(id, env), { credits: 20, calls: 20 });
  });

  it('charges the operation cost, and only for 200 answers', async () => {
    const { key, id } = await createKeyInProcess({ name: 'costs', quota: 10 }, env);
    const get = (p: string) => fetch(server.url + p, { headers: { authorization: `Bearer ${key}` } });
    assert.equal((await get('/v1/trade/monthly?limit=1')).status, 200); // costs 3
    assert.equal((await get('/v1/search?limit=0')).status, 422);
    assert.equal((await get('/v1/latest?country=atlantis')).status, 404);
    const r = await get('/v1/countries');
    assert.equal(r.headers.get('x-credits-remaining'), '6');
    assert.deepEqual(await keyUsage(id, env), { credits: 4, calls: 2 });
    const big = await createKeyInProcess({ name: 'small', quota: 2 }, env);
    const refused = await fetch(`${server.url}/v1/trade/monthly?limit=1`, {
      headers: { authorization: `Bearer ${big.key}` },
    });
    assert.equal(refused.status, 403, 'remaining credits below the cost');
  });

  it(
    'lets N of 2N concurrent requests through a window of N, with a correct' + ' Retry-After, then passes again',
    async () => {
      const { key } = await createKey(['--name', 'rate', '--rate', '5/2'], env);
      const rs = await burst([server.url], { path: '/v1/countries', key: key, n: 10 });
      // Retry-After counts from when a refusal was answered, so a client waits from when it received it.
      const received = Date.now();
      assert.equal(count(rs, 200), 5);
      assert.equal(count(rs, 429), 5);
      for (const r of rs.filter((x) => x.status === 429)) {
        expectError(r, 429, 'rate_limit_exceeded');
        const retry = Number(r.headers.get('retry-after'));
        assert.ok(Number.isInteger(retry) && retry >= 1 && retry <= 2, `Retry-After ${retry}`);
      }
      for (const r of rs) {
        // The current draft's structured fields, and the earlier trio.
        assert.equal(r.headers.get('ratelimit-policy'), '"window";q=5;w=2');
        assert.match(r.headers.get('ratelimit')!, /^"window";r=[0-4];t=[0-2]$/);
        assert.equal(r.headers.get('ratelimit-limit'), '5');
        assert.ok(r.headers.get('ratelimit-remaining') !== null && r.headers.get('ratelimit-reset') !== null);
      }
      const remaining = rs.map((r) => /;r=(\d+);/.exec(r.headers.get('ratelimit')!)![1]).sort();
      assert.deepEqual(remaining, ['0', '0', '0', '0', '0', '0', '1', '2', '3', '4']);
      const retry = Math.max(...rs.filter((x) => x.status === 429).map((r) => Number(r.headers.get('retry-after'))));
      await new Promise((r) => setTimeout(r, Math.max(0, received + retry * 1000 - Date.now()) + 50));
      const again = await fetch(`${server.url}/v1/countries`, { headers: { authorization: `Bearer ${key}` } });
      assert.equal(again.status, 200);
    },
  );

  it('revokes a key within a second', async () => {
    const { key, id } = await createKeyInProcess({ name: 'revoke' }, env);
    const get = () => fetch(`${server.url}/v1/countries`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal((await get()).status, 200);
    await keysCli(['revoke', id], env);
    // The server re-reads the key file by itself: asked until it refuses, for at most the second allowed.
    const revoked = Date.now();
    let res = await get();
    while (res.status === 200 && Date.now() - revoked < 1000) {
      await res.arrayBuffer();
      await new Promise((r) => setTimeout(r, 20));
      res = await get();
    }
    expectError({ status: res.status, headers: res.headers, body: await res.json() }, 401, 'invalid_key');
  });

  it('keeps BOOTSTRAP_API_KEY working without quota', async () => {
    const r = await fetch(`${server.url}/v1/countries`, { headers: { authorization: 'Bearer boot-key' } });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('x-credits-remaining'), null);
    assert.equal(r.headers.get('x-credits-reset'), null, 'no quota, nothing renews');
    assert.ok(r.headers.get('ratelimit-limit'));
    assert.ok(r.headers.get('ratelimit-policy'));
  });

  it('keeps usage across kill -9 and restart: the ledger equals the 200 answers', async () => {
    const { key, id } = await createKeyInProcess({ name: 'durable', quota: 50 }, env);
    const first = await burst([server.url], { path: '/v1/indicators', key: key, n: 17 });
    assert.equal(count(first, 200), 17);
    await server.stop('SIGKILL');
    server = await startServerProcess(env);
    assert.deepEqual(await keyUsage(id, env), { credits: 17, calls: 17 });
    const rest = await burst([server.url], { path: '/v1/indicators', key: key, n: 40 });
    assert.equal(count(rest, 200), 33, 'the quota continues where it stopped');
    assert.deepEqual(await keyUsage(id, env), { credits: 50, calls: 50 });
  });
});
