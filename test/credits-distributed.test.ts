// The distributed credit ledger against a real Redis and PostgreSQL: reservations hold
// credits until they are committed, released or expire, and the count of held credits
// Redis keeps beside them agrees with the reservations through each of those.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { DistributedCreditLedger } from '../src/access/credits/distributed.js';
import { foldIncoming } from '../src/access/credits/ledger-fold.js';
import type { UsageEntry } from '../src/access/credits/index.js';
import { type ApiKeyRecord, budgetOf, creditPeriod, keyRecord } from '../src/access/keys.js';
import { PgKeyAdmin, createPool, migrate } from '../src/access/stores/postgres.js';
import { type RedisProcess, createDatabase, servicesUnavailable, startRedis } from './helpers/processes.js';

const unavailable = await servicesUnavailable();
if (unavailable && process.env.REQUIRE_SERVICES === '1')
  throw new Error(`the distributed credit tests need Redis and PostgreSQL: ${unavailable}`);

const TTL_MS = 2000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('distributed credits: reservations and the credits they hold', { skip: unavailable || false }, () => {
  let redisProcess: RedisProcess;
  let redis: Redis;
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let pool: Pool;
  let ledger: DistributedCreditLedger;

  before(async () => {
    redisProcess = await startRedis();
    redis = new Redis(redisProcess.url);
    database = await createDatabase();
    pool = createPool(database.url);
    await migrate(pool);
    ledger = new DistributedCreditLedger(redis, pool, { reservationTtlMs: TTL_MS });
  });
  after(async () => {
    redis.disconnect();
    await pool.end();
    await database.drop();
    await redisProcess.stop();
  });

  /** A new key with `quota` credits a month. */
  async function keyWith(quota: number): Promise<ApiKeyRecord & { quota: number }> {
    const { record } = await new PgKeyAdmin(pool).create({ name: 'held credits', quota, rate: null });
    return { ...keyRecord(record), quota };
  }
  const entry = (key: ApiKeyRecord, credits: number): UsageEntry => ({
    requestId: crypto.randomUUID(),
    keyId: key.id,
    period: creditPeriod(),
    operation: '/v1/countries',
    credits,
  });
  /** The key, once its committed counter is in Redis (a reservation made and released). */
  async function counted<K extends ApiKeyRecord & { quota: number }>(key: K): Promise<K> {
    const first = entry(key, 0);
    await ledger.reserve(key, first);
    await ledger.release(key, first);
    return key;
  }
  const heldKey = (key: ApiKeyRecord) => `credits:${budgetOf(key)}:${creditPeriod()}:reserved:held`;
  /** The credits Redis counts as held by the key's open reservations. */
  const held = (key: ApiKeyRecord) => redis.hget(heldKey(key), 'credits');
  const reservationsKey = (key: ApiKeyRecord) => `credits:${budgetOf(key)}:${creditPeriod()}:reserved`;

  it('releases a free call', async () => {
    const key = await counted(await keyWith(10));
    const free = entry(key, 0);
    assert.deepEqual(await ledger.reserve(key, free), { ok: true, remaining: 10 });
    await ledger.release(key, free);
    assert.equal(await held(key), '0');
    assert.equal(await redis.zcard(reservationsKey(key)), 0);
  });

  it('holds reserved credits until they are released or committed', async () => {
    const key = await keyWith(10);
    const a = entry(key, 4);
    const b = entry(key, 4);
    assert.deepEqual(await ledger.reserve(key, a), { ok: true, remaining: 6 });
    assert.deepEqual(await ledger.reserve(key, b), { ok: true, remaining: 2 });
    assert.deepEqual(await ledger.reserve(key, entry(key, 3)), { ok: false, remaining: 2 });
    await ledger.release(key, a);
    await ledger.release(key, a); // a second release of the same call frees nothing more
    assert.equal(await held(key), '4');
    assert.equal(await ledger.commit(key, b, true), null);
    // The commit turns the reservation into committed credits after the ledger's write.
    for (let i = 0; i < 50 && (await held(key)) !== '0'; i++) await sleep(10);
    assert.equal(await held(key), '0');
    assert.deepEqual(await ledger.reserve(key, entry(key, 6)), { ok: true, remaining: 0 });
    assert.deepEqual(await ledger.reserve(key, entry(key, 1)), { ok: false, remaining: 0 });
  });

  it('frees the credits of a reservation never settled once it expires', async () => {
    const key = await keyWith(5);
    assert.deepEqual(await ledger.reserve(key, entry(key, 5)), { ok: true, remaining: 0 });
    assert.deepEqual(await ledger.reserve(key, entry(key, 1)), { ok: false, remaining: 0 });
    await sleep(TTL_MS + 50);
    assert.deepEqual(await ledger.reserve(key, entry(key, 2)), { ok: true, remaining: 3 });
    assert.equal(await held(key), '2');
    assert.equal(await redis.zcard(reservationsKey(key)), 1);
  });

  it('counts the held credits again from the reservations when the count is lost', async () => {
    const key = await keyWith(10);
    await ledger.reserve(key, entry(key, 3));
    await ledger.reserve(key, entry(key, 2));
    await redis.del(heldKey(key));
    assert.deepEqual(await ledger.reserve(key, entry(key, 1)), { ok: true, remaining: 4 });
    assert.equal(await held(key), '6');
    // Without reservations nothing is held, whatever a stale count says.
    await redis.del(reservationsKey(key));
    assert.deepEqual(await ledger.reserve(key, entry(key, 10)), { ok: true, remaining: 0 });
  });

  it('holds a call reserved twice once', async () => {
    const key = await keyWith(10);
    const call = entry(key, 4);
    await ledger.reserve(key, entry(key, 1)); // still open at the end
    assert.deepEqual(await ledger.reserve(key, call), { ok: true, remaining: 5 });
    // Asked again (a command resent after its reply was lost): held once, and the same credits left.
    assert.deepEqual(await ledger.reserve(key, call), { ok: true, remaining: 5 });
    assert.equal(await held(key), '5');
    await ledger.release(key, call);
    assert.equal(await held(key), '1');
    assert.deepEqual(await ledger.reserve(key, entry(key, 9)), { ok: true, remaining: 0 });
  });

  it('counts again when reservations changed without the count (a replica of an earlier version)', async () => {
    const key = await keyWith(10);
    await ledger.reserve(key, entry(key, 2));
    const expiry = Date.now() + 60_000;
    await redis.zadd(reservationsKey(key), expiry, `${crypto.randomUUID()}:5`);
    assert.deepEqual(await ledger.reserve(key, entry(key, 4)), { ok: false, remaining: 3 });
    assert.equal(await held(key), '7');
    // One taken away outside the count: counted again, nothing held twice.
    const [outside] = await redis.zrangebyscore(reservationsKey(key), expiry, expiry);
    await redis.zrem(reservationsKey(key), outside!);
    assert.deepEqual(await ledger.reserve(key, entry(key, 8)), { ok: true, remaining: 0 });
    assert.equal(await held(key), '10');
  });

  it('checks the calls of one turn together, each as if it ran alone', async () => {
    const key = await counted(await keyWith(5));
    const rate = { limit: 8, windowS: 60 };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => ledger.limitAndReserve(key, entry(key, 1), rate)),
    );
    assert.deepEqual(
      answers.map((a) => [a.rate.allowed, a.rate.remaining]),
      [7, 6, 5, 4, 3, 2, 1, 0]
        .map((r) => [true, r])
        .concat([
          [false, 0],
          [false, 0],
        ]),
    );
    assert.deepEqual(
      answers.map((a) => a.credits),
      [
        ...[4, 3, 2, 1, 0].map((remaining) => ({ ok: true, remaining })),
        ...[0, 0, 0].map(() => ({ ok: false, remaining: 0 })),
        undefined,
        undefined,
      ],
    );
    assert.ok(answers.every((a) => a.rate.resetS === 60));
    assert.equal(await held(key), '5');
    assert.equal(await redis.zcard(reservationsKey(key)), 5);
    assert.equal(await redis.zcard(`rl:${key.id}`), 8);
  });

  it('holds a call asked twice in one turn, or again in a later one, once', async () => {
    const key = await counted(await keyWith(10));
    const rate = { limit: 100, windowS: 60 };
    const call = entry(key, 4);
    const [first, again] = await Promise.all([
      ledger.limitAndReserve(key, call, rate),
      ledger.limitAndReserve(key, call, rate),
    ]);
    assert.deepEqual(
      [first.credits, again.credits],
      [
        { ok: true, remaining: 6 },
        { ok: true, remaining: 6 },
      ],
    );
    assert.deepEqual((await ledger.limitAndReserve(key, call, rate)).credits, { ok: true, remaining: 6 });
    assert.equal(await held(key), '4');
  });

  it('commits the reservations of a batch of calls of several budgets', async () => {
    const keys = [await counted(await keyWith(10)), await counted(await keyWith(10))];
    const rate = { limit: 100, windowS: 60 };
    // A free call (an SDMX structure query) among them: its reservation holds nothing.
    const calls = keys.flatMap((key) => [entry(key, 2), entry(key, 0), entry(key, 3)].map((e) => ({ key, e })));
    await Promise.all(calls.map(({ key, e }) => ledger.limitAndReserve(key, e, rate)));
    assert.deepEqual(await Promise.all(keys.map(held)), ['5', '5']);
    await Promise.all(calls.map(({ key, e }) => ledger.commit(key, e, true)));
    const committed = (key: ApiKeyRecord) => redis.get(`credits:${budgetOf(key)}:${creditPeriod()}`);
    for (let i = 0; i < 50 && (await committed(keys[1]!)) !== '5'; i++) await sleep(10);
    assert.deepEqual(await Promise.all(keys.map(committed)), ['5', '5']);
    assert.deepEqual(await Promise.all(keys.map(held)), ['0', '0']);
    assert.deepEqual(await Promise.all(keys.map((k) => redis.zcard(reservationsKey(k)))), [0, 0]);
  });

  it('folds the recorded calls into the ledger and its daily rollup, each once', async () => {
    const key = await keyWith(100);
    const calls = [entry(key, 2), entry(key, 3), entry(key, 0)];
    await Promise.all(calls.map((e) => ledger.commit(key, e, false)));
    const count = async (table: string) =>
      (await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE key_id = $1`, [key.id])).rows[0]!.n;
    assert.deepEqual([await count('usage_incoming'), await count('usage_recorded')], ['3', '3']);
    // The same call recorded twice (a batch written again): counted once.
    await pool.query(
      'INSERT INTO usage_incoming (request_id, key_id, period, operation, credits) VALUES ($1, $2, $3, $4, $5)',
      [calls[0]!.requestId, key.id, calls[0]!.period, calls[0]!.operation, 2],
    );
    // Two replicas folding at once move each row once.
    await Promise.all([foldIncoming(pool), foldIncoming(pool)]);
    assert.deepEqual([await count('usage_incoming'), await count('usage_ledger')], ['0', '3']);
    const daily = await pool.query<{ calls: string; credits: string }>(
      'SELECT sum(calls) AS calls, sum(credits) AS credits FROM usage_daily WHERE key_id = $1',
      [key.id],
    );
    assert.deepEqual(daily.rows[0], { calls: '3', credits: '5' });
  });

  it('lets concurrent reservations take exactly the credits there are', async () => {
    const key = await keyWith(50);
    const results = await Promise.all(Array.from({ length: 80 }, () => ledger.reserve(key, entry(key, 1))));
    assert.equal(results.filter((r) => r.ok).length, 50);
    assert.equal(await held(key), '50');
  });
});
