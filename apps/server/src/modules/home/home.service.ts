import { LRUCache } from 'lru-cache';
import type { Home, HomeSection, ModelSummary, ShootSummary, Showcase, Video } from '@velora/shared';
import { deepFreeze } from '../../lib/deep-freeze';
import { createTableCache } from '../../lib/table-cache';
import type { Platform } from '../../platform';
import type { FavouritesService } from '../favourites/favourites.service';
import type { ModelsService } from '../models/models.service';
import type { AuthContext } from '../sessions/sessions.service';
import type { ShootsService } from '../shoots/shoots.service';
import { SHOOT_LIST_TABLES } from '../shoots/shoots.service';
import { CATALOG_TABLES, FINISHED_SHARE, type VideosService } from '../videos/videos.service';
import { homeRepository } from './home.repository';

export const HOME_SECTION_SIZE = 12;
/** Teasers per kind on the landing page (GET /showcase). */
export const SHOWCASE_SIZE = 8;
/** Playbacks active within this window make a video trending. */
export const TRENDING_WINDOW_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * The sections that are the same for every member (and the landing's teasers for visitors) are kept until the catalog
 * changes, and at most a minute: "newest releases" also changes with the clock, as a scheduled release comes out
 * (decision record 058). Trending counts two weeks of everyone's playbacks, which change with every progress report:
 * it is kept for the minute only.
 */
export const SHARED_SECTIONS_TTL_MS = 60_000;
const SHARED_SECTION_TABLES = [...new Set([...CATALOG_TABLES, ...SHOOT_LIST_TABLES])];

type SectionName = HomeSection['name'];
const distinct = (ids: number[]) => [...new Set(ids)];

/**
 * The member's home page: every section of product §2, in its order, each from real data and at most 12 items.
 * Section ids come from one query each; then all videos, models and shoots are filled in with one call per kind,
 * so the number of queries does not grow with the number of sections or items.
 */
export interface HomeDeps extends Pick<Platform, 'db' | 'now'> {
  videos: VideosService;
  models: ModelsService;
  shoots: ShootsService;
  favourites: FavouritesService;
}

export function createHomeService(deps: HomeDeps) {
  const { db, now, videos, models, shoots, favourites } = deps;
  const n = HOME_SECTION_SIZE;
  const shared = createTableCache<{ topRated: number[]; newcomers: number[]; ourFavorites: number[]; newStuff: number[] }>({
    tables: SHARED_SECTION_TABLES,
    changes: db.changes,
    max: 1,
    maxBytes: 64 * 1024,
    ttlMs: SHARED_SECTIONS_TTL_MS,
  });
  const trendingIds = new LRUCache<'all', number[]>({ max: 1, ttl: SHARED_SECTIONS_TTL_MS });
  // The trailers among the teasers come and go with the trailer feature.
  const visitorShowcase = createTableCache<Showcase>({ tables: [...SHARED_SECTION_TABLES, 'features'], changes: db.changes, max: 1, maxBytes: 1024 * 1024, ttlMs: SHARED_SECTIONS_TTL_MS });

  async function sharedSections() {
    return shared.get('all', async () => {
      const [topRated, newcomers, ourFavorites, newStuff] = await Promise.all([
        homeRepository.topRatedVideoIds(db, n),
        homeRepository.newestModelIds(db, n),
        homeRepository.featuredVideoIds(db, n),
        homeRepository.newestShootIds(db, now(), n),
      ]);
      return { topRated, newcomers, ourFavorites, newStuff };
    });
  }

  async function trending(): Promise<number[]> {
    const kept = trendingIds.get('all');
    if (kept) return kept;
    const ids = distinct(await homeRepository.trendingVideoIds(db, new Date(now().getTime() - TRENDING_WINDOW_MS), n)).slice(0, n);
    trendingIds.set('all', ids);
    return ids;
  }

  async function showcaseOf(viewer: AuthContext | null): Promise<Showcase> {
    const [shootIds, modelIds, trailers] = await Promise.all([
      homeRepository.newestShootIds(db, now(), SHOWCASE_SIZE),
      homeRepository.newestModelIds(db, SHOWCASE_SIZE),
      videos.trailers(SHOWCASE_SIZE, viewer),
    ]);
    const [shootItems, modelItems] = await Promise.all([shoots.summariesByIds(shootIds, viewer), models.summariesByIds(modelIds, viewer)]);
    return { shoots: shootItems, models: modelItems, trailers };
  }

  return {
    /** GET /showcase: the landing's teasers, for anyone; what a visitor sees of the catalog and may play. */
    async showcase(viewer: AuthContext | null): Promise<Showcase> {
      // A visitor's teasers are everyone's: built once, frozen, and so serialised once, too. A member's carry his marks.
      if (viewer) return showcaseOf(viewer);
      return visitorShowcase.get('visitor', async () => deepFreeze(await showcaseOf(null)));
    },

    trailer: (id: number, viewer: AuthContext | null) => videos.trailerDetail(id, viewer),

    async home(viewer: AuthContext): Promise<Home> {
      const userId = viewer.userId;
      const [favVideoIds, favModelIds, favShootIds, watched, unfinished] = await Promise.all([
        favourites.idsOf(userId, 'video'),
        favourites.idsOf(userId, 'model'),
        favourites.idsOf(userId, 'shoot', n),
        homeRepository.watchedVideoIds(db, userId),
        homeRepository.unfinished(db, userId, FINISHED_SHARE, n),
      ]);
      // Recommendations leave out what the member has seen or already keeps as a favourite.
      const known = distinct([...watched, ...favVideoIds]);
      const [{ topRated, newcomers, ourFavorites, newStuff }, trendingNow, sharingTags, mightLike] = await Promise.all([
        sharedSections(),
        trending(),
        homeRepository.videoIdsSharingTags(db, known, known, n),
        homeRepository.videoIdsByModelsOf(db, known, favModelIds, known, n),
      ]);
      // Nothing to go on yet (or nothing left): the best rated the member has not seen.
      const forYou = sharingTags.length > 0 ? sharingTags : await homeRepository.topRatedVideoIdsExcept(db, known, n);

      const videoIds: Record<string, number[]> = {
        top_rated: topRated,
        trending: trendingNow,
        our_favorites: ourFavorites,
        for_you: forYou,
        continue: unfinished.map((r) => r.video_id),
        fav_videos: favVideoIds.slice(0, n),
        might_like: mightLike,
      };
      const modelIds = { newcomers, fav_models: favModelIds.slice(0, n) };
      const shootIds = { new_stuff: newStuff, fav_galleries: favShootIds.slice(0, n) };

      const [videoItems, modelItems, shootItems] = await Promise.all([
        videos.listByIds(distinct(Object.values(videoIds).flat()), viewer),
        models.summariesByIds(distinct(Object.values(modelIds).flat()), viewer),
        shoots.summariesByIds(distinct(Object.values(shootIds).flat()), viewer),
      ]);
      const pick = <T extends { id: number }>(items: T[]) => {
        const byId = new Map(items.map((i) => [i.id, i]));
        return (ids: number[]) => ids.flatMap((id) => byId.get(id) ?? []);
      };
      const pickVideos = pick<Video>(videoItems);
      const pickModels = pick<ModelSummary>(modelItems);
      const pickShoots = pick<ShootSummary>(shootItems);
      const videoSection = (name: SectionName): HomeSection => ({ name, kind: 'video', videos: pickVideos(videoIds[name]!) });
      const modelSection = (name: keyof typeof modelIds): HomeSection => ({ name, kind: 'model', models: pickModels(modelIds[name]) });
      const shootSection = (name: keyof typeof shootIds): HomeSection => ({ name, kind: 'shoot', shoots: pickShoots(shootIds[name]) });

      const continueSection = videoSection('continue');
      const shown = new Set(continueSection.videos!.map((v) => v.id));
      continueSection.progress = Object.fromEntries(unfinished.filter((r) => shown.has(r.video_id)).map((r) => [String(r.video_id), r.position_seconds]));

      // product §2 order.
      return {
        sections: [
          videoSection('top_rated'),
          modelSection('newcomers'),
          videoSection('trending'),
          videoSection('our_favorites'),
          shootSection('new_stuff'),
          videoSection('for_you'),
          continueSection,
          modelSection('fav_models'),
          shootSection('fav_galleries'),
          videoSection('fav_videos'),
          videoSection('might_like'),
        ],
      };
    },
  };
}
export type HomeService = ReturnType<typeof createHomeService>;
