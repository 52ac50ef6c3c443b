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
export function realtimeAdapterClient(connection: RedisConnection, log: FastifyBaseLogger, readFrom: string | null = null): Redis {
  const client = connection.duplicate('fail-fast');
  // The adapter connects a duplicate itself only for a lazy client; these connect at once and reconnect forever.
  Object.assign(client, { duplicate: () => guardUnawaitedCalls(startReadsAt(connection.duplicate('waiting'), readFrom), log, ['subscribe', 'ssubscribe']) });
  guardUnawaitedCalls(client, log, ['publish', 'set']);
  return client;
}

/**
 * The adapter publishes (pub/sub), stores sessions and subscribes without awaiting: a failure must be logged, not
 * become an unhandled rejection that ends the process. A subscription still queued on a waiting duplicate (Redis not
 * answering yet) fails with "Connection is closed." when the instance closes.
 */
function guardUnawaitedCalls(client: Redis, log: FastifyBaseLogger, methods: readonly ('publish' | 'set' | 'subscribe' | 'ssubscribe')[]): Redis {
  for (const method of methods) {
    const original = (client[method] as (...args: unknown[]) => Promise<unknown>).bind(client);
    Object.assign(client, {
      [method]: (...args: unknown[]) =>
        original(...args).catch((error: unknown) => {
          log.debug({ err: error }, `realtime: Redis ${method} failed`);
          return null;
        }),
    });
  }
  return client;
}

/** How long an instance's start waits for Redis to answer at all before it starts without its stream's position. */
const FIRST_ATTEMPT_WAIT_MS = 500;

/**
 * The id of the stream's last entry now ('0-0' while it has none), or null when Redis is away. The adapter's reader
 * starts at '$', which Redis takes as "the last entry when this read arrives": a reader whose connection came up
 * after the instance began to serve would miss what other instances published in between (connections were already
 * in their rooms, their events lost). Taken while the instance starts, before it listens, the position closes that
 * gap.
 */
export async function streamPosition(connection: RedisConnection, streamName: string): Promise<string | null> {
  if ((await connection.firstAttempt(FIRST_ATTEMPT_WAIT_MS)) !== 'up') return null;
  try {
    const [last] = await connection.client.xrevrange(streamName, '+', '-', 'COUNT', 1);
    return last ? last[0] : '0-0';
  } catch {
    return null;
  }
}

/** The client's first XREAD from '$' reads from `position` instead (null: from '$', as the adapter asks). */
function startReadsAt(client: Redis, position: string | null): Redis {
  if (position === null) return client;
  const xread = client.xread.bind(client) as (...args: unknown[]) => Promise<unknown>;
  let first = true;
  Object.assign(client, {
    xread: (...args: unknown[]) => {
      if (first && args[args.length - 1] === '$') args[args.length - 1] = position;
      first = false;
      return xread(...args);
    },
  });
  return client;
}
