import { z } from 'zod';
import { clampPage } from '../rules/page-query';
import { plainLine, plainLines } from './common';
import { IceServer, PublishTicket } from './cameras';
import { CHAT_AUTHOR_ROLES } from './camera-chat';
import { defineClientEvent } from './realtime';

// Playdates (issue 14, decision records 040–042): scheduled public shows of a model, and private sessions a premium
// member requests with her for a duration at her price in coins. The coins of a request are held in the ledger
// while it waits, captured when the session starts, released when it is declined, withdrawn or expires, and refunded
// when the model misses it. Every time-driven step is a durable job. Times are unix seconds, stored in UTC; the
// browser shows them in the member's time zone.

export const PLAYDATE_KINDS = ['public', 'private'] as const;
export type PlaydateKind = (typeof PLAYDATE_KINDS)[number];

/**
 * requested: a private request waiting for the model (coins held); scheduled: accepted (private) or announced
 * (public), not started; live: the room is open (private: coins captured); finished: the time ran out (a private one
 * may still be extended for PlaydateLimits.extension_window_seconds); declined, expired (no answer in time) and
 * cancelled (the member withdrew, or the model cancelled a show) released what was held; missed: the model did not
 * come within PlaydateLimits.start_grace_minutes, and the member was refunded.
 */
export const PLAYDATE_STATUSES = ['requested', 'scheduled', 'live', 'finished', 'declined', 'expired', 'cancelled', 'missed'] as const;
export type PlaydateStatus = (typeof PLAYDATE_STATUSES)[number];
/** The statuses that still hold the model's time. */
export const PLAYDATE_ACTIVE_STATUSES = ['requested', 'scheduled', 'live'] as const satisfies readonly PlaydateStatus[];

export const PLAYDATE_TITLE_MAX = 80;
export const PLAYDATE_REQUEST_MESSAGE_MAX = 500;
export const PLAYDATE_CHAT_MESSAGE_MAX = 500;
export const PLAYDATE_FEEDBACK_MESSAGE_MAX = 1000;
/** Public shows: 15 minutes to 4 hours, announced at most 60 days ahead. */
export const PUBLIC_PLAYDATE_MIN_MINUTES = 15;
export const PUBLIC_PLAYDATE_MAX_MINUTES = 240;
export const PLAYDATE_SCHEDULE_AHEAD_DAYS = 60;
/** Private requests: a start in the next 14 days. */
export const PRIVATE_PLAYDATE_AHEAD_DAYS = 14;
/** Members who asked to be reminded hear of a playdate this long before it starts. */
export const PLAYDATE_REMINDER_MINUTES = 15;
/** Slots a private request may start at are this far apart (in the model's time zone). */
export const PLAYDATE_SLOT_MINUTES = 15;

/** The model's room and the member's room of a playdate: WebRTC rooms of their own, never the model's camera room. */
export const PLAYDATE_SIDES = ['model', 'member'] as const;
export type PlaydateSide = (typeof PLAYDATE_SIDES)[number];

/**
 * Why a member may not request or enter: not_premium and blocked open the playdate-forbiddance popup (SPEC §2);
 * law_limited the law-limitation popup; insufficient_coins the buy-coins popup; the rest are said on the screen.
 */
export const PLAYDATE_REFUSALS = ['not_premium', 'blocked', 'law_limited', 'insufficient_coins', 'not_available', 'pending_request', 'slot_taken', 'own_playdate'] as const;
export type PlaydateRefusal = (typeof PLAYDATE_REFUSALS)[number];

/** The `code` of the API's error bodies for the refusals above (403 not_premium/blocked, 409 the rest, 451 law). */
export const PLAYDATE_ERROR_CODES = {
  notPremium: 'PLAYDATE_NOT_PREMIUM',
  blocked: 'PLAYDATE_BLOCKED',
  notAvailable: 'PLAYDATE_NOT_AVAILABLE',
  pendingRequest: 'PLAYDATE_PENDING_REQUEST',
  slotTaken: 'PLAYDATE_SLOT_TAKEN',
  priceChanged: 'PLAYDATE_PRICE_CHANGED',
  wrongStatus: 'PLAYDATE_WRONG_STATUS',
  extensionClosed: 'PLAYDATE_EXTENSION_CLOSED',
  // Coins: the ledger's INSUFFICIENT_COINS (money.ts).
} as const;

// ---- Limits (the team) and settings (the model) ----

