import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { RedisConnection } from '../lib/redis/redis-connection';

/**
 * The client the Redis streams adapter publishes through, from the platform's connection (decision record 027). It
 * fails at once while Redis is away, and socket.io-adapter's ClusterAdapter then delivers to the sockets of this
 * instance only (it broadcasts locally after a failed publish): events never queue and a join never stalls. The
 * adapter duplicates it for its blocking stream reads and its subscriptions; those duplicates wait for Redis to come
 * back (a read that failed at once would be retried in a tight loop) and resume by themselves, resubscribed.
 */
export function realtimeAdapterClient(connection: RedisConnection, log: FastifyBaseLogger): Redis {
  const client = connection.duplicate('fail-fast');
  // The adapter connects a duplicate itself only for a lazy client; these connect at once and reconnect forever.
  Object.assign(client, { duplicate: () => connection.duplicate('waiting') });
  guardUnawaitedCalls(client, log);
  return client;
}

/**
 * The adapter publishes (pub/sub) and stores sessions without awaiting: a failure must be logged, not become an
 * unhandled rejection that ends the process.
 */
function guardUnawaitedCalls(client: Redis, log: FastifyBaseLogger) {
  for (const method of ['publish', 'set'] as const) {
    const original = (client[method] as (...args: unknown[]) => Promise<unknown>).bind(client);
    Object.assign(client, {
      [method]: (...args: unknown[]) =>
        original(...args).catch((error: unknown) => {
          log.debug({ err: error }, `realtime: Redis ${method} failed`);
          return null;
        }),
    });
  }
}
