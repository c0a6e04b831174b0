import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors.js';
import type { ApiKeyRecord } from '../keys.js';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  /** Requests left in the window after this one. */
  remaining: number;
  /** Whole seconds until the oldest request in the window leaves it. */
  resetS: number;
}

/** One request of a key against its limit of `limit` requests per `windowS` seconds. */
export interface RateRequest {
  keyId: string;
  limit: number;
  windowS: number;
  /** Distinguishes requests of one key within the same millisecond. */
  requestId: string;
}

/** A per-key sliding window: `hit` records the request if the window has room. */
export interface RateLimiter {
  hit(request: RateRequest): Promise<RateDecision>;
}

export interface RateLimitOptions {
  limiter: RateLimiter;
  defaultRequests: number;
  defaultWindowS: number;
}

/** The window of a key: its own, else the service default. */
export function rateOf(key: ApiKeyRecord, opts: Omit<RateLimitOptions, 'limiter'>): { limit: number; windowS: number } {
  return { limit: key.rate?.requests ?? opts.defaultRequests, windowS: key.rate?.windowS ?? opts.defaultWindowS };
}

/**
 * Sets the rate-limit headers of a decision; a refusal is a 429 with Retry-After.
 * `RateLimit-Policy` and `RateLimit` are the structured fields of the current IETF
 * draft (draft-ietf-httpapi-ratelimit-headers); the `RateLimit-Limit`/`-Remaining`/
 * `-Reset` trio of the earlier drafts stays for clients that read it.
 */
export function applyRateDecision(reply: FastifyReply, d: RateDecision, windowS: number): void {
  const headers = {
    'ratelimit-policy': `"window";q=${d.limit};w=${windowS}`,
    ratelimit: `"window";r=${d.remaining};t=${d.resetS}`,
    'ratelimit-limit': String(d.limit),
    'ratelimit-remaining': String(d.remaining),
    'ratelimit-reset': String(d.resetS),
  };
  reply.headers(headers);
  if (!d.allowed) {
    const retryAfter = String(Math.max(1, d.resetS));
    throw new ApiError(
      'rate_limit_exceeded',
      `Rate limit of ${d.limit} requests per ${windowS} s exceeded; retry after ${retryAfter} s.`,
      { headers: { ...headers, 'retry-after': retryAfter } },
    );
  }
}

/** The rate-limit step of the access checks: RateLimit-* headers, 429 with Retry-After when full. */
export function rateLimitCheck(opts: RateLimitOptions) {
  return async (request: FastifyRequest, reply: FastifyReply, key: ApiKeyRecord): Promise<void> => {
    const { limit, windowS } = rateOf(key, opts);
    applyRateDecision(reply, await opts.limiter.hit({ keyId: key.id, limit, windowS, requestId: request.id }), windowS);
  };
}
