import type { ModelList } from '@velora/shared';
import type { Queryable } from '../../db/database';

export type ModelOrder = ModelList['params']['order'];

export interface ModelRow {
  id: number;
  name_en: string;
  description: string;
  country: string | null;
  video_count: number;
  shoot_count: number;
  is_favourite: boolean;
}

// The id breaks ties so that paging is stable when many models share a value.
const ORDER_BY: Record<ModelOrder, string> = {
  newest: 'm.created_at DESC, m.id DESC',
  name: 'lower(m.name_en) ASC, m.id ASC',
  popular: 'favourite_count DESC, m.id DESC',
  most_videos: 'video_count DESC, m.id DESC',
};

// Members see published models only (decision record 075); the back office reads every model through its own module.
// shoot_count counts the shoots members see at `now`: a scheduled one counts from its time.

/** Columns of a summary; `$1` is the viewer's user id (or null), for is_favourite; `nowParam` the placeholder of now. */
const modelColumns = (nowParam: string) => `
  m.id, m.name_en, m.description, m.country,
  (SELECT count(*) FROM video_models vm JOIN videos v ON v.id = vm.video_id WHERE vm.model_id = m.id AND v.visible)::int AS video_count,
  (SELECT count(*) FROM shoots s WHERE s.model_id = m.id AND s.published_at <= ${nowParam})::int AS shoot_count,
  EXISTS (SELECT 1 FROM favourites f WHERE f.user_id = $1::int AND f.kind = 'model' AND f.target_id = m.id) AS is_favourite`;

export const modelsRepository = {
  async count(db: Queryable): Promise<number> {
    const rows = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM models WHERE published');
    return rows[0]?.total ?? 0;
  },

  page(db: Queryable, order: ModelOrder, limit: number, offset: number, viewerId: number | null, now: Date): Promise<ModelRow[]> {
    const popular = order === 'popular' ? `, (SELECT count(*) FROM favourites f WHERE f.kind = 'model' AND f.target_id = m.id) AS favourite_count` : '';
    return db.query<ModelRow>(
      `SELECT ${modelColumns('$4')}${popular} FROM models m
        WHERE m.published
        ORDER BY ${ORDER_BY[order]}
        LIMIT $2 OFFSET $3`,
      [viewerId, limit, offset, now],
    );
  },

  /** The models among `ids` that exist, in no particular order. */
  byIds(db: Queryable, ids: number[], viewerId: number | null, now: Date): Promise<ModelRow[]> {
    return db.query<ModelRow>(`SELECT ${modelColumns('$3')} FROM models m WHERE m.id = ANY($2::int[]) AND m.published`, [viewerId, ids, now]);
  },

  /** The username of the model's first account (a user whose model_id is the model), if she has one. */
  async accountUsername(db: Queryable, modelId: number): Promise<string | null> {
    const rows = await db.query<{ username: string }>('SELECT username FROM users WHERE model_id = $1 ORDER BY id LIMIT 1', [modelId]);
    return rows[0]?.username ?? null;
  },

  /** The model's live cam (at most one): its URL name and whether it is on air (an open session; the cameras module's tables). */
  cameras(db: Queryable, modelId: number): Promise<Array<{ name: string; is_online: boolean }>> {
    return db.query<{ name: string; is_online: boolean }>(
      `SELECT c.name, EXISTS (SELECT 1 FROM camera_sessions s WHERE s.camera_id = c.id AND s.ended_at IS NULL) AS is_online
         FROM cameras c WHERE c.model_id = $1 ORDER BY c.id`,
      [modelId],
    );
  },

  async exists(db: Queryable, id: number): Promise<boolean> {
    const rows = await db.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM models WHERE id = $1 AND published) AS found', [id]);
    return rows[0]?.found ?? false;
  },

  async countVideos(db: Queryable, modelId: number): Promise<number> {
    const rows = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM video_models vm JOIN videos v ON v.id = vm.video_id WHERE vm.model_id = $1 AND v.visible', [modelId]);
    return rows[0]?.total ?? 0;
  },

  /** A page of the model's video ids, newest first. */
  async videoIds(db: Queryable, modelId: number, limit: number, offset: number): Promise<number[]> {
    const rows = await db.query<{ id: number }>(
      `SELECT v.id FROM video_models vm JOIN videos v ON v.id = vm.video_id
        WHERE vm.model_id = $1 AND v.visible
        ORDER BY v.published_at DESC, v.id DESC
        LIMIT $2 OFFSET $3`,
      [modelId, limit, offset],
    );
    return rows.map((r) => r.id);
  },
};
