import {
  Email,
  ROLE_TOKENS,
  TEAM_KINDS,
  Username,
  hasCountryLawLimitation,
  isLawRestrictedRegion,
  normalizeUsRegion,
  secondFactorStateOf,
  type FeatureMapT,
  type Language,
  type Profile,
  type Role,
  type RoleToken,
  type SetOrganicDataBody,
  type TeamKind,
  type ValidationResult,
} from '@velora/shared';
import type { Queryable } from '../../db/database';
import { notFound } from '../../lib/http-error';
import { RATE_LIMITS, limitReached } from '../../lib/rate-limits';
import type { Platform } from '../../platform';
import type { CoinsService } from '../coins/coins.service';
import type { FeaturesService } from '../features/features.service';
import type { AuthContext } from '../sessions/sessions.service';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { usersRepository, type CredentialsRow, type NewUser, type UserRow, type VisitOriginRow } from './users.repository';

export const USERNAME_TAKEN = 'This username is taken';
export const EMAIL_TAKEN = 'An account with this email exists';

const toUnixSeconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

const VALID: ValidationResult = { valid: true, reason: null, message: null };

function formatProblem(schema: typeof Username | typeof Email, value: string): string | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid value');
}

/** Where the person is now: the current visit's country, else where they registered, else their address. */
function currentCountryOf(user: Pick<UserRow, 'registration_country' | 'country'>, visit: VisitOriginRow | null): string | null {
  return visit?.country ?? user.registration_country ?? user.country;
}

/** Law limits follow where the person is now. */
function lawLimitationsOf(user: Pick<UserRow, 'registration_country' | 'country'>, visit: VisitOriginRow | null): string[] {
  const currentCountry = currentCountryOf(user, visit);
  return hasCountryLawLimitation(currentCountry) ? [`country:${currentCountry!.trim().toUpperCase()}`] : [];
}

/**
 * The age-verification popup (product §4 can_show_av_popup) may show while the site verifies ages (the feature is on)
 * and the user is not verified yet, unless settings turn it off: a site that does not verify ages does not nag.
 */
function withAgeVerificationSettings(map: FeatureMapT, ageVerified: boolean): FeatureMapT {
  const feature = map.age_verification ?? { is_active: false, version: null, settings: {} };
  const allowed = feature.is_active && feature.settings.can_show_av_popup !== false;
  return { ...map, age_verification: { ...feature, settings: { ...feature.settings, can_show_av_popup: allowed && !ageVerified } } };
}

export interface UsersDeps extends Pick<Platform, 'db' | 'now' | 'mediaUrls' | 'rateLimits'> {
  features: FeaturesService;
  subscriptions: SubscriptionsService;
  /** The member's ledger account (decision record 016) is the profile's coins. */
  coins: CoinsService;
}

