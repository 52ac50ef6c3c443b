import { z } from 'zod';
import { plainLine, plainLines, unixSeconds } from './common';
import {
  PLAYDATE_REQUEST_MESSAGE_MAX,
  PLAYDATE_SCHEDULE_AHEAD_DAYS,
  PLAYDATE_TITLE_MAX,
  PUBLIC_PLAYDATE_MAX_MINUTES,
  PUBLIC_PLAYDATE_MIN_MINUTES,
  Playdate,
  PlaydateLimits,
  PlaydateSettings,
} from './playdates';

// The model's side of playdates (decision records 040 and 043): announcing a public show, answering a private
// request, and everything her studio panel shows.

// ---- The studio ----

export const PublicPlaydateBody = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Must not be empty')
    .max(PLAYDATE_TITLE_MAX, `Must be at most ${PLAYDATE_TITLE_MAX} characters`)
    .check(...plainLine()),
  /** Unix seconds, in the future, at most PLAYDATE_SCHEDULE_AHEAD_DAYS ahead. */
  starts_at: unixSeconds(`Must be in the next ${PLAYDATE_SCHEDULE_AHEAD_DAYS} days`),
  duration_minutes: z
    .number()
    .int()
    .min(PUBLIC_PLAYDATE_MIN_MINUTES, `Must be at least ${PUBLIC_PLAYDATE_MIN_MINUTES} minutes`)
    .max(PUBLIC_PLAYDATE_MAX_MINUTES, `Must be at most ${PUBLIC_PLAYDATE_MAX_MINUTES} minutes`),
  /** Which of the generated images (0–7) the playdate shows; the server draws it in the sizes of product §3. */
  image_variant: z.number().int().min(0).max(7).optional(),
});
export type PublicPlaydateBody = z.infer<typeof PublicPlaydateBody>;

export const PlaydateAcceptBody = z.object({
  /** Unix seconds: now or later; null keeps the member's wished start (now when he asked for as soon as possible). */
  starts_at: unixSeconds().nullable(),
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
