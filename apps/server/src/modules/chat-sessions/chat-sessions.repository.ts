import type { ChatMode } from '@velora/shared';
import type { Queryable } from '../../db/database';

// SQL of chat sessions (decision record 037): sessions, their charged minutes, and each room's settings, bans and
// mutes. A paid minute's charge runs on the transaction that locked its session row, so a minute, the ledger booking
// and the session's counters commit together.

export interface ChatSessionRow {
  id: number;
  camera_id: number;
  model_id: number;
  user_id: number;
  auth_session_id: number | null;
  kind: ChatMode;
  price_per_minute: number | null;
  started_at: Date | string;
  ended_at: Date | string | null;
  end_code: number | null;
  minutes_charged: number;
  coins_charged: number | string;
  paid_until: Date | string | null;
  free_seconds_left: number | null;
  last_seen_at: Date | string;
  /** The show (camera session) it was entered in; null for sessions ended before decision record 062. */
  camera_session_id: number | null;
  credited_seconds: number;
  off_air_seen_seconds: number;
  minutes_refunded: number;
  coins_refunded: number | string;
}

export interface NewChatSession {
  cameraId: number;
  modelId: number;
  userId: number;
  authSessionId: number | null;
  kind: ChatMode;
  pricePerMinute: number | null;
  freeSecondsLeft: number | null;
  at: Date;
  cameraSessionId: number | null;
  offAirSeenSeconds: number;
}

/** A charged minute that stands (not given back). */
export interface StandingChargeRow {
  minute: number;
  coins: number;
  model_coins: number;
}

export interface ChatSettingsRow {
  slow_mode_seconds: number;
  banned_words: string[];
}

export interface EarningsRow {
  paid_minutes: number;
  chat_coins: number | string;
  chat_model_coins: number | string;
  tip_coins: number | string;
  tip_model_coins: number | string;
}

const COLUMNS = `id, camera_id, model_id, user_id, auth_session_id, kind, price_per_minute, started_at, ended_at, end_code,
  minutes_charged, coins_charged, paid_until, free_seconds_left, last_seen_at, camera_session_id, credited_seconds, off_air_seen_seconds,
  minutes_refunded, coins_refunded`;

