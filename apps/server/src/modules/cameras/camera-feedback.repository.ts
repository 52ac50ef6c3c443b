import type { Queryable } from '../../db/database';

// SQL of the members' show ratings and dismissals (product §2 camera-feedback) and the team's view of them.

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

export const cameraFeedbackRepository = {
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
