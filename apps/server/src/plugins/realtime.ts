import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { Server, type DefaultEventsMap, type Socket } from 'socket.io';
import { REALTIME_PATH } from '@velora/shared';
import { userRoom, type BindableRealtimeHub } from '../lib/realtime-hub';
import type { SessionsService } from '../modules/sessions/sessions.service';

export interface RealtimePluginOptions {
  /** The hub modules push through (deps.realtime); bound here to the Socket.IO server. */
  hub: BindableRealtimeHub;
  sessions: Pick<SessionsService, 'resolve'>;
  /** With a Redis URL, events reach the user's connections on every instance; without, only on this one. */
  redisUrl?: string | undefined;
  /** Prefix of the Redis channels: every instance of one site must share it (tests use their own). */
  redisKey?: string;
  /** How often open connections' sessions are checked again, so a revoked session stops hearing events. */
  sessionCheckIntervalMs?: number;
}

export const DEFAULT_SESSION_CHECK_INTERVAL_MS = 60_000;
/** The message of the error a refused connection gets (the client's connect_error). */
export const UNAUTHORIZED = 'unauthorized';

/** Browsers only listen on this channel: nothing they send needs more than the handshake. */
const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

interface SocketData {
  userId: number;
  token: string;
}
type RealtimeServer = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
type RealtimeSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;

/**
 * Socket.IO at REALTIME_PATH on the app's HTTP server. Every connection carries a session token in its
 * handshake (`auth.token`, the same bearer token the API takes) and joins its user's room; modules reach it
 * through deps.realtime. Same origin only: no CORS, and the token never travels in a cookie or a URL.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance, opts: RealtimePluginOptions) => {
    const redis = opts.redisUrl ? await connectRedisPair(opts.redisUrl, app.log) : null;
    const io: RealtimeServer = new Server(app.server, {
      path: REALTIME_PATH,
      serveClient: false,
      maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES,
    });
    if (redis) io.adapter(createAdapter(redis.pub, redis.sub, { key: opts.redisKey ?? 'socket.io' }));

    io.use((socket, next) => {
      const token: unknown = socket.handshake.auth?.token;
      if (typeof token !== 'string' || token === '') return next(new Error(UNAUTHORIZED));
      opts.sessions.resolve(token).then(
        (auth) => {
          if (!auth) return next(new Error(UNAUTHORIZED));
          socket.data.userId = auth.userId;
          socket.data.token = token;
          next();
        },
        (error: unknown) => {
          // The database is away: the client retries later and polls meanwhile.
          app.log.error({ err: error }, 'realtime: session check failed');
          next(new Error('unavailable'));
        },
      );
    });

    io.on('connection', (socket) => {
      void socket.join(userRoom(socket.data.userId));
    });

    opts.hub.bind((room, event, payload) => {
      io.to(room).emit(event, payload);
    });

    const stopChecks = startSessionChecks(io, opts.sessions, opts.sessionCheckIntervalMs ?? DEFAULT_SESSION_CHECK_INTERVAL_MS, app.log);

    // Before the HTTP server closes: it waits for open connections, and upgraded WebSockets are among them.
    // Dropping the transports (rather than disconnecting the sockets) tells browsers to reconnect, to another
    // instance during a rolling restart.
    app.addHook('preClose', async () => {
      stopChecks();
      opts.hub.bind(() => undefined);
      io.engine.close();
    });
    app.addHook('onClose', async () => {
      // io.close() also closes the HTTP server, which Fastify has already closed: that error is expected.
      await io.close();
      if (redis) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
    });
  },
  { name: 'realtime' },
);

/** Checks every open connection's session at an interval and disconnects those whose session ended. */
function startSessionChecks(io: RealtimeServer, sessions: RealtimePluginOptions['sessions'], intervalMs: number, log: FastifyBaseLogger) {
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      // Tabs of one browser share a token: one query per session, not per connection.
      const byToken = new Map<string, RealtimeSocket[]>();
      for (const socket of io.of('/').sockets.values()) {
        const group = byToken.get(socket.data.token);
        if (group) group.push(socket);
        else byToken.set(socket.data.token, [socket]);
      }
      for (const [token, sockets] of byToken) {
        let alive: boolean;
        try {
          alive = (await sessions.resolve(token)) !== null;
        } catch (error) {
          // Not knowing is no reason to cut anyone off: try again next round.
          log.error({ err: error }, 'realtime: session re-check failed');
          return;
        }
        if (!alive) for (const socket of sockets) socket.disconnect(true);
      }
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

async function connectRedisPair(url: string, log: FastifyBaseLogger) {
  // Events are fire and forget (a browser that misses one polls): fail a publish at once while Redis is away
  // instead of queueing it.
  const pub = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  const sub = pub.duplicate();
  for (const [name, client] of [['pub', pub], ['sub', sub]] as const) {
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
  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (error) {
    pub.disconnect();
    sub.disconnect();
    throw new Error(`Cannot connect to Redis at ${new URL(url).host} (REDIS_URL): ${(error as Error).message}`, { cause: error });
  }
  guardPublish(pub, log);
  return { pub, sub };
}

/** The adapter publishes without awaiting: a failed publish must be logged, not become an unhandled rejection. */
function guardPublish(client: Redis, log: FastifyBaseLogger) {
  const publish = client.publish.bind(client) as (channel: string | Buffer, message: string | Buffer) => Promise<number>;
  const guarded = (channel: string | Buffer, message: string | Buffer) =>
    publish(channel, message).catch((error: unknown) => {
      log.debug({ err: error }, 'realtime: publish failed');
      return 0;
    });
  Object.assign(client, { publish: guarded });
}
