import type { VideoOrder } from '@velora/shared';
import type { Queryable } from '../../db/database';

export interface VideoRow {
  id: number;
  title: string;
  description: string;
  duration: number;
  /** Never null here: members are shown visible videos only, and those have one. */
  published_at: Date;
  rating: number;
  views: number;
  total_comments: number;
  media_asset_id: number | null;
}

export interface VideoTagRow {
  video_id: number;
  id: number;
  name_en: string;
  name_de: string;
  name_fr: string;
}

export interface VideoModelRow {
  video_id: number;
  id: number;
  name_en: string;
}

export interface TagCountRow {
  id: number;
  name_en: string;
  name_de: string;
  name_fr: string;
  video_count: number;
}

export interface PlaybackRow {
  position_seconds: number;
  duration_seconds: number | null;
  play_count: number;
  updated_at: Date;
}

export interface UnlockRow {
  kind: 'video' | 'shoot';
  target_id: number;
}

export interface UnlockTokenRow {
  video_ids: number[];
  shoot_ids: number[];
}

export interface VideoFilter {
  /** Distinct tag ids; a video must carry all of them. */
  tagIds: number[];
  /** Case-insensitive substring of the title or of a participating model's name. */
  search: string | null;
}

// The id breaks ties so that paging is stable when many videos share a value.
const ORDER_BY: Record<VideoOrder, string> = {
  newest: 'v.published_at DESC, v.id DESC',
  oldest: 'v.published_at ASC, v.id ASC',
  top_rated: 'v.rating DESC, v.id DESC',
  most_viewed: 'v.views DESC, v.id DESC',
  longest: 'v.duration DESC, v.id DESC',
};

const VIDEO_COLUMNS = 'v.id, v.title, v.description, v.duration, v.published_at, v.rating, v.views, v.total_comments, v.media_asset_id';

/**
 * Up to this many tags, each is its own EXISTS; measured on 100,000 videos / 930,000 links (PostgreSQL 15) the
 * first page takes 1–3 ms this way against 35–60 ms for GROUP BY ... HAVING, and counts are no slower.
 */
const EXISTS_PER_TAG_LIMIT = 8;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The WHERE clause for a filter, appending its parameters to `params`. */
function whereOf(filter: VideoFilter, params: unknown[]): string {
  // Drafts, scheduled and unpublished videos are the back office's only (decision 074).
  const conditions: string[] = ['v.visible'];
  if (filter.tagIds.length > 0 && filter.tagIds.length <= EXISTS_PER_TAG_LIMIT) {
    // One probe of the (video_id, tag_id) key per tag: walking an ordered index, the first page stops early.
    for (const tagId of filter.tagIds) {
      params.push(tagId);
      conditions.push(`EXISTS (SELECT 1 FROM video_tags vt WHERE vt.video_id = v.id AND vt.tag_id = $${params.length}::int)`);
    }
  } else if (filter.tagIds.length > 0) {
    // Many tags: one pass over the (tag_id, video_id) index keeps the plan small.
    params.push(filter.tagIds, filter.tagIds.length);
    conditions.push(`v.id IN (
      SELECT vt.video_id FROM video_tags vt
       WHERE vt.tag_id = ANY($${params.length - 1}::int[])
       GROUP BY vt.video_id
      HAVING count(*) = $${params.length}::int)`);
  }
  if (filter.search) {
    params.push(likePattern(filter.search));
    const p = `$${params.length}`;
    conditions.push(`(v.title ILIKE ${p} OR EXISTS (
      SELECT 1 FROM video_models vm JOIN models m ON m.id = vm.model_id
       WHERE vm.video_id = v.id AND m.name_en ILIKE ${p}))`);
  }
  return `WHERE ${conditions.join(' AND ')}`;
}

