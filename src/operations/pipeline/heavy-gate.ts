import { StoreBusyError } from '../../store/busy.js';
import type { LoopHold } from '../../store/loop-hold.js';

/** How many heavy computations may be under way, and how many of them may run JavaScript. */
export interface HeavyPlaces {
  /** Computations begun and not ended (each holds its rows and memory meanwhile). */
  computing: number;
  /** Of those, how many hold a place on the event loop: run JavaScript, not wait on another thread. */
  onLoop: number;
  /**
   * Milliseconds from the first stretch of JavaScript begun in a turn of the event loop
   * within which more may begin (past `onLoop` of them); later ones wait for the next turn.
   */
  turnMs: number;
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
  /** Stretches of JavaScript begun (computations started or resumed) in this turn of the event loop. */
  private begunThisTurn = 0;
  /** When the first of them began (`performance.now()`). */
  private turnBegan = 0;
  /** Whether the end of this turn is awaited (`setImmediate`): the budget is renewed and waiters admitted. */
  private turnEnding = false;
  /** Whether waiters are being admitted (in the turn-end callback). */
  private admitting = false;

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
    if (this.arriving.length === 0 && this.returning.length === 0 && this.computing < this.places.computing) {
      if (this.takeLoopPlace()) {
        this.computing++;
        return Promise.resolve();
      }
    }
    if (this.arriving.length >= this.maxWaiting) return Promise.reject(new StoreBusyError(this.arriving.length));
    return this.wait(this.arriving, signal);
  }

  /** A place on the event loop for a computation under way, back from another thread. */
  private returnToLoop(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    if (this.returning.length === 0 && this.takeLoopPlace()) return Promise.resolve();
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
        if (this.arriving.length > 0) this.endTurnSoon();
      },
    };
  }

  /**
   * A place on the event loop, when one is free and this turn has begun fewer than
   * `onLoop` stretches of JavaScript: a place let go and taken again in the same turn
   * (a computation resumed as another goes to wait on a query) would else run every
   * computation whose query ended in that turn before a cheap request is read.
   */
  private takeLoopPlace(): boolean {
    if (this.onLoop >= this.places.onLoop) return false;
    const now = performance.now();
    if (this.begunThisTurn >= this.places.onLoop && now - this.turnBegan >= this.places.turnMs) return false;
    if (this.begunThisTurn === 0) this.turnBegan = now;
    this.onLoop++;
    this.begunThisTurn++;
    this.endTurnSoon();
    return true;
  }

  private freeLoopPlace(): void {
    this.onLoop--;
    if (this.arriving.length > 0 || this.returning.length > 0) this.endTurnSoon();
  }

  /**
   * After the event loop has next read what arrived, renews the turn's budget and
   * admits waiters: those back from another thread first, then new computations in
   * arrival order. A stretch begun while waiters are admitted (in a `setImmediate`
   * callback, after a read) waits for the next callback of the kind; one begun
   * elsewhere (a read's own callback, whose turn's callbacks come before the next read)
   * for the one after.
   */
  private endTurnSoon(): void {
    if (this.turnEnding) return;
    this.turnEnding = true;
    const end = () => {
      this.turnEnding = false;
      this.begunThisTurn = 0;
      this.admitting = true;
      try {
        this.dispatch();
      } finally {
        this.admitting = false;
      }
    };
    setImmediate(this.admitting ? end : () => setImmediate(end));
  }

  private dispatch(): void {
    for (;;) {
      const back = this.returning[0];
      if (back) {
        if (!this.takeLoopPlace()) return;
        this.returning.shift();
        back();
        continue;
      }
      const next = this.arriving[0];
      if (!next || this.computing >= this.places.computing || !this.takeLoopPlace()) return;
      this.arriving.shift();
      this.computing++;
      next();
    }
  }
}
