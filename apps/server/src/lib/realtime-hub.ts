import type { ClientEventContract, ClientEventResult, RoomKind, RoomName, RoomPresence } from '@velora/shared';
import type { z } from 'zod';

/**
 * How modules use the realtime channel without knowing about Socket.IO: push to a user or a room, read who is in
 * a room, and declare the room kinds and client events they own. The realtime plugin binds it to the Socket.IO
 * server (with Redis between instances when REDIS_URL is set); until then, and in tests that never listen, pushes
 * go nowhere and every room is empty. Modules declare their kinds and events while they are registered.
 */
export interface RealtimeHub {
  /** Sends `event` to every open connection of the user. Fire and forget: a browser that is not connected polls. */
  toUser(userId: number, event: string, payload: unknown): void;
  /** Sends `event` to every connection in the room, on every instance. Fire and forget. */
  toRoom(room: RoomName, event: string, payload: unknown): void;
  /** Sends `event` to every open connection, visitors included, on every instance (a camera went live). Fire and forget. */
  toEveryone(event: string, payload: unknown): void;
  /** Closes every connection of these sessions, on every instance (they ended: log-out, password change). Fire and forget. */
  disconnectSessions(sessionIds: readonly number[]): void;
  /**
   * Takes every connection of the user out of the room, on every instance, and tells them why (`room:left` with
   * `code` and `message`): a kick or a ban. The room kind's authorize must refuse him too, or a resuming connection
   * would come back. Fire and forget.
   */
  removeUserFromRoom(userId: number, room: RoomName, reason: { code: string; message: string }): void;
  /** Who is in the room across every instance, member ids included whatever the kind shows browsers. */
  presence(room: RoomName): Promise<RoomPresence>;
  /** Declares who may enter the rooms of a kind. A kind nobody declared cannot be joined. */
  defineRoomKind(kind: RoomKind, definition: RoomKindDefinition): void;
  /** Declares a client → server event: its payload is validated, rate limited and the handler's result acknowledged. */
  defineEvent<C extends ClientEventContract>(contract: C, handler: RealtimeEventHandler<C>, options?: DefineEventOptions): void;
}

/** The person behind a connection; null for a visitor (no log-in). */
export interface RealtimeViewer {
  userId: number;
}

export interface RoomKindDefinition {
  /**
   * Whether the viewer may enter the room with this id (re-asked when a connection resumes). Throw a RealtimeError
   * (e.g. NOT_FOUND) to refuse with another code than FORBIDDEN.
   */
  authorize(viewer: RealtimeViewer | null, id: number): boolean | Promise<boolean>;
  /** Whether connections without a log-in may enter (authorize is still asked, with a null viewer). */
  visitorsMayJoin: boolean;
  /** Whether the people in a room see each other's user ids in its presence; otherwise counts only. Default false. */
  membersVisible?: boolean;
}

export interface RealtimeEventContext {
  /** Null for a visitor. */
  userId: number | null;
  /** Stable across a resumed connection. */
  connectionId: string;
  /** Whether this connection is in the room now (a handler that writes into a room checks this). */
  inRoom(room: string): boolean;
  /**
   * The connection's session as it is now, read again (null for a visitor, or a session that has ended): a staff
   * write checks its second factor with it, which may have been proven after the connection opened.
   */
  session(): Promise<RealtimeSession | null>;
}

/** What a realtime handler reads of a connection's session (the sessions module's AuthContext has these). */
export interface RealtimeSession {
  userId: number;
  secondFactorEnrolled: boolean;
  secondFactorAt: Date | null;
}

export type RealtimeEventHandler<C extends ClientEventContract> = (
  context: RealtimeEventContext,
  payload: z.output<C['payload']>,
) => ClientEventResult<C> | Promise<ClientEventResult<C>>;

/** At most `points` events in `windowMs`, per user (per connection for a visitor); every attempt counts. */
export interface RealtimeRateLimit {
  points: number;
  windowMs: number;
}

export interface DefineEventOptions {
  /** Default DEFAULT_EVENT_RATE_LIMIT. */
  rateLimit?: RealtimeRateLimit;
  /** Whether visitors may send it. Default false: they are acknowledged UNAUTHORIZED. */
  visitors?: boolean;
}

export const DEFAULT_EVENT_RATE_LIMIT: RealtimeRateLimit = { points: 20, windowMs: 10_000 };

