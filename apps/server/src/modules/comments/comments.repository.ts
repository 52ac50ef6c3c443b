import type { Queryable } from '../../db/database';

export interface CommentRow {
  id: number;
  video_id: number;
  user_id: number;
  body: string;
  created_at: Date;
  username: string;
  avatar: number | null;
}

const COMMENT_COLUMNS = 'c.id, c.video_id, c.user_id, c.body, c.created_at, u.username, u.avatar';

export const commentsRepository = {
  async videoExists(db: Queryable, videoId: number): Promise<boolean> {
    const rows = await db.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM videos WHERE id = $1 AND visible) AS found', [videoId]);
    return rows[0]?.found ?? false;
  },

  async count(db: Queryable, videoId: number): Promise<number> {
    const rows = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM comments WHERE video_id = $1', [videoId]);
    return rows[0]?.total ?? 0;
  },

  /** Newest first; the id breaks ties between comments of the same instant. */
  page(db: Queryable, videoId: number, limit: number, offset: number): Promise<CommentRow[]> {
    return db.query<CommentRow>(
      `SELECT ${COMMENT_COLUMNS} FROM comments c JOIN users u ON u.id = c.user_id
        WHERE c.video_id = $1
        ORDER BY c.created_at DESC, c.id DESC
        LIMIT $2 OFFSET $3`,
      [videoId, limit, offset],
    );
  },

  async find(db: Queryable, commentId: number): Promise<CommentRow | null> {
    const rows = await db.query<CommentRow>(`SELECT ${COMMENT_COLUMNS} FROM comments c JOIN users u ON u.id = c.user_id WHERE c.id = $1`, [commentId]);
    return rows[0] ?? null;
  },

  /**
   * Adds `delta` to the video's comment count and says whether the video exists. Run it in the transaction
   * that inserts or deletes the comment: the row lock it takes orders concurrent writers, so the count stays exact.
   */
  async adjustTotal(tx: Queryable, videoId: number, delta: number): Promise<boolean> {
    const rows = await tx.query<{ id: number }>('UPDATE videos SET total_comments = total_comments + $2 WHERE id = $1 RETURNING id', [videoId, delta]);
    return rows.length > 0;
  },

  async insert(tx: Queryable, videoId: number, userId: number, body: string): Promise<CommentRow> {
    const rows = await tx.query<CommentRow>(
      `WITH c AS (INSERT INTO comments (video_id, user_id, body) VALUES ($1, $2, $3) RETURNING *)
       SELECT ${COMMENT_COLUMNS} FROM c JOIN users u ON u.id = c.user_id`,
      [videoId, userId, body],
    );
    return rows[0]!;
  },

  /** Whether a comment was deleted (false when another request deleted it first). */
  async delete(tx: Queryable, commentId: number): Promise<boolean> {
    const rows = await tx.query<{ id: number }>('DELETE FROM comments WHERE id = $1 RETURNING id', [commentId]);
    return rows.length > 0;
  },
};
