import type { Language } from '@velora/shared';
import { en } from './en';
import type { LocaleMessages } from './types';

export { en };
export type { LocaleMessages };

/** English ships in the main bundle; German and French are split out and loaded on demand. */
export const loadLocale: Record<Language, () => Promise<LocaleMessages>> = {
  en: () => Promise.resolve(en),
  de: () => import('./de').then((m) => m.de),
  fr: () => import('./fr').then((m) => m.fr),
};
