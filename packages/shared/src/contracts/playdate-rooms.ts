import { z } from 'zod';
import { plainLine, plainLines } from './common';
import { IceServer, PublishTicket } from './cameras';
import { CHAT_AUTHOR_ROLES } from './camera-chat';
import { PLAYDATE_CHAT_MESSAGE_MAX, PLAYDATE_FEEDBACK_MESSAGE_MAX, PLAYDATE_SIDES, Playdate, PlaydateModel } from './playdates';
import { defineClientEvent } from './realtime';

// The room of a playdate (decision records 041 and 043): its chat, the tickets to watch and publish its sides, the
// public replay of a finished show's chat, the member's feedback, and the chat line a client sends into the room.

// ---- The room ----

/** A message of a playdate room's chat. Plain text only: the browser shows it as text, never as HTML. */
export const PlaydateChatMessage = z
  .object({
    /** Grows with every message of the room. */
    id: z.number().int(),
    playdate_id: z.number().int(),
    author: z.object({
      user_id: z.number().int().nullable(),
      /** The member's chat name (or username), the model's stage name, or empty for the server. */
      name: z.string(),
      role: z.enum(CHAT_AUTHOR_ROLES),
    }),
    text: z.string(),
    /** The server's messages (the playdate started, the time ends soon): `playdates.system.<key>` with params; else null. */
    system: z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) }).nullable(),
    /** Unix milliseconds. */
    created_at: z.number().int(),
  })
  .meta({ id: 'PlaydateChatMessage' });
export type PlaydateChatMessage = z.infer<typeof PlaydateChatMessage>;

/** A ticket to watch one side of a playdate room (WHEP; the same shape as a camera's WatchTicket without LL-HLS). */
export const PlaydateViewTicket = z.object({
  side: z.enum(PLAYDATE_SIDES),
  whep_url: z.string(),
  token: z.string(),
  expires_at: z.number().int(),
  ice_servers: z.array(IceServer),
});
export type PlaydateViewTicket = z.infer<typeof PlaydateViewTicket>;

export const PLAYDATE_ROOM_ROLES = ['member', 'model', 'viewer'] as const;
export type PlaydateRoomRole = (typeof PLAYDATE_ROOM_ROLES)[number];

/**
 * GET /playdates/{type}/{id} (the member or a premium viewer) and GET /studio/playdates/{id}/room (the model): what
 * the room screen needs. Tickets are only given while the playdate is live; they last 60 s, so the screen asks again
 * to (re)connect. `publish`: the model's side for her; the member's own camera in a private playdate (he may leave it
 * off). `view`: the other side(s) with a publisher: the model's for the member and viewers, the member's for her.
 */
export const PlaydateRoom = z
  .object({
    playdate: Playdate,
    role: z.enum(PLAYDATE_ROOM_ROLES),
    /** The realtime room of its chat and status: `playdate:<id>`. */
    room: z.string(),
    publish: PublishTicket.nullable(),
    view: z.array(PlaydateViewTicket),
    /** Whether each side publishes now. */
    publishing: z.object({ model: z.boolean(), member: z.boolean() }),
    /** The newest chat messages, oldest first. */
    messages: z.array(PlaydateChatMessage),
    now: z.number().int(),
  })
  .meta({ id: 'PlaydateRoom' });
export type PlaydateRoom = z.infer<typeof PlaydateRoom>;

/** The public replay of a finished public playdate's chat (no log-in: the token is the permission). */
export const PlaydateChatReplay = z
  .object({
    playdate: z.object({
      id: z.number().int(),
      title: z.string(),
      model_name: z.string(),
      starts_at: z.number().int(),
      ends_at: z.number().int(),
      image: z.string(),
    }),
    /** Oldest first (at most PLAYDATE_REPLAY_MAX). */
    messages: z.array(PlaydateChatMessage),
  })
  .meta({ id: 'PlaydateChatReplay' });
export type PlaydateChatReplay = z.infer<typeof PlaydateChatReplay>;
export const PLAYDATE_REPLAY_MAX = 2000;

// ---- Feedback ----

/** GET /playdates/feedback: finished private playdates whose member has neither rated nor dismissed them, newest first. */
export const PlaydateFeedbackAsks = z
  .object({
    items: z.array(
      z.object({
        playdate_id: z.number().int(),
        model: PlaydateModel,
        ended_at: z.number().int(),
        duration_minutes: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'PlaydateFeedbackAsks' });
export type PlaydateFeedbackAsks = z.infer<typeof PlaydateFeedbackAsks>;

export const PlaydateFeedbackBody = z.object({
  rating: z.number().int().min(1, 'Must be 1 to 5').max(5, 'Must be 1 to 5'),
  message: z
    .string()
    .trim()
    .max(PLAYDATE_FEEDBACK_MESSAGE_MAX, `Must be at most ${PLAYDATE_FEEDBACK_MESSAGE_MAX} characters`)
    .check(...plainLines())
    .optional(),
});
export type PlaydateFeedbackBody = z.infer<typeof PlaydateFeedbackBody>;

// ---- The room's chat (client → server) ----

/** Ids are PostgreSQL integers: a larger number names nothing and must not reach the database. */
const MAX_ID = 2_147_483_647;

export const PlaydateSendPayload = z.object({
  playdate_id: z.number().int().positive().max(MAX_ID),
  text: z
    .string()
    .trim()
    .min(1, 'Must not be empty')
    .max(PLAYDATE_CHAT_MESSAGE_MAX, `Must be at most ${PLAYDATE_CHAT_MESSAGE_MAX} characters`)
    .check(...plainLine()),
});

/** Client → server: a chat line into a live playdate room the sender is in (the member, the model, a public viewer). */
export const PLAYDATE_CLIENT_EVENTS = {
  send: defineClientEvent('playdate:send', PlaydateSendPayload, z.object({ message: PlaydateChatMessage })),
} as const;
/** Per person and room: at most this many messages in the window (every attempt counts). */
export const PLAYDATE_CHAT_RATE_LIMIT = { points: 5, windowMs: 10_000 } as const;
