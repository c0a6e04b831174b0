import { Piscina } from 'piscina';
import { moduleBeside } from '../../worker-module.js';
import { StoreBusyError } from '../../store/busy.js';
import type { Complexity } from './measures.js';
import type { ComplexityTask } from './worker.js';

/** Computations that run at once, each on a worker thread of its own (CONTRACT §4). */
export const COMPLEXITY_THREADS = 2;
/** Computations that may wait for a thread; one more is refused at once (503, retry soon). */
export const COMPLEXITY_QUEUE_MAX = 8;
/** A worker thread left idle this long ends (ms). */
const IDLE_MS = 30_000;

let pool: Piscina | undefined;

const workerFile = () => moduleBeside(import.meta.url, 'worker');

/**
 * Computes a year's measures on a worker thread, off the event loop: at most
 * `COMPLEXITY_THREADS` at once, `COMPLEXITY_QUEUE_MAX` more waiting (beyond that a
 * `StoreBusyError`, a 503 with Retry-After). The pool starts with its first task.
 */
export async function computeOffThread(task: ComplexityTask): Promise<Complexity | null> {
  pool ??= new Piscina({
    filename: workerFile(),
    minThreads: 0,
    maxThreads: COMPLEXITY_THREADS,
    idleTimeout: IDLE_MS,
    maxQueue: COMPLEXITY_QUEUE_MAX,
  });
  if (pool.queueSize >= COMPLEXITY_QUEUE_MAX) throw new StoreBusyError(pool.queueSize);
  return (await pool.run(task)) as Complexity | null;
}

/** Ends the worker threads (at shutdown); a later task starts a new pool. */
export async function closeComplexityPool(): Promise<void> {
  const running = pool;
  pool = undefined;
  await running?.destroy();
}
