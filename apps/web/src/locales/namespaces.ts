import type { LocaleMessages, LocaleTexts } from './types';

// The namespaces of the texts (decision 066): one per feature, each a few of the sections the keys start with. A key
// keeps naming its section (`t('login.title')`); i18next finds it in whichever namespace holds that section.

export const SECTIONS_OF = {
  app: ['app', 'nav', 'language', 'theme', 'footer', 'routes', 'common', 'notFound', 'routeError', 'layouts', 'identityProvider', 'unlock'],
  landing: ['landing', 'home'],
  compliance: ['compliance', 'siteVariant'],
  auth: ['login', 'confirmLogin', 'signup', 'validation', 'forgotPassword', 'resetPassword'],
  videos: ['videos', 'recentUpdates', 'videoCard', 'favouriteButton', 'feed', 'freeVideo', 'testVideos', 'pagination'],
  catalog: ['catalog', 'models', 'modelProfile', 'shoots', 'shoot', 'update', 'gallery', 'favourites'],
  player: ['player', 'comments'],
  cameras: ['chat', 'cameraChat', 'cameras'],
  pages: ['pages', 'legal', 'blog'],
  messages: ['messages'],
  profile: ['profile'],
  studio: ['studio', 'studioChat', 'teamFeedback', 'teamLimits'],
  playdates: ['playdates', 'playdateRoom'],
  money: ['paywall', 'coins', 'featurePopups'],
  backoffice: ['secondFactor', 'backoffice', 'audit', 'team', 'boTags', 'boSettings', 'boBlog', 'boPages', 'boVideos', 'boCatalog'],
} as const satisfies { [N in keyof LocaleTexts]: readonly (keyof LocaleTexts[N])[] };

export type Namespace = keyof typeof SECTIONS_OF;

export const NAMESPACES = Object.keys(SECTIONS_OF) as Namespace[];

// Every section of every namespace is listed above: one missing fails to compile, naming it.
type Listed = { [N in Namespace]: (typeof SECTIONS_OF)[N][number] }[Namespace];
type Unlisted = { [N in Namespace]: Exclude<keyof LocaleTexts[N], Listed> }[Namespace];
const _everySectionListed: [Unlisted] extends [never] ? true : Unlisted = true;

/**
 * What the landing page renders with, the app's frame included: English ships them in the first chunk (decision 066),
 * so the landing paints its texts at once; any other screen or dialog loads its namespaces with its code.
 */
export const FIRST_PAGE_NAMESPACES = ['app', 'landing', 'compliance'] as const satisfies readonly Namespace[];

const NAMESPACE_OF_SECTION = new Map<string, Namespace>(NAMESPACES.flatMap((ns) => SECTIONS_OF[ns].map((section) => [section, ns] as const)));

/** The namespace holding a key's section (`nav.logIn` → `app`), or null for a key of no section. */
export function namespaceOfKey(key: string): Namespace | null {
  return NAMESPACE_OF_SECTION.get(key.split('.', 1)[0] ?? '') ?? null;
}

export type { LocaleMessages };
