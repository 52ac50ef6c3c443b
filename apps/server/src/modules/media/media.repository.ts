import type { Queryable } from '../../db/database';

export type AssetKind = 'video' | 'about_us' | 'censored';
export type AssetStatus = 'pending' | 'processing' | 'ready' | 'failed';

export interface AssetRow {
  id: number;
  kind: AssetKind;
  title: string;
  source_name: string;
  status: AssetStatus;
  renditions: number[];
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  error: string | null;
  /** How far the transcode has got, 0 to 1 (null before it started). */
  progress: number | null;
}

const COLUMNS = 'id, kind, title, source_name, status, renditions, width, height, duration_ms, error, progress';

export const mediaRepository = {
  async imageSubject(db: Queryable, kind: 'video' | 'model' | 'shoot' | 'image' | 'playdate', id: number): Promise<{ width: number; height: number } | 'exists' | null> {
    // A playdate shows one of 8 generated images (its image_variant + 1), drawn like the demo's.
    if (kind === 'playdate') return id >= 1 && id <= 8 ? 'exists' : null;
    if (kind === 'image') {
      const rows = await db.query<{ width: number; height: number }>('SELECT width, height FROM shoot_images WHERE id = $1', [id]);
      return rows[0] ?? null;
    }
    const table = { video: 'videos', model: 'models', shoot: 'shoots' }[kind];
    // A video's picture is public only while the video is (decision 074): a draft's cover is the back office's.
    const rows = await db.query(`SELECT 1 FROM ${table} WHERE id = $1${kind === 'video' ? ' AND visible' : ''}`, [id]);
    return rows.length > 0 ? 'exists' : null;
  },

  /** Whether members see the picture (decision record 075): a published model; a shoot, or its image, published by `now` of one. */
  async isPublic(db: Queryable, kind: 'video' | 'model' | 'shoot' | 'image' | 'playdate', id: number, now: Date): Promise<boolean> {
    const shootVisible = `s.published_at <= $2 AND EXISTS (SELECT 1 FROM models m WHERE m.id = s.model_id AND m.published)`;
    const sql = {
      model: 'SELECT 1 FROM models WHERE id = $1 AND published AND $2::timestamptz IS NOT NULL',
      shoot: `SELECT 1 FROM shoots s WHERE s.id = $1 AND ${shootVisible}`,
      image: `SELECT 1 FROM shoot_images i JOIN shoot_chapters c ON c.id = i.chapter_id JOIN shoots s ON s.id = c.shoot_id WHERE i.id = $1 AND ${shootVisible}`,
    }[kind as 'model' | 'shoot' | 'image'];
    if (!sql) return true;
    return (await db.query(sql, [id, now])).length > 0;
  },

  async find(db: Queryable, ids: readonly number[]): Promise<AssetRow[]> {
    if (ids.length === 0) return [];
    return db.query<AssetRow>(`SELECT ${COLUMNS} FROM media_assets WHERE id = ANY($1::int[])`, [ids]);
  },

  async findOne(db: Queryable, id: number): Promise<AssetRow | null> {
    return (await db.query<AssetRow>(`SELECT ${COLUMNS} FROM media_assets WHERE id = $1`, [id]))[0] ?? null;
  },

  /** The newest ready asset of a kind (the censored placeholder clip). */
  async latestReady(db: Queryable, kind: AssetKind): Promise<AssetRow | null> {
    const rows = await db.query<AssetRow>(`SELECT ${COLUMNS} FROM media_assets WHERE kind = $1 AND status = 'ready' ORDER BY id DESC LIMIT 1`, [kind]);
    return rows[0] ?? null;
  },

  async readyOfKind(db: Queryable, kind: AssetKind): Promise<AssetRow[]> {
    return db.query<AssetRow>(`SELECT ${COLUMNS} FROM media_assets WHERE kind = $1 AND status = 'ready' ORDER BY id`, [kind]);
  },

  async insert(db: Queryable, asset: { kind: AssetKind; title: string; sourceName: string; status: 'pending' | 'processing' }): Promise<AssetRow> {
    const rows = await db.query<AssetRow>(
      `INSERT INTO media_assets (kind, title, source_name, status) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [asset.kind, asset.title, asset.sourceName, asset.status],
    );
    return rows[0]!;
  },

  /**
   * Puts interrupted work back in the queue: rows left 'processing' whose worker has not been heard of for
   * `staleSeconds` (0: all of them, for a single-instance database).
   */
  async requeueStale(db: Queryable, staleSeconds: number): Promise<number> {
    const rows = await db.query(
      `UPDATE media_assets SET status = 'pending', updated_at = now()
        WHERE status = 'processing' AND updated_at <= now() - make_interval(secs => $1) RETURNING id`,
      [staleSeconds],
    );
    return rows.length;
  },

  /**
   * Takes an asset for the job that transcodes it: one that waits, or one whose worker has not been heard of for
   * `staleSeconds`. Null when it is done, failed, gone or in another worker's hands: two never hold the same one.
   */
  async claim(db: Queryable, id: number, staleSeconds: number): Promise<AssetRow | null> {
    const rows = await db.query<AssetRow>(
      `UPDATE media_assets SET status = 'processing', error = NULL, progress = 0, updated_at = now()
        WHERE id = $1 AND (status = 'pending' OR (status = 'processing' AND updated_at <= now() - make_interval(secs => $2)))
        RETURNING ${COLUMNS}`,
      [id, staleSeconds],
    );
    return rows[0] ?? null;
  },

  /** The assets waiting to be transcoded, oldest first. */
  async pendingIds(db: Queryable): Promise<number[]> {
    return (await db.query<{ id: number }>(`SELECT id FROM media_assets WHERE status = 'pending' ORDER BY id`)).map((r) => r.id);
  },

  /** The assets left processing by a worker not heard of for `staleSeconds` (it crashed). */
  async abandonedIds(db: Queryable, staleSeconds: number): Promise<number[]> {
    const rows = await db.query<{ id: number }>(
      `SELECT id FROM media_assets WHERE status = 'processing' AND updated_at <= now() - make_interval(secs => $1) ORDER BY id`,
      [staleSeconds],
    );
    return rows.map((r) => r.id);
  },

  /** How far the transcode has got (the back office's progress bar). */
  async setProgress(db: Queryable, id: number, fraction: number): Promise<void> {
    await db.query(`UPDATE media_assets SET progress = $2 WHERE id = $1 AND status = 'processing'`, [id, Math.max(0, Math.min(1, fraction))]);
  },

  /** The worker's heartbeat while it transcodes. */
  async touch(db: Queryable, id: number): Promise<void> {
    await db.query(`UPDATE media_assets SET updated_at = now() WHERE id = $1 AND status = 'processing'`, [id]);
  },

  async markReady(db: Queryable, id: number, result: { renditions: number[]; width: number; height: number; durationMs: number }): Promise<void> {
    await db.query(
      `UPDATE media_assets SET status = 'ready', renditions = $2::int[], width = $3, height = $4, duration_ms = $5, error = NULL, progress = 1, updated_at = now()
        WHERE id = $1`,
      [id, result.renditions, result.width, result.height, result.durationMs],
    );
  },

  /**
   * Gives the videos playing ready media the media's length as their duration (whole seconds), where it differs:
   * `assetId` for one asset just transcoded, none for every ready asset (databases seeded before this rule).
   * Returns how many videos changed.
   */
  async syncVideoDurations(db: Queryable, assetId?: number): Promise<number> {
    const rows = await db.query(
      `UPDATE videos v SET duration = round(m.duration_ms / 1000.0)::int
         FROM media_assets m
        WHERE v.media_asset_id = m.id AND m.status = 'ready' AND m.duration_ms IS NOT NULL
          AND ($1::int IS NULL OR m.id = $1::int)
          AND v.duration IS DISTINCT FROM round(m.duration_ms / 1000.0)::int
        RETURNING v.id`,
      [assetId ?? null],
    );
    return rows.length;
  },

  async markFailed(db: Queryable, id: number, error: string): Promise<void> {
    await db.query(`UPDATE media_assets SET status = 'failed', error = $2, updated_at = now() WHERE id = $1`, [id, error.slice(0, 2000)]);
  },

  async markPending(db: Queryable, id: number): Promise<void> {
    await db.query(`UPDATE media_assets SET status = 'pending', updated_at = now() WHERE id = $1 AND status = 'processing'`, [id]);
  },

  async videoExists(db: Queryable, videoId: number): Promise<boolean> {
    return (await db.query('SELECT 1 FROM videos WHERE id = $1', [videoId])).length > 0;
  },

  /** Links a video to its media, and takes the media's real length as the video's duration. */
  async linkVideo(db: Queryable, videoId: number, assetId: number, durationSeconds: number | null): Promise<void> {
    await db.query('UPDATE videos SET media_asset_id = $2, duration = COALESCE($3::int, duration) WHERE id = $1', [videoId, assetId, durationSeconds]);
  },
};
