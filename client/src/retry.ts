/**
 * The service's recommended client behaviour: on 429 wait for `Retry-After`, then
 * retry with exponential backoff; on 503 and 504 retry with backoff; at most 3
 * retries; never retry any other 4xx. A connection that fails before any answer is
 * retried like a 503; a request that times out (15 s) is not retried, since the
 * same request would most likely time out again.
 */
export interface RetryPolicy {
  /** Retries after the first attempt (default 3). */
  maxRetries: number;
  /** The first backoff; each retry doubles it (default 500 ms). */
  baseDelayMs: number;
  /** A bound on one wait (default 30 s). */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 30_000 };

/** Whether an answer with this status is retried. */
export function isRetryable(status: number): boolean {
  return status === 429 || status === 503 || status === 504;
}

/**
 * How long to wait before retry number `retry` (0-based): the exponential backoff,
 * and never less than the `Retry-After` the service gave.
 */
export function retryDelayMs(policy: RetryPolicy, retry: number, retryAfterS: number | undefined): number {
  const backoff = policy.baseDelayMs * 2 ** retry;
  const asked = retryAfterS === undefined ? 0 : retryAfterS * 1000;
  return Math.min(policy.maxDelayMs, Math.max(backoff, asked));
}

/** `Retry-After` in seconds (the service sends whole seconds; an HTTP date is honoured too). */
export function parseRetryAfter(value: string | null): number | undefined {
  if (value === null) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
}
