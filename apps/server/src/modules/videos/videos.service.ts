import {
  isVideoPlayable,
  TRAILER_TAG_NAME,
  VIDEOS_PER_PAGE,
  type PlaybackBody,
  type Playbacks,
  type Tag,
  type TestVideo,
  type UnlockedContent,
  type UnlockRedemption,
  type Video,
  type VideoDetail,
  type VideoList,
  type VideoListParams,
} from '@velora/shared';
import type { Platform } from '../../platform';
import type { Queryable } from '../../db/database';
import { forbidden, notFound, tooManyRequests } from '../../lib/http-error';
import { createSharedAnswers, SHARED_ANSWERS_PER_PAGE } from '../../lib/shared-answers';
import { createTableCache } from '../../lib/table-cache';
import { RATE_LIMITS, retryAfterSeconds } from '../../lib/rate-limits';
import type { FavouritesService } from '../favourites/favourites.service';
import type { FeaturesService } from '../features/features.service';
import type { MediaService } from '../media/media.service';
import { hashSecret, newSecret, type AuthContext } from '../sessions/sessions.service';
import { videosRepository, type PlaybackRow, type VideoModelRow, type VideoRow, type VideoTagRow } from './videos.repository';

/** Ids are PostgreSQL integers: anything larger names nothing, and must not reach the database as a 500. */
const MAX_ID = 2_147_483_647;
const isId = (id: number) => Number.isInteger(id) && id >= 1 && id <= MAX_ID;

export const SIMILAR_LIMIT = 12;

/**
 * A page of the catalog (its videos, tags, models and total) is the same for every viewer but the favourite marks and,
 * for a restricted viewer, the pictures: it is kept until a catalog table changes, ten minutes at most (decision
 * record 051). The favourite marks are read per request, for the page's ids only.
 */
export const CATALOG_TABLES = ['videos', 'video_tags', 'video_models', 'tags', 'models'] as const;
export const CATALOG_PAGE_CACHE = { max: 2_000, maxBytes: 8 * 1024 * 1024, ttlMs: 10 * 60_000 };

type CatalogPage = { total: number; videos: Video[] };

/** A pause this long ends a viewing: the next progress report starts a new one (play_count + 1). */
export const NEW_VIEWING_AFTER_MS = 6 * 60 * 60 * 1000;
/** Going back to within this many seconds of the start is a restart, not a seek. */
export const RESTART_WITHIN_SECONDS = 15;
/** A viewing that reached this share of the video is finished; going back after it starts a new one. */
export const FINISHED_SHARE = 0.9;

export const INVALID_UNLOCK_TOKEN = 'This unlock link is invalid or has expired';
export const INVALID_FREE_VIDEO_TOKEN = 'This free video link is invalid or has expired';

/**
 * Whether a progress report at `position` starts a new viewing of a video watched before (`previous`): after a long
 * pause, on a restart from the beginning, or on going back after the end was reached. Seeking back is not one.
 */
export function startsNewViewing(previous: PlaybackRow, position: number, videoDuration: number, now: Date): boolean {
  if (now.getTime() - new Date(previous.updated_at).getTime() > NEW_VIEWING_AFTER_MS) return true;
  if (position >= previous.position_seconds) return false;
  const duration = previous.duration_seconds ?? videoDuration;
  const finished = duration > 0 && previous.position_seconds >= FINISHED_SHARE * duration;
  return position <= RESTART_WITHIN_SECONDS || finished;
}

function groupBy<T extends { video_id: number }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.video_id);
    if (list) list.push(row);
    else map.set(row.video_id, [row]);
  }
  return map;
}

/** Stores a free-video token (by its hash) for one video until `expiresAt`. Used by the service and the demo seed. */
export async function storeFreeVideoToken(db: Queryable, token: string, videoId: number, expiresAt: Date): Promise<void> {
  await videosRepository.upsertFreeVideoToken(db, { tokenHash: hashSecret(token), videoId, expiresAt });
}

