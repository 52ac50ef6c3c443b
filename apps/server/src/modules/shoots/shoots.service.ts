import {
  SHOOTS_PER_PAGE,
  type ChapterImages,
  type ShootDetail,
  type ShootImage,
  type ShootList,
  type ShootSummary,
} from '@velora/shared';
import type { Platform } from '../../platform';
import { notFound } from '../../lib/http-error';
import { createSharedAnswers, SHARED_ANSWERS_PER_PAGE } from '../../lib/shared-answers';
import { createTableCache } from '../../lib/table-cache';
import type { FavouritesService } from '../favourites/favourites.service';
import { capPage, isDbId, offsetOf, pagesOf } from '../../lib/paging';
import type { MediaService } from '../media/media.service';
import type { AuthContext } from '../sessions/sessions.service';
import type { VideosService } from '../videos/videos.service';
import { shootsRepository, type ChapterRow, type ImageRow, type ShootFilter, type ShootOrder, type ShootRow } from './shoots.repository';

export type { ShootFilter, ShootOrder };
export type ShootChapter = ChapterImages['chapter'];
/** A favourite image carries where it belongs, so the client can link to its gallery. */
export type ShootImageWithPlace = ShootImage & { shoot_id: number; chapter_id: number };

const THUMBNAIL = '400x400';
/** The full sizes the image endpoint serves (product §3): landscape or portrait, by the picture's own shape. */
const fullSizeOf = (row: { width: number; height: number }) => (row.width >= row.height ? '1280x853' : '853x1280');
const toUnix = (date: Date) => Math.floor(new Date(date).getTime() / 1000);

/** A page of shoots is the same for every viewer but the favourite marks: kept until these tables change (decision 051). */
export const SHOOT_LIST_TABLES = ['shoots', 'shoot_videos', 'shoot_images', 'shoot_chapters', 'models'] as const;

