import { DOUBLE_OPT_IN_PARAM, PRODUCT_NAME } from '@velora/shared';
import type { Platform } from '../../platform';
import { badRequest, tooManyRequests, unauthorized } from '../../lib/http-error';
import { RATE_LIMITS } from '../../lib/rate-limits';
import type { MailMessage } from '../../lib/mailer';
import { hashSecret, newSecret } from '../sessions/sessions.service';
import { emailVerificationRepository as repo } from './email-verification.repository';

const HOUR_MS = 60 * 60 * 1000;

export const VERIFICATION_TOKEN_TTL_MS = 7 * 24 * HOUR_MS;
/** Confirmation mails one account may ask for per window (a mailbox is not to be flooded from a stolen session). */
export const INVALID_VERIFICATION_TOKEN = 'This confirmation link is invalid, was already used or has expired. Ask for a new one.';

export interface ErrorLog {
  error(details: object, message: string): void;
}

type MailLanguage = 'en' | 'de' | 'fr';

function confirmationMail(language: MailLanguage, username: string, link: string): Pick<MailMessage, 'subject' | 'text'> {
  const lines: Record<MailLanguage, { subject: string; text: string[] }> = {
    en: {
      subject: `Confirm your email address for ${PRODUCT_NAME}`,
      text: [`Hello ${username},`, '', `please confirm that this is your email address for ${PRODUCT_NAME}.`, 'Confirm with one click (the link works once, for 7 days):', link, '', 'If you did not ask for this, you can ignore this mail.'],
    },
    de: {
      subject: `Bestätige deine E-Mail-Adresse bei ${PRODUCT_NAME}`,
      text: [`Hallo ${username},`, '', `bitte bestätige, dass dies deine E-Mail-Adresse für ${PRODUCT_NAME} ist.`, 'Bestätige mit einem Klick (der Link gilt einmal, 7 Tage lang):', link, '', 'Wenn du das nicht angefordert hast, kannst du diese Mail ignorieren.'],
    },
    fr: {
      subject: `Confirmez votre adresse e-mail pour ${PRODUCT_NAME}`,
      text: [`Bonjour ${username},`, '', `merci de confirmer que ceci est bien votre adresse e-mail pour ${PRODUCT_NAME}.`, 'Confirmez en un clic (le lien fonctionne une fois, pendant 7 jours) :', link, '', "Si vous n'avez rien demandé, ignorez simplement ce message."],
    },
  };
  const chosen = lines[language];
  return { subject: chosen.subject, text: [...chosen.text, ''].join('\n') };
}

const asMailLanguage = (language: string): MailLanguage => (language === 'de' || language === 'fr' ? language : 'en');

export function createEmailVerificationService(deps: Pick<Platform, 'db' | 'config' | 'now' | 'rateLimits' | 'mailer'> & { log: ErrorLog }) {
  const { db, config, now, rateLimits, log } = deps;

  // Never awaited: a slow mail server must not hold the request (the link is stored either way).
  const deliver = (message: MailMessage) => {
    void deps.mailer.send(message).catch((err: unknown) => log.error({ err, subject: message.subject }, 'mail delivery failed'));
  };

  return {
    /** Mails a single-use confirmation link to the member's address; an already confirmed address gets none. */
    async requestConfirmation(userId: number): Promise<void> {
      const user = await repo.findUser(db, userId);
      if (!user) throw unauthorized();
      if (user.email_verified_at) return;
      const mails = await rateLimits.consume(`verification-mail:${userId}`, RATE_LIMITS.verificationMailsPerAccount);
      if (!mails.allowed) {
        const minutes = Math.max(1, Math.ceil(mails.retryAfterMs / 60_000));
        throw tooManyRequests(`Too many confirmation mails. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, Math.max(1, Math.ceil(mails.retryAfterMs / 1000)));
      }
      const token = newSecret();
      const at = now();
      await db.transaction(async (tx) => {
        await repo.retireTokensOf(tx, userId, at);
        await repo.insertToken(tx, { userId, email: user.email, tokenHash: hashSecret(token), now: at, expiresAt: new Date(at.getTime() + VERIFICATION_TOKEN_TTL_MS) });
      });
      const link = `${config.publicUrl}/?${DOUBLE_OPT_IN_PARAM}=${encodeURIComponent(token)}`;
      deliver({ to: user.email, ...confirmationMail(asMailLanguage(user.language), user.username, link) });
    },

    /** Uses a confirmation token: the address it was sent to counts as verified from now on. */
    async confirm(token: string): Promise<void> {
      const invalid = () => badRequest(INVALID_VERIFICATION_TOKEN, { token: INVALID_VERIFICATION_TOKEN });
      await db.transaction(async (tx) => {
        const at = now();
        const used = await repo.consumeToken(tx, hashSecret(token), at);
        if (!used) throw invalid();
        // The account changed its address since the mail: the link confirms an address it no longer has.
        if (!(await repo.markVerified(tx, used.user_id, used.email, at))) throw invalid();
      });
    },
  };
}
export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
