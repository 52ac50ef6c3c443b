import type { Queryable } from '../../db/database';

export interface VerificationTarget {
  id: number;
  email: string;
  username: string;
  language: string;
  email_verified_at: Date | null;
}

// Confirmation links of the double opt-in. Only the SHA-256 of a token is stored, as for sessions.
export const emailVerificationRepository = {
  async findUser(db: Queryable, userId: number): Promise<VerificationTarget | null> {
    const rows = await db.query<VerificationTarget>('SELECT id, email, username, language, email_verified_at FROM users WHERE id = $1', [userId]);
    return rows[0] ?? null;
  },

  async insertToken(db: Queryable, t: { userId: number; email: string; tokenHash: string; now: Date; expiresAt: Date }) {
    await db.query('INSERT INTO email_verification_tokens (user_id, email, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
      t.userId, t.email, t.tokenHash, t.now, t.expiresAt,
    ]);
  },

  /** Retires the user's outstanding links: only the newest one mailed works. */
  async retireTokensOf(db: Queryable, userId: number, now: Date) {
    await db.query('UPDATE email_verification_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [userId, now]);
  },

  /** Marks a usable token used and returns whom and which address it confirms; one statement, so two uses cannot both win. */
  async consumeToken(db: Queryable, tokenHash: string, now: Date): Promise<{ user_id: number; email: string } | null> {
    const rows = await db.query<{ user_id: number; email: string }>(
      `UPDATE email_verification_tokens SET used_at = $2
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
        RETURNING user_id, email`,
      [tokenHash, now],
    );
    return rows[0] ?? null;
  },

  /** Sets email_verified_at when the address is still the one the link was sent to; false otherwise. */
  async markVerified(db: Queryable, userId: number, email: string, now: Date): Promise<boolean> {
    const rows = await db.query<{ id: number }>(
      'UPDATE users SET email_verified_at = COALESCE(email_verified_at, $3) WHERE id = $1 AND lower(email) = lower($2) RETURNING id',
      [userId, email, now],
    );
    return rows.length > 0;
  },
};
