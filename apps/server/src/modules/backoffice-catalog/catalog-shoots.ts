import {
  BO_CATALOG_PER_PAGE,
  type BoShootBody,
  type BoShootDetail,
  type BoShootList,
  type BoShootListQuery,
  type BoShootPublishBody,
  type BoShootSummary,
  type BoVideoOptions,
  type ShootState,
} from '@velora/shared';
import type { Queryable } from '../../db/database';
import { badRequest, HttpError, notFound } from '../../lib/http-error';
import { isDbId, offsetOf, pagesOf } from '../../lib/paging';
import type { CatalogContext } from './catalog-context';
import { backofficeCatalogRepository as repo, type BoShootRow } from './backoffice-catalog.repository';

// Shoots in the back office (decision record 075): made as drafts, published now or at a time (members see a shoot
// from its published_at on), unpublished back to a draft.

const unixOrNull = (date: Date | null) => (date === null ? null : Math.floor(new Date(date).getTime() / 1000));
const THUMBNAIL = '400x400';

export function stateOf(publishedAt: Date | null, now: Date): ShootState {
  if (publishedAt === null) return 'draft';
  return new Date(publishedAt).getTime() > now.getTime() ? 'scheduled' : 'published';
}

export function catalogShoots(ctx: CatalogContext) {
  const { db, media, now } = ctx;

  const toSummary = (row: BoShootRow, at: Date): BoShootSummary => ({
    id: row.id,
    title: row.title,
    model: { id: row.model_id, name_en: row.model_name },
    state: stateOf(row.published_at, at),
    published_at: unixOrNull(row.published_at),
    image_count: row.image_count,
    cover: media.previewUrl('shoot', row.id, '370x206'),
  });

  async function detail(id: number, tx: Queryable = db): Promise<BoShootDetail> {
    const row = isDbId(id) ? await repo.shoot(tx, id) : null;
    if (!row) throw notFound(`No shoot with id ${id}`);
    const [images, videos] = await Promise.all([repo.images(tx, id), repo.videos(tx, id)]);
    return {
      ...toSummary(row, now()),
      description: row.description,
      cover_image_id: row.cover_image_id,
      images: images.map((image) => ({ id: image.id, width: image.width, height: image.height, thumbnail: media.previewUrl('image', image.id, THUMBNAIL) })),
      videos,
    };
  }

  /** The model and the videos must exist: a 400 naming the field, before anything is written. */
  async function checkLinks(tx: Queryable, body: BoShootBody): Promise<void> {
    if (!(await repo.modelExists(tx, body.model_id))) throw badRequest(`No model with id ${body.model_id}`, { model_id: 'No such model' });
    const found = new Set(await repo.existingVideoIds(tx, body.video_ids));
    const missing = body.video_ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw badRequest(`No video with id ${missing.join(', ')}`, { video_ids: `Unknown video ids: ${missing.join(', ')}` });
  }

  return {
    shootDetail: (id: number) => detail(id),

    async listShoots(query: BoShootListQuery): Promise<BoShootList> {
      const at = now();
      const filter = { q: query.q || undefined, modelId: query.model_id, state: query.state };
      const [total, rows] = await Promise.all([repo.countShoots(db, filter, at), repo.shoots(db, filter, at, BO_CATALOG_PER_PAGE, offsetOf(query.page, BO_CATALOG_PER_PAGE))]);
      return { shoots: rows.map((row) => toSummary(row, at)), total, page: query.page, pages: pagesOf(total, BO_CATALOG_PER_PAGE), per_page: BO_CATALOG_PER_PAGE };
    },

    async videoOptions(q: string | undefined): Promise<BoVideoOptions> {
      return { videos: await repo.videoOptions(db, q || undefined) };
    },

    async createShoot(body: BoShootBody): Promise<BoShootDetail> {
      const id = await db.transaction(async (tx) => {
        await checkLinks(tx, body);
        const made = await repo.insertShoot(tx, body);
        await repo.setVideos(tx, made, body.video_ids);
        return made;
      });
      return detail(id);
    },

    async updateShoot(id: number, body: BoShootBody): Promise<BoShootDetail> {
      await db.transaction(async (tx) => {
        if (!(await repo.shoot(tx, id, true))) throw notFound(`No shoot with id ${id}`);
        await checkLinks(tx, body);
        await repo.updateShoot(tx, id, body);
        await repo.setVideos(tx, id, body.video_ids);
      });
      return detail(id);
    },

    /** Now (publish_at null or past: now) or later; a shoot with neither images nor videos has nothing to show. */
    async publish(id: number, body: BoShootPublishBody): Promise<BoShootDetail> {
      const at = now();
      const when = body.publish_at === null || body.publish_at * 1000 <= at.getTime() ? at : new Date(body.publish_at * 1000);
      await db.transaction(async (tx) => {
        const row = await repo.shoot(tx, id, true);
        if (!row) throw notFound(`No shoot with id ${id}`);
        if (row.image_count === 0 && (await repo.videos(tx, id)).length === 0) {
          throw new HttpError(409, 'EMPTY_SHOOT', 'This shoot has neither images nor videos: add some before publishing it');
        }
        await repo.setPublishedAt(tx, id, when);
      });
      return detail(id);
    },

    async unpublish(id: number): Promise<BoShootDetail> {
      await db.transaction(async (tx) => {
        if (!(await repo.shoot(tx, id, true))) throw notFound(`No shoot with id ${id}`);
        await repo.setPublishedAt(tx, id, null);
      });
      return detail(id);
    },

    detailIn: detail,
  };
}
