import type { Queryable } from '../../db/database';

export type OneTimeKeyPurpose = 'password_reset' | 'login_hash' | 'hand_over';

// Single-use secrets mailed to a user. Only the SHA-256 of a key is stored, as for sessions.
export const authRepository = {
  async insertKey(db: Queryable, k: { userId: number; purpose: OneTimeKeyPurpose; keyHash: string; expiresAt: Date; now: Date }) {
    await db.query('INSERT INTO one_time_keys (user_id, purpose, key_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
      k.userId, k.purpose, k.keyHash, k.now, k.expiresAt,
    ]);
  },

  /** The owner of a key that is still usable, without using it. */
  async findUsableKeyOwner(db: Queryable, purpose: OneTimeKeyPurpose, keyHash: string, now: Date): Promise<number | null> {
    const rows = await db.query<{ user_id: number }>(
      'SELECT user_id FROM one_time_keys WHERE key_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3',
      [keyHash, purpose, now],
    );
    return rows[0]?.user_id ?? null;
  },

  /** Marks a usable key used and returns its owner; one statement, so two concurrent uses cannot both succeed. */
  async consumeKey(db: Queryable, purpose: OneTimeKeyPurpose, keyHash: string, now: Date): Promise<number | null> {
    const rows = await db.query<{ user_id: number }>(
      `UPDATE one_time_keys SET used_at = $3
        WHERE key_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
        RETURNING user_id`,
      [keyHash, purpose, now],
    );
    return rows[0]?.user_id ?? null;
  },

  /** Retires every outstanding key of one purpose of a user (an older reset link dies with the password it was for). */
  async retireKeysOf(db: Queryable, userId: number, purpose: OneTimeKeyPurpose, now: Date) {
    await db.query('UPDATE one_time_keys SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [userId, purpose, now]);
  },
};
