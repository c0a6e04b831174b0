import type { Redis } from 'ioredis';
import type { RateDecision, RateLimiter, RateRequest } from './index.js';

/** Redis' own clock in milliseconds, the same for every replica: a Lua function. */
export const REDIS_NOW_LUA = `
local function redis_now()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
`;

/**
 * Exact sliding log in a sorted set per key, scored by Redis' own clock (`now`, from
 * `redis_now`) so every replica sees the same time. Runs inside a script, atomically:
 * no two replicas can both take the last slot. A Lua function, run by the sign-in
 * limiter (the API's access check runs its own batched log, credits/redis-scripts.ts).
 * Returns allowed (0/1), the count in the window, and milliseconds until the oldest
 * request leaves it.
 */
export const SLIDING_LOG_LUA = `
local function sliding_log(key, window, limit, member, now)
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local count = redis.call('ZCARD', key)
  local allowed = 0
  if count < limit then
    redis.call('ZADD', key, now, member)
    count = count + 1
    allowed = 1
  end
  redis.call('PEXPIRE', key, window)
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  local first = now
  if oldest[2] then first = tonumber(oldest[2]) end
  return allowed, count, first + window - now
end
`;

/** The Redis key of a key's sliding log. */
export const rateLogKey = (keyId: string) => `rl:${keyId}`;

/** A decision from the script's answer. */
export function rateDecision(limit: number, [allowed, count, msToReset]: number[]): RateDecision {
  return {
    allowed: allowed === 1,
    limit,
    remaining: Math.max(0, limit - count!),
    resetS: Math.max(0, Math.ceil(msToReset! / 1000)),
  };
}

const HIT_LUA = `${REDIS_NOW_LUA}${SLIDING_LOG_LUA}
local allowed, count, ms = sliding_log(KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3], redis_now())
return {allowed, count, ms}
`;

/** The script as ioredis defines it: key, window (ms), limit, member. */
type HitCommand = (...args: [string, number, number, string]) => Promise<number[]>;

/**
 * A sliding window in Redis for limits outside the API's access check (sign-in
 * attempts), shared by every replica.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly hitLog: HitCommand;

  constructor(redis: Redis) {
    redis.defineCommand('slidingLogHit', { numberOfKeys: 1, lua: HIT_LUA });
    this.hitLog = (redis as unknown as { slidingLogHit: HitCommand }).slidingLogHit.bind(redis);
  }

  async hit({ keyId, limit, windowS, requestId }: RateRequest): Promise<RateDecision> {
    return rateDecision(limit, await this.hitLog(rateLogKey(keyId), windowS * 1000, limit, requestId));
  }
}
