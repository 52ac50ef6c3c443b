import type { Layout } from '@velora/shared';
import type { ReactNode } from 'react';
import { Suspense, lazy, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigation } from 'react-router';
import { CompanyValuesProvider } from '@/components/company-values';
import { LoadingScreen } from '@/components/loading-screen';
import { SIGN_UP_HASH } from '@/components/modal-hashes';
import { useProfile } from '@/features/auth/api/get-profile';
import { usePendingLogin } from '@/features/auth/pending-login';
import { useSession } from '@/features/auth/session';
import { usePageMeta } from '@/features/pages/page-meta';
import type { Account } from '@/features/profile/account';
import { AccountProvider } from '@/features/profile/account';
import { useCompany } from '@/features/site-variant/api/get-company';
import { useUnlocked } from '@/features/videos/api/get-unlocked';
import { UnlockTokenNotice } from '@/features/videos/components/unlock-token-notice';
import { CapabilityProfileProvider } from '@/lib/capabilities';
import { useDocumentTitle } from '../navigation/document-title';
import { useNavigationEffects } from '../navigation/navigation-effects';
import { useScrollManagement } from '../navigation/scroll';
import { ModalHost } from '../popups/modal-host';
import { useIoAccountHandOver, useLawLimitedAnswers, useQueuedPopups, useSisterDomainHandOver, useThirdPartyConsent } from '../compliance-effects';
import { IdentityProviderHost } from '../identity-provider-host';
import { useLandingShellRemoval } from '../landing-shell/landing-shell';
import { useCurrentRoute } from '../navigation/current-route';
import { createPrefetcher, usePrefetchOnIntent } from '../navigation/prefetch';
import { HASH_DIALOG_LOADERS } from '../popups/registry';
import { ROUTES } from '../routes';
import { IO_ROUTES } from '../routes-io';
import type { RouteLayout, RouteTitleKey } from '../route-types';
import { useSiteConfig } from '../site-config';
import { AgePopupsSlot } from '../slots/age-popups-slot';
import { CookiePopupSlot } from '../slots/cookie-popup-slot';
import { LawRestrictionPopupSlot } from '../slots/law-restriction-popup-slot';
import { TheaterPlayerSlot } from '../slots/theater-player-slot';
import type { LayoutSpec } from './layout-variants';
import { LAYOUT_SPECS } from './layout-variants';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { withTexts } from '@/locales/load-texts';

export const MAIN_ID = 'main';

// "Log in as …?" loads only when a log-in link brought one (decision record 052).
const ConfirmLoginDialog = lazy(
  withTexts(['auth'], () => import('@/features/auth/components/confirm-login-dialog').then((m) => ({ default: m.ConfirmLoginDialog }))),
);

/** product §1: member-area is the default for logged-in users; `auto` pages follow the session. */
export function resolveLayout(layout: RouteLayout, loggedIn: boolean): Layout {
  if (layout === 'auto') return loggedIn ? 'member-area' : 'main';
  return layout;
}

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href={`#${MAIN_ID}`}>
      {t('app.skipToContent')}
    </a>
  );
}

/** The free-area layouts' call to join: a bar above, below or across the page (product §1: three variants). */
function FreeAreaBanner({ placement }: { placement: NonNullable<LayoutSpec['banner']> }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <aside className={`free-area-banner free-area-banner--${placement}`} aria-label={t('layouts.freeArea')}>
      <p className="free-area-banner__text">{t('layouts.freeAreaBanner')}</p>
      <Link className="button button--primary button--small" to={{ pathname, search, hash: SIGN_UP_HASH }}>
        {t('layouts.freeAreaJoin')}
      </Link>
    </aside>
  );
}

