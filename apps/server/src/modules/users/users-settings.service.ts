import {
  PRODUCT_NAME,
  CONFIRM_EMAIL_CHANGE_PARAM,
  type ChangeEmailBody,
  type ChangeNotificationSettingsBody,
  type ChangePasswordBody,
  type ChangePersonalDataBody,
  type ChangeUsernameBody,
} from '@velora/shared';
import type { Platform } from '../../platform';
import { isUniqueViolation } from '../../db/database';
import { badRequest, conflict, notFound, tooManyRequests, type HttpError } from '../../lib/http-error';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { hashPassword, verifyPassword } from '../../lib/password';
import { hashSecret, newSecret, type SessionsService } from '../sessions/sessions.service';
import { usersSettingsRepository as repo, type AccountRow } from './users-settings.repository';
import { EMAIL_TAKEN, USERNAME_TAKEN } from './users.service';

export const WRONG_PASSWORD = 'Wrong password';
export const SAME_EMAIL = 'This is already your email address';
export const INVALID_EMAIL_CHANGE_TOKEN = 'This link is invalid or has expired. Ask for a new one.';
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

export interface ErrorLog {
  error(details: object, message: string): void;
}

export function createUsersSettingsService(
  deps: Pick<Platform, 'db' | 'now' | 'rateLimits' | 'config' | 'mailer'> & { log: ErrorLog; sessions: Pick<SessionsService, 'revokeAllForUser' | 'disconnect'> },
) {
  const { db, now, rateLimits, config, log, sessions } = deps;

  async function account(userId: number): Promise<AccountRow> {
    const row = await repo.account(db, userId);
    if (!row) throw notFound('This account no longer exists');
    return row;
  }

  /**
   * Throws 400 fields.password unless `password` is the user's. Failed checks are limited per account, so a stolen
   * session cannot become a way to guess the password: counted before the check (parallel guesses cannot outrun the
   * limit), given back when the password was right.
   */
  async function checkPassword(user: AccountRow, password: string): Promise<void> {
    const key = `settings:password:${user.id}`;
    const attempt = await rateLimits.consume(key, RATE_LIMITS.passwordChecksPerAccount);
    if (!attempt.allowed) throw tooMany(attempt.retryAfterMs);
    if (await verifyPassword(user.password_hash, password)) {
      await rateLimits.refund(key, RATE_LIMITS.passwordChecksPerAccount);
      return;
    }
    throw badRequest(WRONG_PASSWORD, { password: WRONG_PASSWORD });
  }

  function tooMany(resetInMs: number): HttpError {
    const minutes = Math.max(1, Math.ceil(resetInMs / 60_000));
    return tooManyRequests(`Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, Math.max(1, Math.ceil(resetInMs / 1000)));
  }

  return {
    async changePassword(userId: number, sessionId: number, body: ChangePasswordBody): Promise<void> {
      const user = await account(userId);
      await checkPassword(user, body.password);
      const passwordHash = await hashPassword(body.newPassword);
      const ended = await db.transaction(async (tx) => {
        await repo.updatePassword(tx, userId, passwordHash);
        await repo.retirePasswordResetKeys(tx, userId, now());
        // Whoever else holds a session (or a reset link) loses it with the old password; this device stays logged in.
        return sessions.revokeAllForUser(userId, { except: sessionId, tx });
      });
      sessions.disconnect(ended);
    },

    async changeUsername(userId: number, body: ChangeUsernameBody): Promise<void> {
      const user = await account(userId);
      await checkPassword(user, body.password);
      const taken = () => conflict(USERNAME_TAKEN, { userName: USERNAME_TAKEN });
      if (await repo.usernameTakenByOther(db, body.userName, userId)) throw taken();
      try {
        await repo.updateUsername(db, userId, body.userName, body.chatName);
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },

    async changeEmail(userId: number, body: ChangeEmailBody): Promise<void> {
      const user = await account(userId);
      if (body.password) await checkPassword(user, body.password);
      if (body.newEmail.toLowerCase() === user.email.toLowerCase()) throw badRequest(SAME_EMAIL, { newEmail: SAME_EMAIL });
      if (await repo.emailTakenByOther(db, body.newEmail, userId)) throw conflict(EMAIL_TAKEN, { newEmail: EMAIL_TAKEN });

      // Confirmation mails are capped per account, so the endpoint cannot be used to flood a mailbox.
      const mails = await rateLimits.consume(`settings:email-change:${userId}`, RATE_LIMITS.emailChangeMailsPerAccount);
      if (!mails.allowed) {
        const minutes = Math.max(1, Math.ceil(mails.retryAfterMs / 60_000));
        throw tooManyRequests(`Too many email changes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, Math.max(1, Math.ceil(mails.retryAfterMs / 1000)));
      }

      const token = newSecret();
      const at = now();
      await db.transaction(async (tx) => {
        await repo.retireEmailChangeTokens(tx, userId, at);
        await repo.insertEmailChangeToken(tx, { userId, newEmail: body.newEmail, tokenHash: hashSecret(token), expiresAt: new Date(at.getTime() + EMAIL_CHANGE_TTL_MS), now: at });
      });
      const link = `${config.publicUrl}/?${CONFIRM_EMAIL_CHANGE_PARAM}=${encodeURIComponent(token)}`;
      const message = {
        to: body.newEmail,
        subject: `Confirm your new ${PRODUCT_NAME} email address`,
        text: [
          `Hello ${user.username},`,
          '',
          `please confirm that this is the new email address of your ${PRODUCT_NAME} account.`,
          'Your address changes when you open this link (it works once, for 24 hours):',
          link,
          '',
          'If you did not ask for this, ignore this mail: nothing changes.',
          '',
        ].join('\n'),
      };
      // Not awaited: a slow or broken mail server must not fail the request.
      void deps.mailer.send(message).catch((err: unknown) => log.error({ err, subject: message.subject }, 'mail delivery failed'));
    },

    async confirmEmailChange(token: string): Promise<void> {
      const tokenHash = hashSecret(token);
      const invalid = () => badRequest(INVALID_EMAIL_CHANGE_TOKEN, { token: INVALID_EMAIL_CHANGE_TOKEN });
      const pending = await repo.findUsableEmailChangeToken(db, tokenHash, now());
      if (!pending) throw invalid();
      // Someone may have taken the address since the mail went out; the link then stays unused.
      const takenError = () => conflict(EMAIL_TAKEN, { newEmail: EMAIL_TAKEN });
      if (await repo.emailTakenByOther(db, pending.new_email, pending.user_id)) throw takenError();
      try {
        await db.transaction(async (tx) => {
          const at = now();
          const owner = await repo.consumeEmailChangeToken(tx, tokenHash, at);
          if (!owner) throw invalid();
          await repo.updateEmail(tx, owner.user_id, owner.new_email, at);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw takenError();
        throw error;
      }
    },

    async changePersonalData(userId: number, body: ChangePersonalDataBody): Promise<void> {
      const user = await account(userId);
      // A field left out keeps its value.
      await repo.updatePersonalData(db, userId, {
        first_name: body.firstName === undefined ? user.first_name : body.firstName,
        last_name: body.lastName === undefined ? user.last_name : body.lastName,
        street: body.street === undefined ? user.street : body.street,
        house: body.house === undefined ? user.house : body.house,
        zip: body.zip === undefined ? user.zip : body.zip,
        city: body.city === undefined ? user.city : body.city,
        country: body.country === undefined ? user.country : body.country,
      });
    },

    changeNotificationSettings: (userId: number, body: ChangeNotificationSettingsBody) =>
      repo.updateNotifications(db, userId, body.hasPlaydateNotification, body.hasCameraMailNotification),
    changeAvatar: (userId: number, avatar: number | null) => repo.updateAvatar(db, userId, avatar),
    subscribeNewsletter: (userId: number) => repo.subscribeNewsletter(db, userId, now()),
    setPlaydateBlockHidden: (userId: number, hidden: boolean) => repo.setPlaydateBlockHidden(db, userId, hidden),
    setUpcomingPlaydateBlockHidden: (userId: number, hidden: boolean) => repo.setUpcomingPlaydateBlockHidden(db, userId, hidden),
  };
}
export type UsersSettingsService = ReturnType<typeof createUsersSettingsService>;
