/**
 * Group commit: items added while writes are in flight are written together by the
 * next one, so N concurrent paid calls cost one round trip (or one file write)
 * instead of N. Each `add` settles only when the write holding its item has, so an
 * answer still waits for its own record to be durable; a failed write fails every
 * item it held, and only those.
 */
export class GroupCommit<T, R> {
  private queue: Array<{ item: T; resolve: (r: R) => void; reject: (err: unknown) => void }> = [];
  private inFlight = 0;
  private scheduled = false;

  /**
   * `write` records a batch and returns one result per item, in order. At most
   * `maxInFlight` writes run at once (a database commits them in parallel, each
   * waiting for its own flush to disk); `maxBatch` bounds one write (a multi-row
   * statement has a parameter limit).
   */
  constructor(
    private readonly write: (items: T[]) => Promise<R[]>,
    private readonly limits: { maxInFlight: number; maxBatch: number } = { maxInFlight: 1, maxBatch: 500 },
  ) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Starts a write at the end of this turn of the event loop, so the calls of the turn join it. */
  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.limits.maxInFlight || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queue.splice(0, this.limits.maxBatch);
    if (batch.length === 0) return;
    this.inFlight++;
    try {
      const results = await this.write(batch.map((b) => b.item));
      batch.forEach((b, i) => b.resolve(results[i]!));
    } catch (err) {
      for (const b of batch) b.reject(err);
    } finally {
      this.inFlight--;
      this.schedule();
    }
  }
}