export function Frame({ layout, children }: { layout: Layout; children: ReactNode }) {
  const { variant } = useSiteConfig();
  const main = (
    <main id={MAIN_ID} className="site-main" tabIndex={-1}>
      {children}
    </main>
  );
  if (layout === 'blank') return <div className="site site--blank">{main}</div>;
  const spec = LAYOUT_SPECS[layout];
  return (
    <div className={`site site--${layout} site--header-${spec.header}`} data-layout={layout} data-site-variant={variant}>
      <SkipLink />
      {spec.banner === 'ribbon' || spec.banner === 'top' ? <FreeAreaBanner placement={spec.banner} /> : null}
      <SiteHeader variant={spec.header} label={spec.label} reduced={variant === 'io'} />
      {main}
      {spec.banner === 'bottom' ? <FreeAreaBanner placement="bottom" /> : null}
      <SiteFooter variant={spec.footer} />
    </div>
  );
}

/** The company values (product §1) for every screen: the footer and the legal pages read them. */
function CompanyValues({ children }: { children: ReactNode }) {
  const { data } = useCompany();
  return <CompanyValuesProvider value={data}>{children}</CompanyValuesProvider>;
}

/**
 * The session for the profile screens and the change-avatar popup, and the profile every capability check reads
 * (a feature may not read another's session).
 */
function AccountSession({ children }: { children: ReactNode }) {
  const { data, isPending, isError, refetch } = useProfile();
  const account = useMemo<Account>(
    () => ({ profile: data ?? null, isPending, isError, retry: () => void refetch(), refresh: () => refetch() }),
    [data, isPending, isError, refetch],
  );
  return (
    <AccountProvider value={account}>
      <CapabilityProfileProvider profile={data ?? null}>{children}</CapabilityProfileProvider>
    </AccountProvider>
  );
}

/**
 * The page's title. product §7: GET /pages/meta on every navigation; its title wins over "Velora – section". A component
 * of its own, so that answer re-renders nothing else (every render of the root is one of the whole page).
 */
function DocumentTitle({ titleKey }: { titleKey: RouteTitleKey }) {
  const pageMeta = usePageMeta(useLocation().pathname);
  useDocumentTitle(titleKey, pageMeta.title);
  return null;
}

/** The unlock-token notice with what the member had unlocked before; that answer re-renders the notice alone. */
function UnlockNotice({ loggedIn }: { loggedIn: boolean }) {
  const unlocked = useUnlocked(loggedIn);
  return <UnlockTokenNotice loggedIn={loggedIn} unlocked={unlocked.data} />;
}

/** The root of every page: the layout, and the global hosts product §2 requires on every screen. */
export function RootLayout() {
  useLandingShellRemoval();
  const route = useCurrentRoute();
  const { isLoggedIn } = useSession();
  const navigation = useNavigation();
  useScrollManagement();
  useNavigationEffects(MAIN_ID);
  // After useNavigationEffects: popups decided by a navigation open once it has closed the others.
  useQueuedPopups();
  useLawLimitedAnswers();
  useThirdPartyConsent();
  useSisterDomainHandOver();
  useIoAccountHandOver();
  const loginLinkPending = usePendingLogin() !== null;
  // The next step loads while the pointer is on its link (decision record 052).
  const { variant } = useSiteConfig();
  const prefetch = useMemo(() => createPrefetcher(variant === 'io' ? IO_ROUTES : ROUTES, (route) => route.screen, HASH_DIALOG_LOADERS), [variant]);
  usePrefetchOnIntent(prefetch);

  return (
    <CompanyValues>
      <AccountSession>
        <IdentityProviderHost>
          <LoadingScreen variant="bar" active={navigation.state !== 'idle'} />
          <Frame layout={resolveLayout(route?.layout ?? 'auto', isLoggedIn)}>
            <DocumentTitle titleKey={route?.titleKey ?? 'error'} />
            <UnlockNotice loggedIn={isLoggedIn} />
            <Outlet />
          </Frame>
          <AgePopupsSlot />
          <CookiePopupSlot />
          <LawRestrictionPopupSlot />
          <TheaterPlayerSlot />
          <ModalHost />
          {loginLinkPending ? (
            <Suspense fallback={null}>
              <ConfirmLoginDialog />
            </Suspense>
          ) : null}
        </IdentityProviderHost>
      </AccountSession>
    </CompanyValues>
  );
}
