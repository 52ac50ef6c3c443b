import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_PREFIX, ENDPOINTS, PRODUCT_NAME } from '@velora/shared';
import type { MailMessage } from '../../lib/mailer';

// The go-live mail (decision record 032) and its one-click unsubscribe (RFC 8058). The token of the links is the
// member's id signed for this one purpose, so a link never names anyone else and cannot unsubscribe from anything else.
// It does not expire: a mail read weeks later must still unsubscribe.

const UNSUBSCRIBE_PURPOSE = 'camera-mails-unsubscribe';
/** At most one go-live mail per member and camera in this time. */
export const CAMERA_MAIL_INTERVAL_MS = 6 * 60 * 60 * 1000;

const macOf = (key: Buffer, userId: number) => createHmac('sha256', key).update(`${UNSUBSCRIBE_PURPOSE}:${userId}`).digest('base64url');

export function cameraMailsUnsubscribeToken(key: Buffer, userId: number): string {
  return `${userId}.${macOf(key, userId)}`;
}

/** The member the token names, or null for anything not made by cameraMailsUnsubscribeToken with this key. */
export function verifyCameraMailsUnsubscribeToken(key: Buffer, token: string): number | null {
  const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  if (!Number.isSafeInteger(userId) || userId > 2_147_483_647) return null;
  const want = Buffer.from(macOf(key, userId), 'utf8');
  const given = Buffer.from(match[2]!, 'utf8');
  return given.length === want.length && timingSafeEqual(given, want) ? userId : null;
}

/** "a…@example.com": enough for a member to recognise the address, too little to learn it. */
export function emailHint(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '…';
  return `${email[0]}…${email.slice(at)}`;
}

type MailLanguage = 'en' | 'de' | 'fr';
const asMailLanguage = (language: string): MailLanguage => (language === 'de' || language === 'fr' ? language : 'en');

export interface GoLiveMailInput {
  to: string;
  language: string;
  username: string;
  displayName: string;
  title: string;
  cameraUrl: string;
  /** The page a person opens from the mail (/unsubscribe_mails?kind=cameras&token=…). */
  unsubscribePageUrl: string;
  /** The API call a mail client posts to (List-Unsubscribe-Post). */
  unsubscribeApiUrl: string;
}

export function goLiveMail(input: GoLiveMailInput): MailMessage {
  const { displayName, title, cameraUrl, unsubscribePageUrl, username } = input;
  const texts: Record<MailLanguage, { subject: string; text: string[] }> = {
    en: {
      subject: `${displayName} is live now on ${PRODUCT_NAME}`,
      text: [
        `Hello ${username},`,
        '',
        `${displayName}, one of your favourite cams, has just gone live: "${title}".`,
        'Watch now:',
        cameraUrl,
        '',
        'You get this mail because you made this cam a favourite and asked for mails when favourite cams go live.',
        'Stop these mails with one click:',
        unsubscribePageUrl,
      ],
    },
    de: {
      subject: `${displayName} ist jetzt live auf ${PRODUCT_NAME}`,
      text: [
        `Hallo ${username},`,
        '',
        `${displayName}, eine deiner Lieblings-Cams, ist gerade live gegangen: „${title}“.`,
        'Jetzt zuschauen:',
        cameraUrl,
        '',
        'Du bekommst diese Mail, weil diese Cam zu deinen Favoriten gehört und du Mails bei Live-Beginn gewünscht hast.',
        'Diese Mails mit einem Klick abbestellen:',
        unsubscribePageUrl,
      ],
    },
    fr: {
      subject: `${displayName} est en direct sur ${PRODUCT_NAME}`,
      text: [
        `Bonjour ${username},`,
        '',
        `${displayName}, l'une de vos cams favorites, vient de passer en direct : « ${title} ».`,
        'Regarder maintenant :',
        cameraUrl,
        '',
        'Vous recevez ce message parce que cette cam fait partie de vos favoris et que vous avez demandé à être prévenu·e de ses directs.',
        'Ne plus recevoir ces messages en un clic :',
        unsubscribePageUrl,
      ],
    },
  };
  const chosen = texts[asMailLanguage(input.language)];
  return {
    to: input.to,
    subject: chosen.subject,
    text: [...chosen.text, ''].join('\n'),
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeApiUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The links of a go-live mail to the member. */
export function goLiveLinks(publicUrl: string, cameraName: string, token: string) {
  const query = `token=${encodeURIComponent(token)}`;
  return {
    cameraUrl: `${publicUrl}/camera/${encodeURIComponent(cameraName)}`,
    unsubscribePageUrl: `${publicUrl}/unsubscribe_mails?kind=cameras&${query}`,
    unsubscribeApiUrl: `${publicUrl}${API_PREFIX}${ENDPOINTS['cameras.mails.unsubscribe'].path}?${query}`,
  };
}
