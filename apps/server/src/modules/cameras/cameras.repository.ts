import type { CameraOrder, ChatMode, LiveSource } from '@velora/shared';
import type { Queryable } from '../../db/database';

// SQL of live cams (decision record 032). A camera is live while it has an open session (ended_at null), which
// includes the grace period after a dropped publisher; `soon` is decided by the service from next_show_at.

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

export interface OpenSessionRow {
  id: number;
  camera_id: number;
  source: LiveSource;
  started_at: Date | string;
  grace_until: Date | string | null;
}

export interface CameraFeedbackRow {
  id: number;
  camera_name: string;
  display_name: string;
  user_id: number;
  username: string;
  rating: number | null;
  message: string | null;
  dismissed: boolean;
  created_at: Date | string;
}

export interface MailRecipientRow {
  id: number;
  email: string;
  username: string;
  language: string;
}

/**
 * The columns of a camera; `$1` is now (next show, timestamptz) and `$2` the viewer's user id (or null, for
 * is_favourite). The open session is joined as `s`.
 */
const CAMERA_SELECT = `
  SELECT c.id, c.name, c.model_id, m.name_en AS display_name, c.title, c.description, c.chat_mode, c.price_per_minute,
         c.created_at, c.stream_key_hint, c.stream_key_created_at,
         s.id AS session_id, s.source, s.started_at AS live_since, s.grace_until, COALESCE(s.last_viewers, 0)::int AS viewers,
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

  // ---- Sessions ----

  /** Locks the camera row for the rest of the transaction: its session changes happen one at a time. */
  async lockCamera(tx: Queryable, cameraId: number): Promise<boolean> {
    const rows = await tx.query<{ id: number }>('SELECT id FROM cameras WHERE id = $1 FOR UPDATE', [cameraId]);
    return rows.length > 0;
  },

  async openSession(db: Queryable, cameraId: number): Promise<OpenSessionRow | null> {
    const rows = await db.query<OpenSessionRow>(
      'SELECT id, camera_id, source, started_at, grace_until FROM camera_sessions WHERE camera_id = $1 AND ended_at IS NULL',
      [cameraId],
    );
    return rows[0] ?? null;
  },

  async startSession(tx: Queryable, cameraId: number, source: LiveSource, at: Date): Promise<number> {
    const rows = await tx.query<{ id: number }>(
      'INSERT INTO camera_sessions (camera_id, source, started_at) VALUES ($1, $2, $3) RETURNING id',
      [cameraId, source, at],
    );
    return rows[0]!.id;
  },

  /** The publisher is back (or replaced): the session goes on, out of its grace period. */
  async resumeSession(tx: Queryable, sessionId: number, source: LiveSource): Promise<void> {
    await tx.query('UPDATE camera_sessions SET grace_until = NULL, source = $2 WHERE id = $1', [sessionId, source]);
  },

  /** Starts the grace period of the camera's open session; null when there is none or it is in grace already. */
  async startGrace(db: Queryable, cameraId: number, until: Date): Promise<{ id: number } | null> {
    const rows = await db.query<{ id: number }>(
      'UPDATE camera_sessions SET grace_until = $2 WHERE camera_id = $1 AND ended_at IS NULL AND grace_until IS NULL RETURNING id',
      [cameraId, until],
    );
    return rows[0] ?? null;
  },

  /** Ends the session with reason offline when its grace period is over; the camera id, or null when not due. */
  async endGraceIfDue(db: Queryable, sessionId: number, now: Date, reason: number): Promise<number | null> {
    const rows = await db.query<{ camera_id: number }>(
      `UPDATE camera_sessions SET ended_at = grace_until, end_reason = $3
        WHERE id = $1 AND ended_at IS NULL AND grace_until IS NOT NULL AND grace_until <= $2
        RETURNING camera_id`,
      [sessionId, now, reason],
    );
    return rows[0]?.camera_id ?? null;
  },

  /** Puts every open session not in grace into grace until `until`; their ids. */
  async graceAllOpen(db: Queryable, until: Date): Promise<number[]> {
    const rows = await db.query<{ id: number }>('UPDATE camera_sessions SET grace_until = $1 WHERE ended_at IS NULL AND grace_until IS NULL RETURNING id', [until]);
    return rows.map((r) => r.id).sort((x, y) => x - y);
  },

  async overdueGraceSessions(db: Queryable, now: Date): Promise<number[]> {
    const rows = await db.query<{ id: number }>(
      'SELECT id FROM camera_sessions WHERE ended_at IS NULL AND grace_until IS NOT NULL AND grace_until <= $1 ORDER BY id',
      [now],
    );
    return rows.map((r) => r.id);
  },

  /** Ends the camera's open session now; its id, or null when it had none. */
  async endOpenSession(db: Queryable, cameraId: number, reason: number, at: Date): Promise<number | null> {
    const rows = await db.query<{ id: number }>(
      'UPDATE camera_sessions SET ended_at = $3, end_reason = $2 WHERE camera_id = $1 AND ended_at IS NULL RETURNING id',
      [cameraId, reason, at],
    );
    return rows[0]?.id ?? null;
  },

  /** The count now, and the highest since the last write (a peak between two writes is kept). */
  async setViewers(db: Queryable, cameraId: number, viewers: number, peak: number): Promise<void> {
    await db.query(
      'UPDATE camera_sessions SET last_viewers = $2, peak_viewers = GREATEST(peak_viewers, $3) WHERE camera_id = $1 AND ended_at IS NULL',
      [cameraId, viewers, Math.max(viewers, peak)],
    );
  },

  async sessionById(db: Queryable, sessionId: number): Promise<{ id: number; camera_id: number; ended_at: Date | string | null; end_reason: number | null } | null> {
    const rows = await db.query<{ id: number; camera_id: number; ended_at: Date | string | null; end_reason: number | null }>(
      'SELECT id, camera_id, ended_at, end_reason FROM camera_sessions WHERE id = $1',
      [sessionId],
    );
    return rows[0] ?? null;
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

  // ---- Go-live mails ----

  /** Who favourited the camera, wants its mails and had none from it since `since` (the model's own accounts left out). */
  mailRecipients(db: Queryable, cameraId: number, since: Date): Promise<MailRecipientRow[]> {
    return db.query<MailRecipientRow>(
      `SELECT u.id, u.email, u.username, u.language
         FROM favourites f
         JOIN users u ON u.id = f.user_id
         JOIN cameras c ON c.id = f.target_id
        WHERE f.kind = 'camera' AND f.target_id = $1
          AND u.camera_mail_notification AND u.mails_unsubscribed_at IS NULL
          AND u.model_id IS DISTINCT FROM c.model_id
          AND NOT EXISTS (SELECT 1 FROM camera_mail_sends ms WHERE ms.user_id = u.id AND ms.camera_id = $1 AND ms.sent_at > $2)
        ORDER BY u.id`,
      [cameraId, since],
    );
  },

  /** Records a mail to the member about the camera unless one went out after `since`; whether this one may go. */
  async claimMail(db: Queryable, userId: number, cameraId: number, at: Date, since: Date): Promise<boolean> {
    const rows = await db.query<{ user_id: number }>(
      `INSERT INTO camera_mail_sends (user_id, camera_id, sent_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, camera_id) DO UPDATE SET sent_at = EXCLUDED.sent_at WHERE camera_mail_sends.sent_at <= $4
       RETURNING user_id`,
      [userId, cameraId, at, since],
    );
    return rows.length > 0;
  },

  async mailUser(db: Queryable, userId: number): Promise<{ id: number; email: string } | null> {
    const rows = await db.query<{ id: number; email: string }>('SELECT id, email FROM users WHERE id = $1', [userId]);
    return rows[0] ?? null;
  },

  async stopCameraMails(db: Queryable, userId: number): Promise<void> {
    await db.query('UPDATE users SET camera_mail_notification = false WHERE id = $1', [userId]);
  },

  /** Whether the member gave feedback on (or dismissed the question about) the camera after `since`. */
  async feedbackSince(db: Queryable, userId: number, cameraId: number, since: Date): Promise<boolean> {
    const rows = await db.query<{ one: number }>(
      'SELECT 1 AS one FROM camera_feedback WHERE user_id = $1 AND camera_id = $2 AND created_at > $3 LIMIT 1',
      [userId, cameraId, since],
    );
    return rows.length > 0;
  },

  /** Stores a rating (with its comment) or a dismissal, tied to the camera's latest session started by `at`. */
  async addFeedback(
    db: Queryable,
    feedback: { cameraId: number; userId: number; rating: number | null; message: string | null; at: Date },
  ): Promise<void> {
    await db.query(
      `INSERT INTO camera_feedback (camera_id, session_id, user_id, dismissed, rating, message, created_at)
       VALUES ($1, (SELECT id FROM camera_sessions WHERE camera_id = $1 AND started_at <= $5 ORDER BY started_at DESC, id DESC LIMIT 1),
               $2, $3::integer IS NULL, $3, $4, $5)`,
      [feedback.cameraId, feedback.userId, feedback.rating, feedback.message, feedback.at],
    );
  },

  /** The team's view: a page of answers, newest first (ties by id), optionally only the rated ones. */
  feedbackPage(db: Queryable, filter: { rated: boolean }, limit: number, offset: number): Promise<CameraFeedbackRow[]> {
    return db.query<CameraFeedbackRow>(
      `SELECT f.id, c.name AS camera_name, m.name_en AS display_name, f.user_id, u.username, f.rating, f.message, f.dismissed, f.created_at
         FROM camera_feedback f
         JOIN cameras c ON c.id = f.camera_id
         JOIN models m ON m.id = c.model_id
         JOIN users u ON u.id = f.user_id
        WHERE ($1::boolean IS FALSE OR f.rating IS NOT NULL)
        ORDER BY f.created_at DESC, f.id DESC
        LIMIT $2 OFFSET $3`,
      [filter.rated, limit, offset],
    );
  },

  /** How many answers the filter keeps, and the mean of all ratings (whatever the filter). */
  async feedbackTotals(db: Queryable, filter: { rated: boolean }): Promise<{ total: number; average: number | null }> {
    const rows = await db.query<{ total: number | string; average: number | string | null }>(
      `SELECT count(*) FILTER (WHERE $1::boolean IS FALSE OR rating IS NOT NULL) AS total, avg(rating)::float8 AS average
         FROM camera_feedback`,
      [filter.rated],
    );
    const row = rows[0]!;
    return { total: Number(row.total), average: row.average === null ? null : Number(row.average) };
  },
};
