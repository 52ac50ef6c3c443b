import type { RateLimitStore } from './rate-limit-store';

/** In-process counters: right for one instance; REDIS_URL switches to the shared store. */
export function createMemoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const buckets = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const b = buckets.get(key);
    if (b && b.resetAt <= now()) {
      buckets.delete(key);
      return undefined;
    }
    return b;
  };
  return {
    async hit(key, windowMs) {
      let b = current(key);
      if (!b) {
        b = { count: 0, resetAt: now() + windowMs };
        buckets.set(key, b);
      }
      b.count += 1;
      return { count: b.count, resetInMs: b.resetAt - now() };
    },
    async peek(key) {
      const b = current(key);
      return { count: b?.count ?? 0, resetInMs: b ? b.resetAt - now() : 0 };
    },
    async reset(key) {
      buckets.delete(key);
    },
    async close() {
      buckets.clear();
    },
  };
}
