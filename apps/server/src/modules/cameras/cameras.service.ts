import { createHash, randomBytes } from 'node:crypto';
import {
  CAMERA_END_REASONS,
  CAMERA_ERROR_CODES,
  CAMERA_NAME_PATTERN,
  CAMERA_PRICE_MAX,
  CAMERA_PRICE_MIN,
  CAMERA_SOON_SECONDS,
  CAMERA_TAGS_MAX,
  CAMERA_TITLE_MAX,
  CAMERAS_PER_PAGE,
  REALTIME_CAMERA_EVENTS,
  SCHEDULE_SHOWS_MAX,
  type CameraDetail,
  type CameraFeedbackAsk,
  type CameraFeedbackBody,
  type CameraFeedbackList,
  type CameraList,
  type CameraMailsUnsubscribed,
  type CameraOrder,
  type CameraShow,
  type CameraStatusEvent,
  type CameraSummary,
  type CameraTag,
  type CameraTags,
  type LiveSource,
  type PublishTicket,
  type ShootList,
  type StreamKey,
  type StudioCamera,
  type StudioCameraSettingsBody,
  type StudioShowBody,
  type VideoList,
  type WatchTicket,
} from '@velora/shared';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { HttpError, conflict, forbidden, notFound } from '../../lib/http-error';
import { capPage, isDbId, offsetOf, pagesOf } from '../../lib/paging';
import { RATE_LIMITS, limitReached } from '../../lib/rate-limits';
import { RealtimeError } from '../../lib/realtime-error';
import type { RoomKindDefinition } from '../../lib/realtime-hub';
import type { Platform } from '../../platform';
import {
  HLS_TOKEN_TTL_SECONDS,
  PUBLISHER_TOKEN_TTL_SECONDS,
  VIEWER_TOKEN_TTL_SECONDS,
  liveSigningKey,
  signLiveToken,
  verifyLiveToken,
} from '../live/live-tokens';
import type { MediaServer, MediaServerEvent } from '../live/media-server';
import type { MediaService } from '../media/media.service';
import type { ModelsService } from '../models/models.service';
import type { AuthContext } from '../sessions/sessions.service';
import type { ShootOrder } from '../shoots/shoots.service';
import type { UsersService } from '../users/users.service';
import {
  CAMERA_MAIL_INTERVAL_MS,
  cameraMailsUnsubscribeToken,
  emailHint,
  goLiveLinks,
  goLiveMail,
  verifyCameraMailsUnsubscribeToken,
} from './camera-mails';
import { camerasRepository as repo, type CameraRow, type CameraShowRow, type CameraTagRow } from './cameras.repository';

// Live cams (issue 12, decision record 032): the lists and the camera page, viewer and publisher tokens, the studio,
// the live lifecycle the media server drives, realtime status and go-live mails.

/** The job that ends a session whose grace period ran out (data: GraceJobData). */
export const CAMERA_GRACE_JOB = 'camera-grace-end';
/** The job that mails the members who favourited a camera that went live (data: GoLiveMailJobData). */
export const CAMERA_GO_LIVE_MAIL_JOB = 'camera-go-live-mails';
/** Every minute: ends sessions whose grace ran out but whose job was lost (an instance died, the queue was away). */
export const CAMERA_GRACE_SWEEP_JOB = 'camera-grace-sweep';

/** How long a rating or a "Not now" keeps the feedback question away for that camera. */
export const CAMERA_FEEDBACK_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Answers on one page of the team's list. */
export const CAMERA_FEEDBACK_PER_PAGE = 25;

export interface GraceJobData {
  sessionId: number;
}
export interface GoLiveMailJobData {
  cameraId: number;
  sessionId: number;
}

/** Viewer counts reach the database and browsers at most this often per camera. */
export const VIEWER_UPDATE_INTERVAL_MS = 5_000;
/** The live preview's URL changes this often, so browsers fetch a new frame. */
const PREVIEW_REFRESH_MS = 5_000;
const SCHEDULE_SHOWN = 10;
/** A show may be planned this far ahead at most. */
const SCHEDULE_HORIZON_MS = 365 * 24 * 60 * 60 * 1000;
/** Names the static segments of /api/cameras/… take. */
const RESERVED_CAMERA_NAMES = new Set(['tags', 'mails']);
const COVER_SIZE = '640x360';
const STREAM_KEY_BYTES = 32;

const unix = (value: Date | string) => Math.floor(new Date(value).getTime() / 1000);
const unixOrNull = (value: Date | string | null) => (value === null ? null : unix(value));
const hashStreamKey = (key: string) => createHash('sha256').update(`stream-key:${key}`).digest('hex');

/** 422: the request is well formed but cannot be done as asked (the fields name what to change). */
const unprocessable = (message: string, fields?: Record<string, string>) => new HttpError(422, 'UNPROCESSABLE', message, fields);
/** 409: there is nothing to watch. */
const cameraOffline = () => new HttpError(409, CAMERA_ERROR_CODES.offline, 'This camera is not live now');
/** 403: a paid camera shows its video in a paid chat session only. */
const paidChatRequired = () => new HttpError(403, CAMERA_ERROR_CODES.paidChatRequired, 'This camera is in paid chat: start a paid chat session to watch');
const restrictedViewer = () => new HttpError(403, CAMERA_ERROR_CODES.restricted, 'Live video is not shown to this account (restricted viewer)');

