import type { Queryable } from '../../db/database';

export interface SessionRow {
  session_id: number;
  user_id: number;
  premium_until: Date | null;
  is_team_member: boolean;
  model_id: number | null;
  country: string | null;
  roles: string[];
  expires_at: Date;
}

export const sessionsRepository = {
  async insert(db: Queryable, s: { userId: number; tokenHash: string; expiresAt: Date; userAgent: string | null; ip: string | null }) {
    await db.query('INSERT INTO sessions (user_id, token_hash, expires_at, user_agent, ip) VALUES ($1, $2, $3, $4, $5)', [
      s.userId, s.tokenHash, s.expiresAt, s.userAgent, s.ip,
    ]);
  },

  async findActive(db: Queryable, tokenHash: string, now: Date): Promise<SessionRow | null> {
    const rows = await db.query<SessionRow>(
      `SELECT s.id AS session_id, u.id AS user_id, s.expires_at, u.premium_until, u.is_team_member, u.model_id, u.country,
              COALESCE((SELECT array_agg(r.role ORDER BY r.role) FROM user_roles r WHERE r.user_id = u.id), ARRAY[]::text[]) AS roles
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`,
      [tokenHash, now],
    );
    return rows[0] ?? null;
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
