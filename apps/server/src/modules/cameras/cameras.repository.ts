import type { CameraOrder, ChatMode, LiveSource } from '@velora/shared';
import type { Queryable } from '../../db/database';

// SQL of live cams (decision record 032): cameras, their tags and planned shows. A camera is live while it has an open
// session (ended_at null), which includes the grace period after a dropped publisher; `soon` is decided by the service
// from next_show_at. Sessions, mails and feedback have repositories of their own beside this one.

export interface CameraRow {
  id: number;
  name: string;
  model_id: number;
  display_name: string;
  title: string;
  description: string;
  chat_mode: ChatMode;
  price_per_minute: number | null;
  created_at: Date | string;
  stream_key_hint: string | null;
  stream_key_created_at: Date | string | null;
  session_id: number | null;
  source: LiveSource | null;
  live_since: Date | string | null;
  grace_until: Date | string | null;
  off_air_since: Date | string | null;
  off_air_seconds: number;
  viewers: number;
  next_show_at: Date | string | null;
  is_favourite: boolean;
}

export interface CameraTagRow {
  id: number;
  name_en: string;
  name_de: string;
  name_fr: string;
}

export interface CameraShowRow {
  id: number;
  starts_at: Date | string;
  ends_at: Date | string;
}

/**
 * The columns of a camera; `$1` is now (next show, timestamptz) and `$2` the viewer's user id (or null, for
 * is_favourite). The open session is joined as `s`.
 */
const CAMERA_SELECT = `
  SELECT c.id, c.name, c.model_id, m.name_en AS display_name, c.title, c.description, c.chat_mode, c.price_per_minute,
         c.created_at, c.stream_key_hint, c.stream_key_created_at,
         s.id AS session_id, s.source, s.started_at AS live_since, s.grace_until, s.off_air_since,
         COALESCE(s.off_air_seconds, 0)::int AS off_air_seconds, COALESCE(s.last_viewers, 0)::int AS viewers,
         (SELECT min(sh.starts_at) FROM camera_shows sh WHERE sh.camera_id = c.id AND sh.ends_at > $1::timestamptz) AS next_show_at,
         EXISTS (SELECT 1 FROM favourites f WHERE f.user_id = $2::int AND f.kind = 'camera' AND f.target_id = c.id) AS is_favourite,
         (SELECT count(*) FROM favourites f WHERE f.kind = 'camera' AND f.target_id = c.id)::int AS favourite_count
    FROM cameras c
    JOIN models m ON m.id = c.model_id
    LEFT JOIN camera_sessions s ON s.camera_id = c.id AND s.ended_at IS NULL`;

// Within each state group; the id breaks ties so that paging is stable.
const ORDER_BY: Record<CameraOrder, string> = {
  popular: 'x.viewers DESC, x.favourite_count DESC, x.id ASC',
  free_chat: "(x.chat_mode = 'paid') ASC, COALESCE(x.price_per_minute, 0) ASC, x.viewers DESC, x.id ASC",
  newest: 'x.created_at DESC, x.id DESC',
  price: 'COALESCE(x.price_per_minute, 0) ASC, lower(x.display_name) ASC, x.id ASC',
  name: 'lower(x.display_name) ASC, x.name ASC, x.id ASC',
};

/** Every tag in `tagIds` (AND); parameters from `first` on. */
function tagConditions(tagIds: number[], first: number): string {
  return tagIds.map((_, i) => `AND EXISTS (SELECT 1 FROM camera_tag_links l WHERE l.camera_id = c.id AND l.tag_id = $${first + i}::int)`).join(' ');
}

