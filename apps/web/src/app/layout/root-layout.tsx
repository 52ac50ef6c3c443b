import type { Layout } from '@velora/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches, useNavigation } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { useSession } from '@/features/auth/session';
import { useUnlocked } from '@/features/videos/api/get-unlocked';
import { UnlockTokenNotice } from '@/features/videos/components/unlock-token-notice';
import { useDocumentTitle } from '../navigation/document-title';
import { useNavigationEffects } from '../navigation/navigation-effects';
import { useScrollManagement } from '../navigation/scroll';
import { ModalHost } from '../popups/modal-host';
import type { RouteHandle } from '../router';
import type { AppRoute, RouteLayout } from '../routes';
import { CookiePopupSlot } from '../slots/cookie-popup-slot';
import { LawRestrictionPopupSlot } from '../slots/law-restriction-popup-slot';
import { TheaterPlayerSlot } from '../slots/theater-player-slot';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export const MAIN_ID = 'main';

/** SPEC §1: member-area is the default for logged-in users; `auto` pages follow the session. */
export function resolveLayout(layout: RouteLayout, loggedIn: boolean): Layout {
  if (layout === 'auto') return loggedIn ? 'member-area' : 'main';
  return layout;
}

/** The table entry of the deepest matched route. */
export function useCurrentRoute(): AppRoute | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.route) return handle.route;
  }
  return undefined;
}

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href={`#${MAIN_ID}`}>
      {t('app.skipToContent')}
    </a>
  );
}

function Frame({ layout, children }: { layout: Layout; children: ReactNode }) {
  const main = (
    <main id={MAIN_ID} className="site-main" tabIndex={-1}>
      {children}
    </main>
  );
  if (layout === 'blank') return main;
  // Layout variants beyond these arrive with their screens; until then they share the site chrome.
  return (
    <div className={`site site--${layout}`}>
      <SkipLink />
      <SiteHeader />
      {main}
      <SiteFooter />
    </div>
  );
}

/** The root of every page: the layout, and the global hosts SPEC §2 requires on every screen. */
export function RootLayout() {
  const route = useCurrentRoute();
  const { isLoggedIn } = useSession();
  const navigation = useNavigation();
  const unlocked = useUnlocked(isLoggedIn);
  useDocumentTitle(route?.titleKey ?? 'error');
  useScrollManagement();
  useNavigationEffects(MAIN_ID);

  return (
    <>
      <LoadingScreen variant="bar" active={navigation.state !== 'idle'} />
      <Frame layout={resolveLayout(route?.layout ?? 'auto', isLoggedIn)}>
        <UnlockTokenNotice loggedIn={isLoggedIn} unlocked={unlocked.data} />
        <Outlet />
      </Frame>
      <CookiePopupSlot />
      <LawRestrictionPopupSlot />
      <TheaterPlayerSlot />
      <ModalHost />
    </>
  );
}
