import { computeComplexity, type Complexity, type Thresholds, type YearExports } from './measures.js';

/** What a worker thread computes: a year's measures (null when there are none to give). */
export interface ComplexityTask {
  year: YearExports;
  thresholds: Thresholds;
}

/** The worker thread's task (run by the pool in `pool.ts`, off the event loop). */
export default function complexityTask(task: ComplexityTask): Complexity | null {
  return computeComplexity(task.year, task.thresholds) ?? null;
}
