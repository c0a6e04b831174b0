import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectError } from './helpers/errors.js';
import { createKeyInProcess } from './helpers/keys.js';
import { startCluster, type Cluster } from './helpers/cluster.js';
import { Browser } from './helpers/dashboard-client.js';
import {
  burst,
  createKey,
  keysCli,
  servicesUnavailable,
  startServerProcess,
  type RedisProcess,
  type ServerProcess,
} from './helpers/processes.js';

const count = (rs: Array<{ status: number }>, status: number) => rs.filter((r) => r.status === status).length;

// The replicas, Redis and PostgreSQL are real; keys are created in-process with the store
// `npm run keys` opens, except where the command itself is checked (create, list, revoke).

// In CI the services must be there: a missing one fails the suite instead of skipping it.
const unavailable = await servicesUnavailable();
if (unavailable && process.env.REQUIRE_SERVICES === '1')
  throw new Error(`distributed tests need Redis and PostgreSQL: ${unavailable}`);

describe(
  'access control, distributed backend (two replicas, Redis, PostgreSQL)',
  { skip: unavailable || false },
  () => {
    let cluster: Cluster | undefined;
    let redis: RedisProcess;
    let db: Cluster['db'];
    let env: Record<string, string>;
    let replicas: ServerProcess[] = [];
    const urls = () => replicas.map((r) => r.url);
    const ledger = async (keyId: string) =>
      (
        await db.query<{ calls: string; credits: string | null }>(
          'SELECT count(*) AS calls, sum(credits) AS credits FROM usage_recorded WHERE key_id = $1',
          [keyId],
        )
      ).rows[0]!;

    before(async () => {
      cluster = await startCluster({ RATE_LIMIT_REQUESTS: '1000', RATE_LIMIT_WINDOW_S: '60' });
      ({ redis, db, env, replicas } = cluster);
    });
    after(() => cluster?.close());

    it(
      'gives a key with quota Q exactly Q answers 200 out of 1.5 Q concurrent requests' + ' over two replicas',
      async () => {
        const { key, id } = await createKey(['--name', 'quota', '--quota', '40'], env);
        const rs = await burst(urls(), { path: '/v1/countries', key: key, n: 60 });
        assert.equal(count(rs, 200), 40);
        assert.equal(count(rs, 403), 20);
        for (const r of rs.filter((x) => x.status === 403)) expectError(r, 403, 'quota_exceeded');
        assert.ok(rs.every((r) => /^\d{4}-\d{2}-01T00:00:00Z$/.test(r.headers.get('x-credits-reset') ?? '')));
        assert.deepEqual(await ledger(id), { calls: '40', credits: '40' });
        const listed = JSON.parse(await keysCli(['list', '--json'], env)) as Array<{ id: string; usage: any }>;
        const { credits, calls } = listed.find((k) => k.id === id)!.usage;
        assert.deepEqual({ credits, calls }, { credits: 40, calls: 40 });
      },
    );

    it(
      'lets exactly N of 2N concurrent requests through a window of N across replicas,' + ' then passes again',
      async () => {
        const { key } = await createKey(['--name', 'rate', '--rate', '8/2'], env);
        const rs = await burst(urls(), { path: '/v1/indicators', key: key, n: 16 });
        // Every request was counted before its answer came back: a full window after the
        // last answer, none of them is in it any more, however long the burst took.
        const answered = Date.now();
        assert.equal(count(rs, 200), 8);
        assert.equal(count(rs, 429), 8);
        for (const r of rs.filter((x) => x.status === 429)) {
          expectError(r, 429, 'rate_limit_exceeded');
          const retry = Number(r.headers.get('retry-after'));
          assert.ok(Number.isInteger(retry) && retry >= 1 && retry <= 2, `Retry-After ${retry}`);
        }
        assert.ok(rs.every((r) => r.headers.get('ratelimit-policy') === '"window";q=8;w=2'));
        const remaining = rs.map((r) => Number(/;r=(\d+);/.exec(r.headers.get('ratelimit') ?? '')?.[1]));
        assert.deepEqual(
          remaining.sort((a, b) => a - b),
          [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7],
        );
        await new Promise((r) => setTimeout(r, Math.max(0, answered + 2000 - Date.now()) + 100));
        const again = await burst(urls(), { path: '/v1/indicators', key: key, n: 2 });
        assert.equal(count(again, 200), 2);
      },
    );

    it('revokes a key on every replica within a second', async () => {
      const { key, id } = await createKeyInProcess({ name: 'revoke' }, env);
      assert.equal(count(await burst(urls(), { path: '/v1/countries', key: key, n: 2 }), 200), 2);
      await keysCli(['revoke', id], env);
      // Each replica re-reads the keys by itself: asked until both refuse, for at most the second allowed.
      const revoked = Date.now();
      while (
        Date.now() - revoked < 1000 &&
        count(await burst(urls(), { path: '/v1/countries', key: key, n: 2 }), 401) < 2
      )
        await new Promise((r) => setTimeout(r, 20));
      const rs = await burst(urls(), { path: '/v1/countries', key: key, n: 4 });
      for (const r of rs) expectError(r, 401, 'invalid_key');
    });

    it('answers and records a free call (an SDMX structure query) beside paid ones', async () => {
      const { key, id } = await createKeyInProcess({ name: 'free', quota: 100 }, env);
      const [free, paid] = await Promise.all([
        burst(urls(), { path: '/sdmx/2.1/dataflow', key, n: 6 }),
        burst(urls(), { path: '/v1/indicators', key, n: 6 }),
      ]);
      assert.deepEqual([count(free, 200), count(paid, 200)], [6, 6]);
      assert.deepEqual(await ledger(id), { calls: '12', credits: '6' });
    });

    it('records every 200 of a replica killed with -9', async () => {
      const { key, id } = await createKeyInProcess({ name: 'kill', quota: 1000 }, env);
      const rs = await burst(urls(), { path: '/v1/indicators', key: key, n: 30 });
      await replicas[0]!.stop('SIGKILL');
      assert.deepEqual(await ledger(id), { calls: String(count(rs, 200)), credits: String(count(rs, 200)) });
      replicas[0] = await startServerProcess(env);
      const more = await burst(urls(), { path: '/v1/indicators', key: key, n: 10 });
      assert.equal(Number((await ledger(id)).calls), count(rs, 200) + count(more, 200));
    });

    it('answers 503 while Redis is down, never a free pass, and recovers by itself', async () => {
      const { key, id } = await createKeyInProcess({ name: 'outage', quota: 10 }, env);
      assert.equal(count(await burst(urls(), { path: '/v1/countries', key: key, n: 3 }), 200), 3);
      const readiness = async () => {
        const r = await fetch(`${replicas[0]!.url}/readyz`);
        return { status: r.status, body: (await r.json()) as { checks: Record<string, string>; error?: string } };
      };
      const ready = await readiness();
      assert.equal(ready.status, 200);
      assert.deepEqual(ready.body.checks, { snapshot: 'ok', redis: 'ok', postgres: 'ok' });
      await redis.stop();
      const down = await burst(urls(), { path: '/v1/countries', key: key, n: 4 });
      for (const r of down) expectError(r, 503, 'provider_unavailable');
      const notReady = await readiness();
      assert.equal(notReady.status, 503);
      assert.equal(notReady.body.error, 'provider_unavailable');
      assert.equal(notReady.body.checks.redis, 'unavailable');
      assert.equal(notReady.body.checks.postgres, 'ok');
      // Sign-in attempts are counted in Redis: none goes through uncounted, and the page says why.
      const person = new Browser(replicas[0]!.url);
      const form = { email: 'nobody@example.com', password: 'correct horse battery' };
      const refused = await person.submit('/dashboard/login', '/dashboard/login', form);
      assert.equal(refused.status, 503);
      assert.equal(refused.headers.get('retry-after'), '5');
      assert.match(
        refused.text,
        /<p role="alert">Signing in and signing up are unavailable for a moment\. Try again shortly\.<\/p>/,
      );
      await redis.start();
      let recovered = false;
      for (let i = 0; i < 200 && !recovered; i++) {
        await new Promise((r) => setTimeout(r, 50));
        recovered = count(await burst(urls(), { path: '/v1/countries', key: key, n: 2 }), 200) === 2;
      }
      assert.ok(recovered, 'requests pass again once Redis is back');
      assert.equal((await readiness()).status, 200, '/readyz is 200 again');
      assert.equal((await person.submit('/dashboard/login', '/dashboard/login', form)).status, 401, 'counted again');
      // The counters Redis lost are rebuilt from the ledger: the quota still holds.
      const rest = await burst(urls(), { path: '/v1/countries', key: key, n: 10 });
      const used = Number((await ledger(id)).credits);
      assert.equal(used, 10);
      assert.ok(count(rest, 403) > 0);
    });

    it('answers 503 when PostgreSQL is unreachable', async () => {
      const broken = await startServerProcess({ ...env, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
      try {
        const r = await fetch(`${broken.url}/v1/countries`, { headers: { authorization: 'Bearer etk_whatever' } });
        expectError({ status: r.status, headers: r.headers, body: await r.json() }, 503, 'provider_unavailable');
      } finally {
        await broken.stop('SIGKILL');
      }
    });
  },
);
