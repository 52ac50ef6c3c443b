import type { AddTeamMemberBody, StaffRole, TeamKind, TeamList, TeamMember, TeamMembershipBody } from '@velora/shared';
import { STAFF_ROLES, TEAM_KINDS } from '@velora/shared';
import type { Queryable } from '../../db/database';
import { HttpError, notFound } from '../../lib/http-error';
import type { Platform } from '../../platform';
import type { SecondFactorService } from '../second-factor/second-factor.service';
import { teamRepository, type TeamMemberRow } from './team.repository';

// The team (decision record 070): admins give accounts team membership, team kinds and the editorial roles, and reset a
// lost authenticator app. Every write is audited by the route layer (capability admin.team).

const toMember = (row: TeamMemberRow): TeamMember => ({
  user_id: row.user_id,
  username: row.username,
  email: row.email,
  is_team_member: row.is_team_member,
  team_kinds: row.is_team_member ? row.team_kinds.filter((kind): kind is TeamKind => (TEAM_KINDS as readonly string[]).includes(kind)) : [],
  roles: row.roles.filter((role): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role)),
  model: row.model_id !== null && row.model_name !== null ? { id: row.model_id, name: row.model_name } : null,
  second_factor_enrolled: row.second_factor_enrolled,
});

const lastAdmin = () =>
  new HttpError(409, 'LAST_ADMIN', 'This would leave the site without a team admin: make someone else an admin first', { team_kinds: 'The last admin keeps the admin kind' });

export function createTeamService({ db, secondFactor }: Pick<Platform, 'db'> & { secondFactor: Pick<SecondFactorService, 'reset'> }) {
  async function requireMember(tx: Queryable, userId: number): Promise<TeamMemberRow> {
    const row = await teamRepository.member(tx, userId);
    if (!row) throw notFound(`No account ${userId}`);
    return row;
  }

  async function setMembership(userId: number, body: TeamMembershipBody): Promise<TeamMember> {
    return db.transaction(async (tx) => {
      await requireMember(tx, userId);
      const admins = await teamRepository.lockAdmins(tx);
      const staysAdmin = body.team_member && body.team_kinds.includes('admin');
      if (!staysAdmin && admins.length === 1 && admins[0] === userId) throw lastAdmin();
      await teamRepository.setMembership(tx, userId, body.team_member, body.team_kinds);
      await teamRepository.setRoles(tx, userId, body.roles);
      return toMember((await teamRepository.member(tx, userId))!);
    });
  }

  return {
    async list(): Promise<TeamList> {
      return { members: (await teamRepository.list(db)).map(toMember) };
    },

    /** The person as the back office shows them (an audit entry's state before a change). */
    async member(userId: number): Promise<TeamMember | null> {
      const row = await teamRepository.member(db, userId);
      return row ? toMember(row) : null;
    },

    async add(body: AddTeamMemberBody): Promise<TeamMember> {
      const userId = await teamRepository.userIdByLogin(db, body.login);
      if (userId === null) throw new HttpError(404, 'NOT_FOUND', `No account has the username or email "${body.login}"`, { login: 'No account has this username or email' });
      return setMembership(userId, body);
    },

    update: setMembership,

    async resetSecondFactor(userId: number): Promise<void> {
      await requireMember(db, userId);
      await secondFactor.reset(userId);
    },

    /** The user id of a username or email (the back office's add form, an audit subject). */
    userIdByLogin: (login: string) => teamRepository.userIdByLogin(db, login),
  };
}
export type TeamService = ReturnType<typeof createTeamService>;