/** Stores an unlock token (by its hash) for some videos and shoots, until `expiresAt` or forever when null. */
export async function storeUnlockToken(
  db: Queryable,
  token: string,
  content: { videoIds: number[]; shootIds: number[] },
  expiresAt: Date | null,
): Promise<void> {
  await videosRepository.upsertUnlockToken(db, { tokenHash: hashSecret(token), ...content, expiresAt });
}

interface ViewerAccess {
  premium: boolean;
  trailerFeatureActive: boolean;
  unlockedVideoIds: number[];
}

export interface VideosDeps extends Pick<Platform, 'db' | 'now' | 'rateLimits'> {
  media: MediaService;
  favourites: FavouritesService;
  features: FeaturesService;
}

export function createVideosService(deps: VideosDeps) {
  const { db, now, rateLimits, media, favourites, features } = deps;
  const catalogPages = createTableCache<CatalogPage>({ tables: CATALOG_TABLES, changes: db.changes, ...CATALOG_PAGE_CACHE });
  const pageAnswers = createSharedAnswers<CatalogPage, VideoList>({ maxVariantsPerSource: SHARED_ANSWERS_PER_PAGE });

  const toVideo = (row: VideoRow, tags: VideoTagRow[], models: VideoModelRow[], isFavourite: boolean, viewer: AuthContext | null): Video => ({
    id: row.id,
    title: row.title,
    description: row.description,
    duration: row.duration,
    published_at: Math.floor(new Date(row.published_at).getTime() / 1000),
    // float4 arrives with binary noise (4.300000190734863).
    rating: Math.round(Number(row.rating) * 100) / 100,
    views: row.views,
    thumbnail: media.imageUrl('video', row.id, '900x500', viewer),
    thumbnail_small: media.imageUrl('video', row.id, '370x206', viewer),
    tags: tags.map((t) => ({ id: t.id, name_en: t.name_en, name_de: t.name_de, name_fr: t.name_fr })),
    participated_models: models.map((m) => ({ id: m.id, name_en: m.name_en })),
    total_comments: row.total_comments,
    is_favourite: isFavourite,
  });

  /** Tags, models and the viewer's favourites for a whole page in three queries, however many videos it holds. */
  async function withRelations(rows: VideoRow[], viewer: AuthContext | null): Promise<Video[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [tagRows, modelRows, favouriteIds] = await Promise.all([
      videosRepository.tagsOf(db, ids),
      videosRepository.modelsOf(db, ids),
      viewer ? favourites.isFavourite(viewer.userId, 'video', ids) : Promise.resolve(new Set<number>()),
    ]);
    const tags = groupBy(tagRows);
    const models = groupBy(modelRows);
    return rows.map((row) => toVideo(row, tags.get(row.id) ?? [], models.get(row.id) ?? [], favouriteIds.has(row.id), viewer));
  }

  async function requireRow(id: number): Promise<VideoRow> {
    const row = isId(id) ? await videosRepository.findById(db, id) : null;
    if (!row) throw notFound(`No video with id ${id}`);
    return row;
  }

  /** What decides playability for this viewer (product §1); a visitor has none of it. */
  async function accessOf(viewer: AuthContext | null): Promise<ViewerAccess> {
    if (!viewer) return { premium: false, trailerFeatureActive: await features.isActive('trailer'), unlockedVideoIds: [] };
    const [trailerFeatureActive, unlockedVideoIds] = await Promise.all([
      features.isActive('trailer', viewer.userId),
      videosRepository.unlockedVideoIds(db, viewer.userId),
    ]);
    const premium = viewer.premiumUntil !== null && new Date(viewer.premiumUntil).getTime() > now().getTime();
    return { premium, trailerFeatureActive, unlockedVideoIds };
  }

  const playableFor = (video: { id: number; tags: ReadonlyArray<{ name_en: string }> }, access: ViewerAccess) =>
    isVideoPlayable({
      videoId: video.id,
      unlockedVideoIds: access.unlockedVideoIds,
      premium: access.premium,
      trailerFeatureActive: access.trailerFeatureActive,
      tagNames: video.tags.map((t) => t.name_en),
    });

  /** The player's view of a video. The media URL is handed out only when `playable` is true. */
  async function toDetail(row: VideoRow, video: Video, playable: boolean, viewer: AuthContext | null): Promise<VideoDetail> {
    const assetId = row.media_asset_id;
    const [assets, favouriteIds, shootId] = await Promise.all([
      // For a restricted viewer this describes the censored placeholder, which is what they will play.
      assetId !== null ? media.assetInfo([assetId], viewer) : Promise.resolve(new Map<number, { status: string; renditions: number[] }>()),
      viewer ? favourites.isFavourite(viewer.userId, 'video', [row.id]) : Promise.resolve(new Set<number>()),
      videosRepository.firstShootOf(db, row.id, now()),
    ]);
    const asset = assetId !== null ? assets.get(assetId) : undefined;
    const ready = assetId !== null && asset?.status === 'ready';
    return {
      ...video,
      playable,
      hls_url: playable && ready ? media.hlsUrl(assetId, viewer) : null,
      renditions: ready ? [...asset.renditions].sort((a, b) => a - b) : [],
      is_favourite: favouriteIds.has(row.id),
      shoot_id: shootId,
    };
  }

  /**
   * Tokens are 256-bit random, but a demo token is guessable: failed redemptions per address are capped anyway.
   * The attempt is counted before the token is looked up (parallel guesses cannot outrun the limit) and given back
   * when the token was good (`tokenWasGood`).
   */
  async function guardTokenFailures(ip: string) {
    const attempt = await rateLimits.consume(`video-token-failures:${ip}`, RATE_LIMITS.videoTokenFailuresPerAddress);
    if (!attempt.allowed) throw tooManyRequests('Too many invalid links. Please try again later.', retryAfterSeconds(attempt.retryAfterMs));
  }
  const tokenWasGood = (ip: string) => rateLimits.refund(`video-token-failures:${ip}`, RATE_LIMITS.videoTokenFailuresPerAddress);

  async function unlockedContent(userId: number): Promise<UnlockedContent> {
    const rows = await videosRepository.unlocksOf(db, userId);
    return {
      galleries: rows.filter((r) => r.kind === 'shoot').map((r) => r.target_id),
      videos: rows.filter((r) => r.kind === 'video').map((r) => r.target_id),
    };
  }

  async function listByIds(ids: number[], viewer: AuthContext | null): Promise<Video[]> {
    const wanted = ids.filter(isId);
    if (wanted.length === 0) return [];
    const rows = await videosRepository.findByIds(db, [...new Set(wanted)]);
    const byId = new Map((await withRelations(rows, viewer)).map((v) => [v.id, v]));
    const seen = new Set<number>();
    const out: Video[] = [];
    for (const id of wanted) {
      const video = byId.get(id);
      if (video && !seen.has(id)) {
        seen.add(id);
        out.push(video);
      }
    }
    return out;
  }

  return {
    async list(requested: VideoListParams, viewer: AuthContext | null = null): Promise<VideoList> {
      // Past any real catalog a page is empty anyway; the cap keeps the offset a number PostgreSQL accepts.
      const params = { ...requested, page: Math.min(requested.page, MAX_ID) };
      const empty = (total: number): VideoList => ({ videos: [], params, total, per_page: VIDEOS_PER_PAGE, pages: Math.ceil(total / VIDEOS_PER_PAGE) });
      const tagIds = [...new Set(params.tags)];
      if (tagIds.some((id) => id < 1 || id > MAX_ID)) return empty(0);
      const filter = { tagIds: tagIds.sort((a, b) => a - b), search: params.query };
      const restricted = media.isRestricted(viewer);
      const key = JSON.stringify([filter.tagIds, filter.search ?? null, params.order, params.page, restricted]);
      const page = await catalogPages.get(key, async () => {
        const [total, rows] = await Promise.all([
          videosRepository.count(db, filter),
          videosRepository.page(db, filter, params.order, VIDEOS_PER_PAGE, (params.page - 1) * VIDEOS_PER_PAGE),
        ]);
        // Pictures depend on the viewer only through `restricted`, which is in the key.
        return { total, videos: await withRelations(rows, restricted ? viewer : null) };
      });
      const favouriteIds =
        viewer && page.videos.length > 0 ? await favourites.isFavourite(viewer.userId, 'video', page.videos.map((v) => v.id)) : new Set<number>();
      return pageAnswers.get(page, `${JSON.stringify(params)}|${[...favouriteIds].join(',')}`, () => ({
        ...empty(page.total),
        videos: page.videos.map((v) => ({ ...v, is_favourite: favouriteIds.has(v.id) })),
      }));
    },

    /** Videos in the order of `ids`; unknown ids and repeats are left out. Other modules build their lists with it. */
    listByIds,

    /** One video as a list item (no player fields). */
    async get(id: number, viewer: AuthContext | null = null): Promise<Video> {
      const [video] = await withRelations([await requireRow(id)], viewer);
      return video!;
    },

    /** GET /videos/{id}: the video with `playable` (product §1) and, only when playable and transcoded, its signed HLS URL. */
    async detail(id: number, viewer: AuthContext | null): Promise<VideoDetail> {
      const row = await requireRow(id);
      const [[video], access] = await Promise.all([withRelations([row], viewer), accessOf(viewer)]);
      return toDetail(row, video!, playableFor(video!, access), viewer);
    },

    /** The newest trailers (product §1: anyone may play them while the feature is on); none while it is off. */
    async trailers(limit: number, viewer: AuthContext | null): Promise<Video[]> {
      const access = await accessOf(viewer);
      if (!access.trailerFeatureActive) return [];
      return listByIds(await videosRepository.newestIdsTagged(db, TRAILER_TAG_NAME, limit), viewer);
    },

    /** A trailer for the landing's player, for anyone; any other video, or any while the feature is off, is not found. */
    async trailerDetail(id: number, viewer: AuthContext | null): Promise<VideoDetail> {
      const row = await requireRow(id);
      const [[video], access] = await Promise.all([withRelations([row], viewer), accessOf(viewer)]);
      const isTrailer = video!.tags.some((tag) => tag.name_en === TRAILER_TAG_NAME);
      if (!isTrailer || !access.trailerFeatureActive) throw notFound(`No trailer with id ${id}`);
      return toDetail(row, video!, playableFor(video!, access), viewer);
    },

    async tags(): Promise<Tag[]> {
      return videosRepository.tagsWithCounts(db);
    },

    async similar(id: number, viewer: AuthContext | null): Promise<Video[]> {
      await requireRow(id);
      const ids = await videosRepository.similarIds(db, id, SIMILAR_LIMIT);
      return listByIds(
        ids.map((r) => r.id),
        viewer,
      );
    },

    /** A random video, one the viewer may play when there is any. 404 only for an empty catalog. */
    async random(viewer: AuthContext | null): Promise<Video> {
      const access = await accessOf(viewer);
      let id = access.premium
        ? null
        : await videosRepository.randomId(db, {
            ids: access.unlockedVideoIds,
            trailerTag: access.trailerFeatureActive ? TRAILER_TAG_NAME : null,
          });
      id ??= await videosRepository.randomId(db, null);
      if (id === null) throw notFound('There are no videos yet');
      const [video] = await listByIds([id], viewer);
      return video!;
    },

    /** Stores how far the member got; a locked video has no progress to keep (403). */
    async recordPlayback(id: number, body: PlaybackBody, viewer: AuthContext): Promise<void> {
      const row = await requireRow(id);
      const [tagRows, access] = await Promise.all([videosRepository.tagsOf(db, [id]), accessOf(viewer)]);
      if (!playableFor({ id, tags: tagRows }, access)) throw forbidden('This video is locked for you');
      const at = now();
      const position = Math.floor(body.position);
      const duration = body.duration === undefined ? null : Math.round(body.duration);
      const p = { userId: viewer.userId, videoId: id, position, duration, at };
      await db.transaction(async (tx) => {
        let previous = await videosRepository.playbackOf(tx, viewer.userId, id, true);
        if (!previous) {
          if (await videosRepository.insertPlayback(tx, p)) {
            await videosRepository.countView(tx, id);
            return;
          }
          // Another request started the viewing a moment ago: continue it.
          previous = await videosRepository.playbackOf(tx, viewer.userId, id, true);
        }
        const newViewing = previous !== null && startsNewViewing(previous, position, row.duration, at);
        await videosRepository.updatePlayback(tx, { ...p, newViewing });
        if (newViewing) await videosRepository.countView(tx, id);
      });
    },

    async playbacks(id: number, viewer: AuthContext): Promise<Playbacks> {
      await requireRow(id);
      const row = await videosRepository.playbackOf(db, viewer.userId, id);
      return {
        video_id: id,
        position: row?.position_seconds ?? 0,
        duration: row?.duration_seconds ?? null,
        play_count: row?.play_count ?? 0,
        updated_at: row ? Math.floor(new Date(row.updated_at).getTime() / 1000) : null,
      };
    },

    unlocked: (viewer: AuthContext) => unlockedContent(viewer.userId),

    /** Redeems an unlock token: its shoots and videos join the member's unlocked list. Redeeming twice changes nothing. */
    async redeemUnlockToken(token: string, viewer: AuthContext, client: { ip: string }): Promise<UnlockRedemption> {
      await guardTokenFailures(client.ip);
      const at = now();
      const content = await db.transaction(async (tx) => {
        const found = await videosRepository.findUnlockToken(tx, hashSecret(token), at);
        if (found) await videosRepository.addUnlocks(tx, viewer.userId, found, at);
        return found;
      });
      if (!content) throw notFound(INVALID_UNLOCK_TOKEN);
      await tokenWasGood(client.ip);
      const [unlocked, titles] = await Promise.all([unlockedContent(viewer.userId), videosRepository.unlockTitles(db, content)]);
      return { ...unlocked, redeemed: { galleries: titles.shoots, videos: titles.videos } };
    },

    /** GET /videos/free: anyone holding a valid token may play that one video. */
    async freeVideo(token: string, viewer: AuthContext | null, client: { ip: string }): Promise<VideoDetail> {
      await guardTokenFailures(client.ip);
      const videoId = await videosRepository.findFreeVideoToken(db, hashSecret(token), now());
      const row = videoId === null ? null : await videosRepository.findById(db, videoId);
      if (!row) throw notFound(INVALID_FREE_VIDEO_TOKEN);
      await tokenWasGood(client.ip);
      const [video] = await withRelations([row], viewer);
      return toDetail(row, video!, true, viewer);
    },

    /** A new free-video link for one video, valid for `ttlMs`; returns the token (only its hash is kept). */
    async createFreeVideoToken(videoId: number, ttlMs: number): Promise<string> {
      await requireRow(videoId);
      const token = newSecret();
      await storeFreeVideoToken(db, token, videoId, new Date(now().getTime() + ttlMs));
      return token;
    },

    /** A new unlock link for some videos and shoots, valid for `ttlMs` (forever when null); returns the token. */
    async createUnlockToken(content: { videoIds: number[]; shootIds: number[] }, ttlMs: number | null): Promise<string> {
      const token = newSecret();
      await storeUnlockToken(db, token, content, ttlMs === null ? null : new Date(now().getTime() + ttlMs));
      return token;
    },

    testVideos: (viewer: AuthContext | null): Promise<TestVideo[]> => media.testVideos(viewer),
  };
}
export type VideosService = ReturnType<typeof createVideosService>;
