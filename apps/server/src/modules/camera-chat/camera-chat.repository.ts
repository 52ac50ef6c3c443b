import type { ChatAuthorRole, ChatType } from '@velora/shared';
import type { Queryable } from '../../db/database';

export interface ChatMessageRow {
  id: number;
  camera_id: number;
  kind: ChatType;
  author_user_id: number | null;
  author_name: string;
  author_role: ChatAuthorRole;
  to_user_id: number | null;
  text: string;
  tip_coins: number | null;
  system_key: string | null;
  system_params: Record<string, string | number> | null;
  created_at: Date | string;
}

export interface NewChatMessage {
  cameraId: number;
  kind: ChatType;
  authorUserId: number | null;
  authorName: string;
  authorRole: ChatAuthorRole;
  toUserId: number | null;
  text: string;
  tipCoins: number | null;
  system: { key: string; params: Record<string, string | number> } | null;
  /** Written once only: a second message with the same key is not stored (insert answers null). */
  onceKey: string | null;
  createdAt: Date;
}

const COLUMNS = 'id, camera_id, kind, author_user_id, author_name, author_role, to_user_id, text, tip_coins, system_key, system_params, created_at';
/** What a reader (null: nobody in particular) may see: public ones, and private ones he wrote or was sent. */
const VISIBLE_TO = '(to_user_id IS NULL OR to_user_id = $2 OR author_user_id = $2)';

export const cameraChatRepository = {
  /** The stored message; null when its once-key was written before. */
  async insert(db: Queryable, m: NewChatMessage): Promise<ChatMessageRow | null> {
    const rows = await db.query<ChatMessageRow>(
      `INSERT INTO camera_chat_messages
         (camera_id, kind, author_user_id, author_name, author_role, to_user_id, text, tip_coins, system_key, system_params, once_key, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12)
       ON CONFLICT (once_key) DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        m.cameraId,
        m.kind,
        m.authorUserId,
        m.authorName,
        m.authorRole,
        m.toUserId,
        m.text,
        m.tipCoins,
        m.system?.key ?? null,
        m.system ? JSON.stringify(m.system.params) : null,
        m.onceKey,
        m.createdAt,
      ],
    );
    return rows[0] ?? null;
  },

  /** Newest first, `limit` of them, older than `before` when given; removed ones left out. */
  page(db: Queryable, cameraId: number, readerId: number | null, before: number | null, limit: number): Promise<ChatMessageRow[]> {
    return db.query<ChatMessageRow>(
      `SELECT ${COLUMNS} FROM camera_chat_messages
       WHERE camera_id = $1 AND removed_at IS NULL AND ${VISIBLE_TO} AND ($3::bigint IS NULL OR id < $3::bigint)
       ORDER BY id DESC LIMIT $4`,
      [cameraId, readerId, before, limit],
    );
  },

  /** Marks a message of the room removed; whether it was there and not removed before. */
  async remove(db: Queryable, cameraId: number, messageId: number, at: Date): Promise<'removed' | 'already' | 'missing'> {
    const rows = await db.query<{ removed_before: boolean }>(
      `UPDATE camera_chat_messages SET removed_at = coalesce(removed_at, $3)
       WHERE id = $1 AND camera_id = $2
       RETURNING (removed_at <> $3) AS removed_before`,
      [messageId, cameraId, at],
    );
    if (rows.length === 0) return 'missing';
    return rows[0]!.removed_before ? 'already' : 'removed';
  },

  /** Removes every shown message the user wrote in the room; their ids, oldest first. */
  async removeAllBy(db: Queryable, cameraId: number, userId: number, at: Date): Promise<number[]> {
    const rows = await db.query<{ id: number }>(
      `UPDATE camera_chat_messages SET removed_at = $3
       WHERE camera_id = $1 AND author_user_id = $2 AND removed_at IS NULL
       RETURNING id`,
      [cameraId, userId, at],
    );
    return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  },

  /** The server's last message of a kind in the room, for spacing advertisements. */
  async lastOfKind(db: Queryable, cameraId: number, kind: ChatType): Promise<{ id: number; created_at: Date | string } | null> {
    const rows = await db.query<{ id: number; created_at: Date | string }>(
      'SELECT id, created_at FROM camera_chat_messages WHERE camera_id = $1 AND kind = $2 ORDER BY id DESC LIMIT 1',
      [cameraId, kind],
    );
    return rows[0] ?? null;
  },

  /** Members' public messages in the room after a message id (at most `cap` counted). */
  async memberMessagesSince(db: Queryable, cameraId: number, afterId: number, cap: number): Promise<number> {
    const rows = await db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM (
         SELECT 1 FROM camera_chat_messages
         WHERE camera_id = $1 AND id > $2 AND kind = 'public' AND author_role = 'member' AND tip_coins IS NULL
         ORDER BY id DESC LIMIT $3
       ) recent`,
      [cameraId, afterId, cap],
    );
    return rows[0]?.total ?? 0;
  },

  /** The name a member shows in chat rooms: his chat name, else his username. */
  async chatNameOf(db: Queryable, userId: number): Promise<string | null> {
    const rows = await db.query<{ name: string }>("SELECT coalesce(nullif(btrim(chatname), ''), username) AS name FROM users WHERE id = $1", [userId]);
    return rows[0]?.name ?? null;
  },
};
