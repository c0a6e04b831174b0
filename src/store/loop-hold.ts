/**
 * A heavy computation's place among those running JavaScript on the event loop (see
 * `HeavyGate`), let go while it waits on another thread.
 */
export interface LoopHold {
  /**
   * Waits for `work` done on another thread (a DuckDB query, sums on a summing thread)
   * without holding the place, and takes one again before the JavaScript after it resumes.
   */
  away<T>(work: () => Promise<T>): Promise<T>;
}
