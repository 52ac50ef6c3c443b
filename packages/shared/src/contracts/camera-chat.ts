import { z } from 'zod';
import { defineClientEvent } from './realtime';
import { clampPage } from '../rules/page-query';
import { plainLine } from './common';
import { CHAT_MODES } from './camera-summary';

// Chat with cameras (decision records 036–037). A camera's chat is a room on the realtime channel,
// `chat:<camera id>`; members write through the `chat:send` client event, the model answers from her studio through
// the same event. A member's stay in a chat is a chat session: free (a daily allowance, feature `freechat`) or paid
// (the camera's price per minute in coins, charged minute by minute through the coin ledger). Every way a session
// ends carries its product §4 code.

// ---- Reason codes (product §4) ----

/**
 * Why a chat session ended. The two uses of 202 are as product §4 gives them: the member closed it, or the model stopped
 * sending (her stop). `change` (7): the model changed the price of her paid chat, so open paid sessions end and the
 * member enters again at the new price; `paidChat` (6): the model switched her camera from free to paid chat, which
 * ends the free sessions; `noCreditFromHost` (88): the minute could not be booked on the model's side (her account
 * is gone or blocked); `clientDestruct` (102): the member left the chat screen inside the site; `clientExitWindow`
 * (103): the member's browser left (no connection in the room for CHAT_EXIT_GRACE_SECONDS).
 */
export const CHAT_END_CODES = {
  closedByUser: 202,
  offline: 5,
  change: 7,
  paidChat: 6,
  noCredit: 17,
  noCreditFromHost: 88,
  videoTimeLimit: 501,
  clientLogout: 101,
  clientDestruct: 102,
  clientExitWindow: 103,
  hostKick: 201,
  hostStopSend: 202,
  hostLogout: 203,
} as const;
export type ChatEndCode = (typeof CHAT_END_CODES)[keyof typeof CHAT_END_CODES];
export const CHAT_END_CODE_VALUES = [202, 5, 7, 6, 17, 88, 501, 101, 102, 103, 201, 203] as const satisfies readonly ChatEndCode[];

/** The codes a member's browser may end its own session with (the rest are the server's). */
export const CLIENT_END_CODES = [202, 101, 102, 103] as const;
export type ClientEndCode = (typeof CLIENT_END_CODES)[number];

/** A member without a connection in the chat room this long has left the window (code 103). */
export const CHAT_EXIT_GRACE_SECONDS = 20;

// ---- Message kinds (product §9 chat types) ----

/**
 * The kinds a chat message can have. public: seen by everyone in the room; private: between the model and one
 * member (her whisper, or his message to her in paid chat); the rest are written by the server: advertisement (the
 * paid-chat offer in free chat), feedback (the ask for camera feedback when a session ends), pub_reminders and
 * pr_reminders (an upcoming public show or private playdate), pr_requesting (a private playdate was requested).
 */
export const CHAT_TYPES = ['public', 'private', 'advertisement', 'feedback', 'pub_reminders', 'pr_reminders', 'pr_requesting'] as const;
export type ChatType = (typeof CHAT_TYPES)[number];
/** What a person may send; the other kinds are the server's. */
export const WRITABLE_CHAT_TYPES = ['public', 'private'] as const satisfies readonly ChatType[];

export const CHAT_MESSAGE_MAX = 500;
/** Messages one page of history carries. */
export const CHAT_HISTORY_PAGE = 50;
export const CHAT_SLOW_MODE_MAX_SECONDS = 300;
export const CHAT_BANNED_WORDS_MAX = 100;
export const CHAT_BANNED_WORD_MAX = 40;
/** Per member and room: at most this many messages in the window (every attempt counts). */
export const CHAT_RATE_LIMIT = { points: 5, windowMs: 10_000 } as const;

export const CHAT_AUTHOR_ROLES = ['member', 'model', 'system'] as const;
export type ChatAuthorRole = (typeof CHAT_AUTHOR_ROLES)[number];