export const videosRepository = {
  async count(db: Queryable, filter: VideoFilter): Promise<number> {
    const params: unknown[] = [];
    const rows = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM videos v ${whereOf(filter, params)}`, params);
    return rows[0]?.total ?? 0;
  },

  /** One page of matching videos, without their tags and models (see tagsOf / modelsOf). */
  page(db: Queryable, filter: VideoFilter, order: VideoOrder, limit: number, offset: number): Promise<VideoRow[]> {
    const params: unknown[] = [];
    const where = whereOf(filter, params);
    params.push(limit, offset);
    return db.query<VideoRow>(
      `SELECT ${VIDEO_COLUMNS} FROM videos v ${where}
        ORDER BY ${ORDER_BY[order]}
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
  },

  async findById(db: Queryable, id: number): Promise<VideoRow | null> {
    const rows = await db.query<VideoRow>(`SELECT ${VIDEO_COLUMNS} FROM videos v WHERE v.id = $1 AND v.visible`, [id]);
    return rows[0] ?? null;
  },

  tagsOf(db: Queryable, videoIds: number[]): Promise<VideoTagRow[]> {
    return db.query<VideoTagRow>(
      `SELECT vt.video_id, t.id, t.name_en, t.name_de, t.name_fr
         FROM video_tags vt JOIN tags t ON t.id = vt.tag_id
        WHERE vt.video_id = ANY($1::int[])
        ORDER BY t.name_en, t.id`,
      [videoIds],
    );
  },

  modelsOf(db: Queryable, videoIds: number[]): Promise<VideoModelRow[]> {
    return db.query<VideoModelRow>(
      `SELECT vm.video_id, m.id, m.name_en
         FROM video_models vm JOIN models m ON m.id = vm.model_id
        WHERE vm.video_id = ANY($1::int[])
        ORDER BY m.name_en, m.id`,
      [videoIds],
    );
  },

  /** Every tag with its number of videos; each count is an index-only scan of video_tags(tag_id, video_id). */
  tagsWithCounts(db: Queryable): Promise<TagCountRow[]> {
    return db.query<TagCountRow>(
      `SELECT t.id, t.name_en, t.name_de, t.name_fr,
              (SELECT count(*) FROM video_tags vt WHERE vt.tag_id = t.id)::int AS video_count
         FROM tags t
        ORDER BY t.name_en, t.id`,
    );
  },

  async findByIds(db: Queryable, ids: number[]): Promise<VideoRow[]> {
    if (ids.length === 0) return [];
    return db.query<VideoRow>(`SELECT ${VIDEO_COLUMNS} FROM videos v WHERE v.id = ANY($1::int[]) AND v.visible`, [ids]);
  },

  /** The shoot a video belongs to; when several hold it, the earliest published one (then the lowest id). */
  async firstShootOf(db: Queryable, videoId: number, now: Date): Promise<number | null> {
    // Only a shoot members see (decision record 075): published by now, of a published model.
    const rows = await db.query<{ id: number }>(
      `SELECT s.id FROM shoot_videos sv JOIN shoots s ON s.id = sv.shoot_id JOIN models m ON m.id = s.model_id
        WHERE sv.video_id = $1 AND s.published_at <= $2 AND m.published
        ORDER BY s.published_at ASC, s.id ASC
        LIMIT 1`,
      [videoId, now],
    );
    return rows[0]?.id ?? null;
  },

  /**
   * Up to `limit` other videos, most alike first: each shared tag counts 1, each shared model 2
   * (a model says more about a video than a tag does). Ties: newest first, then id.
   */
  similarIds(db: Queryable, videoId: number, limit: number): Promise<Array<{ id: number }>> {
    return db.query<{ id: number }>(
      `WITH scores AS (
         SELECT other.video_id, count(*)::int AS score
           FROM video_tags mine JOIN video_tags other ON other.tag_id = mine.tag_id AND other.video_id <> mine.video_id
          WHERE mine.video_id = $1
          GROUP BY other.video_id
         UNION ALL
         SELECT other.video_id, 2 * count(*)::int AS score
           FROM video_models mine JOIN video_models other ON other.model_id = mine.model_id AND other.video_id <> mine.video_id
          WHERE mine.video_id = $1
          GROUP BY other.video_id
       )
       SELECT v.id FROM (SELECT video_id, sum(score) AS score FROM scores GROUP BY video_id) s
         JOIN videos v ON v.id = s.video_id
        WHERE v.visible
        ORDER BY s.score DESC, v.published_at DESC, v.id DESC
        LIMIT $2`,
      [videoId, limit],
    );
  },

  /**
   * One random video id. With `onlyAmong`, only from the videos the viewer may play: those ids, plus videos
   * tagged `trailerTag` when that is given. Null when no video qualifies.
   */
  async randomId(db: Queryable, onlyAmong: { ids: number[]; trailerTag: string | null } | null): Promise<number | null> {
    const rows = onlyAmong
      ? await db.query<{ id: number }>(
          `SELECT v.id FROM videos v
            WHERE v.visible AND (v.id = ANY($1::int[])
               OR ($2::text IS NOT NULL AND EXISTS (
                    SELECT 1 FROM video_tags vt JOIN tags t ON t.id = vt.tag_id WHERE vt.video_id = v.id AND t.name_en = $2::text)))
            ORDER BY random() LIMIT 1`,
          [onlyAmong.ids, onlyAmong.trailerTag],
        )
      : await db.query<{ id: number }>('SELECT v.id FROM videos v WHERE v.visible ORDER BY random() LIMIT 1');
    return rows[0]?.id ?? null;
  },

  /** The newest videos tagged `tagName` (the trailers), at most `limit`. */
  async newestIdsTagged(db: Queryable, tagName: string, limit: number): Promise<number[]> {
    const rows = await db.query<{ id: number }>(
      `SELECT v.id FROM videos v
        WHERE v.visible AND EXISTS (SELECT 1 FROM video_tags vt JOIN tags t ON t.id = vt.tag_id WHERE vt.video_id = v.id AND t.name_en = $1::text)
        ORDER BY v.published_at DESC, v.id DESC
        LIMIT $2`,
      [tagName, limit],
    );
    return rows.map((r) => r.id);
  },

  // --- Playback progress -------------------------------------------------------------------------------------

  async playbackOf(db: Queryable, userId: number, videoId: number, forUpdate = false): Promise<PlaybackRow | null> {
    const rows = await db.query<PlaybackRow>(
      `SELECT position_seconds, duration_seconds, play_count, updated_at FROM playbacks
        WHERE user_id = $1 AND video_id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
      [userId, videoId],
    );
    return rows[0] ?? null;
  },

  /** Starts the first viewing; false when a concurrent request inserted the row first. */
  async insertPlayback(db: Queryable, p: { userId: number; videoId: number; position: number; duration: number | null; at: Date }): Promise<boolean> {
    const rows = await db.query(
      `INSERT INTO playbacks (user_id, video_id, position_seconds, duration_seconds, play_count, started_at, updated_at)
       VALUES ($1, $2, $3, $4, 1, $5, $5)
       ON CONFLICT (user_id, video_id) DO NOTHING
       RETURNING 1`,
      [p.userId, p.videoId, p.position, p.duration, p.at],
    );
    return rows.length > 0;
  },

  async updatePlayback(
    db: Queryable,
    p: { userId: number; videoId: number; position: number; duration: number | null; at: Date; newViewing: boolean },
  ): Promise<void> {
    await db.query(
      `UPDATE playbacks
          SET position_seconds = $3,
              duration_seconds = COALESCE($4, duration_seconds),
              play_count = play_count + CASE WHEN $6::boolean THEN 1 ELSE 0 END,
              started_at = CASE WHEN $6::boolean THEN $5 ELSE started_at END,
              updated_at = $5
        WHERE user_id = $1 AND video_id = $2`,
      [p.userId, p.videoId, p.position, p.duration, p.at, p.newViewing],
    );
  },

  async countView(db: Queryable, videoId: number): Promise<void> {
    await db.query('UPDATE videos SET views = views + 1 WHERE id = $1', [videoId]);
  },

  // --- Unlocks and tokens ------------------------------------------------------------------------------------

  unlocksOf(db: Queryable, userId: number): Promise<UnlockRow[]> {
    return db.query<UnlockRow>('SELECT kind, target_id FROM user_unlocks WHERE user_id = $1 ORDER BY kind, target_id', [userId]);
  },

  async unlockedVideoIds(db: Queryable, userId: number): Promise<number[]> {
    const rows = await db.query<{ target_id: number }>(
      `SELECT target_id FROM user_unlocks WHERE user_id = $1 AND kind = 'video' ORDER BY target_id`,
      [userId],
    );
    return rows.map((r) => r.target_id);
  },

  async findUnlockToken(db: Queryable, tokenHash: string, now: Date): Promise<UnlockTokenRow | null> {
    const rows = await db.query<UnlockTokenRow>(
      `SELECT video_ids, shoot_ids FROM unlock_tokens WHERE token_hash = $1 AND (expires_at IS NULL OR expires_at > $2)`,
      [tokenHash, now],
    );
    return rows[0] ?? null;
  },

  /** The titles of those of the given videos and shoots that exist, each list in id order. */
  async unlockTitles(db: Queryable, content: UnlockTokenRow): Promise<{ videos: { id: number; title: string }[]; shoots: { id: number; title: string }[] }> {
    const [videos, shoots] = await Promise.all([
      db.query<{ id: number; title: string }>(`SELECT id, title FROM videos WHERE id = ANY($1::int[]) AND visible ORDER BY id`, [content.video_ids]),
      db.query<{ id: number; title: string }>(`SELECT id, title FROM shoots WHERE id = ANY($1::int[]) ORDER BY id`, [content.shoot_ids]),
    ]);
    return { videos, shoots };
  },

  /** Adds what still exists of the given videos and shoots to the user's unlocks; ones already there stay as they are. */
  async addUnlocks(db: Queryable, userId: number, content: UnlockTokenRow, at: Date): Promise<void> {
    await db.query(
      `INSERT INTO user_unlocks (user_id, kind, target_id, created_at)
       SELECT $1::int, 'video', v.id, $4::timestamptz FROM videos v WHERE v.id = ANY($2::int[]) AND v.visible
       UNION ALL
       SELECT $1::int, 'shoot', s.id, $4::timestamptz FROM shoots s WHERE s.id = ANY($3::int[])
       ON CONFLICT (user_id, kind, target_id) DO NOTHING`,
      [userId, content.video_ids, content.shoot_ids, at],
    );
  },

  /** Stores an unlock token by its hash; storing the same token again replaces its content and expiry. */
  async upsertUnlockToken(db: Queryable, t: { tokenHash: string; videoIds: number[]; shootIds: number[]; expiresAt: Date | null }): Promise<void> {
    await db.query(
      `INSERT INTO unlock_tokens (token_hash, video_ids, shoot_ids, expires_at) VALUES ($1, $2::int[], $3::int[], $4)
       ON CONFLICT (token_hash) DO UPDATE SET video_ids = EXCLUDED.video_ids, shoot_ids = EXCLUDED.shoot_ids, expires_at = EXCLUDED.expires_at`,
      [t.tokenHash, t.videoIds, t.shootIds, t.expiresAt],
    );
  },

  async findFreeVideoToken(db: Queryable, tokenHash: string, now: Date): Promise<number | null> {
    const rows = await db.query<{ video_id: number }>(
      'SELECT video_id FROM free_video_tokens WHERE token_hash = $1 AND expires_at > $2',
      [tokenHash, now],
    );
    return rows[0]?.video_id ?? null;
  },

  async upsertFreeVideoToken(db: Queryable, t: { tokenHash: string; videoId: number; expiresAt: Date }): Promise<void> {
    await db.query(
      `INSERT INTO free_video_tokens (token_hash, video_id, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (token_hash) DO UPDATE SET video_id = EXCLUDED.video_id, expires_at = EXCLUDED.expires_at`,
      [t.tokenHash, t.videoId, t.expiresAt],
    );
  },
};
