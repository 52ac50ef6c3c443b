import type { Queryable } from '../../db/database';

// SQL of go-live mails (decision record 032): who gets one, at most one per member and camera in an interval.

export interface MailRecipientRow {
  id: number;
  email: string;
  username: string;
  language: string;
}

export const cameraMailsRepository = {
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
};
