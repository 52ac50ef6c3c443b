import type { Language } from '@velora/shared';
import type { LocaleMessages } from '@/locales';
import { en } from '@/locales/en';

// Where the app's texts come from (decision record 052). As written here (tests, the dev server) English is whole from
// the start. `vite build` replaces this module (build/locale-split.ts): FIRST_ENGLISH then holds only the sections the
// start-up, the layout and the landing page read, and the rest of English loads with the first other screen or dialog.

/** The English the first page renders with. */
export const FIRST_ENGLISH: Partial<LocaleMessages> = en;

/** All of English (the sections FIRST_ENGLISH lacks included). */
export function loadFullEnglish(): Promise<LocaleMessages> {
  return Promise.resolve(en);
}

/** German and French, each whole, on demand. */
export const loadOtherLanguage: Record<Exclude<Language, 'en'>, () => Promise<LocaleMessages>> = {
  de: () => import('@/locales/de').then((m) => m.de),
  fr: () => import('@/locales/fr').then((m) => m.fr),
};
