import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type DefaultEventsMap, type Socket } from 'socket.io';
import { REALTIME_PATH, REALTIME_ROOM_EVENTS, parseRoomName, type RoomLeftEvent, type RoomName } from '@velora/shared';
import { createMemoryPresenceStore } from '../lib/presence-store';
import { createPresenceTracker } from '../lib/presence-tracker';
import { createMemoryRateLimitStore } from '../lib/memory-rate-limit-store';
import type { RateLimitStore } from '../lib/rate-limit-store';
import { RealtimeError } from '../lib/realtime-error';
import { sessionRoom, userRoom, type BindableRealtimeHub } from '../lib/realtime-hub';
import { createRedisPresenceStore } from '../lib/redis-presence-store';
import type { RedisConnection } from '../lib/redis/redis-connection';
import type { SessionsService } from '../modules/sessions/sessions.service';
import { createClientEventDispatcher, toClientPresence, toFullPresence } from './realtime-client-events';
import { clientAddressOf, createAddressCap } from './realtime-address-cap';
import { realtimeAdapterClient, streamPosition } from './realtime-redis';
import type { ApplySecurityHeaders } from './security-headers';

export interface RealtimePresenceOptions {
  /** Changes of a room within this time reach its browsers as one update. */
  throttleMs?: number;
  /** How often each instance refreshes its presence entries and re-reads its rooms. */
  heartbeatMs?: number;
  /** How long an instance's entries outlive its last refresh (so a dead instance's viewers disappear). */
  ttlMs?: number;
}

export interface RealtimePluginOptions {
  /** The hub modules push through (deps.realtime); bound here to the Socket.IO server. */
  hub: BindableRealtimeHub;
  sessions: Pick<SessionsService, 'resolve'>;
  /** Counters of the client events' rate limits per user (shared through Redis with REDIS_URL). */
  rateLimits?: RateLimitStore;
  /**
   * With Redis (REDIS_URL), events reach the user's connections on every instance; without, or while it is away,
   * only on this one.
   */
  redis?: RedisConnection | null;
  /** Prefix of the Redis keys and channels: every instance of one site must share it (tests use their own). */
  redisKey?: string;
  /**
   * How often open connections' sessions are checked again: a backstop for sessions that end without a push (they
   * expire, or Redis was away when they were revoked); a revoked session's connections are closed at once.
   */
  sessionCheckIntervalMs?: number;
  presence?: RealtimePresenceOptions;
  /** How long a dropped connection may come back into its rooms and get the events it missed. */
  recoveryWindowMs?: number;
  /** Sets the security headers of every answer: Socket.IO's polling answers bypass Fastify's hooks. */
  securityHeaders?: ApplySecurityHeaders;
  /** At most so many connections at once from one client address. */
  connectionsPerAddress?: number;
  /** The client address of a raw request (the proxy's last X-Forwarded-For entry behind TRUST_PROXY). */
  addressOf?: (req: IncomingMessage) => string;
}

export const DEFAULT_SESSION_CHECK_INTERVAL_MS = 60_000;
export const DEFAULT_RECOVERY_WINDOW_MS = 2 * 60_000;
const DEFAULT_PRESENCE = { throttleMs: 500, heartbeatMs: 10_000, ttlMs: 30_000 } satisfies Required<RealtimePresenceOptions>;
/** The message of the error a connection with a bad token gets (the client's connect_error). */
export const UNAUTHORIZED = 'unauthorized';

/** Browsers send small events (a room name, a chat line); anything bigger is not ours. */
const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;
/** Missed events one stream keeps for resuming connections (they are also bounded by the recovery window). */
const STREAM_MAX_LENGTH = 10_000;

interface SocketData {
  /** Null for a visitor (no token in the handshake). */
  userId: number | null;
  token: string | null;
  sessionId: number | null;
}
type RealtimeServer = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
type RealtimeSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;

