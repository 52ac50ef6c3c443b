import type { PlaydateKind, PlaydateStatus } from '@velora/shared';
import type { Queryable } from '../../db/database';

// SQL of playdates (decision record 040): their rows, views and lists, the locks of a booking, reminders. The status
// changes are playdate-steps.repository.ts; a model's offer and the team's limits playdate-settings.repository.ts.

export interface PlaydateRow {
  id: number;
  kind: PlaydateKind;
  status: PlaydateStatus;
  title: string;
  model_id: number;
  member_id: number | null;
  starts_at: Date | null;
  duration_minutes: number;
  price_per_minute: number | null;
  coins: number;
  message: string | null;
  decline_reason: string | null;
  expires_at: Date | null;
  started_at: Date | null;
  ended_at: Date | null;
  extensions: number;
  model_joined_at: Date | null;
  image_variant: number;
  created_at: Date;
  updated_at: Date;
}

/** A row with what every view of it needs: the model's name and camera, the member's name and avatar. */
export interface PlaydateViewRow extends PlaydateRow {
  model_name: string;
  camera_id: number | null;
  camera_name: string | null;
  camera_live: boolean;
  model_user_ids: number[];
  member_name: string | null;
  member_avatar: number | null;
}

export interface BusyInterval {
  id: number;
  starts_at: Date;
  ends_at: Date;
}

export const PLAYDATE_COLUMNS = `p.id, p.kind, p.status, p.title, p.model_id, p.member_id, p.starts_at, p.duration_minutes, p.price_per_minute,
  p.coins, p.message, p.decline_reason, p.expires_at, p.started_at, p.ended_at, p.extensions, p.model_joined_at,
  p.image_variant, p.created_at, p.updated_at`;

const VIEW = `SELECT ${PLAYDATE_COLUMNS}, m.name_en AS model_name, c.id AS camera_id, c.name AS camera_name,
    EXISTS (SELECT 1 FROM camera_sessions s WHERE s.camera_id = c.id AND s.ended_at IS NULL) AS camera_live,
    COALESCE((SELECT array_agg(u.id ORDER BY u.id) FROM users u WHERE u.model_id = p.model_id), '{}') AS model_user_ids,
    COALESCE(NULLIF(mu.chatname, ''), mu.username) AS member_name, mu.avatar AS member_avatar
  FROM playdates p
  JOIN models m ON m.id = p.model_id
  LEFT JOIN cameras c ON c.model_id = p.model_id
  LEFT JOIN users mu ON mu.id = p.member_id`;

const ACTIVE = `('requested', 'scheduled', 'live')`;

/** Numbers as numbers: bigint sums and integer arrays may come back as strings. */
export const fixPlaydateRow = <T extends PlaydateRow>(row: T): T => ({
  ...row,
  coins: Number(row.coins),
  ...('model_user_ids' in row ? { model_user_ids: ((row as unknown as PlaydateViewRow).model_user_ids ?? []).map(Number) } : {}),
});

async function viewsWhere(db: Queryable, where: string, params: unknown[], orderLimit: string): Promise<PlaydateViewRow[]> {
  const rows = await db.query<PlaydateViewRow>(`${VIEW} WHERE ${where} ${orderLimit}`, params);
  return rows.map(fixPlaydateRow);
}

async function firstView(db: Queryable, where: string, params: unknown[], order: string): Promise<PlaydateViewRow | null> {
  return (await viewsWhere(db, where, params, `${order} LIMIT 1`))[0] ?? null;
}

