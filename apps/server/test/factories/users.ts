import type { RoleToken, TeamKind } from '@velora/shared';
import { hashPassword } from '../../src/lib/password';
import { emailVerificationRepository } from '../../src/modules/email-verification/email-verification.repository';
import { paymentsRepository } from '../../src/modules/payments/payments.repository';
import { usersSettingsRepository, type PersonalData } from '../../src/modules/users/users-settings.repository';
import { usersRepository, type UserRow } from '../../src/modules/users/users.repository';
import { uniqueName, type FactoryContext } from './context';

// Users are registered through the users repository, as POST /auth/register does, then given what the app grants
// later through its own services and repositories (premium by a payment, avatar and chat name by the settings). Roles, team
// membership, a model account and a company are given by staff outside the app: those few columns are written here.

/** A role of product §6, or any other text the user_roles table may hold (tests of unknown roles). */
export type UserRole = RoleToken | (string & {});

export interface UserOverrides {
  username?: string;
  /** Default `<username>@example.com`. */
  email?: string;
  /** A real password, hashed with Argon2id as registration does (slow: only for tests about the password). Without
   * one the account has a hash that no password matches. */
  password?: string;
  /** An Argon2 hash computed once for several users (a test suite about passwords hashes one, not one per user). */
  passwordHash?: string;
  language?: 'en' | 'de' | 'fr';
  registrationCountry?: string | null;
  registrationRegion?: string | null;
  registrationCampaign?: string | null;
  premiumUntil?: Date | null;
  modelId?: number | null;
  roles?: UserRole[];
  teamMember?: boolean;
  /** Kinds of a team member (support, moderator, finance, admin); implies `teamMember`. */
  teamKinds?: TeamKind[];
  chatname?: string | null;
  avatar?: number | null;
  company?: 'net' | 'de' | 'ch' | null;
  /** Verified at the test clock, as following the verification link does. */
  emailVerified?: boolean;
  /** The member hid the playdate block of the home page (a settings switch). */
  playdateBlockHidden?: boolean;
  /** Name and address, as the account settings save them (`country` is the address's). */
  personalData?: Partial<PersonalData>;
}

/** No Argon2 output looks like this, so no password logs in. */
export const NO_PASSWORD_HASH = 'not-a-real-hash';

export async function createUser(t: FactoryContext, overrides: UserOverrides = {}): Promise<UserRow> {
  const { db } = t.deps;
  const username = overrides.username ?? uniqueName('user');
  const id = await usersRepository.insert(db, {
    username,
    email: overrides.email ?? `${username}@example.com`,
    passwordHash: overrides.passwordHash ?? (overrides.password === undefined ? NO_PASSWORD_HASH : await hashPassword(overrides.password)),
    language: overrides.language ?? 'en',
    registrationCampaign: overrides.registrationCampaign ?? null,
    registrationRegion: overrides.registrationRegion ?? null,
    registrationCountry: overrides.registrationCountry ?? null,
  });
  if (overrides.premiumUntil) await paymentsRepository.setPremiumUntil(db, id, overrides.premiumUntil);
  if (overrides.chatname !== undefined) await usersSettingsRepository.updateUsername(db, id, username, overrides.chatname);
  if (overrides.personalData) {
    const empty: PersonalData = { first_name: null, last_name: null, street: null, house: null, zip: null, city: null, country: null };
    await usersSettingsRepository.updatePersonalData(db, id, { ...empty, ...overrides.personalData });
  }
  if (overrides.emailVerified) await emailVerificationRepository.markVerified(db, id, (await usersRepository.findById(db, id))!.email, t.deps.now());
  if (overrides.playdateBlockHidden) await usersSettingsRepository.setPlaydateBlockHidden(db, id, true);
  if (overrides.avatar !== undefined) await t.services.usersSettings.changeAvatar(id, overrides.avatar);
  const teamMember = overrides.teamMember ?? (overrides.teamKinds?.length ?? 0) > 0;
  if (overrides.modelId != null || teamMember || overrides.company != null) {
    await db.query('UPDATE users SET model_id = $2, is_team_member = $3, team_kinds = $4, company = $5 WHERE id = $1', [
      id, overrides.modelId ?? null, teamMember, overrides.teamKinds ?? [], overrides.company ?? null,
    ]);
  }
  for (const role of overrides.roles ?? []) await db.query('INSERT INTO user_roles (user_id, role) VALUES ($1, $2)', [id, role]);
  return (await usersRepository.findById(db, id))!;
}

/** The user as the database holds it now (after a test changed it through the app). */
export const reloadUser = async (t: FactoryContext, id: number): Promise<UserRow> => (await usersRepository.findById(t.deps.db, id))!;
