import {
  CAMERA_ERROR_CODES,
  CAMERA_SOON_SECONDS,
  CAMERA_TAGS_MAX,
  CAMERAS_PER_PAGE,
  type CameraDetail,
  type CameraList,
  type CameraOrder,
  type CameraShow,
  type CameraSummary,
  type CameraTags,
  type ShootList,
  type VideoList,
  type WatchTicket,
} from '@velora/shared';
import { HttpError, notFound } from '../../lib/http-error';
import { capPage, isDbId, offsetOf, pagesOf } from '../../lib/paging';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { HLS_TOKEN_TTL_SECONDS, VIEWER_TOKEN_TTL_SECONDS, signLiveToken } from '../live/live-tokens';
import { paidChatRequired, restrictedViewer } from '../live/watch-refusals';
import type { AuthContext } from '../sessions/sessions.service';
import type { ShootOrder } from '../shoots/shoots.service';
import type { CamerasContext } from './cameras-context';
import { camerasRepository as repo } from './cameras.repository';
import { toShow, toTag } from './camera-views';

// What members see of live cams (decision record 032): the lists, the camera page, its model's photos and videos,
// and the ticket to watch.

const SCHEDULE_SHOWN = 10;

/** 409: there is nothing to watch. */
const cameraOffline = () => new HttpError(409, CAMERA_ERROR_CODES.offline, 'This camera is not live now');

export function cameraBrowsing(ctx: CamerasContext) {
  const { deps, key, consume, summaries, requireCamera, accessOf, livePath } = ctx;
  const { db, now, config } = deps;

  return {
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
      // A camera of an unpublished model is off the site with her (decision record 075).
      if (!model) throw notFound(`No camera named "${name}"`);
      const watch = await accessOf(row, viewer);
      return { ...summary!, description: row.description, model, schedule: shows.map(toShow), watch };
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
      const verdict = await accessOf(row, viewer);
      if (verdict === 'offline') throw cameraOffline();
      if (verdict === 'restricted') throw restrictedViewer();
      if (verdict === 'paid_chat_required') throw paidChatRequired();
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
  };
}