/**
 * Socket.IO at REALTIME_PATH on the app's HTTP server. A connection carries a session token in its handshake
 * (`auth.token`, the same bearer token the API takes) and joins its user's room, or none (a visitor); it joins
 * rooms of the kinds modules declare through acknowledged client events. A dropped connection that comes back within
 * the recovery window is put back into its rooms with the events it missed (Connection State Recovery; the Redis
 * streams adapter carries both between instances). Same origin only: no CORS, the token never in a cookie or URL.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance, opts: RealtimePluginOptions) => {
    const redisKey = opts.redisKey ?? 'socket.io';
    const redis = opts.redis ?? null;
    const adapterClient = redis ? realtimeAdapterClient(redis, app.log, await streamPosition(redis, redisKey)) : null;
    const cap = opts.connectionsPerAddress ? createAddressCap(opts.connectionsPerAddress, opts.addressOf ?? clientAddressOf(false)) : null;
    const io: RealtimeServer = new Server(app.server, {
      path: REALTIME_PATH,
      ...(cap ? { allowRequest: cap.allowRequest } : {}),
      serveClient: false,
      maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES,
      connectionStateRecovery: {
        maxDisconnectionDuration: opts.recoveryWindowMs ?? DEFAULT_RECOVERY_WINDOW_MS,
        // A resumed connection shows its token again: the session may have ended meanwhile.
        skipMiddlewares: false,
      },
    });
    if (cap) io.engine.on('connection', cap.onConnection);
    // Engine.IO answers its polling requests (and refusals) on the raw server, before Fastify: the headers are set
    // first, and its writeHead keeps them.
    const applyHeaders = opts.securityHeaders;
    if (applyHeaders) {
      app.server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
        if (req.url?.startsWith(`${REALTIME_PATH}/`)) applyHeaders(req, res, () => undefined);
      });
    }
    if (adapterClient) {
      io.adapter(
        createAdapter(adapterClient, {
          streamName: redisKey,
          channelPrefix: redisKey,
          sessionKeyPrefix: `${redisKey}:session:`,
          maxLen: STREAM_MAX_LENGTH,
        }),
      );
    }

    const presenceOptions = { ...DEFAULT_PRESENCE, ...opts.presence };
    const presence = createPresenceTracker({
      store: redis
        ? createRedisPresenceStore(redis.client, { prefix: `${redisKey}:`, instanceId: randomBytes(8).toString('hex'), ttlMs: presenceOptions.ttlMs })
        : createMemoryPresenceStore(),
      throttleMs: presenceOptions.throttleMs,
      heartbeatMs: presenceOptions.heartbeatMs,
      log: app.log,
      onChange(room, snapshot) {
        // Through the adapter, so a resuming connection gets the updates it missed like any room event.
        io.to(room).emit(REALTIME_ROOM_EVENTS.presence, toClientPresence(room, snapshot, opts.hub.roomKind(parseRoomName(room)!.kind)));
      },
    });
    const clientEvents = createClientEventDispatcher({
      hub: opts.hub,
      presence,
      rateLimits: opts.rateLimits ?? createMemoryRateLimitStore(),
      log: app.log,
      resolveSession: (token) => opts.sessions.resolve(token),
    });

    io.use((socket, next) => {
      const token: unknown = socket.handshake.auth?.token;
      // No credential at all: a visitor, who hears only rooms whose kind lets visitors in.
      if (token === undefined || token === null || token === '') {
        socket.data.userId = null;
        socket.data.token = null;
        socket.data.sessionId = null;
        return next();
      }
      if (typeof token !== 'string') return next(new Error(UNAUTHORIZED));
      opts.sessions.resolve(token).then(
        (auth) => {
          if (!auth) return next(new Error(UNAUTHORIZED));
          socket.data.userId = auth.userId;
          socket.data.token = token;
          socket.data.sessionId = auth.sessionId;
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
      socket.on('disconnecting', () => {
        for (const room of socket.rooms) if (parseRoomName(room)) presence.remove(room, socket.id);
      });
      clientEvents.attach(socket);
      if (socket.recovered) resume(socket);
      else joinOwnRooms(socket);
    });

    /** The rooms of who the connection is: its user's (pushes) and its session's (cut off when the session ends). */
    function ownRooms(socket: RealtimeSocket): string[] {
      const { userId, sessionId } = socket.data;
      return userId === null || sessionId === null ? [] : [userRoom(userId), sessionRoom(sessionId)];
    }
    function joinOwnRooms(socket: RealtimeSocket) {
      const rooms = ownRooms(socket);
      if (rooms.length > 0) void socket.join(rooms);
    }

    /** A connection back from a short drop is in its rooms again: only those it may still be in, as who it is now. */
    function resume(socket: RealtimeSocket) {
      const { userId } = socket.data;
      const own = ownRooms(socket);
      for (const room of [...socket.rooms]) {
        if (room === socket.id) continue;
        const parsed = parseRoomName(room);
        if (!parsed) {
          if (!own.includes(room)) void socket.leave(room);
          continue;
        }
        presence.add(room, socket.id, userId);
        clientEvents.authorizeRoom(room as RoomName, userId).catch((error: unknown) => {
          if (!socket.connected || !socket.rooms.has(room)) return;
          const refusal = error instanceof RealtimeError ? error : null;
          if (!refusal) app.log.error({ err: error, room }, 'realtime: re-authorizing a resumed room failed');
          void socket.leave(room);
          presence.remove(room, socket.id);
          const left: RoomLeftEvent = { room, code: refusal?.code ?? 'INTERNAL', message: refusal?.message ?? 'Join the room again' };
          socket.emit(REALTIME_ROOM_EVENTS.left, left);
        });
      }
      joinOwnRooms(socket);
    }

    opts.hub.bind(
      (room, event, payload) => {
        io.to(room).emit(event, payload);
      },
      async (room) => toFullPresence(room, await presence.read(room)),
      // Through the adapter: the connections of an ended session are closed on whichever instance holds them.
      (rooms) => io.in(rooms).disconnectSockets(true),
      // Through the adapter too: every connection of every instance.
      (event, payload) => {
        io.emit(event, payload);
      },
      // The user's connections leave on whichever instance holds them; that instance's presence hears it below.
      (userId, room, reason) => {
        io.in(userRoom(userId)).socketsLeave(room);
        const left: RoomLeftEvent = { room, ...reason };
        io.to(userRoom(userId)).emit(REALTIME_ROOM_EVENTS.left, left);
      },
    );
    // A connection taken out of a room by the server (socketsLeave, here or from another instance) leaves presence.
    io.of('/').adapter.on('leave-room', (room: string, socketId: string) => {
      if (parseRoomName(room)) presence.remove(room, socketId);
    });

    const stopChecks = startSessionChecks(io, opts.sessions, opts.sessionCheckIntervalMs ?? DEFAULT_SESSION_CHECK_INTERVAL_MS, app.log);

    // Before the HTTP server closes: it waits for open connections, and upgraded WebSockets are among them.
    // Dropping the transports (rather than disconnecting the sockets) tells browsers to reconnect, to another
    // instance during a rolling restart.
    app.addHook('preClose', async () => {
      stopChecks();
      presence.stop();
      opts.hub.bind(() => undefined);
      io.engine.close();
    });
    app.addHook('onClose', async () => {
      // io.close() also closes the HTTP server, which Fastify has already closed: that error is expected.
      // The adapter has stopped its readers by now; the platform closes the connection itself.
      await io.close();
      adapterClient?.disconnect();
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
      // Tabs of one browser share a token: one query per session, not per connection. Visitors have none.
      const byToken = new Map<string, RealtimeSocket[]>();
      for (const socket of io.of('/').sockets.values()) {
        const token = socket.data.token;
        if (token === null) continue;
        const group = byToken.get(token);
        if (group) group.push(socket);
        else byToken.set(token, [socket]);
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
