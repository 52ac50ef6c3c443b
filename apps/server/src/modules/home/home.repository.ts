import type { Queryable } from '../../db/database';

// Each query picks the ids of one home section (product §2); the items are filled in by their modules' services.

const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);

export interface ContinueRow {
  video_id: number;
  position_seconds: number;
}

export const homeRepository = {
  async topRatedVideoIds(db: Queryable, limit: number): Promise<number[]> {
    return ids(await db.query<{ id: number }>('SELECT id FROM videos WHERE visible ORDER BY rating DESC, id DESC LIMIT $1', [limit]));
  },

  /** Best rated first, leaving out `excluded` (a walk down the rating index that stops after `limit` rows). */
  async topRatedVideoIdsExcept(db: Queryable, excluded: number[], limit: number): Promise<number[]> {
    return ids(
      await db.query<{ id: number }>('SELECT id FROM videos WHERE visible AND NOT (id = ANY($1::int[])) ORDER BY rating DESC, id DESC LIMIT $2', [excluded, limit]),
    );
  },

  async newestModelIds(db: Queryable, limit: number): Promise<number[]> {
    return ids(await db.query<{ id: number }>('SELECT id FROM models WHERE published ORDER BY created_at DESC, id DESC LIMIT $1', [limit]));
  },

  /**
   * Trending: videos with the most playbacks active since `since`, then (to fill the section) the most viewed.
   * Returned in that order, possibly with repeats; the caller keeps the first of each.
   */
  async trendingVideoIds(db: Queryable, since: Date, limit: number): Promise<number[]> {
    return ids(
      await db.query<{ id: number }>(
        `SELECT id FROM (
           (SELECT video_id AS id, 0 AS part,
                   row_number() OVER (ORDER BY count(*) DESC, max(updated_at) DESC, video_id DESC) AS rank
              FROM playbacks
             WHERE updated_at > $1
             GROUP BY video_id
             ORDER BY rank
             LIMIT $2)
           UNION ALL
           (SELECT id, 1 AS part, row_number() OVER (ORDER BY views DESC, id DESC) AS rank
              FROM videos
             WHERE visible
             ORDER BY views DESC, id DESC
             LIMIT $2)
         ) t
         ORDER BY part, rank`,
        [since, limit],
      ),
    );
  },

  async featuredVideoIds(db: Queryable, limit: number): Promise<number[]> {
    return ids(
      await db.query<{ id: number }>('SELECT id FROM videos WHERE visible AND featured_at IS NOT NULL ORDER BY featured_at DESC, id DESC LIMIT $1', [limit]),
    );
  },

  async newestShootIds(db: Queryable, now: Date, limit: number): Promise<number[]> {
    return ids(
      await db.query<{ id: number }>('SELECT s.id FROM shoots s JOIN models m ON m.id = s.model_id WHERE s.published_at <= $1 AND m.published ORDER BY s.published_at DESC, s.id DESC LIMIT $2', [now, limit]),
    );
  },

  /** Every video the member has played, most recent first. */
  async watchedVideoIds(db: Queryable, userId: number): Promise<number[]> {
    const rows = await db.query<{ video_id: number }>('SELECT video_id FROM playbacks WHERE user_id = $1 ORDER BY updated_at DESC, video_id DESC', [
      userId,
    ]);
    return rows.map((r) => r.video_id);
  },

  /** Started but not finished (under `finishedShare` of the duration), most recent first. */
  unfinished(db: Queryable, userId: number, finishedShare: number, limit: number): Promise<ContinueRow[]> {
    return db.query<ContinueRow>(
      `SELECT p.video_id, p.position_seconds FROM playbacks p JOIN videos v ON v.id = p.video_id
        WHERE p.user_id = $1 AND v.visible
          AND p.position_seconds > 0
          AND p.position_seconds < $2::float8 * COALESCE(p.duration_seconds, v.duration)
        ORDER BY p.updated_at DESC, p.video_id DESC
        LIMIT $3`,
      [userId, finishedShare, limit],
    );
  },

  /** Videos sharing tags with `seedVideoIds`, most shared tags first (then best rated), leaving out `excluded`. */
  async videoIdsSharingTags(db: Queryable, seedVideoIds: number[], excluded: number[], limit: number): Promise<number[]> {
    if (seedVideoIds.length === 0) return [];
    return ids(
      await db.query<{ id: number }>(
        `SELECT v.id FROM (
           SELECT vt.video_id, count(*) AS score FROM video_tags vt
            WHERE vt.tag_id IN (SELECT tag_id FROM video_tags WHERE video_id = ANY($1::int[]))
              AND NOT (vt.video_id = ANY($2::int[]))
            GROUP BY vt.video_id
         ) s JOIN videos v ON v.id = s.video_id
         WHERE v.visible
         ORDER BY s.score DESC, v.rating DESC, v.id DESC
         LIMIT $3`,
        [seedVideoIds, excluded, limit],
      ),
    );
  },

  /**
   * Videos featuring the models of `seedVideoIds` or the models `seedModelIds`, most such models first (then best
   * rated), leaving out `excluded`.
   */
  async videoIdsByModelsOf(db: Queryable, seedVideoIds: number[], seedModelIds: number[], excluded: number[], limit: number): Promise<number[]> {
    if (seedVideoIds.length === 0 && seedModelIds.length === 0) return [];
    return ids(
      await db.query<{ id: number }>(
        `SELECT v.id FROM (
           SELECT vm.video_id, count(*) AS score FROM video_models vm
            WHERE vm.model_id IN (SELECT model_id FROM video_models WHERE video_id = ANY($1::int[])
                                  UNION SELECT unnest($2::int[]))
              AND NOT (vm.video_id = ANY($3::int[]))
            GROUP BY vm.video_id
         ) s JOIN videos v ON v.id = s.video_id
         WHERE v.visible
         ORDER BY s.score DESC, v.rating DESC, v.id DESC
         LIMIT $4`,
        [seedVideoIds, seedModelIds, excluded, limit],
      ),
    );
  },
};
