import { Email, Password, Username, isReservedUsername } from '@velora/shared';
import type { Database } from '../../db/database';
import { hashPassword } from '../../lib/password';
import type { AuditService } from '../audit/audit.service';
import type { UsersService } from '../users/users.service';
import { teamRepository } from './team.repository';

// `npm run create-admin` (decision record 070): the first team admin of a site that has none, such as a production
// database started with SEED_DEMO=never. Everyone after is added from the back office by an admin.

export class CreateAdminRefused extends Error {}

/** Serialises two commands started at once on one PostgreSQL (the check and the insert are one decision). */
const CREATE_ADMIN_LOCK = 7316070;

export interface FirstAdmin {
  username: string;
  email: string;
  password: string;
}

export async function createFirstAdmin(
  deps: { db: Database; now: () => Date; users: Pick<UsersService, 'takenFields' | 'create'>; audit: Pick<AuditService, 'record'> },
  input: FirstAdmin,
): Promise<{ id: number }> {
  const fields = {
    username: Username.safeParse(input.username),
    email: Email.safeParse(input.email),
    password: Password.safeParse(input.password),
  };
  const problems = Object.entries(fields)
    .filter(([, result]) => !result.success)
    .map(([name, result]) => `${name}: ${result.error!.issues[0]!.message}`);
  if (fields.username.success && isReservedUsername(fields.username.data)) problems.push('username: That name is reserved');
  if (problems.length > 0) throw new CreateAdminRefused(problems.join('; '));
  const username = fields.username.data!;
  const email = fields.email.data!;
  const passwordHash = await hashPassword(fields.password.data!);

  const taken = await deps.users.takenFields({ username, email });
  if (Object.keys(taken).length > 0) throw new CreateAdminRefused(Object.entries(taken).map(([name, why]) => `${name}: ${why}`).join('; '));

  return deps.db.transaction(async (tx) => {
    if (deps.db.engine === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [CREATE_ADMIN_LOCK]);
    if (await teamRepository.hasAdmin(tx)) {
      throw new CreateAdminRefused('This site has a team admin already: an admin adds further team members in the back office (/backoffice/team)');
    }
    // A name taken since the check above fails the insert on the unique index: the transaction ends, nothing is written.
    const id = await deps.users.create({ username, email, passwordHash, language: 'en', registrationCampaign: null, registrationRegion: null, registrationCountry: null }, tx);
    await teamRepository.setMembership(tx, id, true, ['admin']);
    // The address is the operator's own, typed at the machine: nothing to confirm by mail.
    await teamRepository.markEmailVerified(tx, id, deps.now());
    await deps.audit.record(
      {
        actorId: null,
        actorName: 'command-line',
        action: 'command.create-admin',
        subjectType: 'user',
        subjectId: String(id),
        before: null,
        after: { username, email, is_team_member: true, team_kinds: ['admin'] },
        ip: null,
        requestId: null,
      },
      tx,
    );
    return { id };
  });
}
