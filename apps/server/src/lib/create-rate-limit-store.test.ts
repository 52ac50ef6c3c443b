import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, ownRedis, type OwnRedis } from '../../test/own-redis';
import { createRateLimitStore } from './create-rate-limit-store';
import { REDIS_COMMAND_TIMEOUT_MS, openRedisConnection, type RedisConnection } from './redis/redis-connection';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = { points: 10, windowMs: 10_000 };
const MINUTE = { points: 10, windowMs: 60_000 };

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
    expect((await store.consume('x', LIMIT)).remaining).toBe(9);
    await store.close();
  });

  it('shares counters through Redis with REDIS_URL, under REDIS_PREFIX + rl:', async () => {
    const [ca, cb] = [connect(), connect()];
    await Promise.all([up(ca), up(cb)]);
    const a = createRateLimitStore({ redisPrefix: 'velora:' }, ca);
    const b = createRateLimitStore({ redisPrefix: 'velora:' }, cb);
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
    const connection = connect();
    await up(connection);
    const a = createRateLimitStore({ redisPrefix: 'site-a:' }, connection);
    const b = createRateLimitStore({ redisPrefix: 'site-b:' }, connection);
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

  it('counts on this instance, at once, while Redis cannot be reached (a start without it)', async () => {
    const store = createRateLimitStore({ redisPrefix: 'velora:' }, connect(`redis://127.0.0.1:${await freePort()}`));
    const started = Date.now();
    expect((await store.consume('login', MINUTE)).remaining).toBe(9);
    expect((await store.consume('login', MINUTE)).remaining).toBe(8);
    await store.reset('login', MINUTE);
    expect((await store.consume('login', MINUTE)).remaining).toBe(9);
    // Sooner than one command's timeout: none of the four waited for Redis.
    expect(Date.now() - started).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS);
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
      const key = `outage-${randomBytes(6).toString('hex')}`;
      await a.consume(key, MINUTE);
      expect((await b.consume(key, MINUTE)).remaining).toBe(8);

      await own.kill();
      const started = Date.now();
      // Each instance counts its own hits meanwhile, from zero.
      expect((await a.consume(key, MINUTE)).remaining).toBe(9);
      expect((await a.consume(key, MINUTE)).remaining).toBe(8);
      expect((await b.consume(key, MINUTE)).remaining).toBe(9);
      expect(Date.now() - started).toBeLessThan(1_000);

      await own.start();
      await Promise.all([up(ca), up(cb)]);
      // Shared again: Redis kept nothing across its restart (no persistence), so the count starts afresh there.
      await a.consume(key, MINUTE);
      expect((await b.consume(key, MINUTE)).remaining).toBe(8);
      await a.close();
      await b.close();
    });
  });
});
