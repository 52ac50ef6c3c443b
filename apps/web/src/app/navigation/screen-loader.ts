import { withEnglish } from '../i18n';
import type { RouteDefinition } from '../route-types';

/** The routes of the landing page: they render with the English the first page carries (decision record 052). */
const FIRST_PAGE_ROUTES: ReadonlySet<string> = new Set(['home', 'join']);

/** A screen's module as the router loads it: every screen but the landing's waits for all of English too. */
export function screenLoader(route: RouteDefinition): RouteDefinition['screen'] {
  return FIRST_PAGE_ROUTES.has(route.name) ? route.screen : withEnglish(route.screen);
}
