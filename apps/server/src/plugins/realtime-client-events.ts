import type { FastifyBaseLogger } from 'fastify';
import {
  MAX_ROOMS_PER_CONNECTION,
  PRESENCE_MEMBERS_MAX,
  REALTIME_ERROR_CODES as CODES,
  ROOM_CLIENT_EVENTS,
  parseRoomName,
  type ClientEventContract,
  type RoomName,
  type RoomPresence,
} from '@velora/shared';
import type { z } from 'zod';
import type { PresenceSnapshot } from '../lib/presence-store';
import type { PresenceTracker } from '../lib/presence-tracker';
import type { RateLimitStore } from '../lib/rate-limit-store';
import { RealtimeError } from '../lib/realtime-error';
import type { BindableRealtimeHub, RealtimeEventContext, RealtimeRateLimit, RealtimeSession, RoomKindDefinition } from '../lib/realtime-hub';

/** What the dispatcher needs of a Socket.IO socket (kept narrow so it reads without Socket.IO's generics). */
export interface ClientConnection {
  id: string;
  connected: boolean;
  rooms: Set<string>;
  data: { userId: number | null; token?: string | null };
  join(room: string): unknown;
  leave(room: string): unknown;
  onAny(listener: (event: string, ...args: unknown[]) => void): unknown;
}

/** Room events: a page joins a handful of rooms; a tight loop of joins is a bug or an attack. */
export const ROOM_EVENT_RATE_LIMIT: RealtimeRateLimit = { points: 30, windowMs: 10_000 };
const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

export interface ClientEventDispatcherOptions {
  hub: BindableRealtimeHub;
  presence: PresenceTracker;
  /** Shared counters per user (Redis with REDIS_URL); visitors are counted per connection, in-process. */
  rateLimits: RateLimitStore;
  log: FastifyBaseLogger;
  /** Reads a connection's session again by its token (a staff write checks the second factor with it). */
  resolveSession?: (token: string) => Promise<RealtimeSession | null>;
}

type Handler = (connection: ClientConnection, payload: unknown) => Promise<object>;
interface Route {
  contract: ClientEventContract;
  rateLimit: RealtimeRateLimit;
  visitors: boolean;
  run: Handler;
}

/**
 * Every client → server event: looked up (the rooms' own, then the modules'), rate limited (every attempt counts),
 * validated with its contract and acknowledged `{ ok: true, ...result }` or `{ ok: false, error }`. Nothing a
 * browser sends throws or disconnects it; an event sent without an acknowledgement callback is ignored.
 */
