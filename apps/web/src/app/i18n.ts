import type { i18n as I18n } from 'i18next';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@velora/shared';
import { LANGUAGE_TAGS, availableLanguages, firstVisitLanguage } from '@velora/shared';
import { FIRST_ENGLISH, loadFullEnglish, loadOtherLanguage } from './locale-parts';

// The app's i18next instances; each gets the rest of English once it has loaded.
const instances = new Set<I18n>();
let fullEnglish: Promise<void> | null = null;
let fullEnglishLoaded = false;
/** Instances that met a text missing from the first page's English and wait for the rest of it. */
const repairing = new WeakSet<I18n>();

/**
 * One i18next instance per app (tests make their own). The English the first page needs is bundled; the rest of
 * English (loadEnglish) and German and French load lazily.
 */
export function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en', 'de', 'fr'],
    resources: { en: { translation: FIRST_ENGLISH } },
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    // The first page's English is found by reading the code (build/locale-split.ts). Should a text be missing from it,
    // its first use loads all of English, and the components re-render once it is there (the event they re-render on
    // for a new language; adding texts alone re-renders nothing, so a screen's effects never restart for it).
    saveMissing: true,
    missingKeyHandler: () => {
      if (fullEnglishLoaded || repairing.has(instance)) return;
      repairing.add(instance);
      loadEnglish().then(
        () => instance.emit('languageChanged', instance.language),
        () => repairing.delete(instance),
      );
    },
  });
  instances.add(instance);
  if (fullEnglishLoaded) void addFullEnglish(instance);
  return instance;
}

async function addFullEnglish(instance: I18n): Promise<void> {
  instance.addResourceBundle('en', 'translation', await loadFullEnglish(), true, true);
}

/**
 * Loads the English texts the landing page did not need into every instance (decision record 052); resolves once
 * they are there. Every screen but the landing, and every dialog, waits for it before it renders.
 */
export function loadEnglish(): Promise<void> {
  fullEnglish ??= loadFullEnglish().then(
    async () => {
      await Promise.all([...instances].map(addFullEnglish));
      fullEnglishLoaded = true;
    },
    (error: unknown) => {
      fullEnglish = null;
      throw error;
    },
  );
  return fullEnglish;
}

/** A lazy component's loader that also waits for all of English (for React.lazy and route modules). */
export function withEnglish<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadEnglish()]).then(([module]) => module);
}

/** Loads a language if needed, switches to it and updates the page language marker (SPEC §1). */
export async function applyLanguage(i18n: I18n, language: Language): Promise<void> {
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', await loadOtherLanguage[language]());
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
