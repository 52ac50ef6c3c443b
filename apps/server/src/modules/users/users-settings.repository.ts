import type { Queryable } from '../../db/database';

export interface PersonalData {
  first_name: string | null;
  last_name: string | null;
  street: string | null;
  house: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
}

export interface AccountRow extends PersonalData {
  id: number;
  username: string;
  email: string;
  password_hash: string;
}

// Account settings (product §7 User). Uniqueness is case-insensitive, so lookups compare lower() to use the indexes.
export const usersSettingsRepository = {
  async account(db: Queryable, userId: number): Promise<AccountRow | null> {
    const rows = await db.query<AccountRow>(
      `SELECT id, username, email, password_hash, first_name, last_name, street, house, zip, city, country FROM users WHERE id = $1`,
      [userId],
    );
    return rows[0] ?? null;
  },

  async usernameTakenByOther(db: Queryable, username: string, userId: number): Promise<boolean> {
    const rows = await db.query('SELECT 1 FROM users WHERE lower(username) = lower($1) AND id <> $2', [username, userId]);
    return rows.length > 0;
  },

  async emailTakenByOther(db: Queryable, email: string, userId: number): Promise<boolean> {
    const rows = await db.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [email, userId]);
    return rows.length > 0;
  },

  async updatePassword(db: Queryable, userId: number, passwordHash: string) {
    await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
  },

  /** Outstanding password-reset links stop working once the password was changed. */
  async retirePasswordResetKeys(db: Queryable, userId: number, at: Date) {
    await db.query(`UPDATE one_time_keys SET used_at = $2 WHERE user_id = $1 AND purpose = 'password_reset' AND used_at IS NULL`, [userId, at]);
  },

  async updateUsername(db: Queryable, userId: number, username: string, chatname: string | null | undefined) {
    if (chatname === undefined) await db.query('UPDATE users SET username = $2 WHERE id = $1', [userId, username]);
    else await db.query('UPDATE users SET username = $2, chatname = $3 WHERE id = $1', [userId, username, chatname]);
  },

  async updatePersonalData(db: Queryable, userId: number, d: PersonalData) {
    await db.query(
      'UPDATE users SET first_name = $2, last_name = $3, street = $4, house = $5, zip = $6, city = $7, country = $8 WHERE id = $1',
      [userId, d.first_name, d.last_name, d.street, d.house, d.zip, d.city, d.country],
    );
  },

  async updateNotifications(db: Queryable, userId: number, playdate: boolean, cameraMail: boolean) {
    await db.query('UPDATE users SET playdate_notification = $2, camera_mail_notification = $3 WHERE id = $1', [userId, playdate, cameraMail]);
  },

  async updateAvatar(db: Queryable, userId: number, avatar: number | null) {
    await db.query('UPDATE users SET avatar = $2 WHERE id = $1', [userId, avatar]);
  },

  /** Subscribing undoes an earlier "unsubscribe from all mails"; a repeated subscription keeps its first time. */
  async subscribeNewsletter(db: Queryable, userId: number, at: Date) {
    await db.query(
      `UPDATE users SET newsletter_subscribed_at = CASE WHEN mails_unsubscribed_at IS NULL THEN COALESCE(newsletter_subscribed_at, $2) ELSE $2 END,
              mails_unsubscribed_at = NULL
        WHERE id = $1`,
      [userId, at],
    );
  },

  async setPlaydateBlockHidden(db: Queryable, userId: number, hidden: boolean) {
    await db.query('UPDATE users SET playdate_block_hidden = $2 WHERE id = $1', [userId, hidden]);
  },

  async setUpcomingPlaydateBlockHidden(db: Queryable, userId: number, hidden: boolean) {
    await db.query('UPDATE users SET upcoming_playdate_block_hidden = $2 WHERE id = $1', [userId, hidden]);
  },

  /** Only the newest link of a user works: a new request retires the older ones. */
  async retireEmailChangeTokens(db: Queryable, userId: number, at: Date) {
    await db.query('UPDATE email_change_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [userId, at]);
  },

  async insertEmailChangeToken(db: Queryable, t: { userId: number; newEmail: string; tokenHash: string; expiresAt: Date; now: Date }) {
    await db.query('INSERT INTO email_change_tokens (user_id, new_email, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
      t.userId,
      t.newEmail,
      t.tokenHash,
      t.now,
      t.expiresAt,
    ]);
  },

  /** Marks a usable token used and says whose it was and which address it confirms; null for bad, used or expired tokens. */
  async consumeEmailChangeToken(db: Queryable, tokenHash: string, at: Date): Promise<{ user_id: number; new_email: string } | null> {
    const rows = await db.query<{ user_id: number; new_email: string }>(
      `UPDATE email_change_tokens SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id, new_email`,
      [tokenHash, at],
    );
    return rows[0] ?? null;
  },

  async findUsableEmailChangeToken(db: Queryable, tokenHash: string, at: Date): Promise<{ user_id: number; new_email: string } | null> {
    const rows = await db.query<{ user_id: number; new_email: string }>(
      'SELECT user_id, new_email FROM email_change_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2',
      [tokenHash, at],
    );
    return rows[0] ?? null;
  },

  /** The new address was proven by the click, so it counts as verified. */
  async updateEmail(db: Queryable, userId: number, email: string, at: Date) {
    await db.query('UPDATE users SET email = $2, email_verified_at = $3 WHERE id = $1', [userId, email, at]);
  },
};
