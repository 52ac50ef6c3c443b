import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL, deleteRedisKeys, redisUnavailable, testRedisKey } from '../../test/realtime-clients';
import { createMemoryPresenceStore, type PresenceShare } from './presence-store';
import { createRedisPresenceStore } from './redis-presence-store';

const share = (users: [number, number][], visitors = 0): PresenceShare => ({ users: new Map(users), visitors });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('presence in Redis, one share per instance', () => {
  let redisError: string | null = null;
  let redis: Redis;
  const prefix = `${testRedisKey()}:`;

  beforeAll(async () => {
    redisError = await redisUnavailable();
    if (!redisError) redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    if (redisError) return;
    redis.disconnect();
    await deleteRedisKeys(prefix);
  });

  it('adds the instances up: distinct users once, visitors summed; the version grows with each change', async (ctx) => {
    ctx.skip(redisError !== null, 'Redis is unreachable');
    const one = createRedisPresenceStore(redis, { prefix, instanceId: 'one', ttlMs: 10_000 });
    const two = createRedisPresenceStore(redis, { prefix, instanceId: 'two', ttlMs: 10_000 });
    await one.write('camera:1', share([[7, 2], [3, 1]], 1));
    const first = await two.read('camera:1');
    await two.write('camera:1', share([[7, 1]], 2));

    const both = await one.read('camera:1');
    expect(both).toMatchObject({ users: [3, 7], visitors: 3 });
    expect(both.version).toBeGreaterThan(first.version);

    await one.write('camera:1', share([]));
    expect(await two.read('camera:1')).toMatchObject({ users: [7], visitors: 2 });
  });

  it('forgets the share of an instance that stopped refreshing it, and moves the version on', async (ctx) => {
    ctx.skip(redisError !== null, 'Redis is unreachable');
    const dying = createRedisPresenceStore(redis, { prefix, instanceId: 'dying', ttlMs: 150 });
    const alive = createRedisPresenceStore(redis, { prefix, instanceId: 'alive', ttlMs: 150 });
    await dying.write('camera:2', share([[1, 1]]));
    await alive.write('camera:2', share([[2, 1]]));
    const before = await alive.read('camera:2');
    expect(before.users).toEqual([1, 2]);

    for (let i = 0; i < 4; i++) {
      await sleep(60);
      expect(await alive.refresh(new Map([['camera:2', share([[2, 1]])]]))).toEqual([]);
    }
    const after = await alive.read('camera:2');
    expect(after.users).toEqual([2]);
    expect(after.version).toBeGreaterThan(before.version);
  });

  it('writes a lost share again on refresh and says so', async (ctx) => {
    ctx.skip(redisError !== null, 'Redis is unreachable');
    const store = createRedisPresenceStore(redis, { prefix, instanceId: 'flaky', ttlMs: 10_000 });
    await store.write('camera:3', share([[5, 1]]));
    await deleteRedisKeys(`${prefix}presence:{camera:3}:flaky`);

    expect(await store.refresh(new Map([['camera:3', share([[5, 1]])]]))).toEqual(['camera:3']);
    expect((await store.read('camera:3')).users).toEqual([5]);
  });
});

describe('presence in process', () => {
  it('is the one instance\'s share, with a growing version', async () => {
    const store = createMemoryPresenceStore();
    await store.write('camera:1', share([[4, 2]], 1));
    const first = await store.read('camera:1');
    expect(first).toMatchObject({ users: [4], visitors: 1 });
    await store.write('camera:1', share([]));
    const empty = await store.read('camera:1');
    expect(empty).toMatchObject({ users: [], visitors: 0 });
    expect(empty.version).toBeGreaterThan(first.version);
  });
});
