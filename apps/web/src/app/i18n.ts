import type { i18n as I18n } from 'i18next';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@velora/shared';
import { LANGUAGE_TAGS, availableLanguages, firstVisitLanguage } from '@velora/shared';
import { FIRST_PAGE_ENGLISH, loadMissingNamespace, registerTexts, textsBackend } from '@/locales/load-texts';
import { FIRST_PAGE_NAMESPACES, NAMESPACES } from '@/locales/namespaces';

/**
 * One i18next instance per app (tests make their own), with one namespace per feature (decision 066). English's
 * first-page namespaces are bundled; the others, and German and French, load through the backend as screens and
 * dialogs ask for them (locales/load-texts.ts: withTexts).
 */
export function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance
    .use(textsBackend)
    .use(initReactI18next)
    .init({
      lng: 'en',
      fallbackLng: 'en',
      supportedLngs: ['en', 'de', 'fr'],
      resources: { en: FIRST_PAGE_ENGLISH },
      partialBundledLanguages: true,
      ns: [...FIRST_PAGE_NAMESPACES],
      // A key names its section, not its namespace (`nav.logIn`): it is looked up in every namespace that is loaded.
      defaultNS: 'app',
      fallbackNS: NAMESPACES.filter((namespace) => namespace !== 'app'),
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      // A key of a namespace nobody loaded yet loads it, and the components render again once it is there.
      saveMissing: true,
      missingKeyHandler: (_languages, _namespace, key) => loadMissingNamespace(instance, key),
    });
  registerTexts(instance);
  return instance;
}

/** Loads a language's namespaces in use (i18next's own loading on a change of language), switches to it and updates the page language marker (product §1). */
export async function applyLanguage(i18n: I18n, language: Language): Promise<void> {
  await i18n.changeLanguage(language);
  document.documentElement.lang = LANGUAGE_TAGS[language];
}

export interface LanguageChoiceInput {
  stored: Language | null;
  visit: { country: string | null; is_international: boolean } | null;
  frenchEnabled: boolean;
}

/** product §1: the stored language if any (and still offered), else the first-visit rule, else English. */
export function chooseInitialLanguage({ stored, visit, frenchEnabled }: LanguageChoiceInput): Language {
  if (stored && availableLanguages(frenchEnabled).includes(stored)) return stored;
  if (visit) return firstVisitLanguage(visit, frenchEnabled);
  return 'en';
}
