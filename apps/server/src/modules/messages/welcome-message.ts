import { PRODUCT_NAME, type Language } from '@velora/shared';
import type { SiteMessageInput } from './site-messages';

// The first message in every new account's site inbox.

const WELCOME: Record<Language, { subject: string; lines: (username: string) => string[] }> = {
  en: {
    subject: `Welcome to ${PRODUCT_NAME}`,
    lines: (username) => [
      `Hello ${username},`,
      '',
      `welcome to ${PRODUCT_NAME}. This is your inbox: messages from other members, from models and from us arrive here.`,
      'You can turn our news and offers off here at any time.',
      '',
      `Enjoy your time on ${PRODUCT_NAME}.`,
    ],
  },
  de: {
    subject: `Willkommen bei ${PRODUCT_NAME}`,
    lines: (username) => [
      `Hallo ${username},`,
      '',
      `willkommen bei ${PRODUCT_NAME}. Das ist dein Posteingang: Hier kommen Nachrichten von anderen Mitgliedern, von Models und von uns an.`,
      'Unsere Neuigkeiten und Angebote kannst du hier jederzeit abschalten.',
      '',
      `Viel Spaß bei ${PRODUCT_NAME}.`,
    ],
  },
  fr: {
    subject: `Bienvenue sur ${PRODUCT_NAME}`,
    lines: (username) => [
      `Bonjour ${username},`,
      '',
      `bienvenue sur ${PRODUCT_NAME}. Voici votre boîte de réception : les messages des autres membres, des modèles et de notre équipe arrivent ici.`,
      'Vous pouvez désactiver nos actualités et nos offres ici à tout moment.',
      '',
      `Profitez bien de ${PRODUCT_NAME}.`,
    ],
  },
};

/** The first site message of a new account, in the language it signed up in. */
export function welcomeSiteMessage(username: string, language: Language = 'en'): SiteMessageInput {
  const welcome = WELCOME[language];
  return { group: 'account', subject: welcome.subject, text: welcome.lines(username).join('\n') };
}