export function createUsersService(deps: UsersDeps) {
  const { db, now, mediaUrls, features, subscriptions, coins: ledger } = deps;

  return {
    /** For log-in: the user whose username or email is `login`, with the password hash. */
    usernameOf: (userId: number): Promise<string | null> => usersRepository.usernameOf(db, userId),
    /** The member's language (the pages the server writes for him, such as the sandbox checkout, speak it). */
    languageOf: (userId: number): Promise<string | null> => usersRepository.languageOf(db, userId),
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

    /** One click stops every non-essential mail (product §2 /unsubscribe_mails). */
    unsubscribeMails: (userId: number) => usersRepository.unsubscribeMails(db, userId, new Date()),

    /** Campaign, region and country of the visit the request belongs to, if it is known. */
    visitOrigin: async (visitId: string | null): Promise<VisitOriginRow | null> => (visitId ? usersRepository.visitOrigin(db, visitId) : null),

    /** Where the member is now (as for law limits) and their feature flags (as on the profile): what prices depend on. */
    async countryAndFeatures(userId: number, visitId: string | null): Promise<{ country: string | null; features: FeatureMapT }> {
      const [user, visit] = await Promise.all([usersRepository.findById(db, userId), visitId ? usersRepository.visitOrigin(db, visitId) : null]);
      if (!user) throw notFound('This account no longer exists');
      const country = currentCountryOf(user, visit)?.trim().toUpperCase() || null;
      return { country, features: await features.forUser(userId, { campaign: visit?.campaign ?? user.registration_campaign }) };
    },

    /** `session`: the caller's session, whose second factor the profile states (decision record 070). */
    async profile(userId: number, visitId: string | null, session?: Pick<AuthContext, 'worksOnSite' | 'secondFactorEnrolled' | 'secondFactorAt'>): Promise<Profile> {
      const [user, coins, visit, subscription] = await Promise.all([
        usersRepository.findById(db, userId),
        // The member's ledger account (decision record 016).
        ledger.balance(userId),
        visitId ? usersRepository.visitOrigin(db, visitId) : null,
        subscriptions.profileSubscription(userId),
      ]);
      if (!user) throw notFound('This account no longer exists');
      // Campaign overrides follow the campaign of this visit, else the one the user registered through.
      const featureMap = withAgeVerificationSettings(
        await features.forUser(userId, { campaign: visit?.campaign ?? user.registration_campaign }),
        user.age_verified,
      );
      return {
        id: user.id,
        language: user.language,
        premium_until: toUnixSeconds(user.premium_until),
        registration_campaign: user.registration_campaign ? { id: user.registration_campaign } : null,
        registration_region: user.registration_region,
        coins,
        email: user.email,
        email_verified: user.email_verified,
        avatar: user.avatar,
        avatar_url: mediaUrls.avatar(user.id, user.avatar),
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
        newsletter_subscribed: user.newsletter_subscribed,
        age_verified: user.age_verified,
        age: user.age,
        source: user.source,
        other_source: user.other_source,
        is_team_member: user.is_team_member,
        team_kinds: user.is_team_member ? user.team_kinds.filter((kind): kind is TeamKind => (TEAM_KINDS as readonly string[]).includes(kind)) : [],
        second_factor: session
          ? secondFactorStateOf(
              { worksOnSite: session.worksOnSite, enrolled: session.secondFactorEnrolled, provenAtMs: session.secondFactorAt?.getTime() ?? null },
              now().getTime(),
            )
          : 'not-needed',
        model_id: user.model_id,
        company: user.company,
        features: featureMap,
        // The columns record that the person hid a block (POST /user/*_block_hidden); the profile says whether to show it,
        // so a new account (nothing hidden) shows both blocks.
        settings: {
          playdate_block: !user.playdate_block_hidden,
          upcoming_playdate_block: !user.upcoming_playdate_block_hidden,
        },
        // The running subscription (premium itself is premium_until, which a payment sets).
        subscription,
        law_limitations: lawLimitationsOf(user, visit),
      };
    },
    /**
     * Law limitations of whoever makes a request (product §4, §6): for a user as on the profile; for a visitor, the
     * country of the current visit (SE) or its US region (product §4 list).
     */
    async lawLimitations(userId: number | null, visitId: string | null): Promise<string[]> {
      const [user, visit] = await Promise.all([
        userId === null ? null : usersRepository.findById(db, userId),
        visitId ? usersRepository.visitOrigin(db, visitId) : null,
      ]);
      if (user) return lawLimitationsOf(user, visit);
      if (hasCountryLawLimitation(visit?.country)) return [`country:${visit!.country!.trim().toUpperCase()}`];
      if (isLawRestrictedRegion(visit?.country, visit?.region)) return [`region:${normalizeUsRegion(visit!.region)}`];
      return [];
    },
    /** Answers of the organic popup (product §3: age, source, other_source); other_source only goes with 'other'. */
    async setOrganicData(userId: number, data: SetOrganicDataBody): Promise<void> {
      await usersRepository.updateOrganicData(db, userId, {
        age: data.age,
        source: data.source,
        otherSource: data.source === 'other' ? (data.other_source ?? null) : null,
      });
    },
    setAgeVerified: (userId: number, tx: Queryable = db) => usersRepository.updateAgeVerified(tx, userId, true),

    /** The user's role tokens; unknown roles in the table are not the client's business. */
    async roles(userId: number): Promise<Role[]> {
      const roles = await usersRepository.roles(db, userId);
      return roles.filter((r): r is RoleToken => (ROLE_TOKENS as readonly string[]).includes(r)).map((token) => ({ token }));
    },

    async validateUsername(username: string, client: { ip: string }): Promise<ValidationResult> {
      await limitIdentityChecks(client.ip);
      const problem = formatProblem(Username, username);
      if (problem) return { valid: false, reason: 'format', message: problem };
      if (await usernameExists(username.trim())) return { valid: false, reason: 'taken', message: USERNAME_TAKEN };
      return VALID;
    },

    async validateEmail(email: string, client: { ip: string }): Promise<ValidationResult> {
      await limitIdentityChecks(client.ip);
      const problem = formatProblem(Email, email);
      if (problem) return { valid: false, reason: 'format', message: problem };
      if (await emailExists(email.trim())) return { valid: false, reason: 'taken', message: EMAIL_TAKEN };
      return VALID;
    },
  };

  /** Each answer tells whether a name or an address has an account: both endpoints share one count per address. */
  async function limitIdentityChecks(ip: string) {
    const attempt = await deps.rateLimits.consume(`identity-check:${ip}`, RATE_LIMITS.identityChecksPerAddress);
    if (!attempt.allowed) throw limitReached('name and email checks from your address', RATE_LIMITS.identityChecksPerAddress, attempt.retryAfterMs);
  }

  function usernameExists(username: string) {
    return usersRepository.usernameExists(db, username);
  }
  function emailExists(email: string) {
    return usersRepository.emailExists(db, email);
  }
}
export type UsersService = ReturnType<typeof createUsersService>;
