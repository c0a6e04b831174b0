import type { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { budgetOf, type ApiKeyRecord } from '../keys.js';
import { type RateDecision } from '../rate-limit/index.js';
import { REDIS_NOW_LUA, SLIDING_LOG_LUA, rateDecision, rateLogKey } from '../rate-limit/redis.js';
import { GroupCommit } from './group-commit.js';
import type { CreditLedger, UsageEntry } from './index.js';

/** A reservation a dead replica never settled is dropped after this long. */
export const RESERVATION_TTL_MS = 60_000;

// Live credits of one budget (an account's keys, or one key) and month in Redis: the
// committed credits (a copy of the ledger's sum), the open reservations
// ("requestId:cost", scored by expiry) and a hash of what they hold (`credits`, and
// `calls` to check it by), so a check does not read every open reservation; when the
// hash is missing or its calls differ from the reservations' (a reservation made or
// dropped by a replica of an earlier version), it is counted again from them.
// Checking and reserving is one atomic step across all replicas. `reserve` returns -1
// when the committed counter is missing (to be rebuilt from the ledger), 0 when the
// credits left are fewer than the cost, 1 when reserved (or already reserved); then
// the credits left.
const HOLD_LUA = `
local HOLD_TTL_MS = 3600000
local function cost_of(member)
  return tonumber(string.match(member, ':(%d+)$'))
end
-- Drops a reservation; its credits are no longer held.
local function unhold(reservations, member)
  if redis.call('ZREM', reservations, member) == 1 then
    local held_key = reservations .. ':held'
    if redis.call('EXISTS', held_key) == 1 then
      redis.call('HINCRBY', held_key, 'credits', -cost_of(member))
      redis.call('HINCRBY', held_key, 'calls', -1)
    end
  end
end
`;

const RESERVE_LUA = `${HOLD_LUA}
local function sum_costs(members)
  local sum = 0
  for _, m in ipairs(members) do sum = sum + cost_of(m) end
  return sum
end
local function held_credits(reservations, held_key, now)
  local h = redis.call('HMGET', held_key, 'credits', 'calls')
  local held, calls = tonumber(h[1]), tonumber(h[2])
  if not held or held < 0 or calls ~= redis.call('ZCARD', reservations) then
    local members = redis.call('ZRANGE', reservations, 0, -1)
    held, calls = sum_costs(members), #members
    redis.call('HSET', held_key, 'credits', held, 'calls', calls)
    redis.call('PEXPIRE', held_key, HOLD_TTL_MS)
  end
  local expired = redis.call('ZRANGEBYSCORE', reservations, '-inf', now)
  if #expired > 0 then
    redis.call('ZREMRANGEBYSCORE', reservations, '-inf', now)
    held = held - sum_costs(expired)
    redis.call('HSET', held_key, 'credits', held, 'calls', calls - #expired)
  end
  return held
end
local function reserve(committed_key, reservations, quota, cost, member, ttl, now)
  local committed = redis.call('GET', committed_key)
  if not committed then return -1, 0 end
  local held_key = reservations .. ':held'
  local remaining = quota - tonumber(committed) - held_credits(reservations, held_key, now)
  -- The same call asking again (a command resent after a lost reply) is held once.
  if redis.call('ZSCORE', reservations, member) then return 1, math.max(remaining, 0) end
  if remaining < cost then return 0, math.max(remaining, 0) end
  redis.call('ZADD', reservations, now + ttl, member)
  redis.call('HINCRBY', held_key, 'credits', cost)
  redis.call('HINCRBY', held_key, 'calls', 1)
  redis.call('PEXPIRE', reservations, HOLD_TTL_MS)
  redis.call('PEXPIRE', held_key, HOLD_TTL_MS)
  return 1, remaining - cost
end
`;

const RESERVE = `${REDIS_NOW_LUA}${RESERVE_LUA}
return {reserve(KEYS[1], KEYS[2], tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3], tonumber(ARGV[4]), redis_now())}`;

// The whole access check of a request in one round trip: the sliding log, then (if
// the request passes it and the key has a quota) the reservation.
const LIMIT_AND_RESERVE = `${REDIS_NOW_LUA}${SLIDING_LOG_LUA}${RESERVE_LUA}
local now = redis_now()
local allowed, count, reset = sliding_log(KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3], now)
if allowed == 0 or ARGV[4] == '' then return {allowed, count, reset, 2, 0} end
local ok, remaining = reserve(KEYS[2], KEYS[3], tonumber(ARGV[4]), tonumber(ARGV[5]), ARGV[6], tonumber(ARGV[7]), now)
return {allowed, count, reset, ok, remaining}`;

// Turns the reservations of a batch of recorded calls into committed credits: KEYS
// are (committed, reservations) pairs, ARGV (member, cost) pairs.
const COMMIT_BATCH = `${HOLD_LUA}
for i = 1, #KEYS / 2 do
  local committed_key, reservations = KEYS[2 * i - 1], KEYS[2 * i]
  unhold(reservations, ARGV[2 * i - 1])
  if redis.call('EXISTS', committed_key) == 1 then redis.call('INCRBY', committed_key, ARGV[2 * i]) end
end
return #KEYS / 2`;

// Drops one reservation (a call that was not charged).
const RELEASE = `${HOLD_LUA}
unhold(KEYS[1], ARGV[1])
return 1`;

type Scripts = {
  creditReserve(...args: [string, string, number, number, string, number]): Promise<[number, number]>;
  limitAndReserve(
    ...args: [string, string, string, number, number, string, number | '', number, string, number]
  ): Promise<[number, number, number, number, number]>;
  creditCommitBatch(numberOfKeys: number, ...args: Array<string | number>): Promise<number>;
  creditRelease(...args: [string, string]): Promise<number>;
};

// A batch of paid calls and their daily rollup in one statement (one transaction):
// rows already recorded (a retried request id) are not counted again. The upserts
// go in key order so that concurrent batches lock rollup rows in the same order.
const RECORD_BATCH = `
WITH recorded AS (
  INSERT INTO usage_ledger (request_id, key_id, period, operation, credits)
  SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::int[])
  ON CONFLICT (request_id) DO NOTHING
  RETURNING key_id, period, operation, credits, created_at
), dated AS (
  SELECT key_id, operation, credits,
    least(greatest((created_at AT TIME ZONE 'UTC')::date, (period || '-01')::date),
          ((period || '-01')::date + interval '1 month' - interval '1 day')::date) AS day
  FROM recorded
)
INSERT INTO usage_daily (key_id, day, operation, calls, credits)
SELECT key_id, day, operation, count(*), sum(credits) FROM dated
GROUP BY key_id, day, operation ORDER BY key_id, day, operation
ON CONFLICT (key_id, day, operation) DO UPDATE
SET calls = usage_daily.calls + excluded.calls, credits = usage_daily.credits + excluded.credits`;

interface PaidCall {
  key: ApiKeyRecord;
  entry: UsageEntry;
  reserved: boolean;
}

/**
 * Distributed credits: the usage ledger in PostgreSQL (one row per paid call,
 * written before the answer is sent, idempotent on the request id) and the live
 * counters in Redis. A counter Redis has lost (restart) is rebuilt from the ledger.
 * Concurrent paid calls share one INSERT and one Redis commit (group commit).
 */
export class DistributedCreditLedger implements CreditLedger {
  private readonly scripts: Scripts;
  /** The counters being summed from the ledger, by Redis key. */
  private readonly rebuilding = new Map<string, Promise<void>>();
  // Up to 4 INSERTs in flight: the ledger's own pool has 4 connections (when it shares
  // the main pool, key reloads and lookups keep the rest).
  private readonly ledger = new GroupCommit<PaidCall, null>((calls) => this.record(calls), {
    maxInFlight: 4,
    maxBatch: 500,
  });

  private readonly ledgerPg: Pool;
  private readonly reservationTtlMs: number;

  /**
   * `pg` reads the ledger; `ledgerPg` (`pg` when absent) writes it, on connections
   * whose commits do not wait for the disk flush: a written row is in PostgreSQL
   * before its answer leaves (a replica's crash loses nothing), but a crash of
   * PostgreSQL itself may lose the last fraction of a second of rows (see
   * docs/decisions.md). A reservation never settled is dropped after
   * `reservationTtlMs` (RESERVATION_TTL_MS when absent).
   */
  constructor(
    private readonly redis: Redis,
    private readonly pg: Pool,
    options: { ledgerPg?: Pool; reservationTtlMs?: number } = {},
  ) {
    this.ledgerPg = options.ledgerPg ?? pg;
    this.reservationTtlMs = options.reservationTtlMs ?? RESERVATION_TTL_MS;
    redis.defineCommand('creditReserve', { numberOfKeys: 2, lua: RESERVE });
    redis.defineCommand('limitAndReserve', { numberOfKeys: 3, lua: LIMIT_AND_RESERVE });
    redis.defineCommand('creditCommitBatch', { lua: COMMIT_BATCH });
    redis.defineCommand('creditRelease', { numberOfKeys: 1, lua: RELEASE });
    this.scripts = redis as unknown as Scripts;
  }

  private keys(key: ApiKeyRecord, period: string): [string, string] {
    const budget = budgetOf(key);
    return [`credits:${budget}:${period}`, `credits:${budget}:${period}:reserved`];
  }

  /**
   * Sets a missing committed counter to the ledger's sum over the budget's keys (unless
   * another replica just did). The calls that find the same counter missing at once
   * share one sum: a budget's ledger can be long, and its first calls come together.
   */
  private rebuildCounter(key: ApiKeyRecord, period: string): Promise<void> {
    const [committed] = this.keys(key, period);
    let rebuilt = this.rebuilding.get(committed);
    if (!rebuilt) {
      rebuilt = this.sumIntoCounter(key, period).finally(() => this.rebuilding.delete(committed));
      this.rebuilding.set(committed, rebuilt);
    }
    return rebuilt;
  }

  private async sumIntoCounter(key: ApiKeyRecord, period: string): Promise<void> {
    const r = await this.pg.query<{ used: string }>(
      'SELECT coalesce(sum(credits), 0)::bigint AS used FROM usage_ledger WHERE period = $2 AND ' +
        '(key_id = $1 OR key_id IN (SELECT id FROM api_keys WHERE account_id = $1))',
      [budgetOf(key), period],
    );
    await this.redis.set(this.keys(key, period)[0], r.rows[0]!.used, 'EX', 40 * 86_400, 'NX');
  }

  async reserve(key: ApiKeyRecord & { quota: number }, entry: UsageEntry): Promise<{ ok: boolean; remaining: number }> {
    const [committed, reservations] = this.keys(key, entry.period);
    const member = `${entry.requestId}:${entry.credits}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      const args = [committed, reservations, key.quota, entry.credits, member, this.reservationTtlMs] as const;
      const [ok, remaining] = await this.scripts.creditReserve(...args);
      if (ok !== -1) return { ok: ok === 1, remaining };
      await this.rebuildCounter(key, entry.period);
    }
    throw new Error('credit counter could not be initialised');
  }

  /**
   * The rate limit and, for a key with a quota, the reservation, in one round trip.
   * Only when the key's counter must first be rebuilt from the ledger (after a
   * Redis restart, or a key's first call of the month) does it take more.
   */
  async limitAndReserve(
    key: ApiKeyRecord,
    entry: UsageEntry,
    rate: { limit: number; windowS: number },
  ): Promise<{ rate: RateDecision; credits?: { ok: boolean; remaining: number } }> {
    const [committed, reservations] = this.keys(key, entry.period);
    const [allowed, count, reset, status, remaining] = await this.scripts.limitAndReserve(
      rateLogKey(key.id),
      committed,
      reservations,
      rate.windowS * 1000,
      rate.limit,
      entry.requestId,
      key.quota ?? '',
      entry.credits,
      `${entry.requestId}:${entry.credits}`,
      this.reservationTtlMs,
    );
    const decision = rateDecision(rate.limit, [allowed, count, reset]);
    if (!decision.allowed || key.quota === null) return { rate: decision };
    if (status !== -1) return { rate: decision, credits: { ok: status === 1, remaining } };
    return { rate: decision, credits: await this.reserve({ ...key, quota: key.quota }, entry) };
  }

  commit(key: ApiKeyRecord, entry: UsageEntry, reserved: boolean): Promise<number | null> {
    return this.ledger.add({ key, entry, reserved });
  }

  /** Writes a batch of paid calls and their rollup in one statement, then commits their reservations (one script). */
  private async record(calls: PaidCall[]): Promise<null[]> {
    const column = <T>(f: (e: UsageEntry) => T) => calls.map((c) => f(c.entry));
    // A named statement: each connection parses it once and comes to keep its plan,
    // instead of both for every batch (which cost PostgreSQL as much as ten rows).
    await this.ledgerPg.query({
      name: 'record-usage-batch',
      text: RECORD_BATCH,
      values: [
        column((e) => e.requestId),
        column((e) => e.keyId),
        column((e) => e.period),
        column((e) => e.operation),
        column((e) => e.credits),
      ],
    });
    // The rows are durable: the answers go now, with the credits left that their
    // reservations reported. Turning the reservations into committed credits is one
    // script per batch, not awaited (until it runs, the reservations still count).
    void this.commitReservations(calls.filter((c) => c.key.quota !== null && c.reserved));
    return calls.map(() => null);
  }

  private async commitReservations(held: PaidCall[]): Promise<void> {
    if (held.length === 0) return;
    const keys = held.flatMap((c) => this.keys(c.key, c.entry.period));
    const args = held.flatMap((c) => [`${c.entry.requestId}:${c.entry.credits}`, c.entry.credits]);
    try {
      await this.scripts.creditCommitBatch(keys.length, ...keys, ...args);
    } catch {
      // The calls are recorded; their reservations expire, and a counter Redis lost is rebuilt from the ledger.
    }
  }

  async release(key: ApiKeyRecord, entry: UsageEntry): Promise<void> {
    const [, reservations] = this.keys(key, entry.period);
    await this.scripts.creditRelease(reservations, `${entry.requestId}:${entry.credits}`);
  }

  async close(): Promise<void> {}
}
