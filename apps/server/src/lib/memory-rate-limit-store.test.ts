import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRateLimitStore } from './memory-rate-limit-store';

const LIMIT = { points: 10, windowMs: 60_000 };

afterEach(() => {
  vi.useRealTimers();
});

describe('memory rate limit store', () => {
  it('allows exactly L of N parallel attempts, counting each before answering', async () => {
    const store = createMemoryRateLimitStore();
    const decisions = await Promise.all(Array.from({ length: 100 }, () => store.consume('burst', LIMIT)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    expect(decisions.filter((d) => !d.allowed).every((d) => d.remaining === 0 && d.retryAfterMs > 0)).toBe(true);
  });

  it('counts down what remains and says when the window ends', async () => {
    const store = createMemoryRateLimitStore();
    const first = await store.consume('k', LIMIT);
    expect(first).toMatchObject({ allowed: true, remaining: 9 });
    expect(first.retryAfterMs).toBeGreaterThan(59_000);
    expect(first.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('forgets a key when its window ends (the library expires it; the old store kept every key forever)', async () => {
    vi.useFakeTimers();
    const store = createMemoryRateLimitStore();
    for (let i = 0; i < 10; i++) await store.consume('k', LIMIT);
    expect((await store.consume('k', LIMIT)).allowed).toBe(false);
    vi.advanceTimersByTime(30_000);
    expect((await store.consume('k', LIMIT)).allowed).toBe(false);
    vi.advanceTimersByTime(30_001);
    expect(await store.consume('k', LIMIT)).toMatchObject({ allowed: true, remaining: 9 });
  });

  it('gives a refunded attempt back, and forgets a reset key, leaving other keys alone', async () => {
    const store = createMemoryRateLimitStore();
    const small = { points: 2, windowMs: 60_000 };
    await store.consume('a', small);
    await store.consume('a', small);
    await store.refund('a', small);
    expect((await store.consume('a', small)).allowed).toBe(true);
    expect((await store.consume('a', small)).allowed).toBe(false);
    await store.consume('b', small);
    await store.reset('a', small);
    expect((await store.consume('a', small)).remaining).toBe(1);
    expect((await store.consume('b', small)).remaining).toBe(0);
  });

  it('keeps rules with different limits apart', async () => {
    const store = createMemoryRateLimitStore();
    await store.consume('k', { points: 1, windowMs: 60_000 });
    expect((await store.consume('k', { points: 5, windowMs: 60_000 })).remaining).toBe(4);
  });

  describe('on a movable test clock', () => {
    it('ends the window when that clock has passed it, and answers Retry-After from it', async () => {
      let clock = 1_000_000;
      const store = createMemoryRateLimitStore(() => clock);
      const small = { points: 2, windowMs: 60_000 };
      expect((await store.consume('k', small)).retryAfterMs).toBe(60_000);
      clock += 10_000;
      expect(await store.consume('k', small)).toEqual({ allowed: true, remaining: 0, retryAfterMs: 50_000 });
      expect(await store.consume('k', small)).toEqual({ allowed: false, remaining: 0, retryAfterMs: 50_000 });
      clock += 50_000;
      expect(await store.consume('k', small)).toEqual({ allowed: true, remaining: 1, retryAfterMs: 60_000 });
    });

    it('still allows exactly L of N parallel attempts', async () => {
      const store = createMemoryRateLimitStore(() => 0);
      const decisions = await Promise.all(Array.from({ length: 60 }, () => store.consume('burst', LIMIT)));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    });
  });
});
