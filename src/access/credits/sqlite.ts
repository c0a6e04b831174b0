import type { SqliteDatabase } from '../sqlite/driver.js';
import { budgetOf, type ApiKeyRecord } from '../keys.js';
import { periodDays } from '../sqlite/days.js';
import { GroupCommit } from './group-commit.js';
import { ledgerBatchWriter } from './ledger-batch.js';
import type { CreditLedger, UsageEntry } from './index.js';

type Used = { credits: number; calls: number };

/**
 * Embedded credits: the usage ledger and its daily rollup in the SQLite state
 * database, counters per budget (an account, or a key of its own) in memory. A counter for a period is read from the
 * rollup the first time the period is asked for, so a start reads nothing in
 * proportion to the ledger. Each 200 is committed before its body is sent;
 * concurrent calls share one transaction (group commit, `ledger-batch.ts`). One
 * server process.
 */
export class SqliteCreditLedger implements CreditLedger {
  private readonly used = new Map<string, Used>();
  private readonly reserved = new Map<string, number>();
  private readonly usedInPeriod;
  private readonly writeBatch;
  private readonly calls = new GroupCommit<UsageEntry, void>(async (entries) => {
    this.writeBatch(entries);
    return entries.map(() => undefined);
  });

  constructor(db: SqliteDatabase) {
    // A budget is a key's own, or its account's: the usage of every key of the account.
    this.usedInPeriod = db.prepare<{ budget: string; first: string; last: string }, Used>(
      'SELECT coalesce(sum(credits), 0) AS credits, coalesce(sum(calls), 0) AS calls FROM usage_daily ' +
        'WHERE (key_id = @budget OR key_id IN (SELECT id FROM api_keys WHERE account_id = @budget)) ' +
        'AND day BETWEEN @first AND @last',
    );
    this.writeBatch = ledgerBatchWriter(db);
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
