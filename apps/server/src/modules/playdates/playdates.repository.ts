import { DEFAULT_PLAYDATE_LIMITS, PlaydateLimits, type PlaydateKind, type PlaydateStatus } from '@velora/shared';
import type { Queryable } from '../../db/database';

// SQL of playdates (decision record 040). Every status change is one conditional UPDATE … WHERE status = … RETURNING,
// so two instances, a repeated job and the sweep perform a step once: whoever's UPDATE returns the row does the rest
// (the money) in the same transaction.

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

export interface SettingsRow {
  model_id: number;
  private_enabled: boolean;
  price_per_minute: number;
  durations: number[];
  hours_days: number[];
  hours_from_minute: number;
  hours_to_minute: number;
  time_zone: string;
}

export interface BusyInterval {
  id: number;
  starts_at: Date;
  ends_at: Date;
}

const COLUMNS = `p.id, p.kind, p.status, p.title, p.model_id, p.member_id, p.starts_at, p.duration_minutes, p.price_per_minute,
  p.coins, p.message, p.decline_reason, p.expires_at, p.started_at, p.ended_at, p.extensions, p.model_joined_at,
  p.image_variant, p.created_at, p.updated_at`;

const VIEW = `SELECT ${COLUMNS}, m.name_en AS model_name, c.id AS camera_id, c.name AS camera_name,
    EXISTS (SELECT 1 FROM camera_sessions s WHERE s.camera_id = c.id AND s.ended_at IS NULL) AS camera_live,
    COALESCE((SELECT array_agg(u.id ORDER BY u.id) FROM users u WHERE u.model_id = p.model_id), '{}') AS model_user_ids,
    COALESCE(NULLIF(mu.chatname, ''), mu.username) AS member_name, mu.avatar AS member_avatar
  FROM playdates p
  JOIN models m ON m.id = p.model_id
  LEFT JOIN cameras c ON c.model_id = p.model_id
  LEFT JOIN users mu ON mu.id = p.member_id`;

const ACTIVE = `('requested', 'scheduled', 'live')`;

const fix = <T extends PlaydateRow>(row: T): T => ({
  ...row,
  coins: Number(row.coins),
  ...('model_user_ids' in row ? { model_user_ids: ((row as unknown as PlaydateViewRow).model_user_ids ?? []).map(Number) } : {}),
});

