import type { BoModelBody, BoShootBody, ShootState } from '@velora/shared';
import type { Queryable } from '../../db/database';

// SQL of the back office's catalog (decision record 075). It reads every model and shoot, published or not; the
// member-facing modules filter by what members see. The camera is read here and written through the cameras service.

export interface BoModelRow {
  id: number;
  name_en: string;
  description: string;
  country: string | null;
  published: boolean;
  created_at: Date;
  shoot_count: number;
  account_user_id: number | null;
  account_username: string | null;
}

export interface BoShootRow {
  id: number;
  title: string;
  description: string;
  model_id: number;
  model_name: string;
  published_at: Date | null;
  cover_image_id: number | null;
  image_count: number;
}

export interface BoImageRow {
  id: number;
  chapter_id: number;
  width: number;
  height: number;
}

export interface AccountRow {
  id: number;
  model_id: number | null;
  is_team_member: boolean;
}

const MODEL_COLUMNS = `
  m.id, m.name_en, m.description, m.country, m.published, m.created_at,
  (SELECT count(*) FROM shoots s WHERE s.model_id = m.id)::int AS shoot_count,
  u.id AS account_user_id, u.username AS account_username`;
// Her account: the first user whose model_id is hers (the member-facing profile names the same one).
const MODEL_FROM = `models m LEFT JOIN LATERAL (SELECT id, username FROM users WHERE model_id = m.id ORDER BY id LIMIT 1) u ON true`;

const SHOOT_COLUMNS = `
  s.id, s.title, s.description, s.model_id, m.name_en AS model_name, s.published_at, s.cover_image_id,
  (SELECT count(*) FROM shoot_chapters c JOIN shoot_images i ON i.chapter_id = c.id WHERE c.shoot_id = s.id)::int AS image_count`;

/** `%` and `_` in a search are letters, not wildcards. */
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ShootFilter {
  q?: string | undefined;
  modelId?: number | undefined;
  state?: ShootState | undefined;
}

function shootWhere(filter: ShootFilter, now: Date, params: unknown[]): string {
  const parts: string[] = [];
  if (filter.q) {
    params.push(likeOf(filter.q));
    parts.push(`s.title ILIKE $${params.length}`);
  }
  if (filter.modelId !== undefined) {
    params.push(filter.modelId);
    parts.push(`s.model_id = $${params.length}`);
  }
  if (filter.state) {
    params.push(now);
    const at = `$${params.length}`;
    parts.push({ draft: 's.published_at IS NULL', scheduled: `s.published_at > ${at}`, published: `s.published_at <= ${at}` }[filter.state]);
  }
  return parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '';
}

