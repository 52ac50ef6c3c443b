import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimitStore } from './rate-limit-store';
import { REDIS_RATE_LIMIT_PREFIX, createRedisRateLimitStore } from './redis-rate-limit-store';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = { points: 10, windowMs: 60_000 };

describe('Redis rate limit store', () => {
  let redis: Redis;
  let store: RateLimitStore;
  // A prefix of its own: both server projects run this file at the same time against one Redis.
  const prefix = `velora:test:rl:${randomBytes(6).toString('hex')}:`;

  beforeAll(async () => {
    // Connected first: until the client is ready the store answers from its in-memory insurance.
    redis = new Redis(REDIS_URL, { lazyConnect: true });
    await redis.connect();
    store = createRedisRateLimitStore(redis, { prefix, ownsConnection: false });
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await store.close();
    await redis.quit();
  });

  it('allows exactly L of N parallel attempts (one atomic count per attempt)', async () => {
    const decisions = await Promise.all(Array.from({ length: 100 }, () => store.consume('burst', LIMIT)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    // Refused attempts are given back: the counter holds the allowed ones.
    expect(await redis.get(`${prefix}burst`)).toBe('10');
  });

  it('keeps the counter under prefix + key, expiring with the window', async () => {
    const first = await store.consume('login:a', LIMIT);
    expect(first).toMatchObject({ allowed: true, remaining: 9 });
    expect(first.retryAfterMs).toBeGreaterThan(59_000);
    expect(first.retryAfterMs).toBeLessThanOrEqual(60_000);
    const ttl = await redis.pttl(`${prefix}login:a`);
    expect(ttl).toBeGreaterThan(59_000);
  });

  it('does not extend the window with later attempts', async () => {
    await store.consume('fixed', LIMIT);
    await redis.pexpire(`${prefix}fixed`, 30_000);
    expect((await store.consume('fixed', LIMIT)).retryAfterMs).toBeLessThanOrEqual(30_000);
  });

  it('heals a key that lost its expiry instead of counting forever', async () => {
    await redis.set(`${prefix}stuck`, '3');
    expect((await store.consume('stuck', LIMIT)).remaining).toBe(6);
    expect(await redis.pttl(`${prefix}stuck`)).toBeGreaterThan(0);
  });

  it('starts a new window after the old one expired', async () => {
    const short = { points: 1, windowMs: 1000 };
    expect((await store.consume('short', short)).allowed).toBe(true);
    expect((await store.consume('short', short)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await store.consume('short', short)).allowed).toBe(true);
  });

  it('gives a refunded attempt back and forgets a reset key', async () => {
    const small = { points: 1, windowMs: 60_000 };
    await store.consume('refunded', small);
    await store.refund('refunded', small);
    expect((await store.consume('refunded', small)).allowed).toBe(true);
    await store.reset('refunded', small);
    expect(await redis.exists(`${prefix}refunded`)).toBe(0);
  });

  it('uses the velora:rl: prefix by default', () => {
    expect(REDIS_RATE_LIMIT_PREFIX).toBe('velora:rl:');
  });

  it('counts in this instance’s memory while Redis is away, instead of failing the request', async () => {
    const gone = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 });
    gone.on('error', () => undefined);
    const insured = createRedisRateLimitStore(gone, { prefix, ownsConnection: false });
    const decisions = await Promise.all(Array.from({ length: 30 }, () => insured.consume('away', LIMIT)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    await insured.refund('away', LIMIT);
    await insured.reset('away', LIMIT);
    expect(await redis.exists(`${prefix}away`)).toBe(0);
    gone.disconnect();
  });
});
