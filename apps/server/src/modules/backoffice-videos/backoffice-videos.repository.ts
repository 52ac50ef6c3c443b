import type { BackofficeVideoStatus } from '@velora/shared';
import { TRAILER_TAG_NAME } from '@velora/shared';
import type { Queryable } from '../../db/database';

export interface BackofficeVideoRow {
  id: number;
  title: string;
  description: string;
  duration: number;
  published_at: Date | null;
  visible: boolean;
  created_at: Date;
  media_asset_id: number | null;
  media_status: 'pending' | 'processing' | 'ready' | 'failed' | null;
  media_progress: number | null;
  media_renditions: number[] | null;
  media_error: string | null;
  media_source: string | null;
  media_duration_ms: number | null;
  upload_id: string | null;
  upload_status: 'uploading' | 'received' | 'failed' | null;
  upload_file_name: string | null;
  upload_size: string | number | null;
  upload_error: string | null;
  trailer: boolean;
  status: BackofficeVideoStatus;
}

export interface UploadRow {
  id: string;
  video_id: number;
  status: 'uploading' | 'received' | 'failed';
  file_name: string;
  size: string | number;
}

// Where a video stands (decision record 074), in this order: published, scheduled, then what its media and newest
// upload say. A draft whose media is ready can be published; one without media waits for its upload.
const STATUS = `CASE
    WHEN v.visible THEN 'published'
    WHEN v.published_at IS NOT NULL THEN 'scheduled'
    WHEN m.status = 'ready' THEN 'draft'
    WHEN m.status IN ('pending', 'processing') THEN 'transcoding'
    WHEN u.status = 'uploading' THEN 'uploading'
    WHEN u.status = 'failed' OR m.status = 'failed' THEN 'failed'
    ELSE 'draft' END`;

