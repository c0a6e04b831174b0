import type { RateDecision, RateLimiter, RateRequest } from './index.js';

/**
 * Exact sliding log in process memory (embedded mode: one server process). Each key
 * keeps the times of the requests inside its window; a request passes when fewer
 * than `limit` are there. No approximation: the error bound is zero.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly logs = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit({ keyId, limit, windowS }: RateRequest): Promise<RateDecision> {
    const now = this.now();
    const windowMs = windowS * 1000;
    let log = this.logs.get(keyId);
    if (!log) this.logs.set(keyId, (log = []));
    let expired = 0;
    while (expired < log.length && log[expired]! <= now - windowMs) expired++;
    if (expired) log.splice(0, expired);
    const allowed = log.length < limit;
    if (allowed) log.push(now);
    const oldest = log[0] ?? now;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - log.length),
      resetS: Math.max(0, Math.ceil((oldest + windowMs - now) / 1000)),
    };
  }
}