/** What the team allows models to offer (PUT /team/playdate-limits). */
export const PlaydateLimits = z
  .object({
    price_per_minute_min: z.number().int().min(1).max(10_000),
    price_per_minute_max: z.number().int().min(1).max(10_000),
    /** The durations (minutes) a model may offer for private playdates and extensions, ascending. */
    durations: z.array(z.number().int().min(1).max(240)).min(1).max(12),
    /** A request the model has not answered is expired (and its coins released) after this many minutes. */
    request_expiry_minutes: z.number().int().min(5).max(7 * 24 * 60),
    /** A started private playdate whose model has not come into the room after this many minutes is missed and refunded. */
    start_grace_minutes: z.number().int().min(1).max(60),
    /** After a private playdate ends, the member may extend it for this many seconds. */
    extension_window_seconds: z.number().int().min(30).max(900),
    /** The house's share of every private playdate, in percent (the rest is the model's). */
    house_share_percent: z.number().int().min(0).max(100),
  })
  .refine((l) => l.price_per_minute_min <= l.price_per_minute_max, { path: ['price_per_minute_max'], message: 'Must be at least price_per_minute_min' })
  .refine((l) => l.durations.every((d, i) => i === 0 || d > l.durations[i - 1]!), { path: ['durations'], message: 'Must be ascending without repeats' })
  .meta({ id: 'PlaydateLimits' });
export type PlaydateLimits = z.infer<typeof PlaydateLimits>;

export const DEFAULT_PLAYDATE_LIMITS: PlaydateLimits = {
  price_per_minute_min: 5,
  price_per_minute_max: 200,
  durations: [5, 10, 15, 20, 30, 45, 60],
  request_expiry_minutes: 24 * 60,
  start_grace_minutes: 10,
  extension_window_seconds: 120,
  house_share_percent: 40,
};

function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A weekly window of the model's availability, in her time zone: minutes after midnight, `to` exclusive. */
export const PlaydateHours = z
  .object({
    /** 0 Sunday … 6 Saturday. */
    days: z.array(z.number().int().min(0).max(6)).max(7),
    from_minute: z.number().int().min(0).max(1439),
    to_minute: z.number().int().min(1).max(1440),
    /** IANA name, e.g. Europe/Berlin. */
    time_zone: z
      .string()
      .min(1, 'Must be a time zone such as Europe/Berlin')
      .max(64, 'Must be a time zone such as Europe/Berlin')
      .refine(isTimeZone, 'Must be a time zone such as Europe/Berlin'),
  })
  .refine((h) => h.from_minute < h.to_minute, { path: ['to_minute'], message: 'Must be after from_minute' });
export type PlaydateHours = z.infer<typeof PlaydateHours>;

/** The model's private playdate offer (PUT /studio/playdates/settings). */
export const PlaydateSettings = z
  .object({
    private_enabled: z.boolean(),
    /** Coins per minute, within the team's limits (checked on the server). */
    price_per_minute: z.number().int().min(1).max(10_000),
    /** Durations she offers: a subset of the team's. */
    durations: z.array(z.number().int().min(1).max(240)).min(1).max(12),
    hours: PlaydateHours,
  })
  .meta({ id: 'PlaydateSettings' });
export type PlaydateSettings = z.infer<typeof PlaydateSettings>;

// ---- The playdate as people see it ----

export const PlaydateModel = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 400x400. */
  avatar: z.string(),
  /** Her camera (for the camera page's link), null for a model without one. */
  camera_id: z.number().int().nullable(),
  camera_name: z.string().nullable(),
  /** Her account's user id (her chat messages' author), null for a model without one. */
  user_id: z.number().int().nullable(),
});
export type PlaydateModel = z.infer<typeof PlaydateModel>;

export const PlaydateMember = z.object({ id: z.number().int(), name: z.string(), avatar: z.string() });
export type PlaydateMember = z.infer<typeof PlaydateMember>;

