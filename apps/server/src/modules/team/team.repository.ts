import type { TeamKind } from '@velora/shared';
import type { Queryable } from '../../db/database';

// SQL of the team (decision record 070): who is on it and of which kinds (users.is_team_member, users.team_kinds).

export const teamRepository = {
  async hasAdmin(db: Queryable): Promise<boolean> {
    const rows = await db.query<{ any: boolean }>("SELECT EXISTS (SELECT 1 FROM users WHERE is_team_member AND 'admin' = ANY (team_kinds)) AS any");
    return rows[0]?.any ?? false;
  },

  async setMembership(db: Queryable, userId: number, member: boolean, kinds: readonly TeamKind[]): Promise<void> {
    await db.query('UPDATE users SET is_team_member = $2, team_kinds = $3 WHERE id = $1', [userId, member, member ? kinds : []]);
  },

  async markEmailVerified(db: Queryable, userId: number, at: Date): Promise<void> {
    await db.query('UPDATE users SET email_verified_at = COALESCE(email_verified_at, $2) WHERE id = $1', [userId, at]);
  },
};
