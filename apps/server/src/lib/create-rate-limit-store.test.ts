import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, ownRedis, type OwnRedis } from '../../test/own-redis';
import { createRateLimitStore } from './create-rate-limit-store';
import { createMemoryRateLimitStore } from './memory-rate-limit-store';
import type { RateLimitStore } from './rate-limit-store';
import { REDIS_RATE_LIMIT_PREFIX, createRedisRateLimitStore } from './redis-rate-limit-store';
import { openRedisConnection, type RedisConnection } from './redis/redis-connection';

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
  const connections: RedisConnection[] = [];
  const connect = (url = REDIS_URL) => {
    const connection = openRedisConnection(url, { log: { info() {}, warn() {}, error() {} } });
    connections.push(connection);
    return connection;
  };
  const up = async (connection: RedisConnection) => {
    while (connection.state() !== 'up') await new Promise((r) => setTimeout(r, 10));
  };
  afterEach(async () => {
    await Promise.all(connections.splice(0).map((c) => c.close()));
  });

  it('keeps counters in memory without REDIS_URL', async () => {
    const store = createRateLimitStore({ redisPrefix: 'velora:' }, null);
    expect((await store.hit('x', 1000)).count).toBe(1);
    await store.close();
  });

  it('shares counters through Redis with REDIS_URL, under REDIS_PREFIX + rl:', async () => {
    const [ca, cb] = [connect(), connect()];
    await Promise.all([up(ca), up(cb)]);
    const a = createRateLimitStore({ redisPrefix: 'velora:' }, ca);
    const b = createRateLimitStore({ redisPrefix: 'velora:' }, cb);
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
    const connection = connect();
    await up(connection);
    const a = createRateLimitStore({ redisPrefix: 'site-a:' }, connection);
    const b = createRateLimitStore({ redisPrefix: 'site-b:' }, connection);
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

  it('counts on this instance, at once, while Redis cannot be reached (a start without it)', async () => {
    const store = createRateLimitStore({ redisPrefix: 'velora:' }, connect(`redis://127.0.0.1:${await freePort()}`));
    const started = Date.now();
    expect((await store.hit('login', 60_000)).count).toBe(1);
    expect((await store.hit('login', 60_000)).count).toBe(2);
    expect((await store.peek('login')).count).toBe(2);
    await store.reset('login');
    expect((await store.peek('login')).count).toBe(0);
    expect(Date.now() - started).toBeLessThan(100);
    await store.close();
  });

  describe('with a Redis that dies and comes back', () => {
    let own: OwnRedis;
    beforeAll(async () => {
      own = await ownRedis();
    });
    afterAll(async () => {
      await own?.kill();
    });

    it('counts on this instance while Redis is gone and shares the counters again once it is back', async () => {
      await own.start();
      const [ca, cb] = [connect(own.url), connect(own.url)];
      await Promise.all([up(ca), up(cb)]);
      const a = createRateLimitStore({ redisPrefix: 'velora:' }, ca);
      const b = createRateLimitStore({ redisPrefix: 'velora:' }, cb);
      await a.hit('k', 60_000);
      expect((await b.hit('k', 60_000)).count).toBe(2);

      await own.kill();
      const started = Date.now();
      // Each instance counts its own hits meanwhile, from zero.
      expect((await a.hit('k', 60_000)).count).toBe(1);
      expect((await a.hit('k', 60_000)).count).toBe(2);
      expect((await b.hit('k', 60_000)).count).toBe(1);
      expect(Date.now() - started).toBeLessThan(1_000);

      await own.start();
      await Promise.all([up(ca), up(cb)]);
      await a.hit('k', 60_000);
      expect((await b.hit('k', 60_000)).count).toBe(2);
      await a.close();
      await b.close();
    });
  });
});