export const playdatesRepository = {
  async view(db: Queryable, id: number): Promise<PlaydateViewRow | null> {
    const rows = await db.query<PlaydateViewRow>(`${VIEW} WHERE p.id = $1`, [id]);
    return rows[0] ? fixPlaydateRow(rows[0]) : null;
  },

  // ---- Lists ----

  /** A member's private playdates still to come (requested, scheduled, live), the ones without a start first. */
  memberActive: (db: Queryable, memberId: number) =>
    viewsWhere(db, `p.member_id = $1 AND p.kind = 'private' AND p.status IN ('requested', 'scheduled', 'live')`, [memberId], 'ORDER BY p.starts_at NULLS FIRST, p.id'),

  /** A member's last 20 private playdates that are over, the last changed first. */
  memberPast: (db: Queryable, memberId: number) =>
    viewsWhere(db, `p.member_id = $1 AND p.kind = 'private' AND p.status NOT IN ('requested', 'scheduled', 'live')`, [memberId], 'ORDER BY p.updated_at DESC, p.id DESC LIMIT 20'),

  /** Public shows to come (at most 50), live ones first. */
  publicUpcoming: (db: Queryable) =>
    viewsWhere(db, `p.kind = 'public' AND p.status IN ('scheduled', 'live')`, [], `ORDER BY (p.status = 'live') DESC, p.starts_at, p.id LIMIT 50`),

  /** Public shows finished since `since` (at most `max`), the newest first. */
  publicFinishedSince: (db: Queryable, since: Date, max: number) =>
    viewsWhere(db, `p.kind = 'public' AND p.status = 'finished' AND p.ended_at >= $1`, [since, max], 'ORDER BY p.ended_at DESC, p.id DESC LIMIT $2'),

  /** Her public show to come that is live or starts soonest. */
  closestPublic: (db: Queryable, modelId: number) =>
    firstView(db, `p.model_id = $1 AND p.kind = 'public' AND p.status IN ('scheduled', 'live')`, [modelId], `ORDER BY (p.status = 'live') DESC, p.starts_at`),

  /** The member's private playdate with her to come that is live or starts soonest. */
  closestPrivate: (db: Queryable, modelId: number, memberId: number) =>
    firstView(
      db,
      `p.model_id = $1 AND p.member_id = $2 AND p.kind = 'private' AND p.status IN ('scheduled', 'live')`,
      [modelId, memberId],
      `ORDER BY (p.status = 'live') DESC, p.starts_at`,
    ),

  /** The member's request waiting for her. */
  pendingRequest: (db: Queryable, modelId: number, memberId: number) =>
    firstView(db, `p.model_id = $1 AND p.member_id = $2 AND p.status = 'requested'`, [modelId, memberId], 'ORDER BY p.id'),

  /** Requests waiting for her answer, the soonest expiry first. */
  studioRequests: (db: Queryable, modelId: number) => viewsWhere(db, `p.model_id = $1 AND p.status = 'requested'`, [modelId], 'ORDER BY p.expires_at, p.id'),

  /** Her scheduled and live playdates, the soonest first. */
  studioUpcoming: (db: Queryable, modelId: number) => viewsWhere(db, `p.model_id = $1 AND p.status IN ('scheduled', 'live')`, [modelId], 'ORDER BY p.starts_at, p.id'),

  /** Her last 20 playdates that are over, the last changed first. */
  studioRecent: (db: Queryable, modelId: number) =>
    viewsWhere(db, `p.model_id = $1 AND p.status NOT IN ('requested', 'scheduled', 'live')`, [modelId], 'ORDER BY p.updated_at DESC, p.id DESC LIMIT 20'),

  // ---- Her name and account ----

  async modelName(db: Queryable, modelId: number): Promise<string | null> {
    return (await db.query<{ name_en: string }>('SELECT name_en FROM models WHERE id = $1', [modelId]))[0]?.name_en ?? null;
  },

  /** Her first user account (her chat messages' author); null for a model without one. */
  async modelUserId(db: Queryable, modelId: number): Promise<number | null> {
    const row = (await db.query<{ id: number }>('SELECT id FROM users WHERE model_id = $1 ORDER BY id LIMIT 1', [modelId]))[0];
    return row ? Number(row.id) : null;
  },

  /**
   * Takes the model's row lock: requests and schedules of one model queue here, so an overlap check cannot race. NO KEY
   * UPDATE, not UPDATE: the ledger's foreign keys to her row (a tip, a release) take KEY SHARE, which must not queue
   * behind it while holding a lock this transaction waits for (decision record 063).
   */
  async lockModel(tx: Queryable, modelId: number): Promise<boolean> {
    const rows = await tx.query('SELECT id FROM models WHERE id = $1 FOR NO KEY UPDATE', [modelId]);
    return rows.length > 0;
  },

  /**
   * Takes the playdate's row lock and answers its status; null when there is none. Every status change takes it first,
   * before her row and the ledger's accounts: one lock order, so changes of one playdate queue instead of deadlocking.
   */
  async lockStatus(tx: Queryable, id: number): Promise<PlaydateStatus | null> {
    const rows = await tx.query<{ status: PlaydateStatus }>('SELECT status FROM playdates WHERE id = $1 FOR NO KEY UPDATE', [id]);
    return rows[0]?.status ?? null;
  },

  /** Her playdates that still hold her time and have a start, overlapping [from, to). */
  async busy(db: Queryable, modelId: number, from: Date, to: Date, exceptId: number | null = null): Promise<BusyInterval[]> {
    return db.query<BusyInterval>(
      `SELECT id, starts_at, starts_at + make_interval(mins => duration_minutes) AS ends_at FROM playdates
        WHERE model_id = $1 AND status IN ${ACTIVE} AND starts_at IS NOT NULL
          AND starts_at < $3 AND starts_at + make_interval(mins => duration_minutes) > $2 AND ($4::int IS NULL OR id <> $4)
        ORDER BY starts_at`,
      [modelId, from, to, exceptId],
    );
  },

  /** A waiting request "as soon as possible" for her (it claims her now until she answers). */
  async pendingAsap(db: Queryable, modelId: number): Promise<number | null> {
    const rows = await db.query<{ id: number }>(`SELECT id FROM playdates WHERE model_id = $1 AND status = 'requested' AND starts_at IS NULL LIMIT 1`, [modelId]);
    return rows[0]?.id ?? null;
  },

  async pendingOf(db: Queryable, memberId: number, modelId: number): Promise<number | null> {
    const rows = await db.query<{ id: number }>(`SELECT id FROM playdates WHERE member_id = $1 AND model_id = $2 AND status = 'requested'`, [memberId, modelId]);
    return rows[0]?.id ?? null;
  },

  async insert(
    tx: Queryable,
    p: {
      kind: PlaydateKind;
      status: PlaydateStatus;
      modelId: number;
      memberId: number | null;
      title: string;
      startsAt: Date | null;
      durationMinutes: number;
      pricePerMinute: number | null;
      coins: number;
      message: string | null;
      expiresAt: Date | null;
      imageVariant: number;
      at: Date;
    },
  ): Promise<PlaydateRow> {
    const rows = await tx.query<PlaydateRow>(
      `INSERT INTO playdates (kind, status, model_id, member_id, title, starts_at, duration_minutes, price_per_minute, coins, message,
                              expires_at, image_variant, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)
       RETURNING ${PLAYDATE_COLUMNS.replace(/p\./g, '')}`,
      [p.kind, p.status, p.modelId, p.memberId, p.title, p.startsAt, p.durationMinutes, p.pricePerMinute, p.coins, p.message, p.expiresAt, p.imageVariant, p.at],
    );
    return fixPlaydateRow(rows[0]!);
  },

  async markModelJoined(db: Queryable, id: number, at: Date): Promise<boolean> {
    const rows = await db.query(`UPDATE playdates SET model_joined_at = $2 WHERE id = $1 AND status = 'live' AND model_joined_at IS NULL RETURNING id`, [id, at]);
    return rows.length > 0;
  },

  // ---- Reminders ----

  async remind(db: Queryable, playdateId: number, userId: number, at: Date): Promise<void> {
    await db.query('INSERT INTO playdate_reminders (playdate_id, user_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [playdateId, userId, at]);
  },

  async unremind(db: Queryable, playdateId: number, userId: number): Promise<void> {
    await db.query('DELETE FROM playdate_reminders WHERE playdate_id = $1 AND user_id = $2', [playdateId, userId]);
  },

  async hasReminder(db: Queryable, playdateId: number, userId: number): Promise<boolean> {
    return (await db.query('SELECT 1 FROM playdate_reminders WHERE playdate_id = $1 AND user_id = $2', [playdateId, userId])).length > 0;
  },

  /** Claims the reminders not sent yet (once: reminded_at is set in the same statement). */
  async claimReminders(db: Queryable, playdateId: number, at: Date): Promise<Array<{ user_id: number; email: string | null; username: string; language: string; mail: boolean }>> {
    return db.query(
      `WITH claimed AS (
         UPDATE playdate_reminders SET reminded_at = $2 WHERE playdate_id = $1 AND reminded_at IS NULL RETURNING user_id
       )
       SELECT u.id AS user_id, u.email, u.username, u.language, COALESCE(u.playdate_notification, false) AS mail
         FROM claimed c JOIN users u ON u.id = c.user_id ORDER BY u.id`,
      [playdateId, at],
    );
  },

  /** Where and how a member is mailed: his address, name, language and whether he wants playdate mails. */
  async mailContact(db: Queryable, userId: number): Promise<{ email: string | null; username: string; language: string; mail: boolean } | null> {
    const rows = await db.query<{ email: string | null; username: string; language: string; mail: boolean }>(
      'SELECT email, username, language, COALESCE(playdate_notification, false) AS mail FROM users WHERE id = $1',
      [userId],
    );
    return rows[0] ?? null;
  },
};