export const Playdate = z
  .object({
    id: z.number().int(),
    kind: z.enum(PLAYDATE_KINDS),
    status: z.enum(PLAYDATE_STATUSES),
    title: z.string(),
    model: PlaydateModel,
    /** Private: the member who requested it (seen by him and the model); null for public shows. */
    member: PlaydateMember.nullable(),
    /** Unix seconds. A request's wished start (null: as soon as she accepts) until accepted. */
    starts_at: z.number().int().nullable(),
    /** starts_at + the booked minutes (extensions included); null while starts_at is. */
    ends_at: z.number().int().nullable(),
    /** Booked minutes, extensions included. */
    duration_minutes: z.number().int(),
    /** Private: coins per minute fixed at the request, and every coin held or paid for it (extensions included). */
    price_per_minute: z.number().int().nullable(),
    coins: z.number().int(),
    /** Private, requested: unix seconds when an unanswered request expires. */
    expires_at: z.number().int().nullable(),
    /** The member's note with his request (private; seen by him and the model). */
    message: z.string().nullable(),
    extensions: z.number().int(),
    /** 900x500 image of the playdate (SPEC §3 playdate images); 370x206 for upcoming cards is `image_small`. */
    image: z.string(),
    image_small: z.string(),
    /** Public: whether the viewer asked to be reminded. */
    reminder: z.boolean(),
    /** Public, finished: the replay page's path (/playdate-chat-replay?token=…); null otherwise. */
    replay_path: z.string().nullable(),
    /** Finished private: unix seconds until which POST extend is open; null otherwise. */
    extendable_until: z.number().int().nullable(),
    created_at: z.number().int(),
  })
  .meta({ id: 'Playdate' });
export type Playdate = z.infer<typeof Playdate>;

export const PlaydateList = z.object({ items: z.array(Playdate) }).meta({ id: 'PlaydateList' });
export type PlaydateList = z.infer<typeof PlaydateList>;

/** One playdate or none (closest_public_playdate, closest_private_playdate, pending_request). */
export const MaybePlaydate = z.object({ playdate: Playdate.nullable() }).meta({ id: 'MaybePlaydate' });
export type MaybePlaydate = z.infer<typeof MaybePlaydate>;

// ---- Params and queries ----

/** Ids are PostgreSQL integers: a larger number names nothing and must not reach the database. */
const MAX_ID = 2_147_483_647;
/** Unix seconds up to the year 2100: later starts are a mistake, and Date cannot hold much later ones. */
const UNIX_SECONDS_MAX = 4_102_444_800;

const positiveId = (what: string) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, `Must be a ${what} id`)
    .transform(Number)
    .refine((id) => id <= MAX_ID, `Must be a ${what} id`);

export const PlaydateIdParam = z.object({ id: positiveId('playdate') });
export const PlaydateTypeIdParam = z.object({ type: z.enum(PLAYDATE_KINDS, 'Must be public or private'), id: positiveId('playdate') });
/** The {id} of /playdates/camera/{id}/… and /playdates/private/request/{id}: a camera's id. */
export const PlaydateCameraParam = z.object({ id: positiveId('camera') });

export const PlaydateCamerasPageQuery = z.object({ page: z.unknown().optional().transform(clampPage) });

export const PlaydateReplayQuery = z.object({
  token: z.string().min(1, 'Must be the token of a replay link').max(200, 'Must be the token of a replay link').regex(/^[A-Za-z0-9_.-]+$/, 'Must be the token of a replay link'),
});

const durationQuery = z
  .string()
  .regex(/^[1-9][0-9]{0,2}$/, 'Must be a whole number of minutes')
  .transform(Number);

export const PlaydateQuoteQuery = z.object({ duration: durationQuery.optional() });

// ---- Models available for private playdates ----

export const PlaydateSlot = z.object({
  /** Unix seconds. */
  starts_at: z.number().int(),
});
export type PlaydateSlot = z.infer<typeof PlaydateSlot>;

/** GET /playdates/private/camera/{id}: the model's private offer as one member sees it. */
export const PrivatePlaydateOffer = z
  .object({
    camera_id: z.number().int(),
    camera_name: z.string(),
    model: PlaydateModel,
    /** She takes requests now (private_enabled, not blocked, the member not hers). */
    available: z.boolean(),
    price_per_minute: z.number().int(),
    durations: z.array(z.number().int()),
    /** Whether she is live on her camera now (a request "as soon as possible" then reaches her at once). */
    live: z.boolean(),
    /** The member's waiting request with her, if any (one at a time). */
    pending: Playdate.nullable(),
  })
  .meta({ id: 'PrivatePlaydateOffer' });
export type PrivatePlaydateOffer = z.infer<typeof PrivatePlaydateOffer>;

