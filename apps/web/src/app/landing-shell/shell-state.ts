import type { Language } from '@velora/shared';

/**
 * The landing shell (decision record 055): index.html carries the landing page, pre-rendered in English at build time,
 * so the largest paint comes from the HTML instead of waiting for the app's JavaScript. A small script in <head> picks
 * one of these before the first paint; the app replaces the shell with the real page in its first render.
 * - `off`: the shell stays hidden (another path, a member, the io variant, a visitor the page will not greet in English);
 * - `page`: the landing without the age gate (the visitor has confirmed being an adult);
 * - `gate`: the landing under the age gate, as a first-time visitor sees it.
 */
export type LandingShellState = 'off' | 'page' | 'gate';

/** The attribute on <html> that holds the state while the shell is up; CSS shows the shell by it. */
export const LANDING_SHELL_ATTRIBUTE = 'data-landing-shell';
export const LANDING_SHELL_ID = 'landing-shell';
/** The language the shell is rendered in. */
export const LANDING_SHELL_LANGUAGE: Language = 'en';

/**
 * The language the first paint uses before the visit is known (product §1 decides it from the visit's country): the
 * stored choice, else German for a browser that asks for German first, else English. The visit's answer corrects it.
 */
export function firstPaintLanguage(stored: Language | null, browserLanguages: readonly string[]): Language {
  if (stored) return stored;
  const first = browserLanguages[0]?.toLowerCase().split('-')[0];
  return first === 'de' ? 'de' : 'en';
}

export interface LandingShellInput {
  pathname: string;
  /** An access token is stored: a member, whom `/` sends on to the member's landing URL. */
  hasAccessToken: boolean;
  variant: 'main' | 'io';
  /** firstPaintLanguage of this visitor. */
  language: Language;
  approvedAge: boolean;
}

/** Whether, and how, the shell shows: only where the app's first render would look the same. */
export function landingShellState({ pathname, hasAccessToken, variant, language, approvedAge }: LandingShellInput): LandingShellState {
  if (pathname !== '/' || hasAccessToken || variant !== 'main' || language !== LANDING_SHELL_LANGUAGE) return 'off';
  return approvedAge ? 'page' : 'gate';
}
