import type { Config } from '../config';
import { withInProcessFallback } from './fallback-rate-limit-store';
import { createMemoryRateLimitStore } from './memory-rate-limit-store';
import type { RateLimitStore } from './rate-limit-store';
import type { RedisConnection } from './redis/redis-connection';
import { createRedisRateLimitStore } from './redis-rate-limit-store';

/**
 * In-process counters for one instance; with Redis (REDIS_URL), counters every instance shares, and this instance's
 * own while Redis is away. The connection belongs to the caller (the platform).
 */
export function createRateLimitStore(config: Pick<Config, 'redisPrefix'>, redis: RedisConnection | null): RateLimitStore {
  if (!redis) return createMemoryRateLimitStore();
  const shared = createRedisRateLimitStore(redis.client, { prefix: `${config.redisPrefix}rl:`, ownsConnection: false });
  return withInProcessFallback(shared, redis, createMemoryRateLimitStore());
}
