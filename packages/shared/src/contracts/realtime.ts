import { z } from 'zod';

// The realtime channel: Socket.IO at REALTIME_PATH, handshake `auth: { token }` with the bearer token (no token:
// a visitor). Server → client pushes to a user (`user:<id>`) and to rooms (`camera:<id>`, `chat:<camera id>`,
// `playdate:<id>`);
// client → server events are contracts below, validated on the server and always acknowledged.

export const REALTIME_PATH = '/socket.io';

/** Server → client events of the messages domain (payload schemas in contracts/messages). */
export const REALTIME_EVENTS = {
  /** A message to or from the user (another tab of the sender also hears it): NewMessageEvent. */
  messageNew: 'message:new',
  /** The unread total changed (read, delete): UnreadTotal. */
  unreadChanged: 'messages:unread',
  /** The other party read the conversation up to a message: MessagesReadEvent. */
  messagesRead: 'messages:read',
} as const;

// ---- Rooms ----

/** The kinds of room a browser may join; the server module that owns a kind decides who may. */
export const ROOM_KINDS = ['camera', 'chat', 'playdate'] as const;
export type RoomKind = (typeof ROOM_KINDS)[number];
export type RoomName = `${RoomKind}:${number}`;
/** Rooms one connection may be in at once (besides its own user's). */
export const MAX_ROOMS_PER_CONNECTION = 20;

// Canonical ids only (no sign, no leading zero), so one camera is never two rooms.
const ROOM_NAME_PATTERN = new RegExp(`^(${ROOM_KINDS.join('|')}):([1-9][0-9]{0,14})$`);

/** The room of one camera, one playdate, … */
export function roomName(kind: RoomKind, id: number): RoomName {
  if (!Number.isSafeInteger(id) || id < 1) throw new RangeError(`A room id is a positive whole number, not ${id}`);
  return `${kind}:${id}`;
}

/** The kind and id of a room name; null for anything that is not one (a user's room included). */
export function parseRoomName(value: string): { kind: RoomKind; id: number } | null {
  const match = ROOM_NAME_PATTERN.exec(value);
  if (!match) return null;
  return { kind: match[1] as RoomKind, id: Number(match[2]) };
}

export const RoomNameSchema = z
  .string()
  .max(32, 'Must be a room name such as camera:1')
  .refine((v) => parseRoomName(v) !== null, 'Must be a room name such as camera:1')
  .transform((v) => v as RoomName);

/** Who is in a room: counted across every instance. */
export const RoomPresence = z
  .object({
    room: z.string(),
    /** Everyone: distinct members plus visitors. */
    count: z.number().int(),
    /** Distinct logged-in users (several tabs of one user count once). */
    users: z.number().int(),
    /** Connections without a log-in. */
    visitors: z.number().int(),
    /** The users' ids, lowest first, at most PRESENCE_MEMBERS_MAX; empty where the room kind keeps them private. */
    members: z.array(z.number().int()),
    /** Grows with every change: an update older than the one shown is dropped. */
    version: z.number().int(),
  })
  .meta({ id: 'RoomPresence' });
export type RoomPresence = z.infer<typeof RoomPresence>;
export const PRESENCE_MEMBERS_MAX = 100;

/** Server → client events of rooms. */
export const REALTIME_ROOM_EVENTS = {
  /** Who is in a room changed (sent at most a few times a second): RoomPresence. */
  presence: 'room:presence',
  /** The server took the connection out of a room (its access ended): RoomLeftEvent. */
  left: 'room:left',
} as const;
export const RoomLeftEvent = z.object({ room: z.string(), code: z.string(), message: z.string() });
export type RoomLeftEvent = z.infer<typeof RoomLeftEvent>;

// ---- Client → server events, acknowledged ----

/** The codes an acknowledgement's error carries; the same words as the API's error bodies where they mean the same. */
export const REALTIME_ERROR_CODES = {
  validation: 'VALIDATION_FAILED',
  /** A visitor asked for something that needs a log-in. */
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  rateLimited: 'TOO_MANY_REQUESTS',
  notInRoom: 'NOT_IN_ROOM',
  tooManyRooms: 'TOO_MANY_ROOMS',
  unknownEvent: 'UNKNOWN_EVENT',
  /** No acknowledgement arrived in time (set by the browser, never sent by the server). */
  timeout: 'TIMEOUT',
  /** Not connected (set by the browser). */
  offline: 'OFFLINE',
  internal: 'INTERNAL',
} as const;
export type RealtimeErrorCode = (typeof REALTIME_ERROR_CODES)[keyof typeof REALTIME_ERROR_CODES];

export const RealtimeErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  /** Per-field messages for a payload that failed validation. */
  fields: z.record(z.string(), z.string()).optional(),
  /** After TOO_MANY_REQUESTS: when to try again. */
  retry_after_ms: z.number().int().optional(),
  /** A finer reason under `code`, for the browser to act on (CHAT_SLOW_MODE under TOO_MANY_REQUESTS). */
  detail: z.string().optional(),
});
export type RealtimeErrorBody = z.infer<typeof RealtimeErrorBody>;

/** What every client event is acknowledged with. */
export type RealtimeAck<R extends object = Record<string, never>> = ({ ok: true } & R) | { ok: false; error: RealtimeErrorBody };

/** A client → server event: its name, its payload and the result its acknowledgement carries. */
export interface ClientEventContract<N extends string = string, P extends z.ZodType = z.ZodType, R extends z.ZodObject = z.ZodObject> {
  name: N;
  payload: P;
  result: R;
}
export type ClientEventPayload<C extends ClientEventContract> = z.input<C['payload']>;
export type ClientEventResult<C extends ClientEventContract> = z.output<C['result']>;

export function defineClientEvent<N extends string, P extends z.ZodType, R extends z.ZodObject>(name: N, payload: P, result: R): ClientEventContract<N, P, R> {
  return { name, payload, result };
}

/** The acknowledgement schema of a contract: its result with ok true, or an error. */
export function realtimeAckSchema<R extends z.ZodObject>(result: R) {
  return z.discriminatedUnion('ok', [result.extend({ ok: z.literal(true) }), z.object({ ok: z.literal(false), error: RealtimeErrorBody })]);
}

export const RoomRequest = z.object({ room: RoomNameSchema });
export type RoomRequest = z.infer<typeof RoomRequest>;

/** The client events of rooms. Modules add theirs (a chat message, …) with defineClientEvent in their own contracts. */
export const ROOM_CLIENT_EVENTS = {
  /** Enter a room; the acknowledgement carries who is in it. */
  join: defineClientEvent('room:join', RoomRequest, z.object({ presence: RoomPresence })),
  leave: defineClientEvent('room:leave', RoomRequest, z.object({})),
  /** Who is in a room the connection is in. */
  presence: defineClientEvent('room:presence', RoomRequest, z.object({ presence: RoomPresence })),
} as const;