export function createClientEventDispatcher(options: ClientEventDispatcherOptions) {
  const { hub, presence, log, resolveSession } = options;
  let sharedLimitsFailing = false;
  /** Visitors' counters live with their connection and go with it. */
  const visitorCounters = new WeakMap<ClientConnection, Map<string, { count: number; resetAt: number }>>();

  const roomRoutes = new Map<string, Route>([
    [ROOM_CLIENT_EVENTS.join.name, { contract: ROOM_CLIENT_EVENTS.join, rateLimit: ROOM_EVENT_RATE_LIMIT, visitors: true, run: join }],
    [ROOM_CLIENT_EVENTS.leave.name, { contract: ROOM_CLIENT_EVENTS.leave, rateLimit: ROOM_EVENT_RATE_LIMIT, visitors: true, run: leave }],
    [ROOM_CLIENT_EVENTS.presence.name, { contract: ROOM_CLIENT_EVENTS.presence, rateLimit: ROOM_EVENT_RATE_LIMIT, visitors: true, run: readPresence }],
  ]);

  function routeFor(event: string): Route | null {
    const room = roomRoutes.get(event);
    if (room) return room;
    const defined = hub.clientEvent(event);
    if (!defined) return null;
    return {
      contract: defined.contract,
      rateLimit: defined.rateLimit,
      visitors: defined.visitors,
      run: async (connection, payload) => (await defined.handler(contextOf(connection), payload)) as object,
    };
  }

  function contextOf(connection: ClientConnection): RealtimeEventContext {
    return {
      userId: connection.data.userId,
      connectionId: connection.id,
      inRoom: (room) => connection.rooms.has(room),
      session: async () => {
        const token = connection.data.token;
        return token && resolveSession ? resolveSession(token) : null;
      },
    };
  }

  async function dispatch(connection: ClientConnection, event: string, args: unknown[]) {
    const ack = args.at(-1);
    if (typeof ack !== 'function') return;
    const payload = args.length > 1 ? args[0] : undefined;
    try {
      const result = await handle(connection, event, payload);
      ack({ ok: true, ...result });
    } catch (error) {
      if (error instanceof RealtimeError) {
        ack({ ok: false, error: { code: error.code, message: error.message, ...error.extra } });
        return;
      }
      log.error({ err: error, event }, 'realtime: client event failed');
      ack({ ok: false, error: { code: CODES.internal, message: INTERNAL_MESSAGE } });
    }
  }

  async function handle(connection: ClientConnection, event: string, payload: unknown): Promise<object> {
    const route = routeFor(event);
    // An unknown name is still counted, so a flood of them is cut short like any other.
    await enforceRateLimit(connection, route ? event : '?', route?.rateLimit ?? ROOM_EVENT_RATE_LIMIT);
    if (!route) throw new RealtimeError(CODES.unknownEvent, `There is no event called ${JSON.stringify(event).slice(0, 80)}`);
    if (!route.visitors && connection.data.userId === null) throw new RealtimeError(CODES.unauthorized, 'Log in to continue');
    const parsed = route.contract.payload.safeParse(payload);
    if (!parsed.success) throw validationError(parsed.error);
    return route.run(connection, parsed.data);
  }

  async function enforceRateLimit(connection: ClientConnection, event: string, limit: RealtimeRateLimit) {
    const userId = connection.data.userId;
    const { allowed, retryAfterMs } = userId === null ? hitVisitor(connection, event, limit) : await hitShared(`rt:${event}:${userId}`, limit, connection);
    if (!allowed) {
      throw new RealtimeError(CODES.rateLimited, 'Too many requests. Slow down and try again shortly.', { retry_after_ms: Math.max(0, Math.ceil(retryAfterMs)) });
    }
  }

  function hitVisitor(connection: ClientConnection, event: string, limit: RealtimeRateLimit) {
    const counters = visitorCounters.get(connection) ?? new Map<string, { count: number; resetAt: number }>();
    visitorCounters.set(connection, counters);
    const now = Date.now();
    let window = counters.get(event);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + limit.windowMs };
      counters.set(event, window);
    }
    window.count += 1;
    return { allowed: window.count <= limit.points, retryAfterMs: window.resetAt - now };
  }

  async function hitShared(key: string, limit: RealtimeRateLimit, connection: ClientConnection) {
    try {
      const result = await options.rateLimits.consume(key, limit);
      sharedLimitsFailing = false;
      return result;
    } catch (error) {
      // Redis away: count on this connection rather than refuse everyone or count nothing.
      if (!sharedLimitsFailing) log.warn({ err: error }, 'realtime: shared rate limits unavailable; counting per connection');
      sharedLimitsFailing = true;
      return hitVisitor(connection, key, limit);
    }
  }

  async function join(connection: ClientConnection, payload: unknown) {
    const { room } = payload as z.output<typeof ROOM_CLIENT_EVENTS.join.payload>;
    const definition = await authorizeRoom(room, connection.data.userId);
    if (!connection.rooms.has(room)) {
      if (joinedRooms(connection).length >= MAX_ROOMS_PER_CONNECTION) {
        throw new RealtimeError(CODES.tooManyRooms, `A connection can be in at most ${MAX_ROOMS_PER_CONNECTION} rooms; leave one first`);
      }
      // Closed while the room kind was deciding: nothing to join.
      if (!connection.connected) return { presence: toClientPresence(room, { users: [], visitors: 0, version: 0 }, definition) };
      connection.join(room);
      presence.add(room, connection.id, connection.data.userId);
    }
    return { presence: toClientPresence(room, await presence.read(room), definition) };
  }

  async function leave(connection: ClientConnection, payload: unknown) {
    const { room } = payload as z.output<typeof ROOM_CLIENT_EVENTS.leave.payload>;
    if (connection.rooms.has(room)) {
      connection.leave(room);
      presence.remove(room, connection.id);
    }
    return {};
  }

  async function readPresence(connection: ClientConnection, payload: unknown) {
    const { room } = payload as z.output<typeof ROOM_CLIENT_EVENTS.presence.payload>;
    if (!connection.rooms.has(room)) throw new RealtimeError(CODES.notInRoom, 'Join the room first');
    return { presence: toClientPresence(room, await presence.read(room), hub.roomKind(parseRoomName(room)!.kind)) };
  }

  /** The room kind's answer for this viewer; throws the refusal. */
  async function authorizeRoom(room: RoomName, userId: number | null): Promise<RoomKindDefinition> {
    const { kind, id } = parseRoomName(room)!;
    const definition = hub.roomKind(kind);
    if (!definition) throw new RealtimeError(CODES.notFound, 'There is no such room');
    if (userId === null && !definition.visitorsMayJoin) throw new RealtimeError(CODES.unauthorized, 'Log in to enter this room');
    const allowed = await definition.authorize(userId === null ? null : { userId }, id);
    if (!allowed) throw new RealtimeError(CODES.forbidden, 'You may not enter this room');
    return definition;
  }

  return {
    /** Answers the connection's events from now on. */
    attach(connection: ClientConnection) {
      connection.onAny((event, ...args) => void dispatch(connection, event, args));
    },
    authorizeRoom,
  };
}

/** The rooms of the kinds browsers join that a connection is in (not its own, not its user's). */
export function joinedRooms(connection: Pick<ClientConnection, 'rooms'>): RoomName[] {
  return [...connection.rooms].filter((room): room is RoomName => parseRoomName(room) !== null);
}


/** What browsers see: member ids only where the room kind shows them. */
export function toClientPresence(room: string, snapshot: PresenceSnapshot, definition: RoomKindDefinition | undefined): RoomPresence {
  return {
    room,
    count: snapshot.users.length + snapshot.visitors,
    users: snapshot.users.length,
    visitors: snapshot.visitors,
    members: definition?.membersVisible ? snapshot.users.slice(0, PRESENCE_MEMBERS_MAX) : [],
    version: snapshot.version,
  };
}

/** Everything a module may know: every member. */
export function toFullPresence(room: string, snapshot: PresenceSnapshot): RoomPresence {
  return { room, count: snapshot.users.length + snapshot.visitors, users: snapshot.users.length, visitors: snapshot.visitors, members: snapshot.users, version: snapshot.version };
}

function validationError(error: z.ZodError): RealtimeError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'payload';
    fields[key] ??= issue.message;
  }
  const names = Object.keys(fields);
  return new RealtimeError(CODES.validation, `Invalid payload: ${names.map((n) => `${n} (${fields[n]})`).join(', ')}`, { fields });
}
