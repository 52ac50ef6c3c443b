import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { hidePopup, showPopup, usePopup } from '@/components/popups/popup-store';
import { LOG_IN_HASH, SIGN_UP_HASH } from '@/components/modal-hashes';
import { createHandOver } from '@/features/auth/api/create-hand-over';
import { PROFILE_QUERY_KEY } from '@/features/auth/api/get-profile';
import { useSession } from '@/features/auth/session';
import { clearAgeVerificationMarker } from '@/features/compliance/age-verification-marker';
import { useStoredConsent } from '@/features/compliance/consent-storage';
import { watchLawLimitedAnswers } from '@/features/compliance/law-limited';
import { takeQueuedPopups } from '@/features/compliance/popup-queue';
import { effectiveConsent, hasLawLimitations } from '@/features/compliance/rules';
import { mainDomainUrl, needsSisterDomainHandOver, sisterDomainRedirectUrl } from '@/features/site-variant/site-variant';
import { useVisit } from '@/features/tracking/api/get-visit';
import { reportError } from '@/lib/report-error';
import type { ConsentChoice } from '@/lib/third-parties';
import { createThirdPartyLoader, setConsent } from '@/lib/third-parties';
import { useSiteConfig } from './site-config';

/** Leaves for another site (a full page load); tests replace it. */
export type LeavePage = (url: string) => void;
const replaceLocation: LeavePage = (url) => window.location.replace(url);

/**
 * The consent in force (stored answer, or implied outside the product §9 list) is published for later
 * loaders and starts the configured third-party scripts, never before (ARCHITECTURE: third parties).
 */
export function useThirdPartyConsent(): ConsentChoice | null {
  const { thirdParties } = useSiteConfig();
  const [loader] = useState(() => createThirdPartyLoader(thirdParties));
  const stored = useStoredConsent();
  const { data: visit } = useVisit();
  const consent = effectiveConsent(visit ?? null, stored);
  const analytics = consent?.analytics ?? null;
  const marketing = consent?.marketing ?? null;
  useEffect(() => {
    const current = analytics === null || marketing === null ? null : { analytics, marketing };
    setConsent(current);
    loader.apply(current);
  }, [loader, analytics, marketing]);
  return consent;
}

/**
 * Popups decided while navigating (a law-limited route skipped, the return from age verification) are
 * shown once the navigation settled. Call after useNavigationEffects: its effect closes all popups on
 * navigation and must run first.
 */
export function useQueuedPopups(): void {
  const { key } = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    for (const type of takeQueuedPopups()) {
      if (type === 'age-verification-success') {
        clearAgeVerificationMarker();
        void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
      }
      showPopup(type);
    }
  }, [key, queryClient]);
}

/**
 * product §4: any 451 LAW_LIMITED answer shows the law-limitation popup, and for users with law
 * limitations it replaces the coins-charge popup.
 */
export function useLawLimitedAnswers(): void {
  const queryClient = useQueryClient();
  useEffect(() => watchLawLimitedAnswers(queryClient, () => showPopup('law-limitation')), [queryClient]);

  const { profile } = useSession();
  const buyCoins = usePopup('buy-coins')?.show === true;
  const limited = hasLawLimitations(profile);
  useEffect(() => {
    if (!buyCoins || !limited) return;
    hidePopup('buy-coins');
    showPopup('law-limitation');
  }, [buyCoins, limited]);
}

/** product §1: an authenticated user on a sister domain goes on to the main domain with a one-time code as authToken. */
export function useSisterDomainHandOver(leave: LeavePage = replaceLocation): void {
  const { domains } = useSiteConfig();
  const { isLoggedIn } = useSession();
  useEffect(() => {
    if (!isLoggedIn || !needsSisterDomainHandOver(new URL(window.location.href), domains)) return;
    let cancelled = false;
    createHandOver().then(
      ({ code }) => {
        const target = sisterDomainRedirectUrl(new URL(window.location.href), code, domains);
        if (!cancelled && target) leave(target);
      },
      // The user stays on the sister domain, logged in: nothing is lost.
      (error: unknown) => reportError(error, { during: 'sister-domain hand-over' }),
    );
    return () => {
      cancelled = true;
    };
  }, [isLoggedIn, domains, leave]);
}

/**
 * The io variant has no members' pages: log-in and sign-up happen on the main domain (when one is
 * configured), where the account's pages are.
 */
export function useIoAccountHandOver(leave: LeavePage = replaceLocation): void {
  const { variant, domains } = useSiteConfig();
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (variant !== 'io' || (hash !== LOG_IN_HASH && hash !== SIGN_UP_HASH)) return;
    const target = mainDomainUrl(new URL(`${pathname}${search}${hash}`, window.location.origin), domains);
    if (target && target.host !== window.location.host) leave(target.toString());
  }, [variant, domains, pathname, search, hash, leave]);
}
