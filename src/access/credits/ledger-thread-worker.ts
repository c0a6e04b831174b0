import { osThreadId } from '../../thread-priority.js';
import { openStateDatabase } from '../sqlite/database.js';
import type { SqliteDatabase } from '../sqlite/driver.js';
import { ledgerBatchWriter } from './ledger-batch.js';
import type { UsageEntry } from './index.js';

/**
 * A batch of paid calls to record in DATA_DIR's state database, the end of its
 * connection (`close`), or the question of this thread's operating-system id (`threadId`).
 */
export type LedgerTask =
  { dataDir: string; entries: UsageEntry[] } | { dataDir: string; close: true } | { dataDir: string; threadId: true };

/** This thread's connection (one thread for each `LedgerThread`, so one DATA_DIR) and its batch writer. */
let opened: { db: SqliteDatabase; write: (entries: UsageEntry[]) => void } | undefined;

/**
 * The ledger thread's task (run by `ledger-thread.ts`): the batch written in one
 * transaction on this thread's own connection, committed before the task settles.
 */
export default function ledgerTask(task: LedgerTask): number | undefined {
  if ('threadId' in task) return osThreadId();
  if ('close' in task) {
    opened?.db.close();
    opened = undefined;
    return undefined;
  }
  if (!opened) {
    const db = openStateDatabase(task.dataDir);
    opened = { db, write: ledgerBatchWriter(db) };
  }
  opened.write(task.entries);
  return undefined;
}
