import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { Visit } from '@velora/shared';
import { isFeatureActive } from '@velora/shared';
import { PROFILE_QUERY_KEY, profileQueryOptions } from '@/features/auth/api/get-profile';
import { loginLinkOwner } from '@/features/auth/api/login-link-owner';
import { LOGIN_LINK_EXPIRED_PARAM } from '@/features/auth/login-link-expired';
import { offerLogin, type LoginLink } from '@/features/auth/pending-login';
import { visitParamsFrom, visitQueryOptions } from '@/features/tracking/api/get-visit';
import { reportError } from '@/lib/report-error';
import { getAccessToken, getLanguage } from '@/lib/storage';
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
  /** A link kept back because a session was stored: offered only if that one is dead. */
  standby: LoginLink | null;
}

/** The log-in link the URL carries: a sister domain's hand-over code (product §1) or a mail's one-click hash. */
function loginLinkIn(url: URL): LoginLink | null {
  const code = url.searchParams.get('authToken')?.trim();
  if (code) return { kind: 'hand-over', credential: code };
  const hash = url.searchParams.get('hash')?.trim();
  return hash ? { kind: 'hash', credential: hash } : null;
}

/** Asks the server whose link it is and offers the visitor "Log in as …?"; false when the link does not work. */
async function offerLink(link: LoginLink): Promise<boolean> {
  try {
    const { username } = await loginLinkOwner(link);
    offerLogin({ ...link, username });
    return true;
  } catch (error) {
    reportError(error, { during: `${link.kind} link owner` });
    return false;
  }
}

async function consumeCredentials(url: URL): Promise<Credentials> {
  // A guest arriving with a log-in link (product §1, §4, §7) is asked before it is used (decision record 030: a link of
  // someone else's account must not log anyone in unnoticed). A live session already here is kept, so a link cannot
  // swap the account under a logged-in user. Either way the link leaves the URL.
  const link = loginLinkIn(url);
  if (!link) return { hashLoginFailed: false, standby: null };
  if (getAccessToken()) return { hashLoginFailed: false, standby: link };
  const offered = await offerLink(link);
  return { hashLoginFailed: !offered && link.kind === 'hash', standby: null };
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
    const { standby, ...outcome } = await consumeCredentials(url);
    const loadProfile = () =>
      queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 }).catch((error: unknown) => {
        // Logged in only when the profile loads (product §4): any failure counts as logged out.
        reportError(error, { during: 'profile load' });
        queryClient.setQueryData(PROFILE_QUERY_KEY, null);
        return null;
      });
    const profilePromise = loadProfile().then(async (profile) => {
      // The stored session was dead (a 401 drops it): the visitor is a guest, who may use the link after all.
      if (!profile && standby && !getAccessToken()) await offerLink(standby);
      return profile;
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