export const PlaydateCamera = z.object({
  camera_id: z.number().int(),
  camera_name: z.string(),
  model: PlaydateModel,
  live: z.boolean(),
  price_per_minute: z.number().int(),
  durations: z.array(z.number().int()),
  /** 510x660 portrait. */
  image: z.string(),
  /** The next free start (unix seconds) for her shortest duration; null when none in the next days. */
  next_slot: z.number().int().nullable(),
});
export type PlaydateCamera = z.infer<typeof PlaydateCamera>;

export const PlaydateCameraList = z
  .object({
    items: z.array(PlaydateCamera),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: 'PlaydateCameraList' });
export type PlaydateCameraList = z.infer<typeof PlaydateCameraList>;
export const PLAYDATE_CAMERAS_PER_PAGE = 12;

// ---- Requesting ----

/** GET /playdates/private/request/{id}?duration: the price of a duration, the member's coins, the free starts. */
export const PlaydateQuote = z
  .object({
    camera_id: z.number().int(),
    model: PlaydateModel,
    duration: z.number().int(),
    durations: z.array(z.number().int()),
    price_per_minute: z.number().int(),
    coins: z.number().int(),
    balance: z.number().int(),
    can_afford: z.boolean(),
    /** Starts the model's hours leave free for this duration, in the next PRIVATE_PLAYDATE_AHEAD_DAYS days. */
    slots: z.array(PlaydateSlot),
    /** Whether "as soon as possible" may be asked (she is live and free now). */
    asap: z.boolean(),
  })
  .meta({ id: 'PlaydateQuote' });
export type PlaydateQuote = z.infer<typeof PlaydateQuote>;

/** POST /playdates/private/request/{id}. */
export const PlaydateRequestBody = z.object({
  duration: z.number().int().min(1, 'Must be one of the durations offered').max(240, 'Must be one of the durations offered'),
  /** One of the quote's slots; null: as soon as she accepts (only when the quote's asap is true). */
  starts_at: z.number().int().positive('Must be one of the free starts').max(UNIX_SECONDS_MAX, 'Must be one of the free starts').nullable(),
  /** The price the member saw: 409 PLAYDATE_PRICE_CHANGED when it is no longer hers. */
  price_per_minute: z.number().int().min(1).max(10_000),
  message: z
    .string()
    .trim()
    .max(PLAYDATE_REQUEST_MESSAGE_MAX, `Must be at most ${PLAYDATE_REQUEST_MESSAGE_MAX} characters`)
    .check(...plainLines())
    .optional(),
});
export type PlaydateRequestBody = z.infer<typeof PlaydateRequestBody>;
export type PlaydateRequestBodyInput = z.input<typeof PlaydateRequestBody>;

/** GET /playdates/private/request/check/{id}: may the member request with this camera now, and if not why. */
export const PlaydateRequestCheck = z
  .object({
    allowed: z.boolean(),
    refusal: z.enum(PLAYDATE_REFUSALS).nullable(),
    /** The waiting request when refusal is pending_request. */
    pending: Playdate.nullable(),
  })
  .meta({ id: 'PlaydateRequestCheck' });
export type PlaydateRequestCheck = z.infer<typeof PlaydateRequestCheck>;

/** GET /playdates/private/status/{id}: the state a waiting screen polls (and hears as PLAYDATE_EVENTS.status). */
export const PlaydateStatusView = z
  .object({
    id: z.number().int(),
    kind: z.enum(PLAYDATE_KINDS),
    status: z.enum(PLAYDATE_STATUSES),
    starts_at: z.number().int().nullable(),
    ends_at: z.number().int().nullable(),
    expires_at: z.number().int().nullable(),
    extendable_until: z.number().int().nullable(),
    /** Whether the model is in the room now (live only). */
    model_present: z.boolean(),
    /** Server time, unix seconds: countdowns run on it, not on the device's clock. */
    now: z.number().int(),
  })
  .meta({ id: 'PlaydateStatusView' });
export type PlaydateStatusView = z.infer<typeof PlaydateStatusView>;

// ---- Extending ----

export const PlaydateExtension = z.object({
  duration: z.number().int(),
  coins: z.number().int(),
  /** Her next playdate leaves room for it. */
  available: z.boolean(),
});
export type PlaydateExtension = z.infer<typeof PlaydateExtension>;

/** GET /playdates/private/extend/{id}. */
export const PlaydateExtendOffer = z
  .object({
    playdate: Playdate,
    options: z.array(PlaydateExtension),
    balance: z.number().int(),
    /** Unix seconds until which the offer holds; null when it is closed. */
    open_until: z.number().int().nullable(),
  })
  .meta({ id: 'PlaydateExtendOffer' });
