import type { RateLimitStore } from './rate-limit-store';
import type { RedisState } from './redis/redis-connection';

/**
 * The shared counters while Redis is up, this instance's own while it is not (decision record 027): a Redis outage
 * never fails or holds a request, it only makes each limit per instance (and counted from zero) until Redis is back.
 * A call to Redis that fails although the connection looked up (it died a moment ago, or hangs) is counted here too.
 */
export function withInProcessFallback(shared: RateLimitStore, redis: { state(): RedisState }, local: RateLimitStore): RateLimitStore {
  const either = async <T>(call: (store: RateLimitStore) => Promise<T>): Promise<T> => {
    if (redis.state() !== 'up') return call(local);
    try {
      return await call(shared);
    } catch {
      return call(local);
    }
  };
  return {
    hit: (key, windowMs) => either((store) => store.hit(key, windowMs)),
    peek: (key) => either((store) => store.peek(key)),
    async reset(key) {
      // Both: a lock-out counted here during the outage must not outlive a successful log-in either.
      await Promise.all([local.reset(key), either((store) => (store === local ? Promise.resolve() : store.reset(key)))]);
    },
    async close() {
      await Promise.allSettled([shared.close(), local.close()]);
    },
  };
}
