import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimitStore } from './create-rate-limit-store';
import { createMemoryRateLimitStore } from './memory-rate-limit-store';
import type { RateLimitStore } from './rate-limit-store';
import { REDIS_RATE_LIMIT_PREFIX, createRedisRateLimitStore } from './redis-rate-limit-store';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('memory rate limit store', () => {
  it('counts hits within a window and starts again when the window has passed', async () => {
    let clock = 1_000_000;
    const store = createMemoryRateLimitStore(() => clock);
    expect(await store.hit('k', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    clock += 10_000;
    // Later hits do not extend the window.
    expect(await store.hit('k', 60_000)).toEqual({ count: 2, resetInMs: 50_000 });
    expect(await store.peek('k')).toEqual({ count: 2, resetInMs: 50_000 });
    clock += 50_000;
    expect(await store.peek('k')).toEqual({ count: 0, resetInMs: 0 });
    expect(await store.hit('k', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
  });

  it('resets one key and leaves the others', async () => {
    const store = createMemoryRateLimitStore(() => 0);
    await store.hit('a', 1000);
    await store.hit('b', 1000);
    await store.reset('a');
    expect((await store.peek('a')).count).toBe(0);
    expect((await store.peek('b')).count).toBe(1);
  });
});

describe('Redis rate limit store', () => {
  let redis: Redis;
  let store: RateLimitStore;
  // A prefix of its own: both server projects run this file at the same time against one Redis.
  const prefix = `velora:test:rl:${randomBytes(6).toString('hex')}:`;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL);
    store = createRedisRateLimitStore(redis, { prefix, ownsConnection: false });
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await store.close();
    await redis.quit();
  });

  it('counts hits atomically and sets the expiry only on the first hit', async () => {
    const first = await store.hit('login:a', 60_000);
    expect(first.count).toBe(1);
    expect(first.resetInMs).toBeGreaterThan(59_000);
    expect(first.resetInMs).toBeLessThanOrEqual(60_000);
    await redis.pexpire(`${prefix}login:a`, 30_000);
    const second = await store.hit('login:a', 60_000);
    expect(second.count).toBe(2);
    // The second hit kept the (shortened) window instead of starting a new one.
    expect(second.resetInMs).toBeLessThanOrEqual(30_000);
    expect(await redis.exists(`${prefix}login:a`)).toBe(1);
  });

  it('counts concurrent hits without losing any', async () => {
    const results = await Promise.all(Array.from({ length: 25 }, () => store.hit('burst', 60_000)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('peeks without counting, and reports an absent key as zero', async () => {
    expect(await store.peek('absent')).toEqual({ count: 0, resetInMs: 0 });
    await store.hit('peeked', 60_000);
    const peeked = await store.peek('peeked');
    expect(peeked.count).toBe(1);
    expect(peeked.resetInMs).toBeGreaterThan(0);
    expect((await store.peek('peeked')).count).toBe(1);
  });

  it('starts a new window after the old one expired', async () => {
    await store.hit('short', 50);
    await store.hit('short', 50);
    await new Promise((r) => setTimeout(r, 120));
    expect((await store.peek('short')).count).toBe(0);
    expect((await store.hit('short', 50)).count).toBe(1);
  });

  it('heals a key that lost its expiry instead of counting forever', async () => {
    await redis.set(`${prefix}stuck`, '3');
    const r = await store.hit('stuck', 60_000);
    expect(r.count).toBe(4);
    expect(r.resetInMs).toBe(60_000);
    expect(await redis.pttl(`${prefix}stuck`)).toBeGreaterThan(0);
  });

  it('resets a key', async () => {
    await store.hit('gone', 60_000);
    await store.reset('gone');
    expect((await store.peek('gone')).count).toBe(0);
  });

  it('uses the velora:rl: prefix by default', () => {
    expect(REDIS_RATE_LIMIT_PREFIX).toBe('velora:rl:');
  });
});

describe('createRateLimitStore', () => {
  it('keeps counters in memory without REDIS_URL', async () => {
    const store = await createRateLimitStore({ redisUrl: undefined, redisPrefix: 'velora:' });
    expect((await store.hit('x', 1000)).count).toBe(1);
    await store.close();
  });

  it('shares counters through Redis with REDIS_URL, under REDIS_PREFIX + rl:', async () => {
    const a = await createRateLimitStore({ redisUrl: REDIS_URL, redisPrefix: 'velora:' });
    const b = await createRateLimitStore({ redisUrl: REDIS_URL, redisPrefix: 'velora:' });
    const key = `shared-test-${randomBytes(6).toString('hex')}`;
    try {
      await a.hit(key, 10_000);
      // A second instance sees the first one's hit.
      expect((await b.hit(key, 10_000)).count).toBe(2);
      const raw = new Redis(REDIS_URL);
      expect(await raw.get(`velora:rl:${key}`)).toBe('2');
      await raw.quit();
    } finally {
      await a.reset(key);
      await a.close();
      await b.close();
    }
  });

  it('keeps the counters of another REDIS_PREFIX apart', async () => {
    const a = await createRateLimitStore({ redisUrl: REDIS_URL, redisPrefix: 'site-a:' });
    const b = await createRateLimitStore({ redisUrl: REDIS_URL, redisPrefix: 'site-b:' });
    const key = `apart-test-${randomBytes(6).toString('hex')}`;
    try {
      await a.hit(key, 10_000);
      expect((await b.hit(key, 10_000)).count).toBe(1);
      const raw = new Redis(REDIS_URL);
      expect(await raw.get(`site-a:rl:${key}`)).toBe('1');
      await raw.quit();
    } finally {
      await a.reset(key);
      await b.reset(key);
      await a.close();
      await b.close();
    }
  });

  it('fails at start-up with a clear message when Redis cannot be reached', async () => {
    await expect(createRateLimitStore({ redisUrl: 'redis://127.0.0.1:1', redisPrefix: 'velora:' })).rejects.toThrow(/Cannot connect to Redis at 127\.0\.0\.1:1 \(REDIS_URL\)/);
  });
});
