import { openStateDatabase } from '../sqlite/database.js';
import type { SqliteDatabase } from '../sqlite/driver.js';
import { ledgerBatchWriter } from './ledger-batch.js';
import type { UsageEntry } from './index.js';

/** A batch of paid calls to record in DATA_DIR's state database, or (`close`) the end of its connection. */
export type LedgerTask = { dataDir: string; entries: UsageEntry[] } | { dataDir: string; close: true };

const opened = new Map<string, { db: SqliteDatabase; write: (entries: UsageEntry[]) => void }>();

/**
 * The ledger thread's task (run by `ledger-thread.ts`): the batch written in one
 * transaction on this thread's own connection, committed before the task settles.
 */
export default function ledgerTask(task: LedgerTask): void {
  let state = opened.get(task.dataDir);
  if ('close' in task) {
    opened.delete(task.dataDir);
    state?.db.close();
    return;
  }
  if (!state) {
    const db = openStateDatabase(task.dataDir);
    opened.set(task.dataDir, (state = { db, write: ledgerBatchWriter(db) }));
  }
  state.write(task.entries);
}
