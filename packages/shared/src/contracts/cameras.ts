import { z } from 'zod';
import { clampPage, parseIntegerList } from '../rules/page-query';
import { idListText, plainLine, plainLines, unixSeconds } from './common';
import { ModelSummary } from './catalog';
import {
  CAMERA_ORDERS,
  CAMERA_PRICE_MAX,
  CAMERA_PRICE_MIN,
  CAMERA_TAGS_MAX,
  CAMERA_TITLE_MAX,
  CHAT_MODES,
  CameraSummary,
  CameraTag,
  LIVE_SOURCES,
} from './camera-summary';

export * from './camera-summary';

// Live cams (decision record 032): lists, the camera page, watching, the studio and go-live mails.

export const CameraShow = z.object({
  id: z.number().int(),
  /** Unix seconds. */
  starts_at: z.number().int(),
  ends_at: z.number().int(),
});
export type CameraShow = z.infer<typeof CameraShow>;

/** Why the member may or may not watch the video now (the server enforces it again at the WHEP handshake). */
/** restricted: a restricted viewer (role censored, product §6) sees the placeholder still, never the live video. */
export const WATCH_STATES = ['allowed', 'offline', 'paid_chat_required', 'login_required', 'restricted'] as const;
export type WatchState = (typeof WATCH_STATES)[number];

export const CameraDetail = CameraSummary.extend({
  description: z.string(),
  model: ModelSummary,
  /** Upcoming shows, soonest first (at most 10). */
  schedule: z.array(CameraShow),
  watch: z.enum(WATCH_STATES),
}).meta({ id: 'CameraDetail' });
export type CameraDetail = z.infer<typeof CameraDetail>;

const MAX_ID = 2_147_483_647;

/** `filters`: comma-separated camera tag ids (product §2, §5). */
const filterList = z
  .union([idListText('filter'), z.array(idListText('filter'))])
  .optional()
  .superRefine((value, ctx) => {
    if (value == null) return;
    const parts = (Array.isArray(value) ? value.join(',') : value).split(',').filter((p) => p.trim() !== '');
    if (parts.some((p) => !/^\d+$/.test(p.trim()))) ctx.addIssue({ code: 'custom', message: 'Must be a comma-separated list of filter ids' });
    else if (parts.some((p) => Number(p.trim()) > MAX_ID)) ctx.addIssue({ code: 'custom', message: `Filter ids are at most ${MAX_ID}` });
  })
  .transform((value) => (value == null ? [] : parseIntegerList(value)));

export const CameraListQuery = z.object({
  page: z
    .string()
    .regex(/^-?\d+$/, 'Must be a whole number')
    .optional()
    .transform((v) => clampPage(v)),
  filters: filterList,
  order: z.enum(CAMERA_ORDERS).optional().default('popular'),
});
export type CameraListQueryInput = z.input<typeof CameraListQuery>;

export const CameraList = z
  .object({
    cameras: z.array(CameraSummary),
    params: z.object({ page: z.number().int(), filters: z.array(z.number().int()), order: z.enum(CAMERA_ORDERS) }),
    total: z.number().int(),
    /** Live cameras matching the filters (all pages). */
    live_total: z.number().int(),
    per_page: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: 'CameraList' });
export type CameraList = z.infer<typeof CameraList>;

export const CameraTags = z.object({ tags: z.array(CameraTag) });
export type CameraTags = z.infer<typeof CameraTags>;

/** /camera/{name}: lower-case letters, digits, '-' and '_'. */
export const CAMERA_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]{1,31}$/;
export const CameraNameParam = z.object({
  name: z
    .string()
    .max(32, 'Must be a camera name')
    .check(...plainLine())
    .regex(CAMERA_NAME_PATTERN, 'Must be a camera name (lower-case letters, digits, - and _)'),
});

/** The codes of the errors a client acts on: nothing to watch (409), a paid chat session needed (403). */
export const CAMERA_ERROR_CODES = { offline: 'CAMERA_OFFLINE', paidChatRequired: 'PAID_CHAT_REQUIRED', restricted: 'RESTRICTED_VIEWER' } as const;

