import type { ShootList } from '@velora/shared';
import type { Queryable } from '../../db/database';

export type ShootOrder = ShootList['params']['order'];

export interface ShootRow {
  id: number;
  title: string;
  description: string;
  published_at: Date;
  model_id: number;
  model_name: string;
  video_count: number;
  image_count: number;
  is_favourite: boolean;
}

export interface ChapterRow {
  id: number;
  shoot_id: number;
  title: string;
  image_count: number;
  first_image_id: number | null;
}

export interface ImageRow {
  id: number;
  chapter_id: number;
  shoot_id: number;
  width: number;
  height: number;
  is_favourite: boolean;
}

export interface ShootFilter {
  /** Only shoots of these models; null for every shoot. */
  modelIds: number[] | null;
}

// The id breaks ties so that paging is stable when many shoots share a value.
const ORDER_BY: Record<ShootOrder, string> = {
  newest: 's.published_at DESC, s.id DESC',
  oldest: 's.published_at ASC, s.id ASC',
  popular: 'favourite_count DESC, s.published_at DESC, s.id DESC',
};

/** Columns of a summary; `$1` is the viewer's user id (or null), for is_favourite. */
const SHOOT_COLUMNS = `
  s.id, s.title, s.description, s.published_at, s.model_id, m.name_en AS model_name,
  (SELECT count(*) FROM shoot_videos sv WHERE sv.shoot_id = s.id)::int AS video_count,
  (SELECT count(*) FROM shoot_chapters c JOIN shoot_images i ON i.chapter_id = c.id WHERE c.shoot_id = s.id)::int AS image_count,
  EXISTS (SELECT 1 FROM favourites f WHERE f.user_id = $1::int AND f.kind = 'shoot' AND f.target_id = s.id) AS is_favourite`;

const IMAGE_COLUMNS = `
  i.id, i.chapter_id, c.shoot_id, i.width, i.height,
  EXISTS (SELECT 1 FROM favourites f WHERE f.user_id = $1::int AND f.kind = 'image' AND f.target_id = i.id) AS is_favourite`;

/** What members see (decision record 075): a shoot published by `now` (not a draft, not scheduled later) of a published model. */
const visibleAt = (nowParam: string) => `s.published_at <= ${nowParam} AND EXISTS (SELECT 1 FROM models mv WHERE mv.id = s.model_id AND mv.published)`;

function whereOf(filter: ShootFilter, params: unknown[], now: Date): string {
  params.push(now);
  const visible = visibleAt(`$${params.length}`);
  if (filter.modelIds === null) return `WHERE ${visible}`;
  params.push(filter.modelIds);
  return `WHERE ${visible} AND s.model_id = ANY($${params.length}::int[])`;
}

