import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimit, RateLimitDecision, RateLimitStore } from './rate-limit-store';

/** The library counts in whole seconds (Redis EXPIRE); a window shorter than a second would never expire there. */
export const windowSeconds = (limit: RateLimit) => Math.max(1, Math.ceil(limit.windowMs / 1000));

/**
 * A RateLimitStore over rate-limiter-flexible: one limiter per distinct rule (points and window), made on first use.
 * `consume` rejects with a RateLimiterRes when over the limit, and with an Error when the store itself fails (which,
 * for Redis with an insurance limiter, does not happen: the insurance answers instead).
 */
export function storeOverLimiters(makeLimiter: (limit: RateLimit) => RateLimiterAbstract, close: () => Promise<void>): RateLimitStore {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterFor = (limit: RateLimit) => {
    const id = `${limit.points}/${windowSeconds(limit)}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = makeLimiter(limit);
      limiters.set(id, limiter);
    }
    return limiter;
  };
  return {
    async consume(key, limit) {
      const limiter = limiterFor(limit);
      try {
        return decision(true, await limiter.consume(key));
      } catch (outcome) {
        if (!(outcome instanceof RateLimiterRes)) throw outcome;
        // The library counts a refused attempt too. Given back, the counter holds only allowed attempts, so a rule
        // that refunds successes is not left counting the 429s of a burst (the window is not extended either way).
        await limiter.reward(key, 1);
        return decision(false, outcome);
      }
    },
    async refund(key, limit) {
      await limiterFor(limit).reward(key, 1);
    },
    async reset(key, limit) {
      await limiterFor(limit).delete(key);
    },
    close,
  };
}

function decision(allowed: boolean, res: RateLimiterRes): RateLimitDecision {
  return { allowed, remaining: res.remainingPoints, retryAfterMs: Math.max(0, res.msBeforeNext) };
}