/** SPEC §6: a restricted viewer (role censored) sees placeholders: no live still, no live video. */
const isRestrictedViewer = (viewer: AuthContext | null) => viewer?.roles.includes('censored') ?? false;

/**
 * Whether the viewer has a running paid chat session with the camera, which a paid camera needs to be watched. The
 * composition root wires the chat sessions' answer in (setPaidWatchGate); until then nobody has one (the model herself
 * always may watch).
 */
export type PaidWatchGate = (viewer: AuthContext, camera: { id: number; modelId: number }) => Promise<boolean>;

/** A camera as the modules above need it (chat sessions): who owns it, whether it is on air, its chat mode and price. */
export interface CameraInfo {
  id: number;
  name: string;
  displayName: string;
  modelId: number;
  live: boolean;
  /** Unix seconds the current (or last) show began; null before the first. */
  liveSince: number | null;
  chatMode: CameraRow['chat_mode'];
  pricePerMinute: number | null;
}

/** The chat settings of a camera before and after the model changed them (chat sessions end what no longer holds). */
export type CameraSettingsSnapshot = Pick<CameraInfo, 'id' | 'chatMode' | 'pricePerMinute'>;

/** A URL name from a stage name: "Zoé Berg" → "zoe-berg"; null when nothing usable is left. */
export function cameraNameFrom(displayName: string): string | null {
  const slug = displayName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 28)
    .replace(/-+$/, '');
  return CAMERA_NAME_PATTERN.test(slug) && !RESERVED_CAMERA_NAMES.has(slug) ? slug : null;
}

export interface CamerasDeps extends Pick<Platform, 'db' | 'now' | 'config' | 'rateLimits' | 'realtime' | 'mailer' | 'log'> {
  jobs: Pick<JobQueue, 'send'>;
  media: Pick<MediaService, 'imageUrl'>;
  models: Pick<ModelsService, 'summariesByIds' | 'shoots' | 'videos'>;
  users: Pick<UsersService, 'lawLimitations'>;
  /** The media server's rooms: dropped when the model stops or her key changes (the lead wires the SFU). */
  mediaServer: Pick<MediaServer, 'endRoom' | 'stats'>;
}

export interface CamerasOptions {
  /** Default VIEWER_UPDATE_INTERVAL_MS; 0 writes every count (tests). */
  viewerUpdateIntervalMs?: number;
}