export const camerasRepository = {
  async counts(db: Queryable, tagIds: number[]): Promise<{ total: number; live_total: number }> {
    const rows = await db.query<{ total: number; live_total: number }>(
      `SELECT count(*)::int AS total, count(s.id)::int AS live_total
         FROM cameras c LEFT JOIN camera_sessions s ON s.camera_id = c.id AND s.ended_at IS NULL
        WHERE true ${tagConditions(tagIds, 1)}`,
      tagIds,
    );
    return rows[0] ?? { total: 0, live_total: 0 };
  },

  /** Live first, then soon (a show ends after now and starts before `soonUntil`), then offline; within each by `order`. */
  page(
    db: Queryable,
    args: { now: Date; soonUntil: Date; viewerId: number | null; tagIds: number[]; order: CameraOrder; limit: number; offset: number },
  ): Promise<CameraRow[]> {
    const params: unknown[] = [args.now, args.viewerId, args.soonUntil, args.limit, args.offset, ...args.tagIds];
    return db.query<CameraRow>(
      `SELECT x.* FROM (${CAMERA_SELECT} WHERE true ${tagConditions(args.tagIds, 6)}) x
        ORDER BY CASE WHEN x.session_id IS NOT NULL THEN 0 WHEN x.next_show_at <= $3::timestamptz THEN 1 ELSE 2 END,
                 ${ORDER_BY[args.order]}
        LIMIT $4 OFFSET $5`,
      params,
    );
  },

  byIds(db: Queryable, ids: number[], now: Date, viewerId: number | null): Promise<CameraRow[]> {
    return db.query<CameraRow>(`${CAMERA_SELECT} WHERE c.id = ANY($3::int[])`, [now, viewerId, ids]);
  },

  async byName(db: Queryable, name: string, now: Date, viewerId: number | null): Promise<CameraRow | null> {
    const rows = await db.query<CameraRow>(`${CAMERA_SELECT} WHERE c.name = $3`, [now, viewerId, name]);
    return rows[0] ?? null;
  },

  async byModel(db: Queryable, modelId: number, now: Date, viewerId: number | null): Promise<CameraRow | null> {
    const rows = await db.query<CameraRow>(`${CAMERA_SELECT} WHERE c.model_id = $3`, [now, viewerId, modelId]);
    return rows[0] ?? null;
  },

  async exists(db: Queryable, id: number): Promise<boolean> {
    const rows = await db.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM cameras WHERE id = $1) AS found', [id]);
    return rows[0]?.found ?? false;
  },

  /** What decides who may watch a camera's video (live-access.ts): her model, the chat mode, whether it is on air. */
  async watchFacts(db: Queryable, cameraId: number): Promise<{ id: number; model_id: number; chat_mode: ChatMode; live: boolean } | null> {
    const rows = await db.query<{ id: number; model_id: number; chat_mode: ChatMode; live: boolean }>(
      `SELECT c.id, c.model_id, c.chat_mode, EXISTS (SELECT 1 FROM camera_sessions s WHERE s.camera_id = c.id AND s.ended_at IS NULL) AS live
         FROM cameras c WHERE c.id = $1`,
      [cameraId],
    );
    return rows[0] ?? null;
  },

  /** The accounts among `userIds` with their model and roles (who may watch live video); gone accounts are left out. */
  watcherFacts(db: Queryable, userIds: number[]): Promise<Array<{ id: number; model_id: number | null; roles: string[] }>> {
    return db.query(
      `SELECT u.id, u.model_id, COALESCE((SELECT array_agg(r.role) FROM user_roles r WHERE r.user_id = u.id), ARRAY[]::text[]) AS roles
         FROM users u WHERE u.id = ANY($1::int[])`,
      [userIds],
    );
  },

  async modelName(db: Queryable, modelId: number): Promise<string | null> {
    const rows = await db.query<{ name_en: string }>('SELECT name_en FROM models WHERE id = $1', [modelId]);
    return rows[0]?.name_en ?? null;
  },

  async nameTaken(db: Queryable, name: string): Promise<boolean> {
    const rows = await db.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM cameras WHERE name = $1) AS found', [name]);
    return rows[0]?.found ?? false;
  },

  /** A new camera, or null when the model has one already or the name is taken (a concurrent first call). */
  async insert(db: Queryable, camera: { modelId: number; name: string; title: string; at: Date }): Promise<number | null> {
    const rows = await db.query<{ id: number }>(
      `INSERT INTO cameras (model_id, name, title, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING id`,
      [camera.modelId, camera.name, camera.title, camera.at],
    );
    return rows[0]?.id ?? null;
  },

  async updateSettings(db: Queryable, cameraId: number, settings: { title: string; chatMode: ChatMode; pricePerMinute: number | null }): Promise<void> {
    await db.query('UPDATE cameras SET title = $2, chat_mode = $3, price_per_minute = $4 WHERE id = $1', [
      cameraId,
      settings.title,
      settings.chatMode,
      settings.pricePerMinute,
    ]);
  },

  async setTags(db: Queryable, cameraId: number, tagIds: number[]): Promise<void> {
    await db.query('DELETE FROM camera_tag_links WHERE camera_id = $1', [cameraId]);
    if (tagIds.length > 0) {
      await db.query('INSERT INTO camera_tag_links (camera_id, tag_id) SELECT $1, unnest($2::int[])', [cameraId, tagIds]);
    }
  },

  async setStreamKey(db: Queryable, cameraId: number, key: { hash: string; hint: string; at: Date }): Promise<void> {
    await db.query('UPDATE cameras SET stream_key_hash = $2, stream_key_hint = $3, stream_key_created_at = $4 WHERE id = $1', [
      cameraId,
      key.hash,
      key.hint,
      key.at,
    ]);
  },

  async byStreamKeyHash(db: Queryable, hash: string): Promise<number | null> {
    const rows = await db.query<{ id: number }>('SELECT id FROM cameras WHERE stream_key_hash = $1', [hash]);
    return rows[0]?.id ?? null;
  },

  // ---- Tags ----

  allTags(db: Queryable): Promise<CameraTagRow[]> {
    return db.query<CameraTagRow>('SELECT id, name_en, name_de, name_fr FROM camera_tags ORDER BY lower(name_en), id');
  },

  async existingTagIds(db: Queryable, ids: number[]): Promise<number[]> {
    const rows = await db.query<{ id: number }>('SELECT id FROM camera_tags WHERE id = ANY($1::int[])', [ids]);
    return rows.map((r) => r.id);
  },

  tagsOf(db: Queryable, cameraIds: number[]): Promise<Array<CameraTagRow & { camera_id: number }>> {
    return db.query(
      `SELECT l.camera_id, t.id, t.name_en, t.name_de, t.name_fr
         FROM camera_tag_links l JOIN camera_tags t ON t.id = l.tag_id
        WHERE l.camera_id = ANY($1::int[])
        ORDER BY lower(t.name_en), t.id`,
      [cameraIds],
    );
  },

  // ---- Locks ----

  /** Locks the camera row for the rest of the transaction: its session changes happen one at a time. */
  async lockCamera(tx: Queryable, cameraId: number): Promise<boolean> {
    const rows = await tx.query<{ id: number }>('SELECT id FROM cameras WHERE id = $1 FOR UPDATE', [cameraId]);
    return rows.length > 0;
  },

  // ---- Shows ----

  upcomingShows(db: Queryable, cameraId: number, now: Date, limit: number): Promise<CameraShowRow[]> {
    return db.query<CameraShowRow>(
      'SELECT id, starts_at, ends_at FROM camera_shows WHERE camera_id = $1 AND ends_at > $2 ORDER BY starts_at, id LIMIT $3',
      [cameraId, now, limit],
    );
  },

  async countUpcomingShows(db: Queryable, cameraId: number, now: Date): Promise<number> {
    const rows = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM camera_shows WHERE camera_id = $1 AND ends_at > $2', [
      cameraId,
      now,
    ]);
    return rows[0]?.total ?? 0;
  },

  async overlappingShow(db: Queryable, cameraId: number, startsAt: Date, endsAt: Date): Promise<CameraShowRow | null> {
    const rows = await db.query<CameraShowRow>(
      'SELECT id, starts_at, ends_at FROM camera_shows WHERE camera_id = $1 AND starts_at < $3 AND ends_at > $2 ORDER BY starts_at LIMIT 1',
      [cameraId, startsAt, endsAt],
    );
    return rows[0] ?? null;
  },

  async insertShow(db: Queryable, cameraId: number, startsAt: Date, endsAt: Date): Promise<number> {
    const rows = await db.query<{ id: number }>('INSERT INTO camera_shows (camera_id, starts_at, ends_at) VALUES ($1, $2, $3) RETURNING id', [
      cameraId,
      startsAt,
      endsAt,
    ]);
    return rows[0]!.id;
  },

  async deleteShow(db: Queryable, cameraId: number, showId: number): Promise<boolean> {
    const rows = await db.query<{ id: number }>('DELETE FROM camera_shows WHERE id = $1 AND camera_id = $2 RETURNING id', [showId, cameraId]);
    return rows.length > 0;
  },
};