export const playdatesRepository = {
  async view(db: Queryable, id: number): Promise<PlaydateViewRow | null> {
    const rows = await db.query<PlaydateViewRow>(`${VIEW} WHERE p.id = $1`, [id]);
    return rows[0] ? fix(rows[0]) : null;
  },

  async views(db: Queryable, where: string, params: unknown[], orderLimit: string): Promise<PlaydateViewRow[]> {
    const rows = await db.query<PlaydateViewRow>(`${VIEW} WHERE ${where} ${orderLimit}`, params);
    return rows.map(fix);
  },

  /** Takes the model's row lock: requests and schedules of one model queue here, so an overlap check cannot race. */
  async lockModel(tx: Queryable, modelId: number): Promise<boolean> {
    const rows = await tx.query('SELECT id FROM models WHERE id = $1 FOR UPDATE', [modelId]);
    return rows.length > 0;
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
       RETURNING ${COLUMNS.replace(/p\./g, '')}`,
      [p.kind, p.status, p.modelId, p.memberId, p.title, p.startsAt, p.durationMinutes, p.pricePerMinute, p.coins, p.message, p.expiresAt, p.imageVariant, p.at],
    );
    return fix(rows[0]!);
  },

  /** The one way a status changes: only from `from`, with `set` (SQL assignments over $1 id, $2 now, then `params`). */
  async transition(
    tx: Queryable,
    id: number,
    from: readonly PlaydateStatus[],
    to: PlaydateStatus,
    at: Date,
    extra: { set?: string; where?: string; params?: unknown[] } = {},
  ): Promise<PlaydateRow | null> {
    const rows = await tx.query<PlaydateRow>(
      `UPDATE playdates p SET status = '${to}', updated_at = $2${extra.set ? `, ${extra.set}` : ''}
        WHERE p.id = $1 AND p.status = ANY($3::text[])${extra.where ? ` AND (${extra.where})` : ''}
        RETURNING ${COLUMNS}`,
      [id, at, [...from], ...(extra.params ?? [])],
    );
    return rows[0] ? fix(rows[0]) : null;
  },

  async markModelJoined(db: Queryable, id: number, at: Date): Promise<boolean> {
    const rows = await db.query(`UPDATE playdates SET model_joined_at = $2 WHERE id = $1 AND status = 'live' AND model_joined_at IS NULL RETURNING id`, [id, at]);
    return rows.length > 0;
  },

  // ---- What is due (the sweep) ----

  async dueIds(db: Queryable, at: Date, graceMinutes: number, reminderMinutes: number): Promise<{ expire: number[]; start: number[]; missed: number[]; end: number[]; remind: number[] }> {
    const ids = async (sql: string, params: unknown[]) => (await db.query<{ id: number }>(sql, params)).map((r) => Number(r.id));
    const [expire, start, missed, end, remind] = await Promise.all([
      ids(`SELECT id FROM playdates WHERE status = 'requested' AND expires_at <= $1 ORDER BY id LIMIT 500`, [at]),
      ids(`SELECT id FROM playdates WHERE status = 'scheduled' AND starts_at <= $1 ORDER BY id LIMIT 500`, [at]),
      ids(
        `SELECT id FROM playdates WHERE status = 'live' AND kind = 'private' AND model_joined_at IS NULL
            AND started_at + make_interval(mins => $2::int) <= $1 ORDER BY id LIMIT 500`,
        [at, graceMinutes],
      ),
      ids(`SELECT id FROM playdates WHERE status = 'live' AND starts_at + make_interval(mins => duration_minutes) <= $1 ORDER BY id LIMIT 500`, [at]),
      ids(
        `SELECT DISTINCT p.id FROM playdates p JOIN playdate_reminders r ON r.playdate_id = p.id
          WHERE p.status IN ('scheduled', 'live') AND r.reminded_at IS NULL AND p.starts_at - make_interval(mins => $2::int) <= $1
            AND p.starts_at + make_interval(mins => p.duration_minutes) > $1 ORDER BY p.id LIMIT 500`,
        [at, reminderMinutes],
      ),
    ]);
    return { expire, start, missed, end, remind };
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

  // ---- Settings and limits ----

  async settings(db: Queryable, modelId: number): Promise<SettingsRow | null> {
    const rows = await db.query<SettingsRow>('SELECT * FROM playdate_settings WHERE model_id = $1', [modelId]);
    return rows[0] ?? null;
  },

  async saveSettings(db: Queryable, s: SettingsRow, at: Date): Promise<void> {
    await db.query(
      `INSERT INTO playdate_settings (model_id, private_enabled, price_per_minute, durations, hours_days, hours_from_minute, hours_to_minute, time_zone, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (model_id) DO UPDATE SET private_enabled = EXCLUDED.private_enabled, price_per_minute = EXCLUDED.price_per_minute,
         durations = EXCLUDED.durations, hours_days = EXCLUDED.hours_days, hours_from_minute = EXCLUDED.hours_from_minute,
         hours_to_minute = EXCLUDED.hours_to_minute, time_zone = EXCLUDED.time_zone, updated_at = EXCLUDED.updated_at`,
      [s.model_id, s.private_enabled, s.price_per_minute, s.durations, s.hours_days, s.hours_from_minute, s.hours_to_minute, s.time_zone, at],
    );
  },

  /** Models taking requests (private_enabled, with a camera), live ones first. */
  async offering(db: Queryable, limit: number, offset: number): Promise<{ total: number; rows: Array<SettingsRow & { camera_id: number; camera_name: string; model_name: string; live: boolean }> }> {
    const from = `FROM playdate_settings s JOIN cameras c ON c.model_id = s.model_id JOIN models m ON m.id = s.model_id WHERE s.private_enabled`;
    const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total ${from}`);
    const rows = await db.query<SettingsRow & { camera_id: number; camera_name: string; model_name: string; live: boolean }>(
      `SELECT s.*, c.id AS camera_id, c.name AS camera_name, m.name_en AS model_name,
              EXISTS (SELECT 1 FROM camera_sessions cs WHERE cs.camera_id = c.id AND cs.ended_at IS NULL) AS live
         ${from} ORDER BY live DESC, lower(m.name_en), c.id LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    return { total: count?.total ?? 0, rows };
  },

  async limits(db: Queryable): Promise<PlaydateLimits> {
    const rows = await db.query<{ limits: unknown }>('SELECT limits FROM playdate_limits WHERE id');
    if (!rows[0]) return DEFAULT_PLAYDATE_LIMITS;
    const raw = typeof rows[0].limits === 'string' ? JSON.parse(rows[0].limits) : rows[0].limits;
    const parsed = PlaydateLimits.safeParse(raw);
    return parsed.success ? parsed.data : DEFAULT_PLAYDATE_LIMITS;
  },

  /** Stores the limits and brings every offer inside them (prices clamped, durations outside dropped). */
  async saveLimits(tx: Queryable, limits: PlaydateLimits, at: Date): Promise<void> {
    await tx.query(
      `INSERT INTO playdate_limits (id, limits, updated_at) VALUES (true, $1::jsonb, $2)
       ON CONFLICT (id) DO UPDATE SET limits = EXCLUDED.limits, updated_at = EXCLUDED.updated_at`,
      [JSON.stringify(limits), at],
    );
    await tx.query(
      `UPDATE playdate_settings SET price_per_minute = LEAST(GREATEST(price_per_minute, $1), $2), updated_at = $4,
              durations = COALESCE(NULLIF(ARRAY(SELECT d FROM unnest(durations) d WHERE d = ANY($3::int[]) ORDER BY d), '{}'), ARRAY[$3::int[][1]])`,
      [limits.price_per_minute_min, limits.price_per_minute_max, limits.durations, at],
    );
  },

  async modelEarned(db: Queryable, modelId: number): Promise<number> {
    const rows = await db.query<{ total: number }>(
      `SELECT COALESCE(SUM(e.amount), 0)::bigint AS total FROM ledger_accounts a
         JOIN ledger_entries e ON e.account_id = a.id JOIN ledger_transactions t ON t.id = e.transaction_id
        WHERE a.kind = 'model' AND a.model_id = $1 AND t.kind IN ('private_playdate', 'refund') AND t.idempotency_key LIKE 'playdate:%'`,
      [modelId],
    );
    return Number(rows[0]?.total ?? 0);
  },
};
