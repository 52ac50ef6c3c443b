import type { Config } from '../config';
import { createMemoryRateLimitStore } from './memory-rate-limit-store';
import type { RateLimitStore } from './rate-limit-store';
import type { RedisConnection } from './redis/redis-connection';
import { createRedisRateLimitStore } from './redis-rate-limit-store';

/**
 * In-process counters for one instance; with Redis (REDIS_URL), counters every instance shares, and this instance's
 * own while Redis is away (the store's insurance limiter answers at once when the fail-fast client is not ready, or
 * when a call fails: decision records 026 and 027). The connection belongs to the caller (the platform).
 */
export function createRateLimitStore(config: Pick<Config, 'redisPrefix'>, redis: RedisConnection | null): RateLimitStore {
  if (!redis) return createMemoryRateLimitStore();
  return createRedisRateLimitStore(redis.client, { prefix: `${config.redisPrefix}rl:`, ownsConnection: false });
}
