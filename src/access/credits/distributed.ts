import type { Redis } from 'ioredis';
import type { Pool } from 'pg';
import type { ApiKeyRecord } from '../keys.js';
import type { CreditLedger, UsageEntry } from './index.js';

/** A reservation a dead replica never settled is dropped after this long. */
export const RESERVATION_TTL_MS = 60_000;

// Live credits of one key and month in Redis: KEYS[1] = credits committed (a copy
// of the ledger's sum), KEYS[2] = open reservations ("requestId:cost", scored by
// expiry). Checking and reserving is one atomic step across all replicas.
const RESERVE = `
local committed = redis.call('GET', KEYS[1])
if not committed then return {-1, 0} end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local held = 0
for _, m in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do held = held + tonumber(string.match(m, ':(%d+)$')) end
local remaining = tonumber(ARGV[1]) - tonumber(committed) - held
local cost = tonumber(ARGV[2])
if remaining < cost then return {0, math.max(remaining, 0)} end
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[4]), ARGV[3])
redis.call('PEXPIRE', KEYS[2], 3600000)
return {1, remaining - cost}
`;

// Turns a reservation into committed credits (after the ledger row is written).
const COMMIT = `
local removed = redis.call('ZREM', KEYS[2], ARGV[1])
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('INCRBY', KEYS[1], ARGV[2]) end
local committed = tonumber(redis.call('GET', KEYS[1]) or '0')
local held = 0
for _, m in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do held = held + tonumber(string.match(m, ':(%d+)$')) end
return tonumber(ARGV[3]) - committed - held
`;

type Scripts = {
  creditReserve(
    committed: string,
    reservations: string,
    quota: number,
    cost: number,
    member: string,
    ttlMs: number,
  ): Promise<[number, number]>;
  creditCommit(committed: string, reservations: string, member: string, cost: number, quota: number): Promise<number>;
};

/**
 * Distributed credits: the usage ledger in PostgreSQL (one row per paid call,
 * written before the answer is sent, idempotent on the request id) and the live
 * counters in Redis. A counter Redis has lost (restart) is rebuilt from the ledger.
 */
export class DistributedCreditLedger implements CreditLedger {
  private readonly scripts: Scripts;

  constructor(
    private readonly redis: Redis,
    private readonly pg: Pool,
  ) {
    redis.defineCommand('creditReserve', { numberOfKeys: 2, lua: RESERVE });
    redis.defineCommand('creditCommit', { numberOfKeys: 2, lua: COMMIT });
    this.scripts = redis as unknown as Scripts;
  }

  private keys(keyId: string, period: string): [string, string] {
    return [`credits:${keyId}:${period}`, `credits:${keyId}:${period}:reserved`];
  }

  async reserve(key: ApiKeyRecord & { quota: number }, entry: UsageEntry): Promise<{ ok: boolean; remaining: number }> {
    const [committed, reservations] = this.keys(key.id, entry.period);
    const member = `${entry.requestId}:${entry.credits}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      const [ok, remaining] = await this.scripts.creditReserve(
        committed,
        reservations,
        key.quota,
        entry.credits,
        member,
        RESERVATION_TTL_MS,
      );
      if (ok !== -1) return { ok: ok === 1, remaining };
      const r = await this.pg.query<{ used: string }>(
        'SELECT coalesce(sum(credits), 0)::bigint AS used FROM usage_ledger WHERE key_id = $1 AND period = $2',
        [key.id, entry.period],
      );
      await this.redis.set(committed, r.rows[0]!.used, 'EX', 40 * 86_400, 'NX');
    }
    throw new Error('credit counter could not be initialised');
  }

  async commit(key: ApiKeyRecord, entry: UsageEntry, reserved: boolean): Promise<number | null> {
    await this.pg.query(
      'INSERT INTO usage_ledger (request_id, key_id, period, operation, credits) VALUES ($1, $2, $3, $4, $5) ' +
        'ON CONFLICT (request_id) DO NOTHING',
      [entry.requestId, entry.keyId, entry.period, entry.operation, entry.credits],
    );
    if (key.quota === null || !reserved) return null;
    const [committed, reservations] = this.keys(key.id, entry.period);
    try {
      return Math.max(
        0,
        await this.scripts.creditCommit(
          committed,
          reservations,
          `${entry.requestId}:${entry.credits}`,
          entry.credits,
          key.quota,
        ),
      );
    } catch {
      // The call is recorded; the counter is rebuilt from the ledger if Redis lost it.
      return null;
    }
  }

  async release(key: ApiKeyRecord, entry: UsageEntry): Promise<void> {
    const [, reservations] = this.keys(key.id, entry.period);
    await this.redis.zrem(reservations, `${entry.requestId}:${entry.credits}`);
  }

  async close(): Promise<void> {}
}
