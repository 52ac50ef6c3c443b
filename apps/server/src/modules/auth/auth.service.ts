import {
  DEFAULT_LANGUAGE,
  PRODUCT_NAME,
  type AccessTokenResponse,
  type ForgotPasswordBody,
  type LoginBody,
  type LoginByHashBody,
  type RegisterBody,
  type ResetPasswordBody,
} from '@velora/shared';
import type { Platform } from '../../platform';
import { isUniqueViolation, type Queryable } from '../../db/database';
import { HttpError, badRequest, conflict, tooManyRequests } from '../../lib/http-error';
import type { MailMessage } from '../../lib/mailer';
import { RATE_LIMITS, limitReached } from '../../lib/rate-limits';
import { hashPassword, verifyPassword } from '../../lib/password';
import { welcomeSiteMessage, type MessagesService } from '../messages/messages.service';
import { hashSecret, newSecret, type SessionsService } from '../sessions/sessions.service';
import { EMAIL_TAKEN, USERNAME_TAKEN, type UsersService } from '../users/users.service';
import { authRepository, type OneTimeKeyPurpose } from './auth.repository';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export const LOGIN_HASH_TTL_MS = 7 * 24 * HOUR_MS;
export const PASSWORD_RESET_TTL_MS = HOUR_MS;

export const INVALID_CREDENTIALS = 'Wrong username or password';
export const INVALID_RESET_KEY = 'This link is invalid or has expired. Ask for a new one.';
export const INVALID_LOGIN_HASH = 'This log-in link is invalid or has expired. Log in with your password, or ask for a new link.';

