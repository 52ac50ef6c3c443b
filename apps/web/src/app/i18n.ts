import type { i18n as I18n } from 'i18next';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@velora/shared';
import { LANGUAGE_TAGS, availableLanguages, firstVisitLanguage } from '@velora/shared';
import { en, loadLocale } from '@/locales';

/** One i18next instance per app (tests make their own). English is bundled; German and French load lazily. */
export function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en', 'de', 'fr'],
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

/** Loads a language if needed, switches to it and updates the page language marker (SPEC §1). */
export async function applyLanguage(i18n: I18n, language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', await loadLocale[language]());
  }
  await i18n.changeLanguage(language);
  document.documentElement.lang = LANGUAGE_TAGS[language];
}

export interface LanguageChoiceInput {
  stored: Language | null;
  visit: { country: string | null; is_international: boolean } | null;
  frenchEnabled: boolean;
}

/** SPEC §1: the stored language if any (and still offered), else the first-visit rule, else English. */
export function chooseInitialLanguage({ stored, visit, frenchEnabled }: LanguageChoiceInput): Language {
  if (stored && availableLanguages(frenchEnabled).includes(stored)) return stored;
  if (visit) return firstVisitLanguage(visit, frenchEnabled);
  return 'en';
}
