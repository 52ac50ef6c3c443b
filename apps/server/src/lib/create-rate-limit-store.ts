import { Redis } from 'ioredis';
import type { Config } from '../config';
import { createMemoryRateLimitStore } from './memory-rate-limit-store';
import type { RateLimitStore } from './rate-limit-store';
import { createRedisRateLimitStore } from './redis-rate-limit-store';

/** In-process counters for one instance; with REDIS_URL, counters every instance shares. */
export async function createRateLimitStore(config: Pick<Config, 'redisUrl' | 'redisPrefix'>): Promise<RateLimitStore> {
  if (!config.redisUrl) return createMemoryRateLimitStore();
  const redis = new Redis(config.redisUrl, {
    lazyConnect: true,
    // A log-in must not hang for long while Redis is away: fail the call instead of queueing it for minutes.
    maxRetriesPerRequest: 2,
  });
  // Failures surface on the calls that fail; without a listener ioredis would also print every reconnect attempt.
  redis.on('error', () => undefined);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    const where = new URL(config.redisUrl);
    throw new Error(`Cannot connect to Redis at ${where.host} (REDIS_URL): ${(error as Error).message}`, { cause: error });
  }
  return createRedisRateLimitStore(redis, { prefix: `${config.redisPrefix}rl:` });
}
