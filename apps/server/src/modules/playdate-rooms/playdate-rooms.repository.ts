import type { ChatAuthorRole } from '@velora/shared';
import type { Queryable } from '../../db/database';

// The rooms' own tables (migration 0015): the chat of a room and the member's feedback. The playdates themselves are
// read through the port (playdates/playdates-port.ts), except the feedback list's one query, which needs no more than ids.

export interface PlaydateMessageRow {
  id: number | string;
  playdate_id: number;
  author_user_id: number | null;
  author_name: string;
  author_role: ChatAuthorRole;
  text: string;
  system_key: string | null;
  system_params: Record<string, string | number> | null;
  created_at: Date | string;
}

export interface NewPlaydateMessage {
  playdateId: number;
  authorUserId: number | null;
  authorName: string;
  authorRole: ChatAuthorRole;
  text: string;
  system: { key: string; params: Record<string, string | number> } | null;
  createdAt: Date;
}

const COLUMNS = 'id, playdate_id, author_user_id, author_name, author_role, text, system_key, system_params, created_at';

export const playdateRoomsRepository = {
  async insertMessage(db: Queryable, m: NewPlaydateMessage): Promise<PlaydateMessageRow> {
    const rows = await db.query<PlaydateMessageRow>(
      `INSERT INTO playdate_messages (playdate_id, author_user_id, author_name, author_role, text, system_key, system_params, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)
       RETURNING ${COLUMNS}`,
      [m.playdateId, m.authorUserId, m.authorName, m.authorRole, m.text, m.system?.key ?? null, m.system ? JSON.stringify(m.system.params) : null, m.createdAt],
    );
    return rows[0]!;
  },

  /** Whether the room has a server line with this key and parameters already (each is written once). */
  async hasSystemMessage(db: Queryable, playdateId: number, key: string, params: Record<string, string | number>): Promise<boolean> {
    const rows = await db.query(
      'SELECT 1 FROM playdate_messages WHERE playdate_id = $1 AND system_key = $2 AND system_params = $3::jsonb LIMIT 1',
      [playdateId, key, JSON.stringify(params)],
    );
    return rows.length > 0;
  },

  /** The newest `limit` messages, oldest first. */
  async newest(db: Queryable, playdateId: number, limit: number): Promise<PlaydateMessageRow[]> {
    const rows = await db.query<PlaydateMessageRow>(
      `SELECT ${COLUMNS} FROM playdate_messages WHERE playdate_id = $1 ORDER BY id DESC LIMIT $2`,
      [playdateId, limit],
    );
    return rows.reverse();
  },

  /** The first `limit` messages, oldest first (the replay). */
  async oldest(db: Queryable, playdateId: number, limit: number): Promise<PlaydateMessageRow[]> {
    return db.query<PlaydateMessageRow>(`SELECT ${COLUMNS} FROM playdate_messages WHERE playdate_id = $1 ORDER BY id LIMIT $2`, [playdateId, limit]);
  },

  /** The member's chat name or username. */
  async memberName(db: Queryable, userId: number): Promise<string | null> {
    const rows = await db.query<{ name: string }>("SELECT coalesce(nullif(btrim(chatname), ''), username) AS name FROM users WHERE id = $1", [userId]);
    return rows[0]?.name ?? null;
  },

  /** The model's stage name. */
  async modelName(db: Queryable, modelId: number): Promise<string | null> {
    const rows = await db.query<{ name: string }>('SELECT name_en AS name FROM models WHERE id = $1', [modelId]);
    return rows[0]?.name ?? null;
  },

  async premiumUntil(db: Queryable, userId: number): Promise<Date | null> {
    const rows = await db.query<{ premium_until: Date | string | null }>('SELECT premium_until FROM users WHERE id = $1', [userId]);
    const value = rows[0]?.premium_until ?? null;
    return value === null ? null : new Date(value);
  },

  /**
   * The member's finished private playdates that ended after `since` and have no feedback row, newest end first. The
   * end is ended_at, or the booked end for a row without one.
   */
  async feedbackAsks(db: Queryable, userId: number, since: Date): Promise<Array<{ id: number; ended_at: Date | string }>> {
    return db.query(
      `SELECT p.id, coalesce(p.ended_at, p.starts_at + p.duration_minutes * interval '1 minute') AS ended_at
         FROM playdates p
        WHERE p.member_id = $1 AND p.kind = 'private' AND p.status = 'finished'
          AND coalesce(p.ended_at, p.starts_at + p.duration_minutes * interval '1 minute') > $2
          AND NOT EXISTS (SELECT 1 FROM playdate_feedback f WHERE f.playdate_id = p.id)
        ORDER BY 2 DESC, p.id DESC
        LIMIT 20`,
      [userId, since],
    );
  },

  /** Stores the answer; false when the playdate has one already. */
  async insertFeedback(db: Queryable, f: { playdateId: number; userId: number; rating: number | null; message: string | null; at: Date }): Promise<boolean> {
    const rows = await db.query(
      `INSERT INTO playdate_feedback (playdate_id, user_id, rating, message, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (playdate_id) DO NOTHING RETURNING playdate_id`,
      [f.playdateId, f.userId, f.rating, f.message, f.at],
    );
    return rows.length > 0;
  },
};
