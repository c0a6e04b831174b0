import { Piscina } from 'piscina';
import { moduleBeside } from '../worker-module.js';
import { sumSlices, type SliceSumRow, type SliceSumTask } from './slice-sums.js';
import type { SliceSumAnswer } from './slice-sums-worker.js';

/**
 * Threads that sum slices off the event loop: two. They run below the event loop's
 * priority (`keepMainThreadFirst`), so they take what the event loop leaves of its
 * core, and the other core when DuckDB does not use it: at ten years, one thread was
 * the bottleneck of a country's products while the event loop idled a third of its time.
 */
export const SLICE_SUM_THREADS = 2;
/** Tasks that may wait for the summing threads; more are summed where they are asked for. */
const WAITING_MAX = 64;

let pool: Piscina | undefined;

const workerFile = () => moduleBeside(import.meta.url, 'slice-sums-worker');

/**
 * A task's sums computed on a summing thread, which reads the slices' shared memory
 * as it is, while the event loop answers other requests; the year rows it makes of a
 * slice are kept with the slice here. The same numbers as `sumSlices` here, which
 * answers when the threads have `WAITING_MAX` tasks waiting or a thread fails.
 */
export async function sumSlicesOffThread(task: SliceSumTask): Promise<SliceSumRow[]> {
  pool ??= new Piscina({ filename: workerFile(), minThreads: SLICE_SUM_THREADS, maxThreads: SLICE_SUM_THREADS });
  if (pool.queueSize >= WAITING_MAX) return sumSlices(task);
  let answer: SliceSumAnswer;
  try {
    answer = (await pool.run(task)) as SliceSumAnswer;
  } catch {
    return sumSlices(task);
  }
  for (const [t, i, rows] of answer.byYear) task.slices[t]![i]!.byYear ??= rows;
  return answer.rows;
}

/** Ends the summing thread (at shutdown); a later task starts it again. */
export async function closeSliceSumPool(): Promise<void> {
  const running = pool;
  pool = undefined;
  await running?.destroy();
}
