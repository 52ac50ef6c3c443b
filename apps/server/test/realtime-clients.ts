import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { io as connectClient, type ManagerOptions, type Socket as ClientSocket, type SocketOptions } from 'socket.io-client';
import { REALTIME_PATH } from '@velora/shared';
import type { TestApp } from './test-app';

// Browser connections to test apps (socket.io-client over a real WebSocket), and the Redis they share.

export const TEST_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** Opens browser connections and closes every one of them in closeAll() (call it after each test). */
export function createRealtimeClients() {
  const clients: ClientSocket[] = [];
  return {
    /** A connection to `app`, with the token (none: a visitor); no automatic reconnection unless asked. */
    open(app: TestApp, token?: string, options: Partial<ManagerOptions & SocketOptions> = {}): ClientSocket {
      const socket = connectClient(appUrl(app), {
        path: REALTIME_PATH,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        ...(token === undefined ? {} : { auth: { token } }),
        ...options,
      });
      clients.push(socket);
      return socket;
    },
    closeAll() {
      for (const socket of clients.splice(0)) socket.close();
    },
  };
}

export function appUrl(app: TestApp): string {
  const address = app.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  return `http://127.0.0.1:${address.port}`;
}

export async function listening(app: TestApp): Promise<TestApp> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

export function whenConnected(socket: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

export function whenRefused(socket: ClientSocket): Promise<Error> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected, but should have been refused')));
    socket.once('connect_error', resolve);
  });
}

export function nextEvent(socket: ClientSocket, event: string): Promise<unknown> {
  return new Promise((resolve) => socket.once(event, resolve));
}

/** The first `event` whose payload passes `test`. */
export function eventMatching<T>(socket: ClientSocket, event: string, test: (payload: T) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const listener = (payload: T) => {
      if (!test(payload)) return;
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

/** Every event the socket hears, in order. */
export function recordEvents(socket: ClientSocket): [string, unknown][] {
  const heard: [string, unknown][] = [];
  socket.onAny((event: string, payload: unknown) => heard.push([event, payload]));
  return heard;
}

/** Why Redis cannot be used, or null when it answers. */
export async function redisUnavailable(url = TEST_REDIS_URL): Promise<string | null> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    probe.disconnect();
  }
}

/** A key prefix of one test's own, so parallel runs never meet in the shared Redis. */
export const testRedisKey = () => `velora-test-${randomBytes(6).toString('hex')}`;

/** Deletes every key under the prefix (streams and sessions do not expire by themselves). */
export async function deleteRedisKeys(prefix: string, url = TEST_REDIS_URL): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
