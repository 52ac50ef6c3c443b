import { PRODUCT_NAME } from '@velora/shared';
import type { MailMessage } from '../../lib/mailer';

// The mails of playdates (decision record 040), in the member's language: the reminder of a playdate he asked about,
// and the answer to his private request (accepted, declined, expired). Sent only while his playdate notifications
// are on. The member's time zone is the browser's and not known here, so times are written in UTC and say so.

type MailLanguage = 'en' | 'de' | 'fr';
const asMailLanguage = (language: string): MailLanguage => (language === 'de' || language === 'fr' ? language : 'en');

export type PlaydateAnswer = 'accepted' | 'declined' | 'expired';

export interface PlaydateMailPerson {
  email: string;
  username: string;
  language: string;
}

export interface PlaydateMailSubject {
  kind: 'public' | 'private';
  title: string;
  modelName: string;
  startsAt: Date | null;
  /** The page the mail links to, absolute (the room, or the playdates overview). */
  url: string;
}

function when(date: Date, language: MailLanguage): string {
  const format = new Intl.DateTimeFormat(language, { timeZone: 'UTC', dateStyle: 'full', timeStyle: 'short' });
  return `${format.format(date)} UTC`;
}

/** Root-relative path of a playdate's room, as the web's route table has it. */
export const playdateRoomPath = (kind: 'public' | 'private', id: number) => `/${kind}-playdate/${id}`;

export function playdateReminderMail(to: PlaydateMailPerson, p: PlaydateMailSubject): MailMessage {
  const language = asMailLanguage(to.language);
  const at = p.startsAt ? when(p.startsAt, language) : '';
  const texts: Record<MailLanguage, { subject: string; text: string[] }> = {
    en: {
      subject: `${p.modelName}: "${p.title}" starts soon`,
      text: [`Hello ${to.username},`, '', `${p.modelName}'s playdate "${p.title}" starts ${at}.`, 'Join it here:', p.url],
    },
    de: {
      subject: `${p.modelName}: „${p.title}“ beginnt bald`,
      text: [`Hallo ${to.username},`, '', `Das Playdate „${p.title}“ von ${p.modelName} beginnt ${at}.`, 'Hier geht es hinein:', p.url],
    },
    fr: {
      subject: `${p.modelName} : « ${p.title} » commence bientôt`,
      text: [`Bonjour ${to.username},`, '', `Le playdate « ${p.title} » de ${p.modelName} commence ${at}.`, 'Rejoignez-le ici :', p.url],
    },
  };
  return finish(to, texts[language], language);
}

export function playdateAnswerMail(to: PlaydateMailPerson, p: PlaydateMailSubject & { coins: number }, answer: PlaydateAnswer): MailMessage {
  const language = asMailLanguage(to.language);
  const at = p.startsAt ? when(p.startsAt, language) : '';
  const texts: Record<PlaydateAnswer, Record<MailLanguage, { subject: string; text: string[] }>> = {
    accepted: {
      en: {
        subject: `${p.modelName} accepted your private playdate`,
        text: [`Hello ${to.username},`, '', `${p.modelName} accepted your private playdate. It starts ${at}; your ${p.coins} coins are paid then.`, 'Your room:', p.url],
      },
      de: {
        subject: `${p.modelName} hat dein privates Playdate angenommen`,
        text: [`Hallo ${to.username},`, '', `${p.modelName} hat dein privates Playdate angenommen. Es beginnt ${at}; deine ${p.coins} Coins werden dann bezahlt.`, 'Dein Raum:', p.url],
      },
      fr: {
        subject: `${p.modelName} a accepté votre playdate privé`,
        text: [`Bonjour ${to.username},`, '', `${p.modelName} a accepté votre playdate privé. Il commence ${at} ; vos ${p.coins} coins seront payés à ce moment-là.`, 'Votre salle :', p.url],
      },
    },
    declined: {
      en: {
        subject: `${p.modelName} declined your private playdate`,
        text: [`Hello ${to.username},`, '', `${p.modelName} declined your request. The ${p.coins} coins held for it are back in your balance.`, 'Other models for private playdates:', p.url],
      },
      de: {
        subject: `${p.modelName} hat dein privates Playdate abgelehnt`,
        text: [`Hallo ${to.username},`, '', `${p.modelName} hat deine Anfrage abgelehnt. Die dafür reservierten ${p.coins} Coins sind wieder in deinem Guthaben.`, 'Weitere Models für private Playdates:', p.url],
      },
      fr: {
        subject: `${p.modelName} a refusé votre playdate privé`,
        text: [`Bonjour ${to.username},`, '', `${p.modelName} a refusé votre demande. Les ${p.coins} coins réservés sont de retour sur votre solde.`, 'D’autres modèles pour des playdates privés :', p.url],
      },
    },
    expired: {
      en: {
        subject: `Your private playdate request to ${p.modelName} expired`,
        text: [`Hello ${to.username},`, '', `${p.modelName} did not answer in time. The ${p.coins} coins held for your request are back in your balance.`, 'Try again or choose another model:', p.url],
      },
      de: {
        subject: `Deine Playdate-Anfrage an ${p.modelName} ist abgelaufen`,
        text: [`Hallo ${to.username},`, '', `${p.modelName} hat nicht rechtzeitig geantwortet. Die für deine Anfrage reservierten ${p.coins} Coins sind wieder in deinem Guthaben.`, 'Versuche es noch einmal oder wähle ein anderes Model:', p.url],
      },
      fr: {
        subject: `Votre demande de playdate à ${p.modelName} a expiré`,
        text: [`Bonjour ${to.username},`, '', `${p.modelName} n’a pas répondu à temps. Les ${p.coins} coins réservés pour votre demande sont de retour sur votre solde.`, 'Réessayez ou choisissez un autre modèle :', p.url],
      },
    },
  };
  return finish(to, texts[answer][language], language);
}

const SIGNATURE: Record<MailLanguage, string[]> = {
  en: ['', 'You get this mail because your playdate notifications are on. Switch them off in your account settings.', `— ${PRODUCT_NAME}`],
  de: ['', 'Du bekommst diese Mail, weil deine Playdate-Benachrichtigungen an sind. Du kannst sie in deinen Kontoeinstellungen ausschalten.', `— ${PRODUCT_NAME}`],
  fr: ['', 'Vous recevez ce mail parce que vos notifications de playdates sont activées. Désactivez-les dans les paramètres de votre compte.', `— ${PRODUCT_NAME}`],
};

function finish(to: PlaydateMailPerson, m: { subject: string; text: string[] }, language: MailLanguage): MailMessage {
  return { to: to.email, subject: m.subject, text: [...m.text, ...SIGNATURE[language]].join('\n') };
}