export type PlaydateExtendOffer = z.infer<typeof PlaydateExtendOffer>;

export const PlaydateExtendBody = z.object({
  duration: z.number().int().min(1, 'Must be one of the extensions offered').max(240, 'Must be one of the extensions offered'),
});
export type PlaydateExtendBody = z.infer<typeof PlaydateExtendBody>;

// ---- Reminders (the notification call) ----

/** GET /playdates/{type}/notification/{id} turns the member's reminder on (idempotent); DELETE turns it off. */
export const PlaydateReminder = z.object({ playdate_id: z.number().int(), reminder: z.boolean() }).meta({ id: 'PlaydateReminder' });
export type PlaydateReminder = z.infer<typeof PlaydateReminder>;

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

// ---- The studio ----

export const PublicPlaydateBody = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Must not be empty')
    .max(PLAYDATE_TITLE_MAX, `Must be at most ${PLAYDATE_TITLE_MAX} characters`)
    .check(...plainLine()),
  /** Unix seconds, in the future, at most PLAYDATE_SCHEDULE_AHEAD_DAYS ahead. */
  starts_at: z.number().int().positive().max(UNIX_SECONDS_MAX, `Must be in the next ${PLAYDATE_SCHEDULE_AHEAD_DAYS} days`),
  duration_minutes: z
    .number()
    .int()
    .min(PUBLIC_PLAYDATE_MIN_MINUTES, `Must be at least ${PUBLIC_PLAYDATE_MIN_MINUTES} minutes`)
    .max(PUBLIC_PLAYDATE_MAX_MINUTES, `Must be at most ${PUBLIC_PLAYDATE_MAX_MINUTES} minutes`),
  /** Which of the generated images (0–7) the playdate shows; the server draws it in the sizes of SPEC §3. */
  image_variant: z.number().int().min(0).max(7).optional(),
});
export type PublicPlaydateBody = z.infer<typeof PublicPlaydateBody>;

export const PlaydateAcceptBody = z.object({
  /** Unix seconds: now or later; null keeps the member's wished start (now when he asked for as soon as possible). */
  starts_at: z.number().int().positive().max(UNIX_SECONDS_MAX, 'Must be a time before the year 2100').nullable(),
});
export type PlaydateAcceptBody = z.infer<typeof PlaydateAcceptBody>;

export const PlaydateDeclineBody = z.object({
  reason: z
    .string()
    .trim()
    .max(PLAYDATE_REQUEST_MESSAGE_MAX, `Must be at most ${PLAYDATE_REQUEST_MESSAGE_MAX} characters`)
    .check(...plainLines())
    .optional(),
});
export type PlaydateDeclineBody = z.infer<typeof PlaydateDeclineBody>;

/** GET /studio/playdates: everything her playdate panel shows. */
export const StudioPlaydates = z
  .object({
    settings: PlaydateSettings,
    limits: PlaydateLimits,
    /** Requests waiting for her answer, soonest expiry first. */
    requests: z.array(Playdate),
    /** Scheduled and live playdates of both kinds, soonest first. */
    upcoming: z.array(Playdate),
    /** The last 20 finished, declined, expired, cancelled or missed. */
    recent: z.array(Playdate),
    /** Coins credited to her for private playdates, all time. */
    earned: z.number().int(),
  })
  .meta({ id: 'StudioPlaydates' });
export type StudioPlaydates = z.infer<typeof StudioPlaydates>;

// ---- Realtime ----

/** Server → client pushes. To the member's and the model's user rooms, and to the playdate's room `playdate:<id>`. */
export const PLAYDATE_EVENTS = {
  /** A playdate's status or times changed: PlaydateStatusView (+ the playdate). To both people and the room. */
  status: 'playdate:status',
  /** A new request for the model (her user room): Playdate. */
  request: 'playdate:request',
  /** A reminder: a playdate the member asked about starts soon (his user room): Playdate. */
  reminder: 'playdate:reminder',
  /** A chat message in the room: PlaydateChatMessage. */
  message: 'playdate:message',
  /** A side of the room started or stopped publishing: { model: boolean, member: boolean }. */
  publishing: 'playdate:publishing',
} as const;

export const PlaydateStatusEvent = z.object({ playdate: Playdate, status: PlaydateStatusView });
export type PlaydateStatusEvent = z.infer<typeof PlaydateStatusEvent>;

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