/** What the service needs to know about the caller. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  visitId: string | null;
}

export interface ErrorLog {
  error(details: object, message: string): void;
}

// A log-in for an unknown name still costs one Argon2 verification, so response time does not reveal which names exist.
let dummyHash: Promise<string> | undefined;
const dummyPasswordHash = () => (dummyHash ??= hashPassword(newSecret()));

const minutesText = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE_MS));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};
const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export interface AuthDeps extends Pick<Platform, 'db' | 'config' | 'now' | 'rateLimits' | 'mailer'> {
  log: ErrorLog;
  sessions: SessionsService;
  users: UsersService;
  messages: MessagesService;
}

export function createAuthService(deps: AuthDeps) {
  const { db, config, now, rateLimits, log, sessions, users, messages } = deps;
  void dummyPasswordHash();

  const tokenResponse = (session: { token: string; expiresAt: Date }): AccessTokenResponse => ({
    access_token: session.token,
    token_type: 'Bearer',
    expires_at: Math.floor(session.expiresAt.getTime() / 1000),
    redirect_url: null,
  });

  const sessionMeta = (client: ClientInfo) => ({ ip: client.ip, userAgent: client.userAgent?.slice(0, 512) ?? null });

  // Mail is sent after the answer is decided and never awaited: a slow or broken mail server must neither fail
  // the request nor show in its timing (which would tell whether an account exists).
  const deliver = (message: MailMessage) => {
    void deps.mailer.send(message).catch((err: unknown) => log.error({ err, subject: message.subject }, 'mail delivery failed'));
  };

  const accountKey = (userId: number | null, login = '') => `login:account:${userId ?? `name:${login.toLowerCase()}`}`;
  const addressKey = (ip: string) => `login:address:${ip}`;

  async function issueKey(userId: number, purpose: OneTimeKeyPurpose, ttlMs: number, tx: Queryable = db) {
    const key = newSecret();
    const at = now();
    await authRepository.insertKey(tx, { userId, purpose, keyHash: hashSecret(key), expiresAt: new Date(at.getTime() + ttlMs), now: at });
    return key;
  }

  /** A unique violation names its index; if an engine leaves the name out, look the identities up again. */
  async function conflictFor(error: unknown, body: RegisterBody): Promise<HttpError> {
    const constraint = (error as { constraint?: string }).constraint;
    let fields: Record<string, string>;
    if (constraint === 'users_username_key') fields = { username: USERNAME_TAKEN };
    else if (constraint === 'users_email_key') fields = { email: EMAIL_TAKEN };
    else fields = await users.takenFields(body);
    if (Object.keys(fields).length === 0) fields = { username: USERNAME_TAKEN };
    return conflict(Object.values(fields).join('. '), fields);
  }

  return {
    async register(body: RegisterBody, client: ClientInfo): Promise<AccessTokenResponse> {
      // Every attempt counts, a refused one too: a 409 also tells whether a name or address is registered.
      const signUps = await rateLimits.consume(`register:address:${client.ip}`, RATE_LIMITS.registrationsPerAddress);
      if (!signUps.allowed) throw limitReached('sign-ups from your address', RATE_LIMITS.registrationsPerAddress, signUps.retryAfterMs);
      // Checked first so both taken fields are named at once and no Argon2 time is spent on a doomed request.
      const taken = await users.takenFields(body);
      if (Object.keys(taken).length > 0) throw conflict(Object.values(taken).join('. '), taken);

      const [passwordHash, origin] = await Promise.all([hashPassword(body.password), users.visitOrigin(client.visitId)]);
      let created: { userId: number; loginHash: string; session: { token: string; expiresAt: Date } };
      try {
        created = await db.transaction(async (tx) => {
          const userId = await users.create(
            {
              username: body.username,
              email: body.email,
              passwordHash,
              language: body.language ?? DEFAULT_LANGUAGE,
              registrationCampaign: origin?.campaign ?? null,
              registrationRegion: origin?.region ?? null,
              registrationCountry: origin?.country ?? null,
            },
            tx,
          );
          const loginHash = await issueKey(userId, 'login_hash', LOGIN_HASH_TTL_MS, tx);
          const session = await sessions.create(userId, sessionMeta(client), tx);
          return { userId, loginHash, session };
        });
      } catch (error) {
        // Two sign-ups racing for one name: the index decides, and the loser gets the same 409 as a plain duplicate.
        if (isUniqueViolation(error)) throw await conflictFor(error, body);
        throw error;
      }

      // The welcome in the site inbox is not part of the account: if it fails, the account still stands.
      await messages
        .sendSiteMessage(created.userId, welcomeSiteMessage(body.username, body.language ?? DEFAULT_LANGUAGE))
        .catch((err: unknown) => log.error({ err }, 'welcome message failed'));

      const link = `${config.publicUrl}/?hash=${encodeURIComponent(created.loginHash)}`;
      deliver({
        to: body.email,
        subject: `Welcome to ${PRODUCT_NAME}`,
        text: [
          `Hello ${body.username},`,
          '',
          `welcome to ${PRODUCT_NAME}. Your account is ready.`,
          '',
          'Log in with one click (the link works once, for 7 days):',
          link,
          '',
          'If you did not create this account, you can ignore this mail.',
          '',
        ].join('\n'),
      });
      return tokenResponse(created.session);
    },

    async login(body: LoginBody, client: ClientInfo): Promise<AccessTokenResponse> {
      // Both counts are taken before the password is checked, so a burst of parallel guesses cannot outrun them;
      // only failures count, so a success gives the address's attempt back and clears the account's.
      const address = await rateLimits.consume(addressKey(client.ip), RATE_LIMITS.loginPerAddress);
      if (!address.allowed) throw tooManyLogins(address.retryAfterMs);

      const user = await users.findCredentialsByLogin(body.username);
      const accountKeyOfAttempt = accountKey(user?.id ?? null, body.username);
      const account = await rateLimits.consume(accountKeyOfAttempt, RATE_LIMITS.loginPerAccount);
      if (!account.allowed) {
        // No password was checked: the address keeps its attempt for a name that is not locked.
        await rateLimits.refund(addressKey(client.ip), RATE_LIMITS.loginPerAddress);
        throw tooManyLogins(account.retryAfterMs);
      }

      let ok = false;
      if (user) ok = await verifyPassword(user.password_hash, body.password);
      else await verifyPassword(await dummyPasswordHash(), body.password);
      if (!user || !ok) throw new HttpError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      await Promise.all([
        rateLimits.reset(accountKeyOfAttempt, RATE_LIMITS.loginPerAccount),
        rateLimits.refund(addressKey(client.ip), RATE_LIMITS.loginPerAddress),
      ]);
      return tokenResponse(await sessions.create(user.id, sessionMeta(client)));
    },

    logout: (sessionId: number) => sessions.revoke(sessionId),

    async forgotPassword(body: ForgotPasswordBody, client: ClientInfo): Promise<void> {
      const address = await rateLimits.consume(`forgot:address:${client.ip}`, RATE_LIMITS.forgotPasswordPerAddress);
      if (!address.allowed) {
        throw tooManyRequests(`Too many password reset requests. Try again in ${minutesText(address.retryAfterMs)}.`, retryAfterSeconds(address.retryAfterMs));
      }
      const user =
        (body.username ? await users.findCredentialsByLogin(body.username) : null) ??
        (body.email ? await users.findCredentialsByEmail(body.email) : null);
      if (!user) return;
      // Caps the mails one mailbox receives, whoever asks; the caller gets the same answer either way.
      const mails = await rateLimits.consume(`forgot:account:${user.id}`, RATE_LIMITS.forgotPasswordMailsPerAccount);
      if (!mails.allowed) return;

      const key = await issueKey(user.id, 'password_reset', PASSWORD_RESET_TTL_MS);
      const link = `${config.publicUrl}/reset_password?reset_key=${encodeURIComponent(key)}`;
      deliver({
        to: user.email,
        subject: `Reset your ${PRODUCT_NAME} password`,
        text: [
          `Hello ${user.username},`,
          '',
          `someone, hopefully you, asked to reset the password of your ${PRODUCT_NAME} account.`,
          'Choose a new password here (the link works once, for 1 hour):',
          link,
          '',
          'If you did not ask for this, ignore this mail: your password stays as it is.',
          '',
        ].join('\n'),
      });
    },

    async resetPassword(body: ResetPasswordBody): Promise<void> {
      const keyHash = hashSecret(body.reset_key);
      const invalid = () => badRequest(INVALID_RESET_KEY, { reset_key: INVALID_RESET_KEY });
      // A cheap look first, so a bad key costs no Argon2 time; the key is only used inside the transaction.
      if ((await authRepository.findUsableKeyOwner(db, 'password_reset', keyHash, now())) === null) throw invalid();
      const passwordHash = await hashPassword(body.password);
      const { userId, ended } = await db.transaction(async (tx) => {
        const at = now();
        const owner = await authRepository.consumeKey(tx, 'password_reset', keyHash, at);
        if (owner === null) throw invalid();
        await users.setPasswordHash(owner, passwordHash, tx);
        // A reset is how people take back an account: every other link and every session ends with the old password.
        await authRepository.retireKeysOf(tx, owner, 'password_reset', at);
        await authRepository.retireKeysOf(tx, owner, 'login_hash', at);
        return { userId: owner, ended: await sessions.revokeAllForUser(owner, { tx }) };
      });
      sessions.disconnect(ended);
      // Whoever just proved access to the mailbox may log in at once, even after failed attempts.
      await rateLimits.reset(accountKey(userId), RATE_LIMITS.loginPerAccount);
    },

    async loginByHash(body: LoginByHashBody, client: ClientInfo): Promise<AccessTokenResponse> {
      const session = await db.transaction(async (tx) => {
        const owner = await authRepository.consumeKey(tx, 'login_hash', hashSecret(body.hash), now());
        if (owner === null) throw badRequest(INVALID_LOGIN_HASH, { hash: INVALID_LOGIN_HASH });
        return sessions.create(owner, sessionMeta(client), tx);
      });
      return tokenResponse(session);
    },
  };

  function tooManyLogins(resetInMs: number) {
    return tooManyRequests(`Too many failed log-in attempts. Try again in ${minutesText(resetInMs)}.`, retryAfterSeconds(resetInMs));
  }
}
export type AuthService = ReturnType<typeof createAuthService>;
