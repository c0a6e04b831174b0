/**
 * At most `perHost` requests under way at once to one host (CONTRACT §7: 4): a run
 * over many sources never floods one agency. Waiters are served in arrival order.
 */
export class HostSlots {
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(private readonly perHost = 4) {}

  /** Runs `task` once `host` has a free slot, and frees it when the task settles. */
  async run<T>(host: string, task: () => Promise<T>): Promise<T> {
    if ((this.running.get(host) ?? 0) >= this.perHost) {
      await new Promise<void>((resolve) => {
        const queue = this.waiting.get(host) ?? [];
        queue.push(resolve);
        this.waiting.set(host, queue);
      });
    } else {
      this.running.set(host, (this.running.get(host) ?? 0) + 1);
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.get(host)?.shift();
      // The slot passes to the next waiter as it is; without one it is freed.
      if (next) next();
      else this.running.set(host, (this.running.get(host) ?? 1) - 1);
    }
  }

  /** Requests under way to `host` now. */
  inFlight(host: string): number {
    return this.running.get(host) ?? 0;
  }
}
