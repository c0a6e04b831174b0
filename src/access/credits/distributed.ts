import type { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { budgetOf, type ApiKeyRecord } from '../keys.js';
import { type RateDecision } from '../rate-limit/index.js';
import { rateDecision, rateLogKey } from '../rate-limit/redis.js';
import { GroupCommit } from './group-commit.js';
import type { CreditLedger, UsageEntry } from './index.js';
import { ACCESS_BATCH, COMMIT_BATCH, RELEASE, RESERVE } from './redis-scripts.js';

/** A reservation a dead replica never settled is dropped after this long. */
export const RESERVATION_TTL_MS = 60_000;

type Scripts = {
  creditReserve(...args: [string, string, number, number, string, number]): Promise<[number, number]>;
  accessBatch(numberOfKeys: number, ...args: Array<string | number>): Promise<number[]>;
  creditCommitBatch(numberOfKeys: number, ...args: Array<string | number>): Promise<number>;
  creditRelease(...args: [string, string]): Promise<number>;
};

// A batch of paid calls, appended to the rows the ledger's fold moves into the ledger
// and its daily rollup (migrations/009, credits/ledger-fold.ts): a table without
// indexes, so that the write an answer waits for is as cheap as can be.
const RECORD_BATCH = `
INSERT INTO usage_incoming (request_id, key_id, period, operation, credits)
SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::int[])`;

/** One call's access check: its key, its usage entry and its key's window. */
interface AccessCall {
  key: ApiKeyRecord;
  entry: UsageEntry;
  rate: { limit: number; windowS: number };
}

/** The script's answer for one call: allowed, count, ms to reset, reservation status, credits left. */
type AccessAnswer = [number, number, number, number, number];

interface PaidCall {
  key: ApiKeyRecord;
  entry: UsageEntry;
  reserved: boolean;
}

/**
 * Distributed credits: the usage ledger in PostgreSQL (one row per paid call,
 * written to usage_incoming before the answer is sent, and folded into the ledger,
 * idempotent on the request id, by `LedgerFold`) and the live counters in Redis. A
 * counter Redis has lost (restart) is rebuilt from the ledger. Concurrent paid calls
 * share one INSERT and one Redis commit (group commit).
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

  // The access checks of one turn of the event loop go to Redis as one script call.
  private readonly checks = new GroupCommit<AccessCall, AccessAnswer>((calls) => this.check(calls), {
    maxInFlight: Number.POSITIVE_INFINITY,
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
    redis.defineCommand('accessBatch', { lua: ACCESS_BATCH });
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

  /**
   * The budget's credits of the period, from the daily rollup (a call's day always lies
   * in its own period): a few rows a key and day, however many calls the ledger holds.
   */
  private async sumIntoCounter(key: ApiKeyRecord, period: string): Promise<void> {
    const r = await this.pg.query<{ used: string }>(
      'SELECT coalesce(sum(credits), 0)::bigint AS used FROM usage_daily_recorded ' +
        "WHERE day >= ($2::text || '-01')::date AND day < ($2::text || '-01')::date + interval '1 month' AND " +
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
   * The rate limit and, for a key with a quota, the reservation: one script call for
   * all the calls of a turn of the event loop. Only when the key's counter must first
   * be rebuilt from the ledger (after a Redis restart, or a key's first call of the
   * month) does a call take more.
   */
  async limitAndReserve(
    key: ApiKeyRecord,
    entry: UsageEntry,
    rate: { limit: number; windowS: number },
  ): Promise<{ rate: RateDecision; credits?: { ok: boolean; remaining: number } }> {
    const [allowed, count, reset, status, remaining] = await this.checks.add({ key, entry, rate });
    const decision = rateDecision(rate.limit, [allowed, count, reset]);
    if (!decision.allowed || key.quota === null) return { rate: decision };
    if (status !== -1) return { rate: decision, credits: { ok: status === 1, remaining } };
    return { rate: decision, credits: await this.reserve({ ...key, quota: key.quota }, entry) };
  }

  /** Runs a batch of access checks as one script call (ACCESS_BATCH). */
  private async check(calls: AccessCall[]): Promise<AccessAnswer[]> {
    const keys: string[] = [];
    const args: Array<string | number> = [];
    for (const { key, entry, rate } of calls) {
      keys.push(rateLogKey(key.id), ...this.keys(key, entry.period));
      args.push(
        rate.windowS * 1000,
        rate.limit,
        entry.requestId,
        key.quota ?? '',
        entry.credits,
        `${entry.requestId}:${entry.credits}`,
        this.reservationTtlMs,
      );
    }
    const flat = await this.scripts.accessBatch(keys.length, ...keys, ...args);
    return calls.map((_, i) => flat.slice(5 * i, 5 * i + 5) as AccessAnswer);
  }

  commit(key: ApiKeyRecord, entry: UsageEntry, reserved: boolean): Promise<number | null> {
    return this.ledger.add({ key, entry, reserved });
  }

  /** Records a batch of paid calls in one statement, then commits their reservations (one script). */
  private async record(calls: PaidCall[]): Promise<null[]> {
    const column = <T>(f: (e: UsageEntry) => T) => calls.map((c) => f(c.entry));
    // A named statement: each connection parses it once and comes to keep its plan,
    // instead of both for every batch (which cost PostgreSQL as much as ten rows).
    await this.ledgerPg.query({
      name: 'record-usage-incoming',
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