export const chatSessionsRepository = {
  /** Null when the member has an open session in this room already (the one-open-session index). */
  async insert(tx: Queryable, s: NewChatSession): Promise<ChatSessionRow | null> {
    const rows = await tx.query<ChatSessionRow>(
      `INSERT INTO chat_sessions (camera_id, model_id, user_id, auth_session_id, kind, price_per_minute, free_seconds_left, started_at, last_seen_at,
                                  camera_session_id, off_air_seen_seconds)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10)
       ON CONFLICT (camera_id, user_id) WHERE ended_at IS NULL DO NOTHING
       RETURNING ${COLUMNS}`,
      [s.cameraId, s.modelId, s.userId, s.authSessionId, s.kind, s.pricePerMinute, s.freeSecondsLeft, s.at, s.cameraSessionId, s.offAirSeenSeconds],
    );
    return rows[0] ?? null;
  },

  async open(db: Queryable, cameraId: number, userId: number): Promise<ChatSessionRow | null> {
    const rows = await db.query<ChatSessionRow>(`SELECT ${COLUMNS} FROM chat_sessions WHERE camera_id = $1 AND user_id = $2 AND ended_at IS NULL`, [
      cameraId,
      userId,
    ]);
    return rows[0] ?? null;
  },

  /** The members among `userIds` whose open paid session of the camera is paid until after `after`. */
  async paidUntilAfter(db: Queryable, cameraId: number, userIds: readonly number[], after: Date): Promise<number[]> {
    const rows = await db.query<{ user_id: number }>(
      `SELECT user_id FROM chat_sessions
        WHERE camera_id = $1 AND user_id = ANY($2::int[]) AND ended_at IS NULL AND kind = 'paid' AND paid_until > $3`,
      [cameraId, userIds, after],
    );
    return rows.map((r) => r.user_id);
  },

  async byId(db: Queryable, id: number): Promise<ChatSessionRow | null> {
    const rows = await db.query<ChatSessionRow>(`SELECT ${COLUMNS} FROM chat_sessions WHERE id = $1`, [id]);
    return rows[0] ?? null;
  },

  /** Locks the session row: its minutes are charged one at a time, and an end waits for a charge in progress. */
  async lock(tx: Queryable, id: number): Promise<ChatSessionRow | null> {
    const rows = await tx.query<ChatSessionRow>(`SELECT ${COLUMNS} FROM chat_sessions WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  },

  async openOfCamera(db: Queryable, cameraId: number, kind?: ChatMode): Promise<ChatSessionRow[]> {
    return db.query<ChatSessionRow>(
      `SELECT ${COLUMNS} FROM chat_sessions WHERE camera_id = $1 AND ended_at IS NULL AND ($2::text IS NULL OR kind = $2) ORDER BY id`,
      [cameraId, kind ?? null],
    );
  },

  async openOfAuthSession(db: Queryable, authSessionId: number): Promise<ChatSessionRow[]> {
    return db.query<ChatSessionRow>(`SELECT ${COLUMNS} FROM chat_sessions WHERE auth_session_id = $1 AND ended_at IS NULL ORDER BY id`, [authSessionId]);
  },

  /** Every open session (the sweep's presence check). */
  async allOpen(db: Queryable): Promise<ChatSessionRow[]> {
    return db.query<ChatSessionRow>(`SELECT ${COLUMNS} FROM chat_sessions WHERE ended_at IS NULL ORDER BY camera_id, id`);
  },

  /** Open paid sessions whose paid minute is over: the next one is due (or they end). */
  async dueForCharge(db: Queryable, at: Date): Promise<number[]> {
    const rows = await db.query<{ id: number }>(`SELECT id FROM chat_sessions WHERE ended_at IS NULL AND kind = 'paid' AND paid_until <= $1 ORDER BY id`, [at]);
    return rows.map((r) => r.id);
  },

  /** Open free sessions whose allowance has run out. */
  async freeOverdue(db: Queryable, at: Date): Promise<number[]> {
    const rows = await db.query<{ id: number }>(
      `SELECT id FROM chat_sessions
        WHERE ended_at IS NULL AND kind = 'free' AND started_at + free_seconds_left * interval '1 second' <= $1 ORDER BY id`,
      [at],
    );
    return rows.map((r) => r.id);
  },

  /** Ends an open session; null when it had ended already (whoever ended it first gave the code). */
  async end(db: Queryable, id: number, code: number, at: Date): Promise<ChatSessionRow | null> {
    const rows = await db.query<ChatSessionRow>(
      `UPDATE chat_sessions SET ended_at = $3, end_code = $2 WHERE id = $1 AND ended_at IS NULL RETURNING ${COLUMNS}`,
      [id, code, at],
    );
    return rows[0] ?? null;
  },

  /** One charged minute: its row (the key that refuses a second charge) and the session's counters. */
  async recordCharge(
    tx: Queryable,
    c: { sessionId: number; minute: number; transactionId: number; coins: number; modelCoins: number; paidUntil: Date; at: Date },
  ): Promise<ChatSessionRow> {
    await tx.query(
      `INSERT INTO chat_session_charges (session_id, minute, ledger_transaction_id, coins, model_coins, charged_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [c.sessionId, c.minute, c.transactionId, c.coins, c.modelCoins, c.at],
    );
    const rows = await tx.query<ChatSessionRow>(
      `UPDATE chat_sessions SET minutes_charged = $2, coins_charged = coins_charged + $3, paid_until = $4 WHERE id = $1 RETURNING ${COLUMNS}`,
      [c.sessionId, c.minute, c.coins, c.paidUntil],
    );
    return rows[0]!;
  },

  /** Credits outages of the session's show (decision record 062): its paid minutes move on by them. */
  async credit(tx: Queryable, id: number, c: { creditedSeconds: number; offAirSeenSeconds: number; paidUntil: Date | null }): Promise<ChatSessionRow> {
    const rows = await tx.query<ChatSessionRow>(
      `UPDATE chat_sessions SET credited_seconds = $2, off_air_seen_seconds = $3, paid_until = $4 WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, c.creditedSeconds, c.offAirSeenSeconds, c.paidUntil],
    );
    return rows[0]!;
  },

  /** The session's charged minutes from `fromMinute` on that stand (none given back yet). */
  standingCharges(tx: Queryable, sessionId: number, fromMinute: number): Promise<StandingChargeRow[]> {
    return tx.query<StandingChargeRow>(
      `SELECT minute, coins, model_coins FROM chat_session_charges
        WHERE session_id = $1 AND minute >= $2 AND refund_transaction_id IS NULL ORDER BY minute`,
      [sessionId, fromMinute],
    );
  },

  /** Minutes given back by the ledger transaction `transactionId`: marked on their charges, counted on the session. */
  async recordRefund(tx: Queryable, r: { sessionId: number; minutes: number[]; transactionId: number; coins: number }): Promise<ChatSessionRow> {
    await tx.query('UPDATE chat_session_charges SET refund_transaction_id = $3 WHERE session_id = $1 AND minute = ANY($2::int[])', [
      r.sessionId,
      r.minutes,
      r.transactionId,
    ]);
    const rows = await tx.query<ChatSessionRow>(
      `UPDATE chat_sessions SET minutes_refunded = minutes_refunded + $2, coins_refunded = coins_refunded + $3 WHERE id = $1 RETURNING ${COLUMNS}`,
      [r.sessionId, r.minutes.length, r.coins],
    );
    return rows[0]!;
  },

  /** The member's language and the model's stage name (the words of a refund in the member's history). */
  async refundWords(db: Queryable, userId: number, modelId: number): Promise<{ language: string; model_name: string | null }> {
    const rows = await db.query<{ language: string; model_name: string | null }>(
      'SELECT u.language, (SELECT name_en FROM models WHERE id = $2) AS model_name FROM users u WHERE u.id = $1',
      [userId, modelId],
    );
    return rows[0] ?? { language: 'en', model_name: null };
  },

  async markSeen(db: Queryable, ids: number[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await db.query('UPDATE chat_sessions SET last_seen_at = GREATEST(last_seen_at, $2) WHERE id = ANY($1::int[]) AND ended_at IS NULL', [ids, at]);
  },

  /** Seconds of free chat the member used from `since` on (an open session counts up to now, at most its allowance). */
  async freeSecondsUsed(db: Queryable, userId: number, since: Date, at: Date): Promise<number> {
    const rows = await db.query<{ used: number | string | null }>(
      `SELECT COALESCE(SUM(GREATEST(0, EXTRACT(EPOCH FROM (
                LEAST(COALESCE(ended_at, $3), started_at + free_seconds_left * interval '1 second') - started_at)))), 0) AS used
         FROM chat_sessions WHERE user_id = $1 AND kind = 'free' AND started_at >= $2`,
      [userId, since, at],
    );
    return Math.ceil(Number(rows[0]?.used ?? 0));
  },

  // ---- People ----

  /** The chat name (or username) of each user that exists. */
  async names(db: Queryable, userIds: number[]): Promise<Map<number, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await db.query<{ id: number; name: string }>(
      `SELECT id, COALESCE(NULLIF(chatname, ''), username) AS name FROM users WHERE id = ANY($1::int[])`,
      [userIds],
    );
    return new Map(rows.map((r) => [Number(r.id), r.name]));
  },

  /** The user accounts of a model (her messages' author; who hears her room's changes). */
  async modelUserIds(db: Queryable, modelId: number): Promise<number[]> {
    const rows = await db.query<{ id: number }>('SELECT id FROM users WHERE model_id = $1 ORDER BY id', [modelId]);
    return rows.map((r) => Number(r.id));
  },

  async modelIdOfUser(db: Queryable, userId: number): Promise<number | null> {
    const rows = await db.query<{ model_id: number | null }>('SELECT model_id FROM users WHERE id = $1', [userId]);
    return rows[0]?.model_id ?? null;
  },

  // ---- The room's rules ----

  async settings(db: Queryable, cameraId: number): Promise<ChatSettingsRow> {
    const rows = await db.query<ChatSettingsRow>('SELECT slow_mode_seconds, banned_words FROM camera_chat_settings WHERE camera_id = $1', [cameraId]);
    return rows[0] ?? { slow_mode_seconds: 0, banned_words: [] };
  },

  async saveSettings(db: Queryable, cameraId: number, s: ChatSettingsRow): Promise<void> {
    await db.query(
      `INSERT INTO camera_chat_settings (camera_id, slow_mode_seconds, banned_words) VALUES ($1, $2, $3::text[])
       ON CONFLICT (camera_id) DO UPDATE SET slow_mode_seconds = EXCLUDED.slow_mode_seconds, banned_words = EXCLUDED.banned_words`,
      [cameraId, s.slow_mode_seconds, s.banned_words],
    );
  },

  async isBanned(db: Queryable, cameraId: number, userId: number): Promise<boolean> {
    const rows = await db.query('SELECT 1 FROM camera_chat_bans WHERE camera_id = $1 AND user_id = $2', [cameraId, userId]);
    return rows.length > 0;
  },

  async ban(db: Queryable, cameraId: number, userId: number, at: Date): Promise<void> {
    await db.query('INSERT INTO camera_chat_bans (camera_id, user_id, banned_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [cameraId, userId, at]);
  },

  /** False when he was not banned. */
  async unban(db: Queryable, cameraId: number, userId: number): Promise<boolean> {
    const rows = await db.query('DELETE FROM camera_chat_bans WHERE camera_id = $1 AND user_id = $2 RETURNING user_id', [cameraId, userId]);
    return rows.length > 0;
  },

  async bans(db: Queryable, cameraId: number): Promise<Array<{ user_id: number; name: string; banned_at: Date | string }>> {
    return db.query(
      `SELECT b.user_id, COALESCE(NULLIF(u.chatname, ''), u.username) AS name, b.banned_at
         FROM camera_chat_bans b JOIN users u ON u.id = b.user_id WHERE b.camera_id = $1 ORDER BY b.banned_at DESC, b.user_id`,
      [cameraId],
    );
  },

  async mutedUntil(db: Queryable, cameraId: number, userId: number, at: Date): Promise<Date | null> {
    const rows = await db.query<{ muted_until: Date | string }>(
      'SELECT muted_until FROM camera_chat_mutes WHERE camera_id = $1 AND user_id = $2 AND muted_until > $3',
      [cameraId, userId, at],
    );
    return rows[0] ? new Date(rows[0].muted_until) : null;
  },

  async mutes(db: Queryable, cameraId: number, at: Date): Promise<Map<number, Date>> {
    const rows = await db.query<{ user_id: number; muted_until: Date | string }>(
      'SELECT user_id, muted_until FROM camera_chat_mutes WHERE camera_id = $1 AND muted_until > $2',
      [cameraId, at],
    );
    return new Map(rows.map((r) => [Number(r.user_id), new Date(r.muted_until)]));
  },

  async mute(db: Queryable, cameraId: number, userId: number, until: Date): Promise<void> {
    await db.query(
      `INSERT INTO camera_chat_mutes (camera_id, user_id, muted_until) VALUES ($1, $2, $3)
       ON CONFLICT (camera_id, user_id) DO UPDATE SET muted_until = EXCLUDED.muted_until`,
      [cameraId, userId, until],
    );
  },

  async unmute(db: Queryable, cameraId: number, userId: number): Promise<void> {
    await db.query('DELETE FROM camera_chat_mutes WHERE camera_id = $1 AND user_id = $2', [cameraId, userId]);
  },

  async userExists(db: Queryable, userId: number): Promise<boolean> {
    const rows = await db.query('SELECT 1 FROM users WHERE id = $1', [userId]);
    return rows.length > 0;
  },

  /** Paid minutes (those not given back) and tips of the camera's model from `since` on, with her shares. */
  async earnings(db: Queryable, cameraId: number, modelId: number, since: Date): Promise<EarningsRow> {
    const rows = await db.query<EarningsRow>(
      `SELECT
         (SELECT count(*)::int FROM chat_session_charges c JOIN chat_sessions s ON s.id = c.session_id
           WHERE s.camera_id = $1 AND c.charged_at >= $3 AND c.refund_transaction_id IS NULL) AS paid_minutes,
         (SELECT COALESCE(SUM(c.coins), 0)::bigint FROM chat_session_charges c JOIN chat_sessions s ON s.id = c.session_id
           WHERE s.camera_id = $1 AND c.charged_at >= $3 AND c.refund_transaction_id IS NULL) AS chat_coins,
         (SELECT COALESCE(SUM(c.model_coins), 0)::bigint FROM chat_session_charges c JOIN chat_sessions s ON s.id = c.session_id
           WHERE s.camera_id = $1 AND c.charged_at >= $3 AND c.refund_transaction_id IS NULL) AS chat_model_coins,
         (SELECT COALESCE(SUM(-e.amount), 0)::bigint FROM ledger_transactions t
            JOIN ledger_entries e ON e.transaction_id = t.id JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'member'
           WHERE t.kind = 'tip' AND t.model_id = $2 AND t.created_at >= $3) AS tip_coins,
         (SELECT COALESCE(SUM(e.amount), 0)::bigint FROM ledger_transactions t
            JOIN ledger_entries e ON e.transaction_id = t.id JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'model'
           WHERE t.kind = 'tip' AND t.model_id = $2 AND t.created_at >= $3) AS tip_model_coins`,
      [cameraId, modelId, since],
    );
    return rows[0]!;
  },
};
