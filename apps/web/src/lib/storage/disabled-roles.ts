import { COOKIE_LIFETIME_DAYS, isLocallySwitchable } from '@velora/shared';
import { deleteCookie, getCookie, setCookie } from './cookies';
import { STORAGE_KEYS } from './storage';

// Locally disabled roles (product §6): a cookie holding a comma list, kept 14 days. Only roles that grant something can
// be switched off here; a restriction (censored) is neither stored nor read (decision 029), as on the server.

export function getDisabledRoles(): string[] {
  const raw = getCookie(STORAGE_KEYS.disabledRoles);
  if (!raw) return [];
  return [...new Set(raw.split(',').map((t) => t.trim()).filter(isLocallySwitchable))];
}

/** Stores the list; an empty list removes the cookie. */
export function setDisabledRoles(tokens: readonly string[]): void {
  const list = [...new Set(tokens.map((t) => t.trim()).filter(isLocallySwitchable))];
  if (list.length === 0) deleteCookie(STORAGE_KEYS.disabledRoles);
  else setCookie(STORAGE_KEYS.disabledRoles, list.join(','), COOKIE_LIFETIME_DAYS.roleDisable);
}

/** The roles that count for role checks: those not disabled locally. */
export function activeRoles<R extends { token: string }>(roles: readonly R[], disabled: readonly string[] = getDisabledRoles()): R[] {
  const off = new Set<string>(disabled.filter(isLocallySwitchable));
  return roles.filter((role) => !off.has(role.token));
}