export const backofficeCatalogRepository = {
  async countModels(db: Queryable, q: string | undefined): Promise<number> {
    const rows = q
      ? await db.query<{ n: number }>('SELECT count(*)::int AS n FROM models m WHERE m.name_en ILIKE $1', [likeOf(q)])
      : await db.query<{ n: number }>('SELECT count(*)::int AS n FROM models');
    return rows[0]?.n ?? 0;
  },

  models(db: Queryable, q: string | undefined, limit: number, offset: number): Promise<BoModelRow[]> {
    return db.query<BoModelRow>(
      `SELECT ${MODEL_COLUMNS} FROM ${MODEL_FROM}
        WHERE ($1::text IS NULL OR m.name_en ILIKE $1)
        ORDER BY m.created_at DESC, m.id DESC LIMIT $2 OFFSET $3`,
      [q ? likeOf(q) : null, limit, offset],
    );
  },

  async model(db: Queryable, id: number): Promise<BoModelRow | null> {
    return (await db.query<BoModelRow>(`SELECT ${MODEL_COLUMNS} FROM ${MODEL_FROM} WHERE m.id = $1`, [id]))[0] ?? null;
  },

  async insertModel(db: Queryable, body: BoModelBody): Promise<number> {
    const rows = await db.query<{ id: number }>(
      'INSERT INTO models (name_en, description, country, published) VALUES ($1, $2, $3, false) RETURNING id',
      [body.name_en, body.description, body.country],
    );
    return rows[0]!.id;
  },

  async updateModel(db: Queryable, id: number, body: BoModelBody): Promise<boolean> {
    const rows = await db.query('UPDATE models SET name_en = $2, description = $3, country = $4 WHERE id = $1 RETURNING id', [id, body.name_en, body.description, body.country]);
    return rows.length > 0;
  },

  async setModelPublished(db: Queryable, id: number, published: boolean): Promise<boolean> {
    return (await db.query('UPDATE models SET published = $2 WHERE id = $1 RETURNING id', [id, published])).length > 0;
  },

  async lockModel(db: Queryable, id: number): Promise<boolean> {
    return (await db.query('SELECT id FROM models WHERE id = $1 FOR UPDATE', [id])).length > 0;
  },

  async accountByLogin(db: Queryable, login: string): Promise<AccountRow | null> {
    const rows = await db.query<AccountRow>(
      'SELECT id, model_id, is_team_member FROM users WHERE lower(username) = lower($1) OR lower(email) = lower($1) ORDER BY id LIMIT 1 FOR UPDATE',
      [login],
    );
    return rows[0] ?? null;
  },

  /** Her accounts lose the model; `userId`, when given, becomes hers. */
  async linkAccount(db: Queryable, modelId: number, userId: number | null): Promise<void> {
    await db.query('UPDATE users SET model_id = NULL WHERE model_id = $1 AND id IS DISTINCT FROM $2::int', [modelId, userId]);
    if (userId !== null) await db.query('UPDATE users SET model_id = $1 WHERE id = $2', [modelId, userId]);
  },

  async camera(db: Queryable, modelId: number): Promise<{ name: string; title: string; chat_mode: 'free' | 'paid'; price_per_minute: number | null; tag_ids: number[] } | null> {
    const rows = await db.query<{ name: string; title: string; chat_mode: 'free' | 'paid'; price_per_minute: number | null; tag_ids: number[] }>(
      `SELECT c.name, c.title, c.chat_mode, c.price_per_minute,
              COALESCE((SELECT array_agg(l.tag_id ORDER BY l.tag_id) FROM camera_tag_links l WHERE l.camera_id = c.id), '{}') AS tag_ids
         FROM cameras c WHERE c.model_id = $1`,
      [modelId],
    );
    return rows[0] ?? null;
  },

  async countShoots(db: Queryable, filter: ShootFilter, now: Date): Promise<number> {
    const params: unknown[] = [];
    const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM shoots s ${shootWhere(filter, now, params)}`, params);
    return rows[0]?.n ?? 0;
  },

  shoots(db: Queryable, filter: ShootFilter, now: Date, limit: number, offset: number): Promise<BoShootRow[]> {
    const params: unknown[] = [];
    const where = shootWhere(filter, now, params);
    params.push(limit, offset);
    // Drafts first (no time yet), then by time, newest first.
    return db.query<BoShootRow>(
      `SELECT ${SHOOT_COLUMNS} FROM shoots s JOIN models m ON m.id = s.model_id ${where}
        ORDER BY s.published_at DESC NULLS FIRST, s.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
  },

  async shoot(db: Queryable, id: number, lock = false): Promise<BoShootRow | null> {
    const rows = await db.query<BoShootRow>(`SELECT ${SHOOT_COLUMNS} FROM shoots s JOIN models m ON m.id = s.model_id WHERE s.id = $1${lock ? ' FOR UPDATE OF s' : ''}`, [id]);
    return rows[0] ?? null;
  },

  /** The gallery in the order members see it: chapter by chapter, each in its images' order. */
  images(db: Queryable, shootId: number): Promise<BoImageRow[]> {
    return db.query<BoImageRow>(
      `SELECT i.id, i.chapter_id, i.width, i.height
         FROM shoot_images i JOIN shoot_chapters c ON c.id = i.chapter_id
        WHERE c.shoot_id = $1
        ORDER BY c.position, c.id, i.position, i.id`,
      [shootId],
    );
  },

  videos(db: Queryable, shootId: number): Promise<Array<{ id: number; title: string }>> {
    return db.query<{ id: number; title: string }>(
      'SELECT v.id, v.title FROM shoot_videos sv JOIN videos v ON v.id = sv.video_id WHERE sv.shoot_id = $1 ORDER BY v.published_at, v.id',
      [shootId],
    );
  },

  async existingVideoIds(db: Queryable, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    return (await db.query<{ id: number }>('SELECT id FROM videos WHERE id = ANY($1::int[])', [ids])).map((r) => r.id);
  },

  videoOptions(db: Queryable, q: string | undefined): Promise<Array<{ id: number; title: string }>> {
    return db.query<{ id: number; title: string }>(
      'SELECT id, title FROM videos WHERE ($1::text IS NULL OR title ILIKE $1) ORDER BY published_at DESC, id DESC LIMIT 20',
      [q ? likeOf(q) : null],
    );
  },

  async modelExists(db: Queryable, id: number): Promise<boolean> {
    return (await db.query('SELECT 1 FROM models WHERE id = $1 FOR SHARE', [id])).length > 0;
  },

  async insertShoot(db: Queryable, body: BoShootBody): Promise<number> {
    const rows = await db.query<{ id: number }>('INSERT INTO shoots (title, description, model_id, published_at) VALUES ($1, $2, $3, NULL) RETURNING id', [
      body.title,
      body.description,
      body.model_id,
    ]);
    return rows[0]!.id;
  },

  async updateShoot(db: Queryable, id: number, body: BoShootBody): Promise<void> {
    await db.query('UPDATE shoots SET title = $2, description = $3, model_id = $4 WHERE id = $1', [id, body.title, body.description, body.model_id]);
  },

  async setVideos(db: Queryable, shootId: number, videoIds: number[]): Promise<void> {
    await db.query('DELETE FROM shoot_videos WHERE shoot_id = $1 AND NOT (video_id = ANY($2::int[]))', [shootId, videoIds]);
    await db.query('INSERT INTO shoot_videos (shoot_id, video_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [shootId, videoIds]);
  },

  /** The chapter new images go to: the shoot's last one, made (named after the shoot) when it has none. */
  async uploadChapter(db: Queryable, shootId: number, title: string): Promise<number> {
    const rows = await db.query<{ id: number }>('SELECT id FROM shoot_chapters WHERE shoot_id = $1 ORDER BY position DESC, id DESC LIMIT 1', [shootId]);
    if (rows[0]) return rows[0].id;
    return (await db.query<{ id: number }>('INSERT INTO shoot_chapters (shoot_id, title, position) VALUES ($1, $2, 0) RETURNING id', [shootId, title]))[0]!.id;
  },

  async nextPosition(db: Queryable, chapterId: number): Promise<number> {
    const rows = await db.query<{ next: number }>('SELECT COALESCE(max(position) + 1, 0)::int AS next FROM shoot_images WHERE chapter_id = $1', [chapterId]);
    return rows[0]?.next ?? 0;
  },

  async insertImage(db: Queryable, chapterId: number, position: number, width: number, height: number): Promise<number> {
    const rows = await db.query<{ id: number }>('INSERT INTO shoot_images (chapter_id, position, width, height) VALUES ($1, $2, $3, $4) RETURNING id', [
      chapterId,
      position,
      width,
      height,
    ]);
    return rows[0]!.id;
  },

  /** Each image's position becomes its place in `ids` (the order within each chapter follows the list). */
  async setPositions(db: Queryable, ids: number[]): Promise<void> {
    await db.query(
      `UPDATE shoot_images SET position = x.pos - 1
         FROM unnest($1::int[]) WITH ORDINALITY AS x(id, pos)
        WHERE shoot_images.id = x.id`,
      [ids],
    );
  },

  async deleteImage(db: Queryable, shootId: number, imageId: number): Promise<boolean> {
    const rows = await db.query(
      'DELETE FROM shoot_images i USING shoot_chapters c WHERE i.id = $2 AND c.id = i.chapter_id AND c.shoot_id = $1 RETURNING i.id',
      [shootId, imageId],
    );
    return rows.length > 0;
  },

  async setCover(db: Queryable, shootId: number, imageId: number | null): Promise<void> {
    await db.query('UPDATE shoots SET cover_image_id = $2 WHERE id = $1', [shootId, imageId]);
  },

  async setPublishedAt(db: Queryable, shootId: number, at: Date | null): Promise<void> {
    await db.query('UPDATE shoots SET published_at = $2 WHERE id = $1', [shootId, at]);
  },
};
