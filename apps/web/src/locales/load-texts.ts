import type { i18n as I18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import type { Language } from '@velora/shared';
import englishApp from './en/app';
import englishCompliance from './en/compliance';
import englishLanding from './en/landing';
import type { Namespace , FIRST_PAGE_NAMESPACES} from './namespaces';
import { namespaceOfKey } from './namespaces';

// How the app's texts arrive (decision 066): English's first-page namespaces are part of the first chunk; every other
// namespace, and every namespace of German and French, is a chunk of its own that i18next loads through its backend
// when a screen or a dialog asks for it (withTexts) or when the language changes (i18next loads the namespaces in use).

/** English's first-page namespaces, bundled: the landing renders with them at once. */
export const FIRST_PAGE_ENGLISH = { app: englishApp, landing: englishLanding, compliance: englishCompliance } satisfies Record<(typeof FIRST_PAGE_NAMESPACES)[number], unknown>;
const firstPage = FIRST_PAGE_ENGLISH;

const LOADERS: Record<Language, Record<Namespace, () => Promise<{ default: object }>>> = {
  en: {
    app: () => Promise.resolve({ default: firstPage.app }),
    landing: () => Promise.resolve({ default: firstPage.landing }),
    compliance: () => Promise.resolve({ default: firstPage.compliance }),
    auth: () => import('./en/auth'),
    videos: () => import('./en/videos'),
    catalog: () => import('./en/catalog'),
    player: () => import('./en/player'),
    cameras: () => import('./en/cameras'),
    pages: () => import('./en/pages'),
    messages: () => import('./en/messages'),
    profile: () => import('./en/profile'),
    studio: () => import('./en/studio'),
    playdates: () => import('./en/playdates'),
    money: () => import('./en/money'),
    backoffice: () => import('./en/backoffice'),
  },
  de: {
    app: () => import('./de/app'),
    landing: () => import('./de/landing'),
    compliance: () => import('./de/compliance'),
    auth: () => import('./de/auth'),
    videos: () => import('./de/videos'),
    catalog: () => import('./de/catalog'),
    player: () => import('./de/player'),
    cameras: () => import('./de/cameras'),
    pages: () => import('./de/pages'),
    messages: () => import('./de/messages'),
    profile: () => import('./de/profile'),
    studio: () => import('./de/studio'),
    playdates: () => import('./de/playdates'),
    money: () => import('./de/money'),
    backoffice: () => import('./de/backoffice'),
  },
  fr: {
    app: () => import('./fr/app'),
    landing: () => import('./fr/landing'),
    compliance: () => import('./fr/compliance'),
    auth: () => import('./fr/auth'),
    videos: () => import('./fr/videos'),
    catalog: () => import('./fr/catalog'),
    player: () => import('./fr/player'),
    cameras: () => import('./fr/cameras'),
    pages: () => import('./fr/pages'),
    messages: () => import('./fr/messages'),
    profile: () => import('./fr/profile'),
    studio: () => import('./fr/studio'),
    playdates: () => import('./fr/playdates'),
    money: () => import('./fr/money'),
    backoffice: () => import('./fr/backoffice'),
  },
};

const isLanguage = (language: string): language is Language => language in LOADERS;

/** i18next's backend: one namespace of one language, as a chunk of its own. */
export const textsBackend = resourcesToBackend((language: string, namespace: string) => {
  if (!isLanguage(language) || !(namespace in LOADERS[language])) return Promise.reject(new Error(`No texts for ${language}/${namespace}`));
  return LOADERS[language][namespace as Namespace]();
});

// The app's i18next instances (tests make their own): a screen's namespaces load into each.
const instances = new Set<I18n>();
/** Instances that met a key of a namespace not yet loaded, and the namespaces they are loading for it. */
const repairing = new WeakMap<I18n, Set<Namespace>>();

export function registerTexts(instance: I18n): void {
  instances.add(instance);
}

/** Loads namespaces, in the current language (and English beneath it), into every instance. */
export function loadTexts(namespaces: readonly Namespace[]): Promise<void> {
  return Promise.all([...instances].map((instance) => instance.loadNamespaces([...namespaces]))).then(() => undefined);
}

/** A lazy module's loader that also loads the namespaces its code reads (for React.lazy and the route table). */
export function withTexts<T>(namespaces: readonly Namespace[], load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadTexts(namespaces)]).then(([module]) => module);
}

/**
 * i18next's missingKeyHandler: a key of a namespace that nobody loaded yet (a loader that forgot to name it) loads the
 * namespace, and the components render again once it is there (on the event they re-render on for a new language:
 * adding texts alone re-renders nothing, so a screen's effects never restart for it).
 */
export function loadMissingNamespace(instance: I18n, key: string): void {
  const namespace = namespaceOfKey(key);
  if (!namespace || instance.hasLoadedNamespace(namespace)) return;
  const pending = repairing.get(instance) ?? new Set<Namespace>();
  repairing.set(instance, pending);
  if (pending.has(namespace)) return;
  pending.add(namespace);
  void instance.loadNamespaces(namespace).then(() => {
    pending.delete(namespace);
    if (instance.hasLoadedNamespace(namespace)) instance.emit('languageChanged', instance.language);
  });
}

/** Adds a whole language, namespace by namespace (the landing shell's pre-render and tests, which hold all texts). */
export function addAllTexts(instance: I18n, language: Language, texts: Readonly<Record<Namespace, object>>): void {
  for (const namespace of Object.keys(texts) as Namespace[]) instance.addResourceBundle(language, namespace, texts[namespace], true, true);
}