/** Plain text only: the browser shows it as text (links included), never as HTML. */
export const ChatMessage = z
  .object({
    /** Grows with every message of the room: the order messages are shown in. */
    id: z.number().int(),
    camera_id: z.number().int(),
    kind: z.enum(CHAT_TYPES),
    author: z.object({
      /** Null for the server's messages. */
      user_id: z.number().int().nullable(),
      /** The member's chat name (or username), the model's stage name, or empty for the server. */
      name: z.string(),
      role: z.enum(CHAT_AUTHOR_ROLES),
    }),
    /** For kind private: the member the model whispered to, or the model's user id for his message to her. */
    to_user_id: z.number().int().nullable(),
    text: z.string(),
    /** A tip from the camera screen, shown as an event in the room (the text is then empty). */
    tip_coins: z.number().int().nullable(),
    /**
     * The server's messages: what the browser shows in the reader's language (`chat.system.<key>` with `params`);
     * `text` is the English fallback. Null for people's messages.
     */
    system: z
      .object({
        key: z.string(),
        params: z.record(z.string(), z.union([z.string(), z.number()])),
      })
      .nullable(),
    /** Unix milliseconds. */
    created_at: z.number().int(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ChatMessagePage = z
  .object({
    /** Oldest first. */
    messages: z.array(ChatMessage),
    /** Whether older messages exist before the first one. */
    has_more: z.boolean(),
  })
  .meta({ id: 'ChatMessagePage' });
export type ChatMessagePage = z.infer<typeof ChatMessagePage>;

export const ChatHistoryQuery = z.object({
  /** Messages older than this id; absent: the newest page. */
  before: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, 'Must be a message id')
    .optional()
    .transform((v) => (v === undefined ? undefined : Number(v))),
});
export type ChatHistoryQueryInput = z.input<typeof ChatHistoryQuery>;

// ---- Sessions ----

export const CHAT_SESSION_STATES = ['open', 'ended'] as const;
export type ChatSessionState = (typeof CHAT_SESSION_STATES)[number];

export const ChatSession = z
  .object({
    id: z.number().int(),
    camera_id: z.number().int(),
    kind: z.enum(CHAT_MODES),
    state: z.enum(CHAT_SESSION_STATES),
    /** Coins per minute, fixed when the session began; null for free chat. */
    price_per_minute: z.number().int().nullable(),
    /** Unix seconds. */
    started_at: z.number().int(),
    ended_at: z.number().int().nullable(),
    /** product §4 code once ended. */
    end_code: z.number().int().nullable(),
    /** Paid: minutes charged so far (the current one included) and their coins. */
    minutes_charged: z.number().int(),
    coins_charged: z.number().int(),
    /** Paid: unix seconds when the minute paid for ends (the next one is charged then). Null for free chat. */
    paid_until: z.number().int().nullable(),
    /** Free: seconds of today's allowance left when the session began; it ends with 501 at started_at + this. */
    free_seconds_left: z.number().int().nullable(),
  })
  .meta({ id: 'ChatSession' });
export type ChatSession = z.infer<typeof ChatSession>;

/** The free chat allowance of one member, per day (UTC). */
export const FreeChatAllowance = z.object({
  /** Feature `freechat` is on for the member and the camera is in free chat. */
  available: z.boolean(),
  daily_seconds: z.number().int(),
  used_seconds: z.number().int(),
  remaining_seconds: z.number().int(),
  /** Unix seconds of the next reset. */
  resets_at: z.number().int(),
});
export type FreeChatAllowance = z.infer<typeof FreeChatAllowance>;

export const ChatRoomSettings = z.object({
  /** A member may send one message per this many seconds (0: off). The model is never slowed. */
  slow_mode_seconds: z.number().int(),
  message_max: z.number().int(),
});
export type ChatRoomSettings = z.infer<typeof ChatRoomSettings>;

/** GET /cameras/{name}/chat: what the chat screen needs before and while the member is in. */
export const ChatRoom = z
  .object({
    camera_id: z.number().int(),
    camera_name: z.string(),
    display_name: z.string(),
    model_id: z.number().int(),
    /** The model's user account (her messages' author.user_id); null for a model without one (a demo cam). */
    model_user_id: z.number().int().nullable(),
    live: z.boolean(),
    chat_mode: z.enum(CHAT_MODES),
    price_per_minute: z.number().int().nullable(),
    /** The member's open session in this room, if any. */
    session: ChatSession.nullable(),
    free: FreeChatAllowance,
    /** The member's coins now. */
    balance: z.number().int(),
    settings: ChatRoomSettings,
    /** Unix seconds until which the model muted the member (he reads but cannot write); null when not muted. */
    muted_until: z.number().int().nullable(),
    banned: z.boolean(),
  })
  .meta({ id: 'ChatRoomState' });
export type ChatRoom = z.infer<typeof ChatRoom>;

export const ChatEnterBody = z.object({
  kind: z.enum(CHAT_MODES),
  /** Paid: the price the member was shown; a different current price is a 409 PRICE_CHANGED, nothing is charged. */
  price_per_minute: z.number().int().positive().max(100_000).nullable().optional(),
});
export type ChatEnterBody = z.infer<typeof ChatEnterBody>;

export const ChatLeaveBody = z.object({
  code: z.union([z.literal(202), z.literal(101), z.literal(102), z.literal(103)], { error: `Must be one of ${CLIENT_END_CODES.join(', ')}` }),
});
export type ChatLeaveBody = z.infer<typeof ChatLeaveBody>;

/** Error codes the chat screen acts on (the API's `code`, or a realtime acknowledgement's). */
export const CHAT_ERROR_CODES = {
  /** 409: the camera is not live. */
  offline: 'CAMERA_OFFLINE',
  /** 409: the camera is in paid chat (free asked) or free chat (paid asked). */
  wrongMode: 'CHAT_MODE_CHANGED',
  /** 409: the price shown is not the price now. */
  priceChanged: 'PRICE_CHANGED',
  /** 409: the balance cannot pay the first minute (the buy-coins popup). */
  insufficientCoins: 'INSUFFICIENT_COINS',
  /** 409: today's free allowance is used up (the freechat popup). */
  freeChatUsedUp: 'FREE_CHAT_USED_UP',
  /** 403: feature freechat is off for the member. */
  freeChatOff: 'FREE_CHAT_OFF',
  /** 403: the model banned the member from her room. */
  banned: 'CHAT_BANNED',
  /** 403: the model muted the member. */
  muted: 'CHAT_MUTED',
  /** 409: no open session: enter first (writing needs one). */
  noSession: 'CHAT_NO_SESSION',
  /** 429 / TOO_MANY_REQUESTS with retry_after_ms: slow mode. */
  slowMode: 'CHAT_SLOW_MODE',
  /** 422: the message contains a word the model filters. */
  filtered: 'CHAT_FILTERED',
} as const;

// ---- Realtime ----

/** Server → client events of camera chat. */
export const REALTIME_CHAT_EVENTS = {
  /** To the room (public and server messages), or to the two people of a private one: ChatMessage. */
  message: 'chat:message',
  /** To the room: messages the model removed (or all of a banned member's): ChatMessagesRemovedEvent. */
  removed: 'chat:removed',
  /** To the room: slow mode changed: ChatSettingsEvent. */
  settings: 'chat:settings',
  /** To the member: his session changed (a minute charged, ended with a code): ChatSessionEvent. */
  session: 'chat:session',
  /** To the member: muted or unmuted: ChatMutedEvent. */
  muted: 'chat:muted',
  /** To the model: who is in her chat changed, or a session was charged: ChatParticipantsChangedEvent. */
  participants: 'chat:participants',
} as const;

export const ChatMessagesRemovedEvent = z.object({ camera_id: z.number().int(), message_ids: z.array(z.number().int()) });
export type ChatMessagesRemovedEvent = z.infer<typeof ChatMessagesRemovedEvent>;
export const ChatSettingsEvent = z.object({ camera_id: z.number().int(), settings: ChatRoomSettings });
export type ChatSettingsEvent = z.infer<typeof ChatSettingsEvent>;
export const ChatSessionEvent = z.object({
  session: ChatSession,
  /** The member's coins after the change (a charge), for the header. */
  balance: z.number().int(),
});
export type ChatSessionEvent = z.infer<typeof ChatSessionEvent>;
export const ChatMutedEvent = z.object({ camera_id: z.number().int(), muted_until: z.number().int().nullable() });
export type ChatMutedEvent = z.infer<typeof ChatMutedEvent>;
export const ChatParticipantsChangedEvent = z.object({ camera_id: z.number().int() });
export type ChatParticipantsChangedEvent = z.infer<typeof ChatParticipantsChangedEvent>;

export const ChatSendPayload = z.object({
  camera_id: z.number().int().positive().max(2_147_483_647),
  text: z
    .string()
    .trim()
    .min(1, 'Must not be empty')
    .max(CHAT_MESSAGE_MAX, `Must be at most ${CHAT_MESSAGE_MAX} characters`)
    .check(...plainLine()),
  /** Private: the model whispers to one member; a member in paid chat writes privately to the model. */
  kind: z.enum(WRITABLE_CHAT_TYPES).optional().default('public'),
  /** For a private message from the model: the member. */
  to_user_id: z.number().int().positive().max(2_147_483_647).nullable().optional(),
});
export type ChatSendPayload = z.input<typeof ChatSendPayload>;

/** Client → server events of camera chat (acknowledged; see ROOM_CLIENT_EVENTS for joining `chat:<id>`). */
export const CHAT_CLIENT_EVENTS = {
  send: defineClientEvent('chat:send', ChatSendPayload, z.object({ message: ChatMessage })),
} as const;

// ---- The model's side (studio) ----

export const ChatParticipant = z.object({
  user_id: z.number().int(),
  name: z.string(),
  /** The open session's kind; null for someone reading without a session. */
  session_kind: z.enum(CHAT_MODES).nullable(),
  /** Unix seconds the session began. */
  since: z.number().int().nullable(),
  minutes_charged: z.number().int(),
  coins_charged: z.number().int(),
  muted_until: z.number().int().nullable(),
});
export type ChatParticipant = z.infer<typeof ChatParticipant>;

export const ChatBan = z.object({ user_id: z.number().int(), name: z.string(), banned_at: z.number().int() });
export type ChatBan = z.infer<typeof ChatBan>;

export const StudioChatSettings = z.object({
  slow_mode_seconds: z.number().int(),
  banned_words: z.array(z.string()),
});
export type StudioChatSettings = z.infer<typeof StudioChatSettings>;

/** GET /studio/camera/chat: her room's people, rules and the current show's earnings. */
export const StudioChat = z
  .object({
    camera_id: z.number().int(),
    participants: z.array(ChatParticipant),
    /** Visitors and members reading without a session. */
    readers: z.number().int(),
    settings: StudioChatSettings,
    bans: z.array(ChatBan),
    /** The current (or last) show: what she earned, her share after the site's. */
    earnings: z.object({
      since: z.number().int().nullable(),
      paid_minutes: z.number().int(),
      chat_coins: z.number().int(),
      tip_coins: z.number().int(),
      /** Her share of chat_coins + tip_coins, in coins. */
      model_coins: z.number().int(),
    }),
  })
  .meta({ id: 'StudioChat' });
export type StudioChat = z.infer<typeof StudioChat>;

export const StudioChatSettingsBody = z.object({
  slow_mode_seconds: z
    .number()
    .int('Must be a whole number of seconds')
    .min(0, 'Must be 0 (off) or more')
    .max(CHAT_SLOW_MODE_MAX_SECONDS, `Must be at most ${CHAT_SLOW_MODE_MAX_SECONDS} seconds`),
  banned_words: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'Must not be empty')
        .max(CHAT_BANNED_WORD_MAX, `Must be at most ${CHAT_BANNED_WORD_MAX} characters`)
        .check(...plainLine()),
    )
    .max(CHAT_BANNED_WORDS_MAX, `Must be at most ${CHAT_BANNED_WORDS_MAX} words`),
});
export type StudioChatSettingsBody = z.infer<typeof StudioChatSettingsBody>;

