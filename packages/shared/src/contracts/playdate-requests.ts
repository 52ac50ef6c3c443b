import { z } from 'zod';
import { plainLines, unixSeconds } from './common';
import { PLAYDATE_REFUSALS, PLAYDATE_REQUEST_MESSAGE_MAX, Playdate, PlaydateModel } from './playdates';

// What a member sees and sends to book a private playdate (decision records 040 and 042): the models taking requests,
// a model's offer and quote, the request and its check, extending a finished one, and reminders. The playdate itself,
// its statuses and limits are in playdates.ts.

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
  starts_at: unixSeconds('Must be one of the free starts').nullable(),
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