export function createCamerasService(deps: CamerasDeps, options: CamerasOptions = {}) {
  const { db, now, config, rateLimits, realtime, log } = deps;
  const viewerInterval = options.viewerUpdateIntervalMs ?? VIEWER_UPDATE_INTERVAL_MS;
  // Made on first use: a test app that never hands out a token never writes the key file.
  let signingKey: Buffer | null = null;
  const key = () => (signingKey ??= liveSigningKey(config));

  const liveUrl = (path: string) => `${config.publicUrl}/live/${path}`;
  // What only the site's pages use is root-relative, as /media URLs are: a page on any of the site's hosts (or at
  // 127.0.0.1 beside PUBLIC_URL's localhost) reaches it under its own CSP 'self'. Encoders get absolute URLs.
  const livePath = (path: string) => `/live/${path}`;
  // One WHIP URL for every camera: the bearer (a publish token or her stream key) names the room, so OBS needs only it.
  const whipUrl = () => liveUrl('whip');
  const rtmpUrl = () => `rtmp://${new URL(config.publicUrl).hostname}:${config.live.rtmpPort}/live`;

  // ---- Summaries ----

  const toTag = (t: CameraTagRow): CameraTag => ({ id: t.id, name_en: t.name_en, name_de: t.name_de, name_fr: t.name_fr });

  function stateOf(row: CameraRow, at: Date): CameraSummary['state'] {
    if (row.session_id !== null) return 'live';
    if (row.next_show_at !== null && new Date(row.next_show_at).getTime() <= at.getTime() + CAMERA_SOON_SECONDS * 1000) return 'soon';
    return 'offline';
  }

  async function summaries(rows: CameraRow[], viewer: AuthContext | null, at: Date): Promise<CameraSummary[]> {
    if (rows.length === 0) return [];
    const tagRows = await repo.tagsOf(db, rows.map((r) => r.id));
    const tagsBy = new Map<number, CameraTag[]>();
    for (const t of tagRows) tagsBy.set(t.camera_id, [...(tagsBy.get(t.camera_id) ?? []), toTag(t)]);
    return rows.map((row) => {
      const state = stateOf(row, at);
      const cover = deps.media.imageUrl('model', row.model_id, COVER_SIZE, viewer);
      const preview =
        state === 'live' && !isRestrictedViewer(viewer) ? liveUrl(`preview/${row.id}.jpg?v=${row.session_id}-${Math.floor(at.getTime() / PREVIEW_REFRESH_MS)}`) : cover;
      return {
        id: row.id,
        name: row.name,
        display_name: row.display_name,
        model_id: row.model_id,
        title: row.title,
        state,
        viewers: state === 'live' ? row.viewers : 0,
        preview,
        cover,
        chat_mode: row.chat_mode,
        price_per_minute: row.chat_mode === 'paid' ? row.price_per_minute : null,
        tags: tagsBy.get(row.id) ?? [],
        live_since: state === 'live' ? unixOrNull(row.live_since) : null,
        next_show_at: unixOrNull(row.next_show_at),
        is_favourite: row.is_favourite,
      };
    });
  }

  async function requireCamera(name: string, viewer: AuthContext | null): Promise<CameraRow> {
    const row = await repo.byName(db, name, now(), viewer?.userId ?? null);
    if (!row) throw notFound(`No camera named ${name}`);
    return row;
  }

  const toShow = (s: CameraShowRow): CameraShow => ({ id: s.id, starts_at: unix(s.starts_at), ends_at: unix(s.ends_at) });

  let paidWatchGate: PaidWatchGate = async () => false;
  const showEndedListeners: Array<(cameraId: number, reason: number) => void | Promise<void>> = [];
  const settingsListeners: Array<(before: CameraSettingsSnapshot, after: CameraSettingsSnapshot) => void | Promise<void>> = [];

  async function mayWatch(viewer: AuthContext, row: CameraRow): Promise<boolean> {
    if (row.chat_mode === 'free' || viewer.modelId === row.model_id) return true;
    return paidWatchGate(viewer, { id: row.id, modelId: row.model_id });
  }

  /** Tells the listeners a show ended (reason 202 stopped, 5 offline); a failing listener is logged, never thrown. */
  async function showEnded(cameraId: number, reason: number): Promise<void> {
    for (const listener of showEndedListeners) {
      try {
        await listener(cameraId, reason);
      } catch (err) {
        log.error({ err, cameraId, reason }, 'camera show-ended listener failed');
      }
    }
  }

  const toInfo = (row: CameraRow): CameraInfo => ({
    id: row.id,
    name: row.name,
    displayName: row.display_name,
    modelId: row.model_id,
    live: row.session_id !== null,
    liveSince: unixOrNull(row.live_since),
    chatMode: row.chat_mode,
    pricePerMinute: row.chat_mode === 'paid' ? row.price_per_minute : null,
  });

  async function consume(key: string, limit: (typeof RATE_LIMITS)[keyof typeof RATE_LIMITS], what: string): Promise<void> {
    const decision = await rateLimits.consume(key, limit);
    if (!decision.allowed) throw limitReached(what, limit, decision.retryAfterMs);
  }

  // ---- Realtime ----

  /** Tells every connection what the camera looks like now. Fire and forget: browsers also reload lists. */
  async function announce(cameraId: number): Promise<void> {
    try {
      const at = now();
      const [row] = await repo.byIds(db, [cameraId], at, null);
      if (!row) return;
      const [summary] = await summaries([row], null, at);
      const { is_favourite: _mine, ...camera } = summary!;
      const event: CameraStatusEvent = { camera };
      realtime.toEveryone(REALTIME_CAMERA_EVENTS.status, event);
    } catch (err) {
      log.error({ err, cameraId }, 'camera status push failed');
    }
  }

  /** Members (not law-limited) may be in a camera's room, for presence; visitors may not. */
  const roomKind: RoomKindDefinition = {
    visitorsMayJoin: false,
    async authorize(viewer, id) {
      if (!viewer) return false;
      if ((await deps.users.lawLimitations(viewer.userId, null)).length > 0) return false;
      if (!(await repo.exists(db, id))) throw new RealtimeError('NOT_FOUND', 'There is no such camera');
      return true;
    },
  };

  // ---- The live lifecycle ----

  async function queue<T extends object>(name: string, data: T, options: Parameters<JobQueue['send']>[2] = {}): Promise<void> {
    try {
      await deps.jobs.send(name, data, options);
    } catch (err) {
      // The grace sweep ends such a session later; a lost go-live mail is not worth failing a broadcast for.
      log.error({ err, job: name, data }, 'camera job not queued');
    }
  }

  async function publisherUp(cameraId: number, source: LiveSource): Promise<void> {
    const at = now();
    const outcome = await db.transaction(async (tx) => {
      if (!(await repo.lockCamera(tx, cameraId))) return null;
      const open = await repo.openSession(tx, cameraId);
      if (open) {
        await repo.resumeSession(tx, open.id, source);
        return { started: false, sessionId: open.id };
      }
      return { started: true, sessionId: await repo.startSession(tx, cameraId, source, at) };
    });
    if (!outcome) return;
    await announce(cameraId);
    // A session back from its grace period is the same show: its members were mailed when it began.
    if (outcome.started) await queue<GoLiveMailJobData>(CAMERA_GO_LIVE_MAIL_JOB, { cameraId, sessionId: outcome.sessionId });
  }

  async function publisherDown(cameraId: number): Promise<void> {
    const at = now();
    const graceMs = config.live.graceSeconds * 1000;
    if (graceMs === 0) {
      if (await repo.endOpenSession(db, cameraId, CAMERA_END_REASONS.offline, at)) {
        await announce(cameraId);
        await showEnded(cameraId, CAMERA_END_REASONS.offline);
      }
      return;
    }
    const until = new Date(at.getTime() + graceMs);
    const session = await repo.startGrace(db, cameraId, until);
    if (!session) return;
    await queue<GraceJobData>(CAMERA_GRACE_JOB, { sessionId: session.id }, { startAfter: config.live.graceSeconds, singletonKey: `${session.id}:${until.getTime()}` });
  }

  // Viewer counts: the first of a window is written at once, the last of it (and its peak) when the window closes.
  const viewerWindows = new Map<number, { pending: number | null; peak: number }>();

  async function writeViewers(cameraId: number, viewers: number, peak: number): Promise<void> {
    await repo.setViewers(db, cameraId, viewers, peak);
    await announce(cameraId);
  }

  function openViewerWindow(cameraId: number) {
    viewerWindows.set(cameraId, { pending: null, peak: 0 });
    const timer = setTimeout(() => {
      const window = viewerWindows.get(cameraId);
      viewerWindows.delete(cameraId);
      if (window?.pending != null) {
        const { pending, peak } = window;
        openViewerWindow(cameraId);
        void enqueue(cameraId, () => writeViewers(cameraId, pending, peak));
      }
    }, viewerInterval);
    timer.unref();
  }

  async function viewersChanged(cameraId: number, viewers: number): Promise<void> {
    const count = Math.max(0, Math.floor(viewers));
    if (viewerInterval <= 0) return writeViewers(cameraId, count, count);
    const window = viewerWindows.get(cameraId);
    if (window) {
      window.pending = count;
      window.peak = Math.max(window.peak, count);
      return;
    }
    openViewerWindow(cameraId);
    await writeViewers(cameraId, count, count);
  }

  // One room's events in the order the media server sent them (a quick down-up must not be applied up-down).
  const chains = new Map<number, Promise<void>>();
  function enqueue(cameraId: number, work: () => Promise<void>): Promise<void> {
    const previous = chains.get(cameraId) ?? Promise.resolve();
    const next = previous.then(work).catch((err: unknown) => log.error({ err, cameraId }, 'camera media event failed'));
    chains.set(cameraId, next);
    void next.then(() => {
      if (chains.get(cameraId) === next) chains.delete(cameraId);
    });
    return next;
  }

  async function endSession(cameraId: number, reason: number): Promise<boolean> {
    const ended = await repo.endOpenSession(db, cameraId, reason, now());
    if (ended === null) return false;
    await announce(cameraId);
    await showEnded(cameraId, reason);
    return true;
  }

  // ---- The studio ----

  async function studioRow(viewer: AuthContext): Promise<CameraRow> {
    const modelId = viewer.modelId;
    if (modelId === null) throw forbidden('Only model accounts have a camera');
    const at = now();
    const existing = await repo.byModel(db, modelId, at, viewer.userId);
    if (existing) return existing;
    const displayName = await repo.modelName(db, modelId);
    if (displayName === null) throw forbidden('Your account names a model profile that does not exist');
    const base = cameraNameFrom(displayName) ?? `cam-${modelId}`;
    for (let attempt = 1; attempt <= 20; attempt++) {
      const name = attempt === 1 ? base : `${base.slice(0, 28)}-${attempt}`;
      if (await repo.nameTaken(db, name)) continue;
      const title = `${displayName.split(' ')[0] ?? displayName} live`.slice(0, CAMERA_TITLE_MAX);
      if ((await repo.insert(db, { modelId, name, title, at })) !== null) break;
      // A concurrent first call made it: read it below.
      if (await repo.byModel(db, modelId, at, viewer.userId)) break;
    }
    const made = await repo.byModel(db, modelId, at, viewer.userId);
    if (!made) throw conflict('Your camera could not be made: try again');
    return made;
  }

  async function studioCamera(viewer: AuthContext, known?: CameraRow): Promise<StudioCamera> {
    const at = now();
    const row = known ?? (await studioRow(viewer));
    const [[summary], open, shows, tags] = await Promise.all([
      summaries([row], viewer, at),
      repo.openSession(db, row.id),
      repo.upcomingShows(db, row.id, at, SCHEDULE_SHOWS_MAX),
      repo.allTags(db),
    ]);
    const state = open === null ? 'offline' : open.grace_until === null ? 'live' : 'grace';
    return {
      camera: summary!,
      description: row.description,
      session: {
        state,
        source: open?.source ?? null,
        since: open ? unix(open.started_at) : null,
        viewers: open ? row.viewers : 0,
        grace_until: open?.grace_until ? unix(open.grace_until) : null,
      },
      ingest: {
        whip_url: whipUrl(),
        rtmp_url: rtmpUrl(),
        stream_key_created_at: unixOrNull(row.stream_key_created_at),
        stream_key_hint: row.stream_key_hint,
      },
      schedule: shows.map(toShow),
      tags: tags.map(toTag),
      limits: { price_min: CAMERA_PRICE_MIN, price_max: CAMERA_PRICE_MAX, title_max: CAMERA_TITLE_MAX, tags_max: CAMERA_TAGS_MAX },
    };
  }

  async function cameraOfStreamKey(streamKey: string): Promise<number | null> {
    if (typeof streamKey !== 'string' || streamKey.length < 16 || streamKey.length > 512) return null;
    return repo.byStreamKeyHash(db, hashStreamKey(streamKey));
  }

  return {
    // ---- What chat sessions (tier 6) hook in: the composition root wires them (decision record 037) ----

    /** Who may watch a paid camera: the chat sessions' answer (an open paid session whose minute is paid). */
    setPaidWatchGate(gate: PaidWatchGate): void {
      paidWatchGate = gate;
    },
    /** Told after a show ended: reason 202 (she stopped, or her key changed) or 5 (offline after the grace period). */
    onShowEnded(listener: (cameraId: number, reason: number) => void | Promise<void>): void {
      showEndedListeners.push(listener);
    },
    /** Told after the model saved her camera's settings, with the chat mode and price before and after. */
    onSettingsChanged(listener: (before: CameraSettingsSnapshot, after: CameraSettingsSnapshot) => void | Promise<void>): void {
      settingsListeners.push(listener);
    },
    async infoByName(name: string): Promise<CameraInfo | null> {
      const row = await repo.byName(db, name, now(), null);
      return row ? toInfo(row) : null;
    },
    async infoById(cameraId: number): Promise<CameraInfo | null> {
      if (!isDbId(cameraId)) return null;
      const [row] = await repo.byIds(db, [cameraId], now(), null);
      return row ? toInfo(row) : null;
    },
    /** The camera of a model, if she has one (never made here: the studio makes it). */
    async infoByModel(modelId: number): Promise<CameraInfo | null> {
      const row = await repo.byModel(db, modelId, now(), null);
      return row ? toInfo(row) : null;
    },

    // ---- Members ----

    async list(params: { page: number; filters: number[]; order: CameraOrder }, viewer: AuthContext): Promise<CameraList> {
      const page = capPage(params.page);
      const tagIds = [...new Set(params.filters)];
      const answer = (cameras: CameraSummary[], total: number, liveTotal: number): CameraList => ({
        cameras,
        params: { page, filters: params.filters, order: params.order },
        total,
        live_total: liveTotal,
        per_page: CAMERAS_PER_PAGE,
        pages: pagesOf(total, CAMERAS_PER_PAGE),
      });
      // Filters combine with AND, and a camera has at most CAMERA_TAGS_MAX tags: more can match nothing.
      if (tagIds.length > CAMERA_TAGS_MAX || tagIds.some((id) => !isDbId(id))) return answer([], 0, 0);
      const at = now();
      const [counts, rows] = await Promise.all([
        repo.counts(db, tagIds),
        repo.page(db, {
          now: at,
          soonUntil: new Date(at.getTime() + CAMERA_SOON_SECONDS * 1000),
          viewerId: viewer.userId,
          tagIds,
          order: params.order,
          limit: CAMERAS_PER_PAGE,
          offset: offsetOf(page, CAMERAS_PER_PAGE),
        }),
      ]);
      return answer(await summaries(rows, viewer, at), counts.total, counts.live_total);
    },

    async tags(): Promise<CameraTags> {
      return { tags: (await repo.allTags(db)).map(toTag) };
    },

    async detail(name: string, viewer: AuthContext): Promise<CameraDetail> {
      const at = now();
      const row = await requireCamera(name, viewer);
      const [[summary], [model], shows] = await Promise.all([
        summaries([row], viewer, at),
        deps.models.summariesByIds([row.model_id], viewer),
        repo.upcomingShows(db, row.id, at, SCHEDULE_SHOWN),
      ]);
      const watch =
        summary!.state !== 'live' ? 'offline' : isRestrictedViewer(viewer) ? 'restricted' : (await mayWatch(viewer, row)) ? 'allowed' : 'paid_chat_required';
      return { ...summary!, description: row.description, model: model!, schedule: shows.map(toShow), watch };
    },

    async photos(name: string, params: { page: number; order: ShootOrder }, viewer: AuthContext): Promise<ShootList> {
      const row = await requireCamera(name, viewer);
      return deps.models.shoots(row.model_id, params, viewer);
    },

    async videos(name: string, page: number, viewer: AuthContext): Promise<VideoList> {
      const row = await requireCamera(name, viewer);
      return deps.models.videos(row.model_id, page, viewer);
    },

    async watch(name: string, viewer: AuthContext): Promise<WatchTicket> {
      await consume(`cameras:watch:${viewer.userId}`, RATE_LIMITS.cameraWatchTicketsPerAccount, 'viewer tickets');
      const row = await requireCamera(name, viewer);
      if (row.session_id === null) throw cameraOffline();
      if (isRestrictedViewer(viewer)) throw restrictedViewer();
      if (!(await mayWatch(viewer, row))) throw paidChatRequired();
      const nowSeconds = Math.floor(now().getTime() / 1000);
      const exp = nowSeconds + VIEWER_TOKEN_TTL_SECONDS;
      const token = signLiveToken(key(), { kind: 'view', cameraId: row.id, userId: viewer.userId, exp });
      const hlsToken = signLiveToken(key(), { kind: 'hls', cameraId: row.id, userId: viewer.userId, exp: nowSeconds + HLS_TOKEN_TTL_SECONDS });
      return {
        whep_url: livePath(`whep/${row.id}`),
        hls_url: livePath(`hls/${row.id}/${hlsToken}/index.m3u8`),
        token,
        expires_at: exp,
        ice_servers: config.live.iceServers,
      };
    },

    /** The camera of a model (camera chat shows her tips in its room), or null while she has none. */
    async cameraIdOfModel(modelId: number): Promise<number | null> {
      return (await repo.byModel(db, modelId, now(), null))?.id ?? null;
    },

    /** Her next planned show that has not begun (camera chat reminds members of it), or null. */
    async nextShow(cameraId: number): Promise<CameraShow | null> {
      const at = now();
      const shows = await repo.upcomingShows(db, cameraId, at, 2);
      const next = shows.find((s) => new Date(s.starts_at).getTime() > at.getTime());
      return next ? toShow(next) : null;
    },

    /** SPEC §2 camera-feedback: asked at most once a day per camera; a rating or a "Not now" both count. */
    async feedbackAsk(name: string, viewer: AuthContext): Promise<CameraFeedbackAsk> {
      const row = await requireCamera(name, viewer);
      const since = new Date(now().getTime() - CAMERA_FEEDBACK_INTERVAL_MS);
      return { ask: !(await repo.feedbackSince(db, viewer.userId, row.id, since)) };
    },

    async sendFeedback(name: string, body: CameraFeedbackBody, viewer: AuthContext): Promise<void> {
      await consume(`cameras:feedback:${viewer.userId}`, RATE_LIMITS.cameraFeedbackPerAccount, 'show ratings');
      const row = await requireCamera(name, viewer);
      const message = body.dismissed ? null : body.message || null;
      await repo.addFeedback(db, { cameraId: row.id, userId: viewer.userId, rating: body.dismissed ? null : body.rating!, message, at: now() });
    },

    /** The team's view of the answers (capability backoffice, checked by the table): newest first, the mean rating. */
    async feedbackList(query: { page: number; rated: boolean }): Promise<CameraFeedbackList> {
      const page = capPage(query.page);
      const filter = { rated: query.rated };
      const [rows, totals] = await Promise.all([
        repo.feedbackPage(db, filter, CAMERA_FEEDBACK_PER_PAGE, offsetOf(page, CAMERA_FEEDBACK_PER_PAGE)),
        repo.feedbackTotals(db, filter),
      ]);
      return {
        items: rows.map((row) => ({
          id: row.id,
          camera_name: row.camera_name,
          display_name: row.display_name,
          user_id: row.user_id,
          username: row.username,
          rating: row.rating,
          message: row.message ?? '',
          dismissed: row.dismissed,
          created_at: unix(row.created_at),
        })),
        page,
        per_page: CAMERA_FEEDBACK_PER_PAGE,
        total: totals.total,
        pages: pagesOf(totals.total, CAMERA_FEEDBACK_PER_PAGE),
        average_rating: totals.average === null ? null : Math.round(totals.average * 100) / 100,
      };
    },

    /** Summaries of the cameras among `ids` that exist, in the order of `ids` (favourites). */
    async summariesByIds(ids: number[], viewer: AuthContext): Promise<CameraSummary[]> {
      const wanted = ids.filter(isDbId);
      if (wanted.length === 0) return [];
      const at = now();
      const rows = await repo.byIds(db, [...new Set(wanted)], at, viewer.userId);
      const byId = new Map((await summaries(rows, viewer, at)).map((s) => [s.id, s]));
      return wanted.flatMap((id) => {
        const summary = byId.get(id);
        return summary ? [summary] : [];
      });
    },

    // ---- Mails ----

    /** The one-click unsubscribe: the token names the member; camera mails stop (settings turn them on again). */
    async unsubscribeMails(token: string, address: string): Promise<CameraMailsUnsubscribed> {
      await consume(`cameras:unsubscribe:${address}`, RATE_LIMITS.cameraMailUnsubscribesPerAddress, 'unsubscribe attempts');
      const userId = verifyCameraMailsUnsubscribeToken(key(), token);
      const user = userId === null ? null : await repo.mailUser(db, userId);
      if (!user) throw notFound('This unsubscribe link is not valid');
      await repo.stopCameraMails(db, user.id);
      return { unsubscribed: true, email_hint: emailHint(user.email) };
    },

    /** The token of a member's unsubscribe links. */
    unsubscribeToken: (userId: number) => cameraMailsUnsubscribeToken(key(), userId),

    /**
     * The go-live mails of a session that began: to each member who favourited the camera and wants them, at most one
     * per member and camera in CAMERA_MAIL_INTERVAL_MS. Answers how many went out. What the mail job runs.
     */
    async mailGoLive(data: GoLiveMailJobData): Promise<number> {
      const session = await repo.sessionById(db, data.sessionId);
      // Gone off air before the job ran: a mail saying "live now" would be wrong.
      if (!session || session.camera_id !== data.cameraId || session.ended_at !== null) return 0;
      const at = now();
      const since = new Date(at.getTime() - CAMERA_MAIL_INTERVAL_MS);
      const [row] = await repo.byIds(db, [data.cameraId], at, null);
      if (!row) return 0;
      let sent = 0;
      for (const member of await repo.mailRecipients(db, data.cameraId, since)) {
        if (!(await repo.claimMail(db, member.id, data.cameraId, at, since))) continue;
        const links = goLiveLinks(config.publicUrl, row.name, cameraMailsUnsubscribeToken(key(), member.id));
        try {
          await deps.mailer.send(
            goLiveMail({ to: member.email, language: member.language, username: member.username, displayName: row.display_name, title: row.title, ...links }),
          );
          sent += 1;
        } catch (err) {
          // At most once: the claim stays, so a retry of the job never mails twice.
          log.error({ err, userId: member.id, cameraId: data.cameraId }, 'go-live mail delivery failed');
        }
      }
      return sent;
    },

    // ---- The live lifecycle (the media server's side) ----

    /** What the media server reports: a publisher came or went, the number of viewers changed. Never throws. */
    handleMediaEvent(event: MediaServerEvent): Promise<void> {
      if (!isDbId(event.room)) return Promise.resolve();
      switch (event.type) {
        case 'publisher-up':
          return enqueue(event.room, () => publisherUp(event.room, event.source));
        case 'publisher-down':
          return enqueue(event.room, () => publisherDown(event.room));
        case 'viewers':
          return enqueue(event.room, () => viewersChanged(event.room, event.viewers));
      }
    },

    /**
     * Who a WHIP offer's bearer token lets publish into which camera: a publisher token from the studio (the browser)
     * or the camera's stream key (OBS). Null for anything else.
     */
    async authorizePublisher(bearer: string): Promise<{ cameraId: number; source: 'browser' | 'whip' } | null> {
      if (typeof bearer !== 'string' || bearer.length === 0 || bearer.length > 512) return null;
      const verdict = verifyLiveToken(key(), bearer, { kind: 'publish' }, now().getTime());
      if (verdict.ok) {
        // A playdate room's publish token (its room is no camera id) is the playdate rooms' to judge.
        if (!isDbId(verdict.claims.cameraId)) return null;
        return (await repo.exists(db, verdict.claims.cameraId)) ? { cameraId: verdict.claims.cameraId, source: 'browser' } : null;
      }
      const cameraId = await cameraOfStreamKey(bearer);
      return cameraId === null ? null : { cameraId, source: 'whip' };
    },

    /** The camera whose current stream key this is (RTMP ingest), or null. */
    authorizeStreamKey: cameraOfStreamKey,

    /** Ends the sessions whose grace period ran out; answers how many. What the grace job and its sweep run. */
    async endGraceIfDue(sessionId?: number): Promise<number> {
      const at = now();
      const ids = sessionId === undefined ? await repo.overdueGraceSessions(db, at) : [sessionId];
      let ended = 0;
      for (const id of ids) {
        const cameraId = await repo.endGraceIfDue(db, id, at, CAMERA_END_REASONS.offline);
        if (cameraId === null) continue;
        ended += 1;
        await announce(cameraId);
        await showEnded(cameraId, CAMERA_END_REASONS.offline);
      }
      return ended;
    },

    /**
     * After a restart of a deployment whose rooms all lived in its processes (one instance with the embedded SFU):
     * every open session lost its publisher with the process, so each goes into its grace period as if it had
     * dropped. A publisher that comes back in time (OBS reconnects, the demo republishes) resumes its session; the
     * others end offline. Answers how many. Not for one instance of several: the others' rooms are still live.
     */
    async graceOpenSessions(): Promise<number> {
      const until = new Date(now().getTime() + config.live.graceSeconds * 1000);
      const ids = await repo.graceAllOpen(db, until);
      for (const sessionId of ids) {
        await queue<GraceJobData>(CAMERA_GRACE_JOB, { sessionId }, { startAfter: config.live.graceSeconds, singletonKey: `${sessionId}:${until.getTime()}` });
      }
      return ids.length;
    },

    /** The realtime room kind `camera:<id>` (presence of a camera's page). */
    roomKind,

    // ---- The studio (model accounts) ----

    studio: (viewer: AuthContext) => studioCamera(viewer),

    async updateStudio(viewer: AuthContext, body: StudioCameraSettingsBody): Promise<StudioCamera> {
      const row = await studioRow(viewer);
      if (body.chat_mode === 'paid' && body.price_per_minute === null) {
        throw unprocessable('A paid camera needs a price per minute', { price_per_minute: `Must be ${CAMERA_PRICE_MIN} to ${CAMERA_PRICE_MAX} coins for paid chat` });
      }
      const tagIds = [...new Set(body.tag_ids)];
      const known = new Set(await repo.existingTagIds(db, tagIds));
      const unknown = tagIds.filter((id) => !known.has(id));
      if (unknown.length > 0) {
        throw unprocessable(`No camera tag with id ${unknown.join(', ')}`, { tag_ids: `Unknown tag ids: ${unknown.join(', ')}` });
      }
      await db.transaction(async (tx) => {
        await repo.updateSettings(tx, row.id, {
          title: body.title,
          chatMode: body.chat_mode,
          pricePerMinute: body.chat_mode === 'paid' ? body.price_per_minute : null,
        });
        await repo.setTags(tx, row.id, tagIds);
      });
      await announce(row.id);
      const before: CameraSettingsSnapshot = { id: row.id, chatMode: row.chat_mode, pricePerMinute: row.chat_mode === 'paid' ? row.price_per_minute : null };
      const after: CameraSettingsSnapshot = { id: row.id, chatMode: body.chat_mode, pricePerMinute: body.chat_mode === 'paid' ? body.price_per_minute : null };
      for (const listener of settingsListeners) {
        try {
          await listener(before, after);
        } catch (err) {
          log.error({ err, cameraId: row.id }, 'camera settings listener failed');
        }
      }
      return studioCamera(viewer);
    },

    /** A new stream key, shown this once; the old one stops at once and a session it feeds is ended. */
    async rotateStreamKey(viewer: AuthContext): Promise<StreamKey> {
      await consume(`cameras:stream-key:${viewer.userId}`, RATE_LIMITS.cameraStreamKeysPerAccount, 'new stream keys');
      const row = await studioRow(viewer);
      const streamKey = randomBytes(STREAM_KEY_BYTES).toString('base64url');
      const at = now();
      await repo.setStreamKey(db, row.id, { hash: hashStreamKey(streamKey), hint: streamKey.slice(-4), at });
      const open = await repo.openSession(db, row.id);
      if (open && (open.source === 'whip' || open.source === 'rtmp')) {
        await endSession(row.id, CAMERA_END_REASONS.stopped);
        await deps.mediaServer.endRoom(row.id);
      }
      return { stream_key: streamKey, rtmp_url: rtmpUrl(), whip_url: whipUrl(), created_at: unix(at) };
    },

    async publishTicket(viewer: AuthContext): Promise<PublishTicket> {
      await consume(`cameras:publish:${viewer.userId}`, RATE_LIMITS.cameraPublishTicketsPerAccount, 'publisher tickets');
      const row = await studioRow(viewer);
      const exp = Math.floor(now().getTime() / 1000) + PUBLISHER_TOKEN_TTL_SECONDS;
      return {
        whip_url: livePath('whip'),
        token: signLiveToken(key(), { kind: 'publish', cameraId: row.id, userId: viewer.userId, exp }),
        expires_at: exp,
        ice_servers: config.live.iceServers,
      };
    },

    /** Ends the live session now (reason 202) and drops the room; nothing happens when not live. */
    async stop(viewer: AuthContext): Promise<void> {
      const row = await studioRow(viewer);
      // The session first: the publisher-down the dropped room reports then finds nothing to keep in grace.
      const ended = await endSession(row.id, CAMERA_END_REASONS.stopped);
      if (ended || deps.mediaServer.stats(row.id).publishing) await deps.mediaServer.endRoom(row.id);
    },

    async addShow(viewer: AuthContext, body: StudioShowBody): Promise<StudioCamera> {
      const row = await studioRow(viewer);
      const at = now();
      const startsAt = new Date(body.starts_at * 1000);
      if (startsAt.getTime() <= at.getTime()) throw unprocessable('A show must start in the future', { starts_at: 'Must be in the future' });
      if (startsAt.getTime() > at.getTime() + SCHEDULE_HORIZON_MS) {
        throw unprocessable('A show can be planned at most a year ahead', { starts_at: 'Must be within a year from now' });
      }
      const endsAt = new Date(startsAt.getTime() + body.duration_minutes * 60_000);
      const added = await db.transaction(async (tx) => {
        // One at a time per camera, so two requests cannot both pass the checks below.
        await repo.lockCamera(tx, row.id);
        if ((await repo.countUpcomingShows(tx, row.id, at)) >= SCHEDULE_SHOWS_MAX) {
          throw unprocessable(`At most ${SCHEDULE_SHOWS_MAX} shows can be planned`, { starts_at: `At most ${SCHEDULE_SHOWS_MAX} planned shows` });
        }
        const overlap = await repo.overlappingShow(tx, row.id, startsAt, endsAt);
        if (overlap) {
          const other = toShow(overlap);
          throw conflict('This show overlaps another planned show', { starts_at: `Overlaps the show from ${other.starts_at} to ${other.ends_at} (unix seconds)` });
        }
        return repo.insertShow(tx, row.id, startsAt, endsAt);
      });
      if (added) await announce(row.id);
      return studioCamera(viewer);
    },

    async removeShow(viewer: AuthContext, showId: number): Promise<StudioCamera> {
      const row = await studioRow(viewer);
      if (!isDbId(showId) || !(await repo.deleteShow(db, row.id, showId))) throw notFound(`No planned show with id ${showId}`);
      await announce(row.id);
      return studioCamera(viewer);
    },
  };
}
export type CamerasService = ReturnType<typeof createCamerasService>;
