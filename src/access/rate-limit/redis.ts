import type { Redis } from 'ioredis';
import type { RateDecision, RateLimiter, RateRequest } from './index.js';

// Exact sliding log in a sorted set per key, scored by Redis' own clock so every
// replica sees the same time. Runs atomically: no two replicas can both take the
// last slot.
const SLIDING_LOG = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local allowed = 0
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  count = count + 1
  allowed = 1
end
redis.call('PEXPIRE', KEYS[1], window)
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
local first = now
if oldest[2] then first = tonumber(oldest[2]) end
return {allowed, count, first + window - now}
`;

interface SlidingLog {
  slidingLog(
    ...args: [key: string, windowMs: number, limit: number, member: string]
  ): Promise<[number, number, number]>;
}

export class RedisRateLimiter implements RateLimiter {
  constructor(private readonly redis: Redis) {
    redis.defineCommand('slidingLog', { numberOfKeys: 1, lua: SLIDING_LOG });
  }

  async hit({ keyId, limit, windowS, requestId }: RateRequest): Promise<RateDecision> {
    // A command defined at run time has no static type: this is its signature.
    const redis = this.redis as unknown as SlidingLog;
    const [allowed, count, msToReset] = await redis.slidingLog(`rl:${keyId}`, windowS * 1000, limit, requestId);
    return {
      allowed: allowed === 1,
      limit,
      remaining: Math.max(0, limit - count),
      resetS: Math.max(0, Math.ceil(msToReset / 1000)),
    };
  }
}
