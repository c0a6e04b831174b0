/** The longest wait between two tries of a failed download, in poll intervals (CONTRACT §9). */
export const MAX_BACKOFF_POLLS = 32;

/** Poll intervals to wait after the `failures`-th failure in a row: 1, 2, 4, … then `MAX_BACKOFF_POLLS`. */
export function backoffPolls(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(MAX_BACKOFF_POLLS, 2 ** Math.min(failures - 1, 30));
}

/**
 * When a replica may try a download again, counted in polls: after a failure it waits
 * `backoffPolls` intervals, doubling with each failure in a row, so that an object
 * the store serves corrupted, or a snapshot that does not fit, is not read again at
 * every poll. `reset` (a new current snapshot in the store, or a download that
 * succeeded) makes the next try due at once.
 */
export class RetrySchedule {
  private failures = 0;
  private nextPoll = 0;

  /** Whether a download may start at poll `poll` (polls are numbered as they start). */
  due(poll: number): boolean {
    return poll >= this.nextPoll;
  }

  /** A download ended in failure at poll `poll`; returns the polls to wait. */
  failed(poll: number): number {
    this.failures++;
    const wait = backoffPolls(this.failures);
    this.nextPoll = poll + wait;
    return wait;
  }

  reset(): void {
    this.failures = 0;
    this.nextPoll = 0;
  }
}
