import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { memoryLimiter } from './memory-rate-limit-store';
import type { RateLimit, RateLimitStore } from './rate-limit-store';
import { storeOverLimiters, windowSeconds } from './rate-limiter-flexible-adapter';

export const REDIS_RATE_LIMIT_PREFIX = 'velora:rl:';

export interface RedisRateLimitStoreOptions {
  /** Keys are namespaced so the counters never collide with other data in the same Redis; tests use a unique prefix. */
  prefix?: string;
  /** Whether close() also ends the connection (true when the store owns it). */
  ownsConnection?: boolean;
}

/**
 * Counters shared by every instance through Redis (rate-limiter-flexible's RateLimiterRedis: one Lua INCR per
 * attempt, the expiry set with the first). While Redis is away each instance counts in its own memory (the insurance
 * limiter): the limits hold per instance instead of every guarded request failing with a 500.
 */
export function createRedisRateLimitStore(redis: Redis, options: RedisRateLimitStoreOptions = {}): RateLimitStore {
  const prefix = options.prefix ?? REDIS_RATE_LIMIT_PREFIX;
  const ownsConnection = options.ownsConnection ?? true;
  // The library joins prefix and key with ':', so `velora:rl:` + key stays `velora:rl:<key>` in Redis.
  const keyPrefix = prefix.endsWith(':') ? prefix.slice(0, -1) : prefix;
  const limiter = (limit: RateLimit) =>
    new RateLimiterRedis({
      storeClient: redis,
      keyPrefix,
      points: limit.points,
      duration: windowSeconds(limit),
      // A disconnected client would queue the command and retry; answering from the insurance at once is better.
      rejectIfRedisNotReady: true,
      insuranceLimiter: memoryLimiter(limit),
    });
  return storeOverLimiters(limiter, async () => {
    if (ownsConnection) await redis.quit().catch(() => redis.disconnect());
  });
}
