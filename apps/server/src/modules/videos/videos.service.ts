import { VIDEOS_PER_PAGE, type Tag, type Video, type VideoList, type VideoListParams } from '@velora/shared';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/http-error';
import { mediaUrl } from '../../lib/media-url';
import { videosRepository, type VideoModelRow, type VideoRow, type VideoTagRow } from './videos.repository';

/** Ids are PostgreSQL integers: anything larger names nothing, and must not reach the database as a 500. */
const MAX_ID = 2_147_483_647;

function groupBy<T extends { video_id: number }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.video_id);
    if (list) list.push(row);
    else map.set(row.video_id, [row]);
  }
  return map;
}

export function createVideosService(deps: Pick<AppDeps, 'db' | 'config'>) {
  const { db, config } = deps;

  const toVideo = (row: VideoRow, tags: VideoTagRow[], models: VideoModelRow[]): Video => ({
    id: row.id,
    title: row.title,
    description: row.description,
    duration: row.duration,
    published_at: Math.floor(new Date(row.published_at).getTime() / 1000),
    // float4 arrives with binary noise (4.300000190734863).
    rating: Math.round(Number(row.rating) * 100) / 100,
    views: row.views,
    thumbnail: mediaUrl(config, `images/video/${row.id}/900x500.jpg`),
    thumbnail_small: mediaUrl(config, `images/video/${row.id}/370x206.jpg`),
    tags: tags.map((t) => ({ id: t.id, name_en: t.name_en, name_de: t.name_de, name_fr: t.name_fr })),
    participated_models: models.map((m) => ({ id: m.id, name_en: m.name_en })),
    total_comments: row.total_comments,
  });

  /** Tags and models for a whole page in two queries, however many videos it holds. */
  async function withRelations(rows: VideoRow[]): Promise<Video[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [tagRows, modelRows] = await Promise.all([videosRepository.tagsOf(db, ids), videosRepository.modelsOf(db, ids)]);
    const tags = groupBy(tagRows);
    const models = groupBy(modelRows);
    return rows.map((row) => toVideo(row, tags.get(row.id) ?? [], models.get(row.id) ?? []));
  }

  return {
    async list(requested: VideoListParams): Promise<VideoList> {
      // Past any real catalog a page is empty anyway; the cap keeps the offset a number PostgreSQL accepts.
      const params = { ...requested, page: Math.min(requested.page, MAX_ID) };
      const empty = (total: number): VideoList => ({ videos: [], params, total, per_page: VIDEOS_PER_PAGE, pages: Math.ceil(total / VIDEOS_PER_PAGE) });
      const tagIds = [...new Set(params.tags)];
      if (tagIds.some((id) => id < 1 || id > MAX_ID)) return empty(0);
      const filter = { tagIds, search: params.query };
      const [total, rows] = await Promise.all([
        videosRepository.count(db, filter),
        videosRepository.page(db, filter, params.order, VIDEOS_PER_PAGE, (params.page - 1) * VIDEOS_PER_PAGE),
      ]);
      return { ...empty(total), videos: await withRelations(rows) };
    },

    async get(id: number): Promise<Video> {
      const row = id >= 1 && id <= MAX_ID ? await videosRepository.findById(db, id) : null;
      if (!row) throw notFound(`No video with id ${id}`);
      const [video] = await withRelations([row]);
      return video!;
    },

    async tags(): Promise<Tag[]> {
      return videosRepository.tagsWithCounts(db);
    },
  };
}
export type VideosService = ReturnType<typeof createVideosService>;
