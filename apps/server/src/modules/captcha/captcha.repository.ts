import type { Queryable } from '../../db/database';

export const captchaRepository = {
  /** Records a challenge as used; false when it already was (the insert is the check, so two racing uses cannot both pass). */
  async markUsed(db: Queryable, challengeId: string, expiresAt: Date): Promise<boolean> {
    const rows = await db.query<{ challenge_id: string }>(
      `INSERT INTO captcha_uses (challenge_id, expires_at) VALUES ($1, $2)
       ON CONFLICT (challenge_id) DO NOTHING
       RETURNING challenge_id`,
      [challengeId, expiresAt],
    );
    return rows.length === 1;
  },

  /** Forgets uses of challenges that have expired: those could not be replayed anyway. */
  async forgetExpired(db: Queryable, now: Date): Promise<void> {
    await db.query('DELETE FROM captcha_uses WHERE expires_at < $1', [now]);
  },
};
