import type { StaffRole, TeamKind } from '@velora/shared';
import type { Queryable } from '../../db/database';

// SQL of the team (decision record 070): who is on it and of which kinds (users.is_team_member, users.team_kinds).

export interface TeamMemberRow {
  user_id: number;
  username: string;
  email: string;
  is_team_member: boolean;
  team_kinds: string[];
  roles: string[];
  model_id: number | null;
  model_name: string | null;
  second_factor_enrolled: boolean;
}

const MEMBER_SELECT = `SELECT u.id AS user_id, u.username, u.email, u.is_team_member, u.team_kinds,
         COALESCE((SELECT array_agg(r.role ORDER BY r.role) FROM user_roles r WHERE r.user_id = u.id AND r.role IN ('writer', 'retagger')), ARRAY[]::text[]) AS roles,
         u.model_id, m.name_en AS model_name,
         EXISTS (SELECT 1 FROM user_second_factors f WHERE f.user_id = u.id AND f.confirmed_at IS NOT NULL) AS second_factor_enrolled
    FROM users u LEFT JOIN models m ON m.id = u.model_id`;

export const teamRepository = {
  /** Everyone who works on the site: the team, writers and retaggers, and the models' accounts. */
  async list(db: Queryable): Promise<TeamMemberRow[]> {
    return db.query<TeamMemberRow>(
      `${MEMBER_SELECT}
        WHERE u.is_team_member OR u.model_id IS NOT NULL
           OR EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role IN ('writer', 'retagger'))
        ORDER BY u.is_team_member DESC, lower(u.username)`,
    );
  },

  async member(db: Queryable, userId: number): Promise<TeamMemberRow | null> {
    return (await db.query<TeamMemberRow>(`${MEMBER_SELECT} WHERE u.id = $1`, [userId]))[0] ?? null;
  },

  /** The account whose username or email is `login` (any case). */
  async userIdByLogin(db: Queryable, login: string): Promise<number | null> {
    const rows = await db.query<{ id: number }>('SELECT id FROM users WHERE lower(username) = lower($1) OR lower(email) = lower($1) ORDER BY id LIMIT 1', [login]);
    return rows[0]?.id ?? null;
  },

  /** The team admins, locked until the transaction ends (two admins demoting each other at once: one wins). */
  async lockAdmins(db: Queryable): Promise<number[]> {
    const rows = await db.query<{ id: number }>("SELECT id FROM users WHERE is_team_member AND 'admin' = ANY (team_kinds) ORDER BY id FOR UPDATE");
    return rows.map((row) => row.id);
  },

  async setRoles(db: Queryable, userId: number, roles: readonly StaffRole[]): Promise<void> {
    await db.query("DELETE FROM user_roles WHERE user_id = $1 AND role IN ('writer', 'retagger') AND NOT (role = ANY ($2::text[]))", [userId, roles]);
    await db.query('INSERT INTO user_roles (user_id, role) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING', [userId, roles]);
  },

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
