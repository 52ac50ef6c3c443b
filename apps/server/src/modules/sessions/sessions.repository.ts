import type { Queryable } from '../../db/database';

export interface SessionRow {
  session_id: number;
  user_id: number;
  premium_until: Date | null;
  is_team_member: boolean;
  team_kinds: string[];
  model_id: number | null;
  country: string | null;
  roles: string[];
  expires_at: Date;
  /** When this session last proved its second factor (decision record 070). */
  second_factor_at: Date | null;
  /** Whether the user has a confirmed authenticator app. */
  second_factor_enrolled: boolean;
}

export const sessionsRepository = {
  async insert(db: Queryable, s: { userId: number; tokenHash: string; expiresAt: Date; userAgent: string | null; ip: string | null }): Promise<number> {
    const rows = await db.query<{ id: string | number }>('INSERT INTO sessions (user_id, token_hash, expires_at, user_agent, ip) VALUES ($1, $2, $3, $4, $5) RETURNING id', [
      s.userId, s.tokenHash, s.expiresAt, s.userAgent, s.ip,
    ]);
    return Number(rows[0]!.id);
  },

  async findActive(db: Queryable, tokenHash: string, now: Date): Promise<SessionRow | null> {
    const rows = await db.query<SessionRow>(
      `SELECT s.id AS session_id, u.id AS user_id, s.expires_at, s.second_factor_at, u.premium_until, u.is_team_member, u.team_kinds,
              u.model_id, u.country,
              COALESCE((SELECT array_agg(r.role ORDER BY r.role) FROM user_roles r WHERE r.user_id = u.id), ARRAY[]::text[]) AS roles,
              EXISTS (SELECT 1 FROM user_second_factors f WHERE f.user_id = u.id AND f.confirmed_at IS NOT NULL) AS second_factor_enrolled
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`,
      [tokenHash, now],
    );
    return rows[0] ?? null;
  },

  /** Records that the session proved its second factor now. */
  async markSecondFactor(db: Queryable, sessionId: number, at: Date): Promise<void> {
    await db.query('UPDATE sessions SET second_factor_at = $2 WHERE id = $1', [sessionId, at]);
  },

  /** The user whose session it was; null when it was revoked already (or never was). */
  async revoke(db: Queryable, sessionId: number): Promise<number | null> {
    const rows = await db.query<{ user_id: number }>('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING user_id', [sessionId]);
    return rows[0]?.user_id ?? null;
  },

  /** Ends the user's live sessions (but `exceptSessionId`) and returns their ids. */
  async revokeAllForUser(db: Queryable, userId: number, exceptSessionId: number | null = null): Promise<number[]> {
    const rows = await db.query<{ id: number }>(
      'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $2 RETURNING id',
      [userId, exceptSessionId],
    );
    return rows.map((row) => Number(row.id));
  },
};
