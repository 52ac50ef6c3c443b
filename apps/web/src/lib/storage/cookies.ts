import { COOKIE_LIFETIME_DAYS, DAY_MS } from '@velora/shared';

// Plain document.cookie helpers: every cookie is site-wide (path /), SameSite=Lax, Secure on https.

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The decoded value of the cookie `name`, or null when it is not set. */
export function getCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const wanted = encodeURIComponent(name);
  for (const pair of document.cookie.split(';')) {
    const eq = pair.indexOf('=');
    const key = (eq === -1 ? pair : pair.slice(0, eq)).trim();
    if (key === wanted) return safeDecode(eq === -1 ? '' : pair.slice(eq + 1).trim());
  }
  return null;
}

function attributes(expires: Date): string {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  return `; expires=${expires.toUTCString()}; path=/; SameSite=Lax${secure}`;
}

/** Sets a cookie for `lifetime` days (product §9: default 1 day), or until a given moment. */
export function setCookie(name: string, value: string, lifetime: number | Date = COOKIE_LIFETIME_DAYS.default): void {
  if (typeof document === 'undefined') return;
  const expires = lifetime instanceof Date ? lifetime : new Date(Date.now() + lifetime * DAY_MS);
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}${attributes(expires)}`;
}

export function deleteCookie(name: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${encodeURIComponent(name)}=${attributes(new Date(0))}`;
}
