import { MODELS_PER_PAGE, VIDEOS_PER_PAGE, type ModelDetail, type ModelList, type ModelSummary, type ShootList, type VideoList } from '@velora/shared';
import type { Platform } from '../../platform';
import { notFound } from '../../lib/http-error';
import { createSharedAnswers, SHARED_ANSWERS_PER_PAGE } from '../../lib/shared-answers';
import { createTableCache } from '../../lib/table-cache';
import type { FavouritesService } from '../favourites/favourites.service';
import { capPage, isDbId, offsetOf, pagesOf } from '../../lib/paging';
import type { MediaService } from '../media/media.service';
import type { AuthContext } from '../sessions/sessions.service';
import type { ShootOrder, ShootsService } from '../shoots/shoots.service';
import type { VideosService } from '../videos/videos.service';
import { modelsRepository, type ModelOrder, type ModelRow } from './models.repository';

/** A page of models is the same for every viewer but the favourite marks: kept until these tables change (decision 051). */
export const MODEL_LIST_TABLES = ['models', 'video_models', 'shoots', 'favourites'] as const;

export function createModelsService(deps: Pick<Platform, 'db' | 'now'> & { media: MediaService; videos: VideosService; shoots: ShootsService; favourites: FavouritesService }) {
  const { db, now, media, videos, shoots, favourites } = deps;
  const pages = createTableCache<{ total: number; models: ModelSummary[] }>({ tables: MODEL_LIST_TABLES, changes: db.changes, max: 500, maxBytes: 2 * 1024 * 1024, ttlMs: 10 * 60_000 });
  const answers = createSharedAnswers<{ total: number; models: ModelSummary[] }, ModelList>({ maxVariantsPerSource: SHARED_ANSWERS_PER_PAGE });

  const toSummary = (row: ModelRow, viewer: AuthContext | null): ModelSummary => ({
    id: row.id,
    name_en: row.name_en,
    image: media.imageUrl('model', row.id, '510x660', viewer),
    image_square: media.imageUrl('model', row.id, '400x400', viewer),
    country: row.country,
    video_count: row.video_count,
    shoot_count: row.shoot_count,
    is_favourite: row.is_favourite,
  });

  async function requireModel(id: number): Promise<void> {
    if (!isDbId(id) || !(await modelsRepository.exists(db, id))) throw notFound(`No model with id ${id}`);
  }

  return {
    async list(params: { page: number; order: ModelOrder }, viewer: AuthContext | null): Promise<ModelList> {
      const page = capPage(params.page);
      const restricted = media.isRestricted(viewer);
      const cached = await pages.get(JSON.stringify([params.order, page, restricted]), async () => {
        const [total, rows] = await Promise.all([
          modelsRepository.count(db),
          modelsRepository.page(db, params.order, MODELS_PER_PAGE, offsetOf(page, MODELS_PER_PAGE), null, now()),
        ]);
        return { total, models: rows.map((r) => toSummary(r, restricted ? viewer : null)) };
      });
      const total = cached.total;
      const marked = viewer && cached.models.length > 0 ? await favourites.isFavourite(viewer.userId, 'model', cached.models.map((m) => m.id)) : new Set<number>();
      // The answer for these parameters and marks is built once per kept page (decision record 058).
      return answers.get(cached, `${page}|${params.order}|${[...marked].join(',')}`, () => ({
        models: cached.models.map((m) => ({ ...m, is_favourite: marked.has(m.id) })),
        params: { page, order: params.order },
        total,
        per_page: MODELS_PER_PAGE,
        pages: pagesOf(total, MODELS_PER_PAGE),
      }));
    },

    async get(id: number, viewer: AuthContext | null): Promise<ModelDetail> {
      if (!isDbId(id)) throw notFound(`No model with id ${id}`);
      const [[row], messageName, cameras] = await Promise.all([
        modelsRepository.byIds(db, [id], viewer?.userId ?? null, now()),
        modelsRepository.accountUsername(db, id),
        modelsRepository.cameras(db, id),
      ]);
      if (!row) throw notFound(`No model with id ${id}`);
      return { ...toSummary(row, viewer), description: row.description, cameras, message_name: messageName };
    },

    /** The model's videos, newest first, in the shape of GET /videos. */
    async videos(id: number, requestedPage: number, viewer: AuthContext | null): Promise<VideoList> {
      await requireModel(id);
      const page = capPage(requestedPage);
      const [total, ids] = await Promise.all([
        modelsRepository.countVideos(db, id),
        modelsRepository.videoIds(db, id, VIDEOS_PER_PAGE, offsetOf(page, VIDEOS_PER_PAGE)),
      ]);
      return {
        videos: await videos.listByIds(ids, viewer),
        params: { page, order: 'newest', tags: [], query: null },
        total,
        per_page: VIDEOS_PER_PAGE,
        pages: pagesOf(total, VIDEOS_PER_PAGE),
      };
    },

    async shoots(id: number, params: { page: number; order: ShootOrder }, viewer: AuthContext | null): Promise<ShootList> {
      await requireModel(id);
      return shoots.list(params, viewer, { modelIds: [id] });
    },

    /** Summaries of the models among `ids` that exist, in the order of `ids`. */
    async summariesByIds(ids: number[], viewer: AuthContext | null): Promise<ModelSummary[]> {
      const wanted = ids.filter(isDbId);
      if (wanted.length === 0) return [];
      const rows = await modelsRepository.byIds(db, [...new Set(wanted)], viewer?.userId ?? null, now());
      const byId = new Map(rows.map((r) => [r.id, r]));
      return wanted.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toSummary(row, viewer)] : [];
      });
    },

    exists: (id: number) => (isDbId(id) ? modelsRepository.exists(db, id) : Promise.resolve(false)),
  };
}
export type ModelsService = ReturnType<typeof createModelsService>;
