import { StoreBusyError } from '../../store/busy.js';

/**
 * How many heavy answers are computed at once. Each computation's JavaScript (reading
 * its rows, summing slices held in memory, writing its bytes but for a large page's,
 * which a thread of their own writes once the computation has left its place) runs on
 * the one thread that also reads every request, so however many heavy requests
 * arrive, at most `capacity` are being computed: the others wait here, holding no
 * connection, no rows and no memory, and a cheap answer waits behind at most that much
 * work: a place freed passes to the next waiter only after the event loop has read what
 * arrived. Past `maxWaiting` waiters a request is refused at once (503 with Retry-After,
 * as a full DuckDB queue is); a waiter whose deadline passes leaves with the deadline's
 * error.
 */
export class HeavyGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** Places freed and promised to waiters, handed over on the event loop's next turn. */
  private handing = 0;

  constructor(
    private readonly capacity: number,
    private readonly maxWaiting: number,
  ) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) throw new RangeError(`capacity ${capacity}`);
  }

  /** Computations running now, and waiting for their turn. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `work` once a place is free (at once when one is). */
  async run<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    await this.enter(signal);
    try {
      return await work();
    } finally {
      this.leave();
    }
  }

  private enter(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    if (this.running < this.capacity) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(new StoreBusyError(this.waiting.length));
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const i = this.waiting.indexOf(admit);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(signal.reason as Error);
      };
      // The place of the computation that ended passes to this one.
      const admit = () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      this.waiting.push(admit);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  private leave(): void {
    if (this.waiting.length <= this.handing) {
      this.running--;
      return;
    }
    this.handing++;
    // The place passes on after the event loop's next turn, not at once: a computation
    // with nothing to wait for (rows read from a file, sums kept in memory) would else
    // start the next one in the same task, and the whole queue would be computed
    // before a single new request, however cheap, is read.
    setImmediate(() => {
      this.handing--;
      this.handOver();
    });
  }

  /** Admits the longest waiter still waiting (one whose deadline passed has left). */
  private handOver(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
