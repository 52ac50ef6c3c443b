import { REALTIME_CAMERA_EVENTS, type CameraStatusEvent, type CameraSummary, type CameraTag } from '@velora/shared';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { HttpError, notFound } from '../../lib/http-error';
import { limitReached, type RATE_LIMITS } from '../../lib/rate-limits';
import type { Platform } from '../../platform';
import { liveSigningKey } from '../live/live-tokens';
import type { MediaServer } from '../live/media-server';
import type { MediaService } from '../media/media.service';
import type { ModelsService } from '../models/models.service';
import type { AuthContext } from '../sessions/sessions.service';
import type { UsersService } from '../users/users.service';
import { camerasRepository as repo, type CameraRow } from './cameras.repository';
import { cameraSessionsRepository as sessionsRepo } from './camera-sessions.repository';
import { isRestrictedViewer, stateOf, toTag, unixOrNull, type CameraSettingsSnapshot } from './camera-views';
import type { InstanceLiveness } from './instance-liveness-port';
import { createLiveAccess, type LiveAccess } from './live-access';

// What the use cases of live cams share (decision record 032): the signing key, who may watch, the summaries, the
// realtime status push and the listeners the modules above hook in. One per service: it holds their state.

export interface CamerasDeps extends Pick<Platform, 'db' | 'now' | 'config' | 'rateLimits' | 'realtime' | 'mailer' | 'log'> {
  jobs: Pick<JobQueue, 'send'>;
  media: Pick<MediaService, 'imageUrl'>;
  models: Pick<ModelsService, 'summariesByIds' | 'shoots' | 'videos'>;
  users: Pick<UsersService, 'lawLimitations'>;
  /** The media server's rooms: dropped when the model stops or her key changes (the lead wires the SFU). */
  mediaServer: Pick<MediaServer, 'endRoom' | 'stats'>;
  /** This instance, as a session records the holder of its room (decision record 062); none: nobody holds it. */
  instance?: Pick<InstanceLiveness, 'holder'>;
}

/** The live preview's URL changes this often, so browsers fetch a new frame. */
const PREVIEW_REFRESH_MS = 5_000;
const COVER_SIZE = '640x360';

/** 422: the request is well formed but cannot be done as asked (the fields name what to change). */
export const unprocessable = (message: string, fields?: Record<string, string>) => new HttpError(422, 'UNPROCESSABLE', message, fields);

export function createCamerasContext(deps: CamerasDeps) {
  const { db, now, config, rateLimits, realtime, log } = deps;
  // Made on first use: a test app that never hands out a token never writes the key file.
  let signingKey: Buffer | null = null;
  const key = () => (signingKey ??= liveSigningKey(config));

  // Who may see a camera's video now: one answer for every path (decision record 061).
  const access = createLiveAccess({ db, config });

  const liveUrl = (path: string) => `${config.publicUrl}/live/${path}`;
  // What only the site's pages use (WHEP, LL-HLS, preview stills) is root-relative, as /media URLs are: a page on any
  // of the site's hosts (or at 127.0.0.1 beside PUBLIC_URL's localhost) reaches it under its own CSP 'self'. Encoders
  // get absolute URLs.
  const livePath = (path: string) => `/live/${path}`;
  // One WHIP URL for every camera: the bearer (a publish token or her stream key) names the room, so OBS needs only it.
  const whipUrl = () => liveUrl('whip');
  const rtmpUrl = () => `rtmp://${new URL(config.publicUrl).hostname}:${config.live.rtmpPort}/live`;

  async function summaries(rows: CameraRow[], viewer: AuthContext | null, at: Date): Promise<CameraSummary[]> {
    if (rows.length === 0) return [];
    const tagRows = await repo.tagsOf(db, rows.map((r) => r.id));
    const tagsBy = new Map<number, CameraTag[]>();
    for (const t of tagRows) tagsBy.set(t.camera_id, [...(tagsBy.get(t.camera_id) ?? []), toTag(t)]);
    return rows.map((row) => {
      const state = stateOf(row, at);
      const cover = deps.media.imageUrl('model', row.model_id, COVER_SIZE, viewer);
      const preview =
        state === 'live' && !isRestrictedViewer(viewer) ? livePath(`preview/${row.id}.jpg?v=${row.session_id}-${Math.floor(at.getTime() / PREVIEW_REFRESH_MS)}`) : cover;
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

  const listeners = {
    showEnded: [] as Array<(cameraId: number, reason: number) => void | Promise<void>>,
    backOnAir: [] as Array<(cameraId: number) => void | Promise<void>>,
    settings: [] as Array<(before: CameraSettingsSnapshot, after: CameraSettingsSnapshot) => void | Promise<void>>,
  };

  const accessOf = (row: CameraRow, viewer: AuthContext): Promise<LiveAccess> =>
    access.forViewer({ id: row.id, modelId: row.model_id, chatMode: row.chat_mode, live: row.session_id !== null }, viewer);

  /** Tells each listener about the camera; a failing listener is logged, never thrown. */
  async function tell<A extends unknown[]>(list: Array<(cameraId: number, ...args: A) => void | Promise<void>>, cameraId: number, failure: string, ...args: A) {
    for (const listener of list) {
      try {
        await listener(cameraId, ...args);
      } catch (err) {
        log.error({ err, cameraId, args }, failure);
      }
    }
  }

  /** Tells the listeners a show ended (reason 202 stopped, 5 offline). */
  const showEnded = (cameraId: number, reason: number) => tell(listeners.showEnded, cameraId, 'camera show-ended listener failed', reason);

  async function consume(key: string, limit: (typeof RATE_LIMITS)[keyof typeof RATE_LIMITS], what: string): Promise<void> {
    const decision = await rateLimits.consume(key, limit);
    if (!decision.allowed) throw limitReached(what, limit, decision.retryAfterMs);
  }

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

  async function endSession(cameraId: number, reason: number): Promise<boolean> {
    const ended = await sessionsRepo.endOpenSession(db, cameraId, reason, now());
    if (ended === null) return false;
    await announce(cameraId);
    await showEnded(cameraId, reason);
    return true;
  }

  return {
    deps,
    key,
    access,
    accessOf,
    livePath,
    whipUrl,
    rtmpUrl,
    summaries,
    requireCamera,
    listeners,
    tell,
    showEnded,
    consume,
    announce,
    endSession,
  };
}

export type CamerasContext = ReturnType<typeof createCamerasContext>;
