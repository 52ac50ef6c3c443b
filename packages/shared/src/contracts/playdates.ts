import { z } from 'zod';
import { clampPage } from '../rules/page-query';

// Playdates (decision records 040–042): scheduled public shows of a model, and private sessions a premium
// member requests with her for a duration at her price in coins. The coins of a request are held in the ledger
// while it waits, captured when the session starts, released when it is declined, withdrawn or expires, and refunded
// when the model misses it. Every time-driven step is a durable job. Times are unix seconds, stored in UTC; the
// browser shows them in the member's time zone. Requesting, the room and the studio have files of their own
// (playdate-requests.ts, playdate-rooms.ts, playdate-studio.ts).

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
 * Why a member may not request or enter: not_premium and blocked open the playdate-forbiddance popup (product §2);
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
    /** 900x500 image of the playdate (product §3 playdate images); 370x206 for upcoming cards is `image_small`. */
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
  // The token's whole shape, "<playdate id>.<base64url HMAC-SHA256>" (decision record 041), so a token the schema takes
  // is one the service can verify, and the document states it (decision record 064).
  token: z.string().regex(/^[1-9][0-9]{0,9}\.[A-Za-z0-9_-]{43}$/, 'Must be the token of a replay link'),
});

const durationQuery = z
  .string()
  .regex(/^[1-9][0-9]{0,2}$/, 'Must be a whole number of minutes')
  .transform(Number);

export const PlaydateQuoteQuery = z.object({ duration: durationQuery.optional() });

// ---- What a waiting screen polls ----

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