/** An ICE server as RTCPeerConnection takes it (ICE_SERVERS). */
export const IceServer = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof IceServer>;

/**
 * POST /cameras/{name}/watch: a short-lived viewer token tied to the member and the camera, and where to use it.
 * The browser POSTs its SDP offer to `whep_url` with `Authorization: Bearer <token>`; where WebRTC fails it plays
 * `hls_url` (LL-HLS; the token is in the URL because a player cannot set headers on every segment). Both are
 * root-relative (`/live/…`), so the page reaches them on whichever of the site's hosts served it.
 */
export const WatchTicket = z.object({
  whep_url: z.string(),
  hls_url: z.string(),
  token: z.string(),
  /** Unix seconds; ask again after this (a running WHEP session is not cut at expiry). */
  expires_at: z.number().int(),
  ice_servers: z.array(IceServer),
});
export type WatchTicket = z.infer<typeof WatchTicket>;

// ---- The studio (capability studio: model accounts) ----

export const StudioCameraSettingsBody = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Must not be empty')
    .max(CAMERA_TITLE_MAX, `Must be at most ${CAMERA_TITLE_MAX} characters`)
    .check(...plainLine()),
  tag_ids: z
    .array(z.number().int().positive().max(MAX_ID))
    .max(CAMERA_TAGS_MAX, `Must be at most ${CAMERA_TAGS_MAX} tags`)
    .refine((ids) => new Set(ids).size === ids.length, 'Must not repeat a tag')
    // The refinement as the document states it (decision record 064).
    .meta({ uniqueItems: true }),
  chat_mode: z.enum(CHAT_MODES),
  /** Required for paid chat, ignored (stored null) for free chat. */
  price_per_minute: z
    .number()
    .int('Must be a whole number of coins')
    .min(CAMERA_PRICE_MIN, `Must be at least ${CAMERA_PRICE_MIN}`)
    .max(CAMERA_PRICE_MAX, `Must be at most ${CAMERA_PRICE_MAX}`)
    .nullable(),
});
export type StudioCameraSettingsBody = z.infer<typeof StudioCameraSettingsBody>;

export const LIVE_SESSION_STATES = ['offline', 'connecting', 'live', 'grace'] as const;
export type LiveSessionState = (typeof LIVE_SESSION_STATES)[number];

export const StudioCamera = z
  .object({
    camera: CameraSummary,
    description: z.string(),
    session: z.object({
      state: z.enum(LIVE_SESSION_STATES),
      source: z.enum(LIVE_SOURCES).nullable(),
      /** Unix seconds. */
      since: z.number().int().nullable(),
      viewers: z.number().int(),
      /** Unix seconds when the grace period ends (state grace), else null. */
      grace_until: z.number().int().nullable(),
    }),
    /** Where encoders publish. The stream key itself is shown once, when it is made (POST …/stream_key). */
    ingest: z.object({
      whip_url: z.string(),
      rtmp_url: z.string(),
      /** Unix seconds the current key was made; null when none was made yet. */
      stream_key_created_at: z.number().int().nullable(),
      /** The key's last 4 characters, so a model can tell which one her encoder has. */
      stream_key_hint: z.string().nullable(),
    }),
    schedule: z.array(CameraShow),
    tags: z.array(CameraTag).describe('Every tag she may choose'),
    limits: z.object({ price_min: z.number().int(), price_max: z.number().int(), title_max: z.number().int(), tags_max: z.number().int() }),
  })
  .meta({ id: 'StudioCamera' });
export type StudioCamera = z.infer<typeof StudioCamera>;

/** POST /studio/camera/stream_key: a new key; the old one stops working at once (a live OBS session is ended). */
export const StreamKey = z.object({
  stream_key: z.string(),
  /** For older encoders: the RTMP server URL and the key to paste beside it (the same key). */
  rtmp_url: z.string(),
  whip_url: z.string(),
  created_at: z.number().int(),
});
export type StreamKey = z.infer<typeof StreamKey>;

