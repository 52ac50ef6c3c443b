import { z } from 'zod';

// The card of a live cam (decision record 032), apart from contracts/cameras so the catalog's favourites
// can list cameras without an import cycle. A camera is a model's live room: at most one per model account, named by
// a URL-safe name (/camera/{name}). Its state is `live` while a publisher sends media (or during the grace period
// after a dropped connection), `soon` when a scheduled show starts within CAMERA_SOON_SECONDS, otherwise `offline`.

export const CAMERA_STATES = ['live', 'soon', 'offline'] as const;
export type CameraState = (typeof CAMERA_STATES)[number];
/** A scheduled show this close (seconds) makes an offline camera `soon`. */
export const CAMERA_SOON_SECONDS = 2 * 60 * 60;

/**
 * Orders of /cameras. Every order keeps live cameras first, then soon, then offline (the issue); the order decides
 * within each group. `free_chat` puts free-chat cameras first, then the cheapest paid ones (product §2: `hint` forces it).
 */
export const CAMERA_ORDERS = ['popular', 'free_chat', 'newest', 'price', 'name'] as const;
export type CameraOrder = (typeof CAMERA_ORDERS)[number];
export const CAMERAS_PER_PAGE = 24;

export const CHAT_MODES = ['free', 'paid'] as const;
export type ChatMode = (typeof CHAT_MODES)[number];
/** Price per minute of paid chat, in coins; the team's limits (the studio refuses outside them). */
export const CAMERA_PRICE_MIN = 1;
export const CAMERA_PRICE_MAX = 200;
export const CAMERA_TITLE_MAX = 80;
export const CAMERA_TAGS_MAX = 5;
/** Seconds a dropped publisher's room stays live before it ends with reason offline (product §4 code 5). */
export const CAMERA_GRACE_SECONDS_DEFAULT = 30;

/** How a camera's current session is fed. */
export const LIVE_SOURCES = ['browser', 'whip', 'rtmp', 'demo'] as const;
export type LiveSource = (typeof LIVE_SOURCES)[number];

/** Why a session ended (product §4 codes where one fits): 202 stopped by the model, 5 offline after the grace period. */
export const CAMERA_END_REASONS = { stopped: 202, offline: 5 } as const;

/** A filter of /cameras: a camera tag (names in the three languages, as video tags). */
export const CameraTag = z
  .object({
    id: z.number().int(),
    name_en: z.string(),
    name_de: z.string(),
    name_fr: z.string(),
  })
  .meta({ id: 'CameraTag' });
export type CameraTag = z.infer<typeof CameraTag>;

export const CameraSummary = z
  .object({
    id: z.number().int(),
    /** The URL name: /camera/{name}. */
    name: z.string(),
    /** The model's stage name. */
    display_name: z.string(),
    model_id: z.number().int(),
    title: z.string(),
    state: z.enum(CAMERA_STATES),
    /** Viewers watching now (0 when not live). */
    viewers: z.number().int(),
    /** While live: a frame of the stream, refreshed every few seconds (the URL changes); otherwise the cover. */
    preview: z.string().describe('640x360'),
    /** A still of the model, for offline cards. */
    cover: z.string().describe('640x360'),
    chat_mode: z.enum(CHAT_MODES),
    /** Coins per minute of paid chat; null for free chat. */
    price_per_minute: z.number().int().nullable(),
    tags: z.array(CameraTag),
    /** Unix seconds: when the current session began; null when not live. */
    live_since: z.number().int().nullable(),
    /** Unix seconds: the next scheduled show; null when none is planned. */
    next_show_at: z.number().int().nullable(),
    is_favourite: z.boolean(),
  })
  .meta({ id: 'CameraSummary' });
export type CameraSummary = z.infer<typeof CameraSummary>;