export const ChatMuteBody = z.object({
  /** 0 unmutes. */
  minutes: z.number().int('Must be a whole number of minutes').min(0, 'Must be 0 (unmute) or more').max(24 * 60, 'Must be at most 1440 minutes'),
});
export type ChatMuteBody = z.infer<typeof ChatMuteBody>;

export const ChatUserParam = z.object({ user_id: z.coerce.number().int().positive().max(2_147_483_647) });
export const ChatMessageParam = z.object({ message_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

// ---- The team's view of camera feedback (product §2 camera-feedback, stored by the cameras module) ----

export const CameraFeedbackItem = z.object({
  id: z.number().int(),
  camera_name: z.string(),
  display_name: z.string(),
  user_id: z.number().int(),
  username: z.string(),
  rating: z.number().int().nullable(),
  message: z.string(),
  dismissed: z.boolean(),
  /** Unix seconds. */
  created_at: z.number().int(),
});
export type CameraFeedbackItem = z.infer<typeof CameraFeedbackItem>;

export const CameraFeedbackListQuery = z.object({
  page: z
    .string()
    .regex(/^-?\d+$/, 'Must be a whole number')
    .optional()
    .transform((v) => clampPage(v)),
  /** Only answers with a rating (not "Not now"). */
  rated: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
});
export const CameraFeedbackList = z
  .object({
    items: z.array(CameraFeedbackItem),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
    /** Mean rating of all rated answers (null when none). */
    average_rating: z.number().nullable(),
  })
  .meta({ id: 'CameraFeedbackList' });
export type CameraFeedbackList = z.infer<typeof CameraFeedbackList>;
