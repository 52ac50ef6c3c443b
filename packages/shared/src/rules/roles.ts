import { ROLE_TOKENS, type RoleToken } from '../constants';

// Role checks (product §6). A user may switch a role that grants something off locally (a cookie, 14 days, comma
// list); a deployment may switch any role off for everyone (DISABLED_ROLES). Both sides ask `effectiveRoles`, so a
// check on the page and one on the server never disagree.

/** The cookie the app writes and the server reads (it rides along with every same-origin call). */
export const DISABLED_ROLES_COOKIE = 'disabled_roles';

/**
 * The roles a user may switch off in their own browser: those that grant something. A restriction the site imposes
 * (`censored`) is not the restricted user's to lift, whatever cookie they send (decision 029); only the operator's
 * DISABLED_ROLES can switch it off. (The team is not a role token: it cannot be switched off locally at all.)
 */
export const LOCALLY_SWITCHABLE_ROLES: readonly RoleToken[] = ['retagger', 'writer'];

export function isLocallySwitchable(token: string): token is RoleToken {
  return (LOCALLY_SWITCHABLE_ROLES as readonly string[]).includes(token);
}

/** The role tokens of a cookie value: comma-separated, URL-encoded or not; unknown and empty entries dropped. */
export function parseDisabledRoles(raw: string | null | undefined): RoleToken[] {
  if (!raw) return [];
  let text = raw;
  try {
    text = decodeURIComponent(raw);
  } catch {
    // A malformed escape: read it as it is.
  }
  const known = new Set<string>(ROLE_TOKENS);
  return [...new Set(text.split(',').map((t) => t.trim()))].filter((t): t is RoleToken => known.has(t));
}

/** The roles that count: held, not switched off by the deployment, not switched off locally (where that is allowed). */
export function effectiveRoles(held: readonly string[], locallyDisabled: readonly string[] = [], deploymentDisabled: readonly string[] = []): RoleToken[] {
  const off = new Set([...locallyDisabled.filter(isLocallySwitchable), ...deploymentDisabled]);
  const known = new Set<string>(ROLE_TOKENS);
  return [...new Set(held)].filter((t): t is RoleToken => known.has(t) && !off.has(t));
}
