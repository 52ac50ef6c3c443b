import type { Redis } from 'ioredis';
import type { RateLimitStore } from './rate-limit-store';

export const REDIS_RATE_LIMIT_PREFIX = 'velora:rl:';

// One round trip, atomic: the window starts with the first hit and is never extended by later ones.
// A key that somehow lost its expiry (PTTL -1) gets one again instead of counting forever.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

export interface RedisRateLimitStoreOptions {
  /** Keys are namespaced so the counters never collide with other data in the same Redis; tests use a unique prefix. */
  prefix?: string;
  /** Whether close() also ends the connection (true when the store owns it). */
  ownsConnection?: boolean;
}

/** Counters shared by every instance through Redis (REDIS_URL). */
export function createRedisRateLimitStore(redis: Redis, options: RedisRateLimitStoreOptions = {}): RateLimitStore {
  const prefix = options.prefix ?? REDIS_RATE_LIMIT_PREFIX;
  const ownsConnection = options.ownsConnection ?? true;
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, Math.max(1, Math.ceil(windowMs)))) as [number, number];
      return { count: Number(count), resetInMs: Number(ttl) };
    },
    async peek(key) {
      const results = await redis.multi().get(prefix + key).pttl(prefix + key).exec();
      const value = results?.[0]?.[1] as string | null | undefined;
      const ttl = Number(results?.[1]?.[1] ?? -2);
      if (value == null || ttl === -2) return { count: 0, resetInMs: 0 };
      return { count: Number(value), resetInMs: Math.max(0, ttl) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      if (ownsConnection) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