const ROWS = `
  SELECT v.id, v.title, v.description, v.duration, v.published_at, v.visible, v.created_at, v.media_asset_id,
         m.status AS media_status, m.progress AS media_progress, m.renditions AS media_renditions, m.error AS media_error,
         m.source_name AS media_source, m.duration_ms AS media_duration_ms,
         u.id AS upload_id, u.status AS upload_status, u.file_name AS upload_file_name, u.size AS upload_size, u.error AS upload_error,
         EXISTS (SELECT 1 FROM video_tags vt JOIN tags t ON t.id = vt.tag_id WHERE vt.video_id = v.id AND t.name_en = '${TRAILER_TAG_NAME}') AS trailer,
         ${STATUS} AS status
    FROM videos v
    LEFT JOIN media_assets m ON m.id = v.media_asset_id
    LEFT JOIN LATERAL (
      SELECT id, status, file_name, size, error FROM video_uploads WHERE video_id = v.id ORDER BY created_at DESC, id DESC LIMIT 1
    ) u ON true`;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const backofficeVideosRepository = {
  async page(
    db: Queryable,
    filter: { query: string | null; status: BackofficeVideoStatus | null },
    limit: number,
    offset: number,
  ): Promise<{ rows: BackofficeVideoRow[]; total: number }> {
    const rows = await db.query<BackofficeVideoRow & { total: number }>(
      `SELECT x.*, count(*) OVER ()::int AS total FROM (${ROWS}) x
        WHERE ($1::text IS NULL OR x.status = $1::text)
          AND ($2::text IS NULL OR x.title ILIKE $2::text OR EXISTS (
                SELECT 1 FROM video_models vm JOIN models mo ON mo.id = vm.model_id WHERE vm.video_id = x.id AND mo.name_en ILIKE $2::text))
        ORDER BY x.created_at DESC, x.id DESC
        LIMIT $3 OFFSET $4`,
      [filter.status, filter.query ? likePattern(filter.query) : null, limit, offset],
    );
    return { rows, total: rows[0]?.total ?? (offset > 0 ? await this.count(db, filter) : 0) };
  },

  async count(db: Queryable, filter: { query: string | null; status: BackofficeVideoStatus | null }): Promise<number> {
    const rows = await db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM (${ROWS}) x
        WHERE ($1::text IS NULL OR x.status = $1::text)
          AND ($2::text IS NULL OR x.title ILIKE $2::text OR EXISTS (
                SELECT 1 FROM video_models vm JOIN models mo ON mo.id = vm.model_id WHERE vm.video_id = x.id AND mo.name_en ILIKE $2::text))`,
      [filter.status, filter.query ? likePattern(filter.query) : null],
    );
    return rows[0]?.total ?? 0;
  },

  async find(db: Queryable, id: number): Promise<BackofficeVideoRow | null> {
    return (await db.query<BackofficeVideoRow>(`${ROWS} WHERE v.id = $1`, [id]))[0] ?? null;
  },

  /** Locks the video's row for a write of several steps (two publishes of one video wait for each other). */
  async lock(db: Queryable, id: number): Promise<boolean> {
    return (await db.query('SELECT 1 FROM videos WHERE id = $1 FOR UPDATE', [id])).length > 0;
  },

  modelsOf(db: Queryable, videoIds: number[]): Promise<Array<{ video_id: number; id: number; name: string }>> {
    return db.query(
      `SELECT vm.video_id, m.id, m.name_en AS name FROM video_models vm JOIN models m ON m.id = vm.model_id
        WHERE vm.video_id = ANY($1::int[]) ORDER BY m.name_en, m.id`,
      [videoIds],
    );
  },

  allModels(db: Queryable): Promise<Array<{ id: number; name: string }>> {
    return db.query('SELECT id, name_en AS name FROM models ORDER BY name_en, id');
  },

  async existingModelIds(db: Queryable, ids: number[]): Promise<number[]> {
    return (await db.query<{ id: number }>('SELECT id FROM models WHERE id = ANY($1::int[])', [ids])).map((r) => r.id);
  },

  async insertDraft(db: Queryable, title: string): Promise<number> {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO videos (title, description, duration, published_at, visible) VALUES ($1, '', 0, NULL, false) RETURNING id`,
      [title],
    );
    return row!.id;
  },

  async describe(db: Queryable, id: number, title: string, description: string): Promise<void> {
    await db.query('UPDATE videos SET title = $2, description = $3 WHERE id = $1', [id, title, description]);
  },

  async setModels(db: Queryable, id: number, modelIds: number[]): Promise<void> {
    await db.query('DELETE FROM video_models WHERE video_id = $1 AND NOT (model_id = ANY($2::int[]))', [id, modelIds]);
    await db.query(
      'INSERT INTO video_models (video_id, model_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING',
      [id, modelIds],
    );
  },

  /** Tags or untags the video Trailer (product §1), creating the tag on a site that has none yet. */
  async setTrailer(db: Queryable, id: number, trailer: boolean): Promise<void> {
    if (trailer) {
      await db.query(
        `INSERT INTO tags (name_en, name_de, name_fr) VALUES ($1, 'Trailer', 'Bande-annonce') ON CONFLICT (name_en) DO NOTHING`,
        [TRAILER_TAG_NAME],
      );
      await db.query(
        'INSERT INTO video_tags (video_id, tag_id) SELECT $1, id FROM tags WHERE name_en = $2 ON CONFLICT DO NOTHING',
        [id, TRAILER_TAG_NAME],
      );
    } else {
      await db.query('DELETE FROM video_tags WHERE video_id = $1 AND tag_id IN (SELECT id FROM tags WHERE name_en = $2)', [id, TRAILER_TAG_NAME]);
    }
  },

  /** Public from `at` (visible now), or scheduled for it (visible once the sweep reaches it). */
  async publish(db: Queryable, id: number, at: Date, visible: boolean): Promise<void> {
    await db.query('UPDATE videos SET published_at = $2, visible = $3 WHERE id = $1', [id, at, visible]);
  },

  async unpublish(db: Queryable, id: number): Promise<void> {
    await db.query('UPDATE videos SET published_at = NULL, visible = false WHERE id = $1', [id]);
  },

  /** Makes the scheduled videos whose time has come visible; their ids. */
  async publishDue(db: Queryable, now: Date): Promise<number[]> {
    const rows = await db.query<{ id: number }>(
      `UPDATE videos v SET visible = true
         FROM media_assets m
        WHERE m.id = v.media_asset_id AND m.status = 'ready'
          AND NOT v.visible AND v.published_at IS NOT NULL AND v.published_at <= $1
        RETURNING v.id`,
      [now],
    );
    return rows.map((r) => r.id);
  },

  // --- Uploads -------------------------------------------------------------------------------------------------

  async insertUpload(db: Queryable, upload: { id: string; videoId: number; userId: number | null; fileName: string; size: number }): Promise<void> {
    await db.query(
      `INSERT INTO video_uploads (id, video_id, created_by, file_name, size) VALUES ($1, $2, $3, $4, $5)`,
      [upload.id, upload.videoId, upload.userId, upload.fileName, upload.size],
    );
  },

  async findUpload(db: Queryable, id: string): Promise<UploadRow | null> {
    return (await db.query<UploadRow>('SELECT id, video_id, status, file_name, size FROM video_uploads WHERE id = $1', [id]))[0] ?? null;
  },

  /** Ends an upload that is still under way; false when it had ended already (a second finish of one upload). */
  async endUpload(db: Queryable, id: string, status: 'received' | 'failed', error: string | null): Promise<boolean> {
    const rows = await db.query(
      `UPDATE video_uploads SET status = $2, error = $3, updated_at = now() WHERE id = $1 AND status = 'uploading' RETURNING 1`,
      [id, status, error?.slice(0, 2000) ?? null],
    );
    return rows.length > 0;
  },

  async linkMedia(db: Queryable, videoId: number, assetId: number): Promise<void> {
    await db.query('UPDATE videos SET media_asset_id = $2 WHERE id = $1', [videoId, assetId]);
  },
};
