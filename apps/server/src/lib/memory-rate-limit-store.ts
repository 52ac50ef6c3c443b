import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { RateLimit, RateLimitStore } from './rate-limit-store';
import { storeOverLimiters, windowSeconds } from './rate-limiter-flexible-adapter';

export const memoryLimiter = (limit: RateLimit) => new RateLimiterMemory({ points: limit.points, duration: windowSeconds(limit) });

/**
 * In-process counters (rate-limiter-flexible's RateLimiterMemory): right for one instance; REDIS_URL switches to the
 * shared store. A key is forgotten when its window ends, so the map does not grow with every address ever seen.
 *
 * `now` is for tests whose clock moves faster than the wall clock: the windows then follow that clock (see
 * withMovableClock); without it the library's own timers decide.
 */
export function createMemoryRateLimitStore(now?: () => number): RateLimitStore {
  const store = storeOverLimiters(memoryLimiter, async () => undefined);
  return now ? withMovableClock(store, now) : store;
}

/**
 * Ends a window by the given clock as well as by the wall clock: the start of each key's window is remembered and the
 * key is reset once the clock has passed the window. For tests only (the map of starts lives as long as the test app);
 * calls are serialised so the check and the count stay one step, as in the library.
 */
function withMovableClock(store: RateLimitStore, now: () => number): RateLimitStore {
  const starts = new Map<string, number>();
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };
  const id = (key: string, limit: RateLimit) => `${limit.points}/${limit.windowMs}/${key}`;
  return {
    consume: (key, limit) =>
      serial(async () => {
        const started = starts.get(id(key, limit));
        if (started !== undefined && now() - started >= limit.windowMs) {
          await store.reset(key, limit);
          starts.delete(id(key, limit));
        }
        const result = await store.consume(key, limit);
        const start = starts.get(id(key, limit)) ?? now();
        starts.set(id(key, limit), start);
        return { ...result, retryAfterMs: Math.max(0, start + limit.windowMs - now()) };
      }),
    refund: (key, limit) => serial(() => store.refund(key, limit)),
    reset: (key, limit) =>
      serial(async () => {
        starts.delete(id(key, limit));
        await store.reset(key, limit);
      }),
    close: () => store.close(),
  };
}
