import { Piscina } from 'piscina';
import { keepBesideMainThread } from '../../thread-priority.js';
import { moduleBeside } from '../../worker-module.js';
import type { UsageEntry } from './index.js';
import type { LedgerTask } from './ledger-thread-worker.js';

const workerFile = () => moduleBeside(import.meta.url, 'ledger-thread-worker');

/**
 * The embedded usage ledger written on a thread of its own, with a connection of its
 * own to the state database. A batch's transaction (its inserts, the rollup, the
 * commit to the WAL) cost the thread that reads requests 6.6 % of its time under the
 * mix of trade operations; here that thread only hands the batch over and is told when
 * it is committed. A paid call's answer still waits for its own record: `write`
 * settles once the batch's transaction has committed, and fails when it failed. So
 * that a cheap answer does not wait behind the queries' threads for its record, the
 * thread keeps the main thread's priority (`start`).
 */
export class LedgerThread {
  private readonly pool = new Piscina({ filename: workerFile(), minThreads: 1, maxThreads: 1 });
  private kept: { release(): void } | undefined;

  constructor(private readonly dataDir: string) {}

  /** Resolves once the thread runs, kept at the main thread's priority (`keepBesideMainThread`). */
  async start(): Promise<void> {
    const task: LedgerTask = { dataDir: this.dataDir, threadId: true };
    const tid = (await this.pool.run(task)) as number | undefined;
    if (tid !== undefined) this.kept = keepBesideMainThread(tid);
  }

  async write(entries: UsageEntry[]): Promise<void> {
    const task: LedgerTask = { dataDir: this.dataDir, entries };
    await this.pool.run(task);
  }

  /** Closes the thread's connection, then the thread. */
  async close(): Promise<void> {
    const task: LedgerTask = { dataDir: this.dataDir, close: true };
    await this.pool.run(task).catch(() => undefined);
    await this.pool.destroy();
    this.kept?.release();
  }
}
