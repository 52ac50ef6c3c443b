import type { Query, QueryClient } from '@tanstack/react-query';
import type { Profile } from '@velora/shared';
import { can } from '@velora/shared';
import { hideAllPopups } from '@/components/popups/popup-store';
import { runBeforeLogout } from '@/lib/before-logout';
import { capabilitySubject } from '@/lib/capabilities';
import { reportError } from '@/lib/report-error';
import { getAccessToken, setAccessToken } from '@/lib/storage';
import { PROFILE_QUERY_KEY, profileQueryOptions, useProfile } from './api/get-profile';
import { logout } from './api/logout';

/** Queries that do not depend on who is logged in (e.g. the visit) say so in their meta. */
const isSessionBound = (query: Query) => query.meta?.sessionIndependent !== true && !isProfileKey(query.queryKey);

function isProfileKey(key: readonly unknown[]): boolean {
  return key.length === PROFILE_QUERY_KEY.length && key.every((part, i) => part === PROFILE_QUERY_KEY[i]);
}

export interface Session {
  profile: Profile | null;
  /** The capability table's `account` (decision record 024). */
  isLoggedIn: boolean;
  /** The capability table's `premium`. */
  isPremium: boolean;
  /**
   * True while it is not known who this is: until the first profile load settled, and for as long as the load
   * failed while a token is stored (a member whose profile did not load is not a visitor: no visitor's age gate).
   */
  isPending: boolean;
}

export function useSession(): Session {
  const { data, isPending, isError } = useProfile();
  const profile = data ?? null;
  const subject = capabilitySubject(profile);
  const now = Date.now();
  const unknown = isPending || (isError && getAccessToken() !== null);
  return { profile, isLoggedIn: can(subject, 'account', now), isPremium: can(subject, 'premium', now), isPending: unknown };
}

/** Reads the cached session outside React (guards, error handlers). */
export function cachedProfile(queryClient: QueryClient): Profile | null {
  return queryClient.getQueryData(PROFILE_QUERY_KEY) ?? null;
}

/**
 * Stores a fresh token and loads the profile it belongs to. Everything else cached belonged to
 * the visitor, so it is refetched for the new user (product §4: landing and company data reload).
 */
export async function startSession(queryClient: QueryClient, accessToken: string, expiresAt?: number): Promise<Profile | null> {
  setAccessToken(accessToken, expiresAt);
  const profile = await queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 });
  void queryClient.invalidateQueries({ predicate: isSessionBound });
  return profile;
}

export interface EndSessionOptions {
  /** POST /auth/logout first; off when the server already rejected the token. */
  notifyServer?: boolean;
  /** Runs once the user counts as logged out, before the cache of their data is dropped. */
  navigate?: () => Promise<void> | void;
}

/** Logout (product §4): ends the session, closes all popups, optionally navigates, clears the profile. */
export async function endSession(queryClient: QueryClient, options: EndSessionOptions = {}): Promise<void> {
  if (options.notifyServer !== false) {
    // While the token still works: what must end with the session (an open chat, code 101).
    await runBeforeLogout();
    try {
      await logout();
    } catch (error) {
      // The local logout proceeds anyway; a session the server still holds expires on its own.
      reportError(error, { during: 'logout' });
    }
  }
  setAccessToken(null);
  hideAllPopups();
  await queryClient.cancelQueries({ predicate: isSessionBound });
  queryClient.setQueryData(PROFILE_QUERY_KEY, null);
  await options.navigate?.();
  queryClient.removeQueries({ predicate: isSessionBound });
}

/** A logout destination carries the marker `logout=true` (product §4). */
export function withLogoutMarker(path: string): string {
  const url = new URL(path, 'http://velora.invalid');
  url.searchParams.set('logout', 'true');
  return `${url.pathname}${url.search}${url.hash}`;
}