export const shootsRepository = {
  async count(db: Queryable, filter: ShootFilter, now: Date): Promise<number> {
    const params: unknown[] = [];
    const rows = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM shoots s ${whereOf(filter, params, now)}`, params);
    return rows[0]?.total ?? 0;
  },

  page(db: Queryable, filter: ShootFilter, order: ShootOrder, limit: number, offset: number, viewerId: number | null, now: Date): Promise<ShootRow[]> {
    const params: unknown[] = [viewerId];
    const where = whereOf(filter, params, now);
    params.push(limit, offset);
    const popular = order === 'popular' ? `, (SELECT count(*) FROM favourites f WHERE f.kind = 'shoot' AND f.target_id = s.id) AS favourite_count` : '';
    return db.query<ShootRow>(
      `SELECT ${SHOOT_COLUMNS}${popular}
         FROM shoots s JOIN models m ON m.id = s.model_id
         ${where}
        ORDER BY ${ORDER_BY[order]}
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
  },

  /** The shoots among `ids` that members see at `now`, in no particular order. */
  byIds(db: Queryable, ids: number[], viewerId: number | null, now: Date): Promise<ShootRow[]> {
    return db.query<ShootRow>(
      `SELECT ${SHOOT_COLUMNS} FROM shoots s JOIN models m ON m.id = s.model_id WHERE s.id = ANY($2::int[]) AND ${visibleAt('$3')}`,
      [viewerId, ids, now],
    );
  },

  async exists(db: Queryable, id: number, now: Date): Promise<boolean> {
    const rows = await db.query<{ found: boolean }>(`SELECT EXISTS (SELECT 1 FROM shoots s WHERE s.id = $1 AND ${visibleAt('$2')}) AS found`, [id, now]);
    return rows[0]?.found ?? false;
  },

  /** The times of shoots scheduled after `now`, soonest first: a kept page is stale once the first of them passes. */
  async scheduledAfter(db: Queryable, now: Date, limit: number): Promise<number[]> {
    const rows = await db.query<{ at: Date }>('SELECT published_at AS at FROM shoots WHERE published_at > $1 ORDER BY published_at LIMIT $2', [now, limit]);
    return rows.map((r) => new Date(r.at).getTime());
  },

  /** The shoot's videos, in the order they were released. */
  async videoIds(db: Queryable, shootId: number): Promise<number[]> {
    const rows = await db.query<{ id: number }>(
      `SELECT v.id FROM shoot_videos sv JOIN videos v ON v.id = sv.video_id
        WHERE sv.shoot_id = $1 AND v.visible
        ORDER BY v.published_at ASC, v.id ASC`,
      [shootId],
    );
    return rows.map((r) => r.id);
  },

  chapters(db: Queryable, shootId: number): Promise<ChapterRow[]> {
    return db.query<ChapterRow>(
      `SELECT c.id, c.shoot_id, c.title,
              (SELECT count(*) FROM shoot_images i WHERE i.chapter_id = c.id)::int AS image_count,
              (SELECT i.id FROM shoot_images i WHERE i.chapter_id = c.id ORDER BY i.position, i.id LIMIT 1) AS first_image_id
         FROM shoot_chapters c
        WHERE c.shoot_id = $1
        ORDER BY c.position, c.id`,
      [shootId],
    );
  },

  chapterImages(db: Queryable, chapterId: number, viewerId: number | null): Promise<ImageRow[]> {
    return db.query<ImageRow>(
      `SELECT ${IMAGE_COLUMNS}
         FROM shoot_images i JOIN shoot_chapters c ON c.id = i.chapter_id
        WHERE i.chapter_id = $2
        ORDER BY i.position, i.id`,
      [viewerId, chapterId],
    );
  },

  /** The images among `ids` of shoots members see at `now`, in no particular order. */
  imagesByIds(db: Queryable, ids: number[], viewerId: number | null, now: Date): Promise<ImageRow[]> {
    return db.query<ImageRow>(
      `SELECT ${IMAGE_COLUMNS}
         FROM shoot_images i JOIN shoot_chapters c ON c.id = i.chapter_id JOIN shoots s ON s.id = c.shoot_id
        WHERE i.id = ANY($2::int[]) AND ${visibleAt('$3')}`,
      [viewerId, ids, now],
    );
  },

  async imageExists(db: Queryable, id: number, now: Date): Promise<boolean> {
    const rows = await db.query<{ found: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM shoot_images i JOIN shoot_chapters c ON c.id = i.chapter_id JOIN shoots s ON s.id = c.shoot_id
                       WHERE i.id = $1 AND ${visibleAt('$2')}) AS found`,
      [id, now],
    );
    return rows[0]?.found ?? false;
  },

  /** Which of `shootIds` the user has unlocked (product §1: unlocked galleries). */
  async unlockedAmong(db: Queryable, userId: number, shootIds: number[]): Promise<Set<number>> {
    if (shootIds.length === 0) return new Set();
    const rows = await db.query<{ target_id: number }>(
      `SELECT target_id FROM user_unlocks WHERE user_id = $1 AND kind = 'shoot' AND target_id = ANY($2::int[])`,
      [userId, shootIds],
    );
    return new Set(rows.map((r) => r.target_id));
  },
};
