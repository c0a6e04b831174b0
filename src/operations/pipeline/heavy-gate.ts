import { StoreBusyError } from '../../store/busy.js';
import type { LoopHold } from '../../store/loop-hold.js';

/** How many heavy computations may be under way, and how many of them may run JavaScript. */
export interface HeavyPlaces {
  /** Computations begun and not ended (each holds its rows and memory meanwhile). */
  computing: number;
  /** Of those, how many hold a place on the event loop: run JavaScript, not wait on another thread. */
  onLoop: number;
}

/**
 * How many heavy answers are computed at once, and how much of the event loop they
 * take. A computation's JavaScript (reading its rows, summing slices held in memory,
 * writing its bytes but for a large page's, which a thread of their own writes once
 * the computation has ended) runs on the one thread that also reads every request; its
 * queries and its sums on a summing thread run elsewhere. So a computation holds a place
 * on the event loop (at most `onLoop` do) only while it runs JavaScript: it lets the
 * place go while it waits on another thread (`LoopHold.away`) and takes one again,
 * before any new computation does, when that work is done. At most `computing` are
 * under way at once; the others wait here, holding no connection, no rows and no
 * memory. A place freed passes to the next waiter only after the event loop has read
 * what arrived, so a cheap answer waits behind at most `onLoop` computations' JavaScript
 * between its own steps. Past `maxWaiting` new computations waiting, a request is
 * refused at once (503 with Retry-After, as a full DuckDB queue is); a waiter whose
 * deadline passes leaves with the deadline's error.
 */
export class HeavyGate {
  private computing = 0;
  private onLoop = 0;
  /** New computations waiting for their turn, in arrival order. */
  private readonly arriving: Array<() => void> = [];
  /** Computations back from another thread, waiting for a place on the event loop: admitted first. */
  private readonly returning: Array<() => void> = [];
  /** Whether the waiters are admitted on the event loop's next turn. */
  private dispatching = false;

  constructor(
    private readonly places: HeavyPlaces,
    private readonly maxWaiting: number,
  ) {
    for (const n of [places.computing, places.onLoop]) {
      if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`places ${n}`);
    }
  }

  /** Computations under way (`running`), and new ones waiting for their turn. */
  get load(): { running: number; waiting: number } {
    return { running: this.computing, waiting: this.arriving.length };
  }

  /** Runs `work` once a place is free (at once when one is); `work` waits on other threads through its hold. */
  async run<T>(signal: AbortSignal, work: (hold: LoopHold) => Promise<T>): Promise<T> {
    await this.enter(signal);
    const hold = this.holdFor(signal);
    try {
      return await work(hold);
    } finally {
      hold.end();
    }
  }

  private enter(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    if (this.arriving.length === 0 && this.returning.length === 0 && this.hasPlaceForNew()) {
      this.computing++;
      this.onLoop++;
      return Promise.resolve();
    }
    if (this.arriving.length >= this.maxWaiting) return Promise.reject(new StoreBusyError(this.arriving.length));
    return this.wait(this.arriving, signal);
  }

  /** A place on the event loop for a computation under way, back from another thread. */
  private returnToLoop(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    if (this.returning.length === 0 && this.onLoop < this.places.onLoop) {
      this.onLoop++;
      return Promise.resolve();
    }
    return this.wait(this.returning, signal);
  }

  private wait(queue: Array<() => void>, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const i = queue.indexOf(admit);
        if (i >= 0) queue.splice(i, 1);
        reject(signal.reason as Error);
      };
      // Called once its places are counted as taken.
      const admit = () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      queue.push(admit);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /**
   * One computation's hold: its place on the event loop is let go while it waits on
   * another thread and taken again after. Branches of one computation waiting at once
   * share the one place; once the computation has ended, a branch still out comes back
   * without one (it only unwinds).
   */
  private holdFor(signal: AbortSignal): LoopHold & { end(): void } {
    let held = true;
    let ended = false;
    let retaking: Promise<void> | undefined;
    const leave = () => {
      if (!held) return;
      held = false;
      this.freeLoopPlace();
    };
    const retake = (): Promise<void> => {
      if (held || ended) return Promise.resolve();
      retaking ??= this.returnToLoop(signal).then(
        () => {
          retaking = undefined;
          if (ended) this.freeLoopPlace();
          else held = true;
        },
        (err: unknown) => {
          retaking = undefined;
          throw err;
        },
      );
      return retaking;
    };
    return {
      away: async (work) => {
        leave();
        try {
          return await work();
        } finally {
          await retake();
        }
      },
      end: () => {
        leave();
        ended = true;
        this.computing--;
        this.dispatchSoon();
      },
    };
  }

  private hasPlaceForNew(): boolean {
    return this.computing < this.places.computing && this.onLoop < this.places.onLoop;
  }

  private freeLoopPlace(): void {
    this.onLoop--;
    this.dispatchSoon();
  }

  /**
   * Admits waiters on the event loop's next turn, not at once: a computation with
   * nothing to wait for (rows read from a file, sums kept in memory) would else start
   * the next one in the same task, and the whole queue would be computed before a
   * single new request, however cheap, is read.
   */
  private dispatchSoon(): void {
    if (this.dispatching || (this.arriving.length === 0 && this.returning.length === 0)) return;
    this.dispatching = true;
    setImmediate(() => {
      this.dispatching = false;
      this.dispatch();
    });
  }

  /** Gives the free places to those back from another thread first, then to new computations in arrival order. */
  private dispatch(): void {
    while (this.onLoop < this.places.onLoop) {
      const back = this.returning.shift();
      if (back) {
        this.onLoop++;
        back();
        continue;
      }
      if (this.computing >= this.places.computing) return;
      const next = this.arriving.shift();
      if (!next) return;
      this.computing++;
      this.onLoop++;
      next();
    }
  }
}