/** POST /studio/camera/publish: a short-lived publisher token for the browser's WHIP offer. */
export const PublishTicket = z.object({
  /** Root-relative (`/live/whip`) for the studio page; encoders get the absolute URL (StudioCamera.ingest). */
  whip_url: z.string(),
  token: z.string(),
  expires_at: z.number().int(),
  ice_servers: z.array(IceServer),
});
export type PublishTicket = z.infer<typeof PublishTicket>;

export const SCHEDULE_SHOW_MAX_MINUTES = 12 * 60;
export const SCHEDULE_SHOWS_MAX = 30;
export const StudioShowBody = z
  .object({
    /** Unix seconds, in the future. */
    starts_at: unixSeconds(),
    duration_minutes: z.number().int().min(15, 'Must be at least 15 minutes').max(SCHEDULE_SHOW_MAX_MINUTES, `Must be at most ${SCHEDULE_SHOW_MAX_MINUTES} minutes`),
  });
export type StudioShowBody = z.infer<typeof StudioShowBody>;

// ---- Mails ----

/** The one-click unsubscribe of go-live mails (product §7 "camera-mails unsubscribe call"): the token of the mail's link. */
export const CameraMailsUnsubscribeQuery = z.object({
  token: z.string().min(1, 'Must not be empty').max(512, 'Must be an unsubscribe token').check(...plainLine()),
});
export const CameraMailsUnsubscribed = z.object({ unsubscribed: z.literal(true), email_hint: z.string() });
export type CameraMailsUnsubscribed = z.infer<typeof CameraMailsUnsubscribed>;

// ---- Feedback after a show (product §2 popup camera-feedback) ----

export const CAMERA_FEEDBACK_MESSAGE_MAX = 1000;
/** Watching this long (frames playing) earns the question; the server asks at most once a day per camera. */
export const CAMERA_FEEDBACK_MIN_WATCH_SECONDS = 60;

/** GET /cameras/{name}/feedback: whether to ask the member how the show was. */
export const CameraFeedbackAsk = z.object({ ask: z.boolean() });
export type CameraFeedbackAsk = z.infer<typeof CameraFeedbackAsk>;

/**
 * POST /cameras/{name}/feedback: a rating of 1–5 with an optional comment, or `{ dismissed: true }` ("Not now"). Both
 * are stored, so either keeps the question away for a day.
 */
export const CameraFeedbackBody = z
  .object({
    dismissed: z.literal(true).optional(),
    rating: z.number().int('Must be a whole number from 1 to 5').min(1, 'Must be from 1 to 5').max(5, 'Must be from 1 to 5').optional(),
    message: z
      .string()
      .trim()
      .max(CAMERA_FEEDBACK_MESSAGE_MAX, `Must be at most ${CAMERA_FEEDBACK_MESSAGE_MAX} characters`)
      .check(...plainLines())
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.dismissed && (body.rating !== undefined || body.message)) {
      ctx.addIssue({ code: 'custom', path: ['dismissed'], message: 'Must not come with a rating or a message' });
    } else if (!body.dismissed && body.rating === undefined) {
      ctx.addIssue({ code: 'custom', path: ['rating'], message: 'Required (1 to 5) unless dismissed' });
    }
  })
  // The same rule as the document states it (decision record 064); a message of spaces only is trimmed to none.
  .meta({
    if: { required: ['dismissed'] },
    then: { not: { anyOf: [{ required: ['rating'] }, { required: ['message'], properties: { message: { type: 'string', pattern: '\\S' } } }] } },
    else: { required: ['rating'] },
  });
export type CameraFeedbackBody = z.infer<typeof CameraFeedbackBody>;
export type CameraFeedbackBodyInput = z.input<typeof CameraFeedbackBody>;

// ---- Realtime ----

/** Server → every connection: a camera changed state, title, price or viewers. */
export const REALTIME_CAMERA_EVENTS = {
  /** CameraStatusEvent, sent on every state change and at most every few seconds for viewer counts and previews. */
  status: 'camera:status',
} as const;
export const CameraStatusEvent = z.object({
  camera: CameraSummary.omit({ is_favourite: true }),
});
export type CameraStatusEvent = z.infer<typeof CameraStatusEvent>;
