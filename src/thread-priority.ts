import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Keeps the thread that reads requests (the main thread) ahead of the process's other
 * threads (DuckDB's, libuv's pool, the worker pools) when the cores are all busy: a
 * cheap answer then waits for its turn on the event loop, not also for a core that a
 * query's thread holds. On Linux a thread's nice value is its own, so every `everyMs`
 * the process's threads are listed (`/proc/self/task`) and each one but the main
 * thread gets `nice` (threads start at any time: pools grow, snapshots open). The
 * other threads still have every core the main thread leaves idle. Elsewhere, or with
 * `nice` 0, nothing is done.
 */
export function keepMainThreadFirst(nice: number, everyMs = 1000): { stop(): void } {
  if (nice <= 0 || process.platform !== 'linux') return { stop: () => undefined };
  const sweep = () => {
    let tasks: string[];
    try {
      tasks = readdirSync('/proc/self/task');
    } catch {
      return;
    }
    for (const task of tasks) {
      const tid = Number(task);
      if (tid === process.pid) continue;
      try {
        if (getPriority(tid) < nice) setPriority(tid, nice);
      } catch {
        // The thread ended since it was listed.
      }
    }
  };
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
