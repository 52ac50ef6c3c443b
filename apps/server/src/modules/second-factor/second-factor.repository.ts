import type { Queryable } from '../../db/database';

// SQL of two-factor sign-in (decision record 070): a person's sealed TOTP secret and their recovery codes.

export interface SecondFactorRow {
  user_id: number;
  secret_sealed: string;
  confirmed_at: Date | null;
  last_step: string | null;
}

export const secondFactorRepository = {
  async find(db: Queryable, userId: number): Promise<SecondFactorRow | null> {
    const rows = await db.query<SecondFactorRow>('SELECT user_id, secret_sealed, confirmed_at, last_step FROM user_second_factors WHERE user_id = $1', [userId]);
    return rows[0] ?? null;
  },

  /** A new secret not confirmed yet; replaces an unconfirmed one. False when a confirmed one is there (kept). */
  async startSetup(db: Queryable, userId: number, secretSealed: string, at: Date): Promise<boolean> {
    const rows = await db.query<{ user_id: number }>(
      `INSERT INTO user_second_factors (user_id, secret_sealed, created_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET secret_sealed = EXCLUDED.secret_sealed, created_at = EXCLUDED.created_at, last_step = NULL
         WHERE user_second_factors.confirmed_at IS NULL
       RETURNING user_id`,
      [userId, secretSealed, at],
    );
    return rows.length === 1;
  },

  /** A confirmed secret at once (the demo's accounts, a test's staff). */
  async enroll(db: Queryable, userId: number, secretSealed: string, at: Date): Promise<void> {
    await db.query(
      `INSERT INTO user_second_factors (user_id, secret_sealed, confirmed_at, created_at) VALUES ($1, $2, $3, $3)
       ON CONFLICT (user_id) DO UPDATE SET secret_sealed = EXCLUDED.secret_sealed, confirmed_at = EXCLUDED.confirmed_at, last_step = NULL`,
      [userId, secretSealed, at],
    );
  },

  /**
   * Takes the code of `step` as used: true only if no code of this step or a later one was accepted before (a code is
   * good once, and one of two parallel requests with it wins). Confirms the secret when `confirm` is set.
   */
  async useStep(db: Queryable, userId: number, step: number, confirmAt: Date | null): Promise<boolean> {
    const rows = await db.query<{ user_id: number }>(
      `UPDATE user_second_factors SET last_step = $2, confirmed_at = COALESCE(confirmed_at, $3)
        WHERE user_id = $1 AND (last_step IS NULL OR last_step < $2) AND (confirmed_at IS NOT NULL OR $3::timestamptz IS NOT NULL)
        RETURNING user_id`,
      [userId, step, confirmAt],
    );
    return rows.length === 1;
  },

  async replaceRecoveryCodes(db: Queryable, userId: number, codeHashes: readonly string[], at: Date): Promise<void> {
    await db.query('DELETE FROM user_recovery_codes WHERE user_id = $1', [userId]);
    await db.query('INSERT INTO user_recovery_codes (user_id, code_hash, created_at) SELECT $1, unnest($2::text[]), $3', [userId, codeHashes, at]);
  },

  /** Takes a recovery code as used: true only for an unused code of the person (and for one of two parallel uses). */
  async useRecoveryCode(db: Queryable, userId: number, codeHash: string, at: Date): Promise<boolean> {
    const rows = await db.query<{ user_id: number }>(
      'UPDATE user_recovery_codes SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING user_id',
      [userId, codeHash, at],
    );
    return rows.length === 1;
  },

  async recoveryCodesLeft(db: Queryable, userId: number): Promise<number> {
    const rows = await db.query<{ left: number }>('SELECT count(*)::int AS left FROM user_recovery_codes WHERE user_id = $1 AND used_at IS NULL', [userId]);
    return rows[0]?.left ?? 0;
  },

  /** Removes the person's app and codes (a team admin's reset): the next staff call asks them to set one up again. */
  async remove(db: Queryable, userId: number): Promise<boolean> {
    await db.query('DELETE FROM user_recovery_codes WHERE user_id = $1', [userId]);
    const rows = await db.query<{ user_id: number }>('DELETE FROM user_second_factors WHERE user_id = $1 RETURNING user_id', [userId]);
    return rows.length === 1;
  },
};
