import type { YearRows } from './slice-reading.js';
import { sumSlices, type SliceSumRow, type SliceSumTask } from './slice-sums.js';

/** A task's sums, and the year rows made of its slices on the way (term, slice, rows), to keep with them. */
export interface SliceSumAnswer {
  rows: SliceSumRow[];
  byYear: Array<[number, number, YearRows]>;
}

/** The summing thread's task (run by the pool in `slice-sums-pool.ts`, off the event loop). */
export default function sliceSumTask(task: SliceSumTask): SliceSumAnswer {
  const had = task.slices.map((list) => list.map((s) => s.byYear !== undefined));
  const rows = sumSlices(task);
  const byYear: SliceSumAnswer['byYear'] = [];
  task.slices.forEach((list, t) =>
    list.forEach((s, i) => {
      if (s.byYear && !had[t]![i]) byYear.push([t, i, s.byYear]);
    }),
  );
  return { rows, byYear };
}
