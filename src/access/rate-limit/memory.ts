import type { RateDecision, RateLimiter, RateRequest } from './index.js';

/** The times of one key's requests inside its window, oldest first, from `head` on. */
interface Log {
  times: number[];
  head: number;
}

/**
 * Exact sliding log in process memory (embedded mode: one server process). Each key
 * keeps the times of the requests inside its window; a request passes when fewer
 * than `limit` are there. No approximation: the error bound is zero. Expired times
 * are skipped by moving `head` and dropped in bulk, so a request costs O(1) amortised
 * whatever the limit.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly logs = new Map<string, Log>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit({ keyId, limit, windowS }: RateRequest): Promise<RateDecision> {
    const now = this.now();
    const windowMs = windowS * 1000;
    let log = this.logs.get(keyId);
    if (!log) this.logs.set(keyId, (log = { times: [], head: 0 }));
    const { times } = log;
    while (log.head < times.length && times[log.head]! <= now - windowMs) log.head++;
    if (log.head > 1024 && log.head * 2 > times.length) {
      times.splice(0, log.head);
      log.head = 0;
    }
    const count = times.length - log.head;
    const allowed = count < limit;
    if (allowed) times.push(now);
    const oldest = times[log.head] ?? now;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - (count + (allowed ? 1 : 0))),
      resetS: Math.max(0, Math.ceil((oldest + windowMs - now) / 1000)),
    };
  }
}
