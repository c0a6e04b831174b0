import type Database from 'better-sqlite3';
import { budgetOf, type ApiKeyRecord } from '../keys.js';
import { periodDays, rollupDay } from '../sqlite/days.js';
import { GroupCommit } from './group-commit.js';
import type { CreditLedger, UsageEntry } from './index.js';

type Used = { credits: number; calls: number };

/**
 * Embedded credits: the usage ledger and its daily rollup in the SQLite state
 * database, counters per budget (an account, or a key of its own) in memory. A counter for a period is read from the
 * rollup the first time the period is asked for, so a start reads nothing in
 * proportion to the ledger. Each 200 is committed before its body is sent;
 * concurrent calls share one transaction (group commit). The ledger is append-only
 * (migrations/sqlite/006): the metering hook commits each request once. One server process.
 */
export class SqliteCreditLedger implements CreditLedger {
  private readonly used = new Map<string, Used>();
  private readonly reserved = new Map<string, number>();
  private readonly usedInPeriod;
  private readonly writeBatch;
  private readonly calls = new GroupCommit<UsageEntry, void>(
    async (entries) => {
      this.writeBatch(entries);
      return entries.map(() => undefined);
    },
    // A commit costs about 40 µs whatever its size, on the event loop: at most one a millisecond.
    { maxInFlight: 1, maxBatch: 500, spacingMs: 1 },
  );

  constructor(db: Database.Database) {
    // A budget is a key's own, or its account's: the usage of every key of the account.
    this.usedInPeriod = db.prepare<{ budget: string; first: string; last: string }, Used>(
      'SELECT coalesce(sum(credits), 0) AS credits, coalesce(sum(calls), 0) AS calls FROM usage_daily ' +
        'WHERE (key_id = @budget OR key_id IN (SELECT id FROM api_keys WHERE account_id = @budget)) ' +
        'AND day BETWEEN @first AND @last',
    );
    const insert = db.prepare(
      'INSERT INTO usage_ledger (request_id, key_id, period, operation, credits, created_at) ' +
        'VALUES (?, ?, ?, ?, ?, ?)',
    );
    const rollup = db.prepare(
      'INSERT INTO usage_daily (key_id, day, operation, calls, credits) VALUES (?, ?, ?, ?, ?) ' +
        'ON CONFLICT (key_id, day, operation) DO UPDATE SET ' +
        'calls = calls + excluded.calls, credits = usage_daily.credits + excluded.credits',
    );
    // One transaction per batch: the ledger rows and their rollup are committed together,
    // the rollup as one row per key, day and operation of the batch.
    this.writeBatch = db.transaction((entries: UsageEntry[]) => {
      const at = new Date().toISOString();
      const days = new Map<string, { keyId: string; day: string; operation: string; calls: number; credits: number }>();
      for (const e of entries) {
        insert.run(e.requestId, e.keyId, e.period, e.operation, e.credits, at);
        const day = rollupDay(e.period, at);
        const k = `${e.keyId}\n${day}\n${e.operation}`;
        const d = days.get(k);
        if (d) {
          d.calls += 1;
          d.credits += e.credits;
        } else days.set(k, { keyId: e.keyId, day, operation: e.operation, calls: 1, credits: e.credits });
      }
      for (const d of days.values()) rollup.run(d.keyId, d.day, d.operation, d.calls, d.credits);
    });
  }

  private usedOf(k: string, budget: string, period: string): Used {
    let u = this.used.get(k);
    if (!u) {
      const [first, last] = periodDays(period);
      u = this.usedInPeriod.get({ budget, first, last })!;
      this.used.set(k, u);
    }
    return u;
  }

  private remaining(key: ApiKeyRecord & { quota: number }, period: string): number {
    const k = `${budgetOf(key)}|${period}`;
    return key.quota - this.usedOf(k, budgetOf(key), period).credits - (this.reserved.get(k) ?? 0);
  }

  async reserve(key: ApiKeyRecord & { quota: number }, entry: UsageEntry): Promise<{ ok: boolean; remaining: number }> {
    const remaining = this.remaining(key, entry.period);
    if (remaining < entry.credits) return { ok: false, remaining: Math.max(0, remaining) };
    const k = `${budgetOf(key)}|${entry.period}`;
    this.reserved.set(k, (this.reserved.get(k) ?? 0) + entry.credits);
    return { ok: true, remaining: remaining - entry.credits };
  }

  async commit(key: ApiKeyRecord, entry: UsageEntry, reserved: boolean): Promise<number | null> {
    const k = `${budgetOf(key)}|${entry.period}`;
    // The counter is read before the row is written, which would otherwise count twice.
    const u = this.usedOf(k, budgetOf(key), entry.period);
    await this.calls.add(entry);
    if (reserved) this.reserved.set(k, (this.reserved.get(k) ?? 0) - entry.credits);
    u.credits += entry.credits;
    u.calls += 1;
    return key.quota === null ? null : Math.max(0, this.remaining({ ...key, quota: key.quota }, entry.period));
  }

  async release(key: ApiKeyRecord, entry: UsageEntry): Promise<void> {
    const k = `${budgetOf(key)}|${entry.period}`;
    this.reserved.set(k, (this.reserved.get(k) ?? 0) - entry.credits);
  }

  async close(): Promise<void> {}
}
