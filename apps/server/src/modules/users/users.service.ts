import {
  Email,
  ROLE_TOKENS,
  Username,
  hasCountryLawLimitation,
  type Language,
  type Profile,
  type Role,
  type RoleToken,
  type ValidationResult,
} from '@velora/shared';
import type { Queryable } from '../../db/database';
import { notFound } from '../../lib/http-error';
import { createFeaturesService } from '../features/features.service';
import { usersRepository, type CredentialsRow, type NewUser, type VisitOriginRow } from './users.repository';

export const USERNAME_TAKEN = 'This username is taken';
export const EMAIL_TAKEN = 'An account with this email exists';

const toUnixSeconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

const VALID: ValidationResult = { valid: true, reason: null, message: null };

function formatProblem(schema: typeof Username | typeof Email, value: string): string | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid value');
}

export function createUsersService(db: Queryable) {
  const features = createFeaturesService(db);

  return {
    /** For log-in: the user whose username or email is `login`, with the password hash. */
    findCredentialsByLogin: (login: string): Promise<CredentialsRow | null> => usersRepository.findCredentialsByLogin(db, login),
    findCredentialsByEmail: (email: string): Promise<CredentialsRow | null> => usersRepository.findCredentialsByEmail(db, email),

    /** Which of the two identities already belong to someone, with the message for each taken field. */
    async takenFields(input: { username?: string; email?: string }): Promise<Record<string, string>> {
      const [usernameTaken, emailTaken] = await Promise.all([
        input.username ? usernameExists(input.username) : false,
        input.email ? emailExists(input.email) : false,
      ]);
      return { ...(usernameTaken ? { username: USERNAME_TAKEN } : {}), ...(emailTaken ? { email: EMAIL_TAKEN } : {}) };
    },

    /** Inserts a user; a unique violation is left to the caller, who knows the transaction it runs in. */
    create: (user: NewUser, tx: Queryable = db) => usersRepository.insert(tx, user),

    setPasswordHash: (userId: number, passwordHash: string, tx: Queryable = db) => usersRepository.updatePasswordHash(tx, userId, passwordHash),

    setLanguage: (userId: number, language: Language) => usersRepository.updateLanguage(db, userId, language),

    /** Campaign, region and country of the visit the request belongs to, if it is known. */
    visitOrigin: async (visitId: string | null): Promise<VisitOriginRow | null> => (visitId ? usersRepository.visitOrigin(db, visitId) : null),

    async profile(userId: number, visitId: string | null): Promise<Profile> {
      const [user, coins, featureMap, visit] = await Promise.all([
        usersRepository.findById(db, userId),
        usersRepository.coinBalance(db, userId),
        features.forUser(userId),
        visitId ? usersRepository.visitOrigin(db, visitId) : null,
      ]);
      if (!user) throw notFound('This account no longer exists');
      // Law limits follow where the person is now: the current visit's country, else where they registered, else their address.
      const currentCountry = visit?.country ?? user.registration_country ?? user.country;
      return {
        id: user.id,
        language: user.language,
        premium_until: toUnixSeconds(user.premium_until),
        registration_campaign: user.registration_campaign ? { id: user.registration_campaign } : null,
        registration_region: user.registration_region,
        coins,
        email: user.email,
        avatar: user.avatar,
        username: user.username,
        chatname: user.chatname,
        first_name: user.first_name,
        last_name: user.last_name,
        street: user.street,
        house: user.house,
        zip: user.zip,
        city: user.city,
        country: user.country,
        playdate_notification: user.playdate_notification,
        camera_mail_notification: user.camera_mail_notification,
        age_verified: user.age_verified,
        age: user.age,
        source: user.source,
        other_source: user.other_source,
        is_team_member: user.is_team_member,
        model_id: user.model_id,
        company: user.company,
        features: featureMap,
        // The columns record that the person hid a block (POST /user/*_block_hidden); the profile says whether to show it,
        // so a new account (nothing hidden) shows both blocks.
        settings: {
          playdate_block: !user.playdate_block_hidden,
          upcoming_playdate_block: !user.upcoming_playdate_block_hidden,
        },
        // Subscriptions arrive with payments; until then nobody has one.
        subscription: null,
        law_limitations: hasCountryLawLimitation(currentCountry) ? [`country:${currentCountry!.trim().toUpperCase()}`] : [],
      };
    },

    /** The user's role tokens; unknown roles in the table are not the client's business. */
    async roles(userId: number): Promise<Role[]> {
      const roles = await usersRepository.roles(db, userId);
      return roles.filter((r): r is RoleToken => (ROLE_TOKENS as readonly string[]).includes(r)).map((token) => ({ token }));
    },

    async validateUsername(username: string): Promise<ValidationResult> {
      const problem = formatProblem(Username, username);
      if (problem) return { valid: false, reason: 'format', message: problem };
      if (await usernameExists(username.trim())) return { valid: false, reason: 'taken', message: USERNAME_TAKEN };
      return VALID;
    },

    async validateEmail(email: string): Promise<ValidationResult> {
      const problem = formatProblem(Email, email);
      if (problem) return { valid: false, reason: 'format', message: problem };
      if (await emailExists(email.trim())) return { valid: false, reason: 'taken', message: EMAIL_TAKEN };
      return VALID;
    },
  };

  function usernameExists(username: string) {
    return usersRepository.usernameExists(db, username);
  }
  function emailExists(email: string) {
    return usersRepository.emailExists(db, email);
  }
}
export type UsersService = ReturnType<typeof createUsersService>;