export interface DefinedClientEvent {
  contract: ClientEventContract;
  handler: (context: RealtimeEventContext, payload: unknown) => unknown;
  rateLimit: RealtimeRateLimit;
  visitors: boolean;
}

export type RealtimeSend = (room: string, event: string, payload: unknown) => void;
/** Sends to every connection, on every instance. */
export type RealtimeBroadcast = (event: string, payload: unknown) => void;
export type RealtimePresenceReader = (room: RoomName) => Promise<RoomPresence>;
/** Closes every connection in these rooms, on every instance. */
export type RealtimeDisconnect = (rooms: string[]) => void;
/** Takes a user's connections out of a room on every instance, with the room:left event. */
export type RealtimeRemoveUser = (userId: number, room: RoomName, reason: { code: string; message: string }) => void;

export interface BindableRealtimeHub extends RealtimeHub {
  /**
   * The plugin (or a test recording pushes) takes over delivery; presence stays empty without a reader, and
   * broadcasts go nowhere without `broadcast`.
   */
  bind(
    send: RealtimeSend,
    presence?: RealtimePresenceReader,
    disconnect?: RealtimeDisconnect,
    broadcast?: RealtimeBroadcast,
    removeUser?: RealtimeRemoveUser,
  ): void;
  /** A test stands in its own rules for a room kind a module declared (the plugin's tests of rooms). */
  replaceRoomKind(kind: RoomKind, definition: RoomKindDefinition): void;
  roomKind(kind: RoomKind): RoomKindDefinition | undefined;
  clientEvent(name: string): DefinedClientEvent | undefined;
}

/** The Socket.IO room every connection of a user joins. */
export const userRoom = (userId: number) => `user:${userId}`;
/** The Socket.IO room every connection of one session joins, so an ended session can be cut off on every instance. */
export const sessionRoom = (sessionId: number) => `session:${sessionId}`;

/** Names a module cannot take: the rooms' own events and Socket.IO's. */
const RESERVED_EVENT = /^(room:|connect|disconnect|error$|newListener$|removeListener$)/;

export const emptyPresence = (room: string): RoomPresence => ({ room, count: 0, users: 0, visitors: 0, members: [], version: 0 });

export function createRealtimeHub(): BindableRealtimeHub {
  let send: RealtimeSend | null = null;
  let readPresence: RealtimePresenceReader | null = null;
  let disconnect: RealtimeDisconnect | null = null;
  let broadcast: RealtimeBroadcast | null = null;
  let removeUser: RealtimeRemoveUser | null = null;
  const kinds = new Map<RoomKind, RoomKindDefinition>();
  const events = new Map<string, DefinedClientEvent>();
  return {
    bind(fn, presence, disconnectRooms, broadcastAll, removeUserFromRoom) {
      send = fn;
      readPresence = presence ?? null;
      disconnect = disconnectRooms ?? null;
      broadcast = broadcastAll ?? null;
      removeUser = removeUserFromRoom ?? null;
    },
    toUser(userId, event, payload) {
      send?.(userRoom(userId), event, payload);
    },
    toRoom(room, event, payload) {
      send?.(room, event, payload);
    },
    toEveryone(event, payload) {
      broadcast?.(event, payload);
    },
    removeUserFromRoom(userId, room, reason) {
      removeUser?.(userId, room, reason);
    },
    disconnectSessions(sessionIds) {
      if (sessionIds.length > 0) disconnect?.(sessionIds.map(sessionRoom));
    },
    async presence(room) {
      return readPresence ? readPresence(room) : emptyPresence(room);
    },
    defineRoomKind(kind, definition) {
      if (kinds.has(kind)) throw new Error(`The room kind ${kind} is already defined`);
      kinds.set(kind, definition);
    },
    defineEvent(contract, handler, options = {}) {
      if (RESERVED_EVENT.test(contract.name)) throw new Error(`The realtime event name ${contract.name} is reserved`);
      if (events.has(contract.name)) throw new Error(`The realtime event ${contract.name} is already defined`);
      events.set(contract.name, {
        contract,
        handler: handler as DefinedClientEvent['handler'],
        rateLimit: options.rateLimit ?? DEFAULT_EVENT_RATE_LIMIT,
        visitors: options.visitors ?? false,
      });
    },
    replaceRoomKind(kind, definition) {
      kinds.set(kind, definition);
    },
    roomKind: (kind) => kinds.get(kind),
    clientEvent: (name) => events.get(name),
  };
}
