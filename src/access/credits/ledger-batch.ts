import type { SqliteDatabase } from '../sqlite/driver.js';
import { rollupDay } from '../sqlite/days.js';
import type { UsageEntry } from './index.js';

/**
 * The write of a batch of paid calls to the SQLite state database: the ledger rows
 * and their daily rollup in one transaction, the rollup as one row per key, day and
 * operation of the batch. The ledger is append-only (migrations/sqlite/006): the
 * metering hook commits each request once.
 */
export function ledgerBatchWriter(db: SqliteDatabase): (entries: UsageEntry[]) => void {
  const insert = db.prepare(
    'INSERT INTO usage_ledger (request_id, key_id, period, operation, credits, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const rollup = db.prepare(
    'INSERT INTO usage_daily (key_id, day, operation, calls, credits) VALUES (?, ?, ?, ?, ?) ' +
      'ON CONFLICT (key_id, day, operation) DO UPDATE SET ' +
      'calls = calls + excluded.calls, credits = usage_daily.credits + excluded.credits',
  );
  return db.transaction((entries: UsageEntry[]) => {
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
