import { COOKIE_LIFETIME_DAYS, THEMES } from '@velora/shared';
import { getCookie, setCookie } from '@/lib/storage';

// The colour theme (product §3: dark, nude, peach), switched on <html data-theme> and kept in a preference
// cookie for 365 days (product §9).

export type Theme = (typeof THEMES)[number];

export const THEME_COOKIE = 'theme';
export const DEFAULT_THEME: Theme = 'dark';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function storedTheme(): Theme | null {
  const value = getCookie(THEME_COOKIE);
  return isTheme(value) ? value : null;
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
}

/** The theme on the page; the default where there is no page (the landing shell rendered at build time). */
export function currentTheme(root: HTMLElement | undefined = globalThis.document?.documentElement): Theme {
  return isTheme(root?.dataset.theme) ? root.dataset.theme : DEFAULT_THEME;
}

/** Applies and remembers a theme. */
export function chooseTheme(theme: Theme): void {
  applyTheme(theme);
  setCookie(THEME_COOKIE, theme, COOKIE_LIFETIME_DAYS.preference);
}

/** At start: the remembered theme, if any, before the first paint of the app. */
export function applyStoredTheme(): void {
  const theme = storedTheme();
  if (theme) applyTheme(theme);
}
