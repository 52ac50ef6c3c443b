import { createServer, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openRedisConnection, type RedisConnection } from '../lib/redis/redis-connection';
import { deleteRedisKeys, redisUnavailable, TEST_REDIS_URL, testRedisKey } from '../../test/realtime-clients';
import { freePort } from '../../test/own-redis';
import { realtimeAdapterClient, streamPosition } from './realtime-redis';

const log = pino({ level: 'silent' });

describe("the realtime adapter's stream reader", () => {
  let redisError: string | null = null;
  const opened: { connection: RedisConnection; key: string | null }[] = [];
  const open = (url = TEST_REDIS_URL, key: string | null = null) => {
    const connection = openRedisConnection(url, { log });
    opened.push({ connection, key });
    return connection;
  };

  beforeAll(async () => {
    redisError = await redisUnavailable();
  });
  afterEach(async () => {
    for (const { connection, key } of opened.splice(0)) {
      await connection.close();
      if (key) await deleteRedisKeys(key);
    }
  });

  it('hears an entry published after the instance started even when its first read reaches Redis later', async (ctx) => {
    ctx.skip(redisError !== null, `Redis at ${TEST_REDIS_URL} is unreachable (${redisError})`);
    const stream = testRedisKey();
    const connection = open(TEST_REDIS_URL, stream);
    const publisher = new Redis(TEST_REDIS_URL);
    try {
      await publisher.xadd(stream, '*', 'before', 'start');
      const position = await streamPosition(connection, stream);

      // Another instance publishes while this one's reader is still connecting.
      await publisher.xadd(stream, '*', 'after', 'start');
      const reader = realtimeAdapterClient(connection, log, position).duplicate();
      const read = (await reader.xread('COUNT', 100, 'BLOCK', 200, 'STREAMS', stream, '$')) as [string, [string, string[]][]][] | null;

      expect(read?.[0]?.[1].map(([, fields]) => fields)).toEqual([['after', 'start']]);
    } finally {
      publisher.disconnect();
    }
  });

  it("reads from '$' as the adapter asks when Redis did not answer at start", async () => {
    const connection = open(`redis://127.0.0.1:${await freePort()}`);
    expect(await streamPosition(connection, testRedisKey())).toBeNull();
  });

  it('ends a subscription still waiting for Redis quietly when the instance closes, not as an unhandled rejection', async () => {
    // A Redis that accepts the connection and never answers: the subscription waits in the client's queue.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as { port: number };
      const connection = open(`redis://127.0.0.1:${port}`);
      const subscriber = realtimeAdapterClient(connection, log).duplicate();
      // Not awaited by the adapter (socket.io's SUBSCRIBE helper), so a rejection here would be unhandled.
      const subscribed = subscriber.subscribe('velora-test-channel');
      await expect.poll(() => sockets.length).toBeGreaterThanOrEqual(2);

      await connection.close();

      await expect(subscribed).resolves.toBeNull();
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});
