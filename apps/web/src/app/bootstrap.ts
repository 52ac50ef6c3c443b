import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { Visit } from '@velora/shared';
import { isFeatureActive } from '@velora/shared';
import { PROFILE_QUERY_KEY, profileQueryOptions } from '@/features/auth/api/get-profile';
import { loginByHash } from '@/features/auth/api/login-by-hash';
import { LOGIN_LINK_EXPIRED_PARAM } from '@/features/auth/components/login-dialog';
import { visitParamsFrom, visitQueryOptions } from '@/features/tracking/api/get-visit';
import { reportError } from '@/lib/report-error';
import { getAccessToken, getLanguage, setAccessToken } from '@/lib/storage';
import { applyLanguage, chooseInitialLanguage } from './i18n';

/** Query parameters that carry credentials; they are consumed at start and removed from the URL. */
export const CREDENTIAL_PARAMS = ['hash', 'authToken'] as const;

export interface BootstrapOutcome {
  /** A one-click log-in link (`?hash=`) was used and failed. */
  hashLoginFailed: boolean;
}

export interface Bootstrap {
  /** Runs the start-up once (later calls share it): credentials, session, visit, language. */
  (url: URL): Promise<BootstrapOutcome>;
}

export function frenchEnabled(visit: Pick<Visit, 'features'> | null | undefined, profileFeatures?: Visit['features']): boolean {
  return isFeatureActive(visit?.features, 'french') || isFeatureActive(profileFeatures, 'french');
}

interface Credentials extends BootstrapOutcome {
  /** A handed-over token kept back because a session was stored: used only if that one is dead. */
  standbyToken: string | null;
}

async function consumeCredentials(url: URL): Promise<Credentials> {
  // A sister domain hands a logged-in user over with their token (SPEC §1): a guest arriving with one
  // becomes logged in (SPEC §4). A live session already here is kept, so a link carrying someone
  // else's token cannot swap the account under a logged-in user. Either way it leaves the URL.
  const handedOver = url.searchParams.get('authToken')?.trim();
  if (handedOver) {
    if (getAccessToken()) return { hashLoginFailed: false, standbyToken: handedOver };
    setAccessToken(handedOver);
    return { hashLoginFailed: false, standbyToken: null };
  }
  // Guests arriving with a one-click log-in link become logged in (SPEC §4, §7).
  const hash = url.searchParams.get('hash');
  if (hash && !getAccessToken()) {
    try {
      const { access_token, expires_at } = await loginByHash(hash);
      setAccessToken(access_token, expires_at);
    } catch (error) {
      reportError(error, { during: 'login_by_hash' });
      return { hashLoginFailed: true, standbyToken: null };
    }
  }
  return { hashLoginFailed: false, standbyToken: null };
}

export function createBootstrap(queryClient: QueryClient, i18n: I18n, referrer: () => string = () => document.referrer): Bootstrap {
  let started: Promise<BootstrapOutcome> | null = null;

  async function run(url: URL): Promise<BootstrapOutcome> {
    const visitPromise = queryClient
      .fetchQuery(visitQueryOptions(visitParamsFrom(url.search, referrer())))
      .catch((error: unknown) => {
        reportError(error, { during: 'track visit' });
        return null;
      });
    const { standbyToken, ...outcome } = await consumeCredentials(url);
    const loadProfile = () =>
      queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 }).catch((error: unknown) => {
        // Logged in only when the profile loads (SPEC §4): any failure counts as logged out.
        reportError(error, { during: 'profile load' });
        queryClient.setQueryData(PROFILE_QUERY_KEY, null);
        return null;
      });
    const profilePromise = loadProfile().then((profile) => {
      // The stored session was dead (a 401 drops it): the visitor is a guest, so the handed-over token counts.
      if (profile || !standbyToken || getAccessToken()) return profile;
      setAccessToken(standbyToken);
      return loadProfile();
    });
    const [visit, profile] = await Promise.all([visitPromise, profilePromise]);
    const language = chooseInitialLanguage({
      stored: getLanguage(),
      visit,
      frenchEnabled: frenchEnabled(visit, profile?.features),
    });
    try {
      await applyLanguage(i18n, language);
    } catch (error) {
      // A locale chunk that fails to load leaves the page in English rather than blank.
      reportError(error, { during: 'load locale', language });
      await applyLanguage(i18n, 'en');
    }
    return outcome;
  }

  return (url) => (started ??= run(url));
}

/**
 * The URL without consumed credentials, or null when it had none. A failed log-in link lands on
 * the log-in dialog, which says why it opened and then leads back to where the link pointed.
 */
export function urlWithoutCredentials(url: URL, outcome: BootstrapOutcome, homePath: string): string | null {
  if (!CREDENTIAL_PARAMS.some((name) => url.searchParams.has(name))) return null;
  const next = new URL(url);
  for (const name of CREDENTIAL_PARAMS) next.searchParams.delete(name);
  const target = `${next.pathname}${next.search}`;
  if (!outcome.hashLoginFailed) return target;
  const query = new URLSearchParams({ [LOGIN_LINK_EXPIRED_PARAM]: 'expired' });
  if (target !== homePath) query.set('redirect', target);
  return `${homePath}?${query.toString()}#log_in`;
}
