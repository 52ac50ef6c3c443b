import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export interface RealtimeRedis {
  /** Publishes (stream entries, pub/sub), sessions and presence: fails at once while Redis is away. */
  client: Redis;
  close(): Promise<void>;
}

/**
 * The Redis connections of the realtime channel. The Redis streams adapter duplicates the client for its blocking
 * stream reads and its subscriptions; those duplicates wait for Redis to come back (a read that failed at once would
 * be retried in a tight loop), while the client itself fails at once, so an outage never queues events or stalls
 * a join: events stay on this instance and presence counts this instance only, until Redis is back.
 */
export async function connectRealtimeRedis(url: string, log: FastifyBaseLogger): Promise<RealtimeRedis> {
  const client = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  reportOutages(client, 'publishing', log);
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new Error(`Cannot connect to Redis at ${new URL(url).host} (REDIS_URL): ${(error as Error).message}`, { cause: error });
  }

  const duplicates: Redis[] = [];
  Object.assign(client, {
    duplicate() {
      const reader = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
      reportOutages(reader, 'reading', log);
      // The adapter awaits connect() without a catch; ioredis keeps retrying by itself after a failed first attempt.
      const connect = reader.connect.bind(reader);
      Object.assign(reader, { connect: () => connect().catch(() => undefined) });
      duplicates.push(reader);
      return reader;
    },
  });
  guardUnawaitedCalls(client, log);

  return {
    client,
    async close() {
      // Called after the Socket.IO server closed, which stops the adapter's read loop first.
      for (const reader of duplicates) reader.disconnect();
      await client.quit().catch(() => client.disconnect());
    },
  };
}

function reportOutages(client: Redis, name: string, log: FastifyBaseLogger) {
  // One line per outage, not one per reconnect attempt.
  let reported = false;
  client.on('error', (error: Error) => {
    if (reported) return;
    reported = true;
    log.warn({ err: error }, `realtime: Redis ${name} connection lost; events stay on this instance until it is back`);
  });
  client.on('ready', () => {
    reported = false;
  });
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
