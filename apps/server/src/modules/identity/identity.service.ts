import { randomInt } from 'node:crypto';
import { isReservedUsername, landingUrlFor, type AccessTokenResponse, type IdentitySignInBody } from '@velora/shared';
import type { Platform } from '../../platform';
import { isUniqueViolation } from '../../db/database';
import { notFound } from '../../lib/http-error';
import type { FeaturesService } from '../features/features.service';
import type { SessionsService } from '../sessions/sessions.service';
import { welcomeSiteMessage, type ErrorLog, type MessagesService } from '../messages/messages.service';
import type { UsersService } from '../users/users.service';
import { createIdTokenVerifier, type IdTokenVerifier } from './id-token-verifier';
import { identityRepository } from './identity.repository';

/**
 * Not an Argon2 hash, so no password ever matches it: an account made by identity-provider sign-in has no password
 * until its owner sets one with "forgot password".
 */
export const NO_PASSWORD = '!identity-provider';

export interface IdentityClient {
  ip: string;
  userAgent: string | null;
  visitId: string | null;
}

const MIN_USERNAME = 3;
const MAX_USERNAME_BASE = 24;

/** A username from the local part of an email address: `Anna.Schmidt+x@…` → `Anna.Schmidt_x`. */
export function usernameBaseFrom(email: string): string {
  const local = email.slice(0, Math.max(0, email.lastIndexOf('@'))) || email;
  let base = local
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_.-]+/g, '_')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, MAX_USERNAME_BASE)
    .replace(/[._-]+$/, '');
  if (base.length < MIN_USERNAME) base = base ? `${base}_member` : 'member';
  return base;
}

export interface IdentityDeps extends Pick<Platform, 'db' | 'config' | 'now'> {
  log: ErrorLog;
  messages: MessagesService;
  users: UsersService;
  sessions: SessionsService;
  features: FeaturesService;
}

export function createIdentityService(deps: IdentityDeps) {
  const { db, config, now, log, messages, users, sessions, features } = deps;
  const verifiers = new Map<string, IdTokenVerifier>();

  function verifierFor(provider: string): IdTokenVerifier | null {
    const settings = Object.hasOwn(config.identityProviders, provider)
      ? config.identityProviders[provider as keyof typeof config.identityProviders]
      : undefined;
    if (!settings) return null;
    let verifier = verifiers.get(provider);
    if (!verifier) verifiers.set(provider, (verifier = createIdTokenVerifier(settings, now)));
    return verifier;
  }

  async function freeUsername(email: string): Promise<string> {
    const base = usernameBaseFrom(email);
    const candidates = [base, ...Array.from({ length: 8 }, (_, i) => `${base}${i + 2}`), ...Array.from({ length: 5 }, () => `${base}${randomInt(10_000, 100_000)}`)];
    for (const candidate of candidates) {
      // `velora@…` must not become the user `velora`: that name is the site's inbox (RESERVED_MESSAGE_SEGMENTS).
      if (isReservedUsername(candidate)) continue;
      if (!(await users.takenFields({ username: candidate })).username) return candidate;
    }
    return `member${randomInt(1_000_000_000, 10_000_000_000)}`;
  }

  /** One try; a unique violation means another request created the account or name meanwhile, and is retried. */
  async function signInOnce(provider: string, identity: { subject: string; email: string }, body: IdentitySignInBody, client: IdentityClient) {
    const [linked, origin] = await Promise.all([identityRepository.findUserId(db, provider, identity.subject), users.visitOrigin(client.visitId)]);
    const existing = linked === null ? await users.findCredentialsByEmail(identity.email) : null;
    const username = linked === null && !existing ? await freeUsername(identity.email) : null;
    const at = now();
    const meta = { ip: client.ip, userAgent: client.userAgent?.slice(0, 512) ?? null };

    return db.transaction(async (tx) => {
      let userId = linked ?? existing?.id ?? null;
      const created = userId === null;
      if (userId === null) {
        userId = await users.create(
          {
            username: username!,
            email: identity.email,
            passwordHash: NO_PASSWORD,
            language: body.language,
            registrationCampaign: origin?.campaign ?? null,
            registrationRegion: origin?.region ?? null,
            registrationCountry: origin?.country ?? null,
          },
          tx,
        );
      }
      if (linked === null) await identityRepository.link(tx, { provider, subject: identity.subject, userId, email: identity.email, at });
      else await identityRepository.touch(tx, provider, identity.subject, identity.email, at);
      const session = await sessions.create(userId, meta, tx);
      return { userId, session, campaign: origin?.campaign ?? null, createdAs: created ? username : null };
    });
  }

  return {
    /** Sign-in is on for a configured provider, on the configured host only (product §1: one site domain). */
    isAvailable(provider: string, hostname: string | null): boolean {
      if (!verifierFor(provider)) return false;
      return config.identityProviderHost === undefined || (hostname ?? '').toLowerCase() === config.identityProviderHost;
    },

    /**
     * Verifies the provider's ID token, then logs in the account linked to it, else links the account with the same
     * (provider-verified) email, else creates one. redirect_url: the user's landing URL when the sign-in started on a
     * landing page (landing_id), else null so the client follows its own redirect (product §2).
     */
    async signIn(provider: string, body: IdentitySignInBody, client: IdentityClient): Promise<AccessTokenResponse> {
      const verify = verifierFor(provider);
      if (!verify) throw notFound('Sign-in with this provider is not available here');
      const identity = await verify(body.token);

      let result: Awaited<ReturnType<typeof signInOnce>>;
      for (let attempt = 1; ; attempt++) {
        try {
          result = await signInOnce(provider, identity, body, client);
          break;
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 3) throw error;
        }
      }

      if (result.createdAs !== null) {
        // As for a registration: the welcome is not part of the account, so a failure only gets logged.
        await messages.sendSiteMessage(result.userId, welcomeSiteMessage(result.createdAs, body.language)).catch((err: unknown) => log.error({ err }, 'welcome message failed'));
      }

      const fromLanding = body.landing_id !== undefined && body.landing_id !== null && body.landing_id !== '';
      const redirectUrl = fromLanding ? landingUrlFor(true, await features.forUser(result.userId, { campaign: result.campaign })) : null;
      return {
        access_token: result.session.token,
        token_type: 'Bearer',
        expires_at: Math.floor(result.session.expiresAt.getTime() / 1000),
        redirect_url: redirectUrl,
      };
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;
