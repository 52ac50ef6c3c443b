import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createRateLimitStore } from './create-rate-limit-store';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = { points: 10, windowMs: 10_000 };

describe('createRateLimitStore', () => {
  it('keeps counters in memory without REDIS_URL', async () => {
    const store = await createRateLimitStore({ redisUrl: undefined, redisPrefix: 'velora:' });
    expect((await store.consume('x', LIMIT)).remaining).toBe(9);
    await store.close();
  });

  it('shares counters through Redis with REDIS_URL, under REDIS_PREFIX + rl:', async () => {
    const a = await createRateLimitStore({ redisUrl: REDIS_URL, redisPrefix: 'velora:' });
    const b = await createRateLimitStore({ redisUrl: REDIS_URL, redisPrefix: 'velora:' });
    const key = `shared-test-${randomBytes(6).toString('hex')}`;
    try {
      await a.consume(key, LIMIT);
      // A second instance sees the first one's attempt.
      expect((await b.consume(key, LIMIT)).remaining).toBe(8);
      const raw = new Redis(REDIS_URL);
      expect(await raw.get(`velora:rl:${key}`)).toBe('2');
      await raw.quit();
    } finally {
      await a.reset(key, LIMIT);
      await a.close();
      await b.close();
    }
  });

  it('keeps the counters of another REDIS_PREFIX apart', async () => {
    const a = await createRateLimitStore({ redisUrl: REDIS_URL, redisPrefix: 'site-a:' });
    const b = await createRateLimitStore({ redisUrl: REDIS_URL, redisPrefix: 'site-b:' });
    const key = `apart-test-${randomBytes(6).toString('hex')}`;
    try {
      await a.consume(key, LIMIT);
      expect((await b.consume(key, LIMIT)).remaining).toBe(9);
      const raw = new Redis(REDIS_URL);
      expect(await raw.get(`site-a:rl:${key}`)).toBe('1');
      await raw.quit();
    } finally {
      await a.reset(key, LIMIT);
      await b.reset(key, LIMIT);
      await a.close();
      await b.close();
    }
  });

  it('fails at start-up with a clear message when Redis cannot be reached', async () => {
    await expect(createRateLimitStore({ redisUrl: 'redis://127.0.0.1:1', redisPrefix: 'velora:' })).rejects.toThrow(/Cannot connect to Redis at 127\.0\.0\.1:1 \(REDIS_URL\)/);
  });
});