export function createShootsService(deps: Pick<Platform, 'db' | 'now'> & { media: MediaService; videos: VideosService; favourites: FavouritesService }) {
  const { db, now, media, videos, favourites } = deps;
  const pages = createTableCache<{ total: number; shoots: ShootSummary[] }>({ tables: SHOOT_LIST_TABLES, changes: db.changes, max: 1_000, maxBytes: 4 * 1024 * 1024, ttlMs: 10 * 60_000 });
  const answers = createSharedAnswers<{ total: number; shoots: ShootSummary[] }, ShootList>({ maxVariantsPerSource: SHARED_ANSWERS_PER_PAGE });

  const isPremium = (viewer: AuthContext | null) => !!viewer?.premiumUntil && viewer.premiumUntil.getTime() > now().getTime();

  const toSummary = (row: ShootRow, viewer: AuthContext | null): ShootSummary => ({
    id: row.id,
    title: row.title,
    model: { id: row.model_id, name_en: row.model_name },
    published_at: toUnix(row.published_at),
    cover: media.imageUrl('shoot', row.id, '900x500', viewer),
    cover_small: media.imageUrl('shoot', row.id, '370x206', viewer),
    video_count: row.video_count,
    image_count: row.image_count,
    is_favourite: row.is_favourite,
  });

  const toChapter = (row: ChapterRow, viewer: AuthContext | null): ShootChapter => ({
    id: row.id,
    title: row.title,
    image_count: row.image_count,
    // An empty chapter still needs a picture: the shoot's small cover.
    cover: row.first_image_id ? media.imageUrl('image', row.first_image_id, THUMBNAIL, viewer) : media.imageUrl('shoot', row.shoot_id, '370x206', viewer),
  });

  /**
   * Full-size images are for premium members and those who unlocked the shoot. Anyone else still sees the
   * gallery, but `url` then points at the 400x400 thumbnail too: the full-size URL is never handed out.
   */
  const toImage = (row: ImageRow, fullSize: boolean, viewer: AuthContext | null): ShootImageWithPlace => {
    const thumbnail = media.imageUrl('image', row.id, THUMBNAIL, viewer);
    return {
      id: row.id,
      shoot_id: row.shoot_id,
      chapter_id: row.chapter_id,
      url: fullSize ? media.imageUrl('image', row.id, fullSizeOf(row), viewer) : thumbnail,
      thumbnail,
      width: row.width,
      height: row.height,
      is_favourite: row.is_favourite,
    };
  };

  /** Shoot ids among `shootIds` whose full-size images the viewer may see. */
  async function fullSizeAmong(viewer: AuthContext | null, shootIds: number[]): Promise<Set<number>> {
    if (!viewer) return new Set();
    if (isPremium(viewer)) return new Set(shootIds);
    return shootsRepository.unlockedAmong(db, viewer.userId, [...new Set(shootIds)]);
  }

  // A scheduled shoot appears when its time comes, not when a table changes (decision record 075): the kept pages are
  // keyed by how many of the scheduled times known when the tables last changed have passed.
  const schedule = createTableCache<number[]>({ tables: ['shoots'], changes: db.changes, max: 1, maxBytes: 64 * 1024, ttlMs: 10 * 60_000 });
  async function releasesPassed(at: Date): Promise<number> {
    const times = await schedule.get('next', () => shootsRepository.scheduledAfter(db, at, 500));
    return times.filter((time) => time <= at.getTime()).length;
  }

  async function findRow(id: number, viewer: AuthContext | null): Promise<ShootRow> {
    const [row] = isDbId(id) ? await shootsRepository.byIds(db, [id], viewer?.userId ?? null, now()) : [];
    if (!row) throw notFound(`No shoot with id ${id}`);
    return row;
  }

  const service = {
    /** A page of shoots, optionally only those of some models (a model's profile, the personal feed). */
    async list(params: { page: number; order: ShootOrder }, viewer: AuthContext | null, filter: ShootFilter = { modelIds: null }): Promise<ShootList> {
      const page = capPage(params.page);
      const restricted = media.isRestricted(viewer);
      const modelIds = filter.modelIds && [...filter.modelIds].sort((a, b) => a - b);
      const at = now();
      const cached = await pages.get(JSON.stringify([modelIds, params.order, page, restricted, await releasesPassed(at)]), async () => {
        const [total, rows] = await Promise.all([
          shootsRepository.count(db, filter, at),
          shootsRepository.page(db, filter, params.order, SHOOTS_PER_PAGE, offsetOf(page, SHOOTS_PER_PAGE), null, at),
        ]);
        return { total, shoots: rows.map((r) => toSummary(r, restricted ? viewer : null)) };
      });
      const total = cached.total;
      const marked = viewer && cached.shoots.length > 0 ? await favourites.isFavourite(viewer.userId, 'shoot', cached.shoots.map((s) => s.id)) : new Set<number>();
      // The answer for these parameters and marks is built once per kept page (decision record 058).
      return answers.get(cached, `${page}|${params.order}|${[...marked].join(',')}`, () => ({
        shoots: cached.shoots.map((s) => ({ ...s, is_favourite: marked.has(s.id) })),
        params: { page, order: params.order },
        total,
        per_page: SHOOTS_PER_PAGE,
        pages: pagesOf(total, SHOOTS_PER_PAGE),
      }));
    },

    async get(id: number, viewer: AuthContext | null): Promise<ShootDetail> {
      const row = await findRow(id, viewer);
      const [videoIds, chapters, fullSize] = await Promise.all([
        shootsRepository.videoIds(db, id),
        shootsRepository.chapters(db, id),
        fullSizeAmong(viewer, [id]),
      ]);
      return {
        ...toSummary(row, viewer),
        description: row.description,
        videos: await videos.listByIds(videoIds, viewer),
        chapters: chapters.map((c) => toChapter(c, viewer)),
        unlocked: fullSize.has(id),
      };
    },

    /** One chapter's images; 404 unless the chapter belongs to the shoot. */
    async chapterImages(shootId: number, chapterId: number, viewer: AuthContext | null): Promise<ChapterImages> {
      const row = await findRow(shootId, viewer);
      const chapters = await shootsRepository.chapters(db, shootId);
      const chapter = isDbId(chapterId) ? chapters.find((c) => c.id === chapterId) : undefined;
      if (!chapter) throw notFound(`No chapter with id ${chapterId} in shoot ${shootId}`);
      const [images, fullSize] = await Promise.all([
        shootsRepository.chapterImages(db, chapterId, viewer?.userId ?? null),
        fullSizeAmong(viewer, [shootId]),
      ]);
      const toPublic = ({ shoot_id: _s, chapter_id: _c, ...image }: ShootImageWithPlace): ShootImage => image;
      return {
        shoot: toSummary(row, viewer),
        chapter: toChapter(chapter, viewer),
        chapters: chapters.map((c) => toChapter(c, viewer)),
        images: images.map((i) => toPublic(toImage(i, fullSize.has(shootId), viewer))),
      };
    },

    /** Summaries of the shoots among `ids` that exist, in the order of `ids`. */
    async summariesByIds(ids: number[], viewer: AuthContext | null): Promise<ShootSummary[]> {
      const wanted = ids.filter(isDbId);
      if (wanted.length === 0) return [];
      const rows = await shootsRepository.byIds(db, [...new Set(wanted)], viewer?.userId ?? null, now());
      const byId = new Map(rows.map((r) => [r.id, r]));
      return wanted.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toSummary(row, viewer)] : [];
      });
    },

    /** Images among `ids` that exist, in the order of `ids`, with the same full-size rule as a gallery. */
    async imagesByIds(ids: number[], viewer: AuthContext | null): Promise<ShootImageWithPlace[]> {
      const wanted = ids.filter(isDbId);
      if (wanted.length === 0) return [];
      const rows = await shootsRepository.imagesByIds(db, [...new Set(wanted)], viewer?.userId ?? null, now());
      const fullSize = await fullSizeAmong(viewer, rows.map((r) => r.shoot_id));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return wanted.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toImage(row, fullSize.has(row.shoot_id), viewer)] : [];
      });
    },

    exists: (id: number) => (isDbId(id) ? shootsRepository.exists(db, id, now()) : Promise.resolve(false)),
    imageExists: (id: number) => (isDbId(id) ? shootsRepository.imageExists(db, id, now()) : Promise.resolve(false)),
  };
  return service;
}
export type ShootsService = ReturnType<typeof createShootsService>;
