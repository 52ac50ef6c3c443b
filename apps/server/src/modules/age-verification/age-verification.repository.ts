import type { Queryable } from '../../db/database';

export type AgeVerificationStatus = 'pending' | 'verified' | 'cancelled';

export interface AgeVerificationRow {
  id: number;
  user_id: number;
  provider: string;
  status: AgeVerificationStatus;
}

export const ageVerificationRepository = {
  async insert(db: Queryable, v: { userId: number; provider: string; tokenHash: string; createdAt: Date; expiresAt: Date }) {
    await db.query('INSERT INTO age_verifications (user_id, provider, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
      v.userId, v.provider, v.tokenHash, v.createdAt, v.expiresAt,
    ]);
  },

  /** A pending, unexpired attempt of the provider. */
  async findPending(db: Queryable, provider: string, tokenHash: string, now: Date): Promise<AgeVerificationRow | null> {
    const rows = await db.query<AgeVerificationRow>(
      `SELECT id, user_id, provider, status FROM age_verifications
        WHERE token_hash = $1 AND provider = $2 AND status = 'pending' AND expires_at > $3`,
      [tokenHash, provider, now],
    );
    return rows[0] ?? null;
  },

  /** Settles a pending attempt and returns its user; one statement, so an attempt settles once. */
  async settle(db: Queryable, provider: string, tokenHash: string, status: Exclude<AgeVerificationStatus, 'pending'>, now: Date): Promise<number | null> {
    const rows = await db.query<{ user_id: number }>(
      `UPDATE age_verifications SET status = $3, completed_at = $4
        WHERE token_hash = $1 AND provider = $2 AND status = 'pending' AND expires_at > $4
        RETURNING user_id`,
      [tokenHash, provider, status, now],
    );
    return rows[0]?.user_id ?? null;
  },
};
