import { landingUrlFor } from '@velora/shared';
import type { JSX, ReactNode } from 'react';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { LanguageSelect } from '@/components/language-select';
import { Logo } from '@/components/logo';
import { LOG_IN_HASH, SIGN_UP_HASH } from '@/components/modal-hashes';
import { useSession } from '@/features/auth/session';
import { useCan } from '@/lib/capabilities';
import { useMediaQuery } from '@/lib/use-media-query';
import { getAccessToken } from '@/lib/storage';
import { useUnreadTotal } from '@/features/messages/api/get-unread-total';
import { hasLawLimitations } from '../route-guards';
import { routePath } from '@/paths';
import { HeaderMenu } from './header-menu';
import type { HeaderVariant, LayoutSpec } from './layout-variants';
import type * as MemberHeader from './member-header';
import { useLanguageSwitch } from './use-language-switch';
import { withTexts } from '@/locales/load-texts';
import type { Namespace } from '@/locales/namespaces';

/** The namespaces of the member's parts of the header (decision 066); a signed-in member's screens wait for them too. */
export const MEMBER_HEADER_TEXTS = ['catalog', 'messages', 'money', 'profile'] as const satisfies readonly Namespace[];

// The member's parts of the header load after log-in, with their texts (they are not the landing's); a stored token
// starts the download with the app, beside the profile request that decides who is signed in.
let memberHeader: Promise<typeof MemberHeader> | null = null;
const loadMemberHeader = () =>
  (memberHeader ??= withTexts(MEMBER_HEADER_TEXTS, () => import('./member-header'))().catch((error: unknown) => {
    // A failed download is tried again by the next render that needs it.
    memberHeader = null;
    throw error;
  }));
if (getAccessToken()) void loadMemberHeader().catch(() => undefined);

/** A part of member-header.tsx as a lazy component; nothing is drawn in its place while it loads. */
function memberPart<P extends object>(pick: (module: typeof MemberHeader) => (props: P) => ReactNode): (props: P) => ReactNode {
  const Lazy = lazy(() => loadMemberHeader().then((module) => ({ default: pick(module) })));
  return function MemberPart(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...(props as P & JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  };
}

const MainNavItems = memberPart((module) => module.MainNavItems);
const MemberActions = memberPart((module) => module.MemberActions);
const MenuButtonMember = memberPart((module) => module.MenuButtonMember);
const MenuWho = memberPart((module) => module.MenuWho);
const MenuAccount = memberPart((module) => module.MenuAccount);
const MenuLogOut = memberPart((module) => module.MenuLogOut);

/**
 * Below this width the header is one short bar (brand and a menu button) and the navigation and the account sit
 * in the menu: the full header's links need about 1100 px in German or French.
 */
export const PHONE_HEADER_QUERY = '(max-width: 1099px)';

interface SiteHeaderProps {
  variant?: HeaderVariant;
  label?: LayoutSpec['label'];
  /** The io variant: no members' pages, so no members' navigation (product §1). */
  reduced?: boolean;
}

export function SiteHeader({ variant = 'standard', label, reduced = false }: SiteHeaderProps) {
  const { t } = useTranslation();
  const session = useSession();
  const language = useLanguageSwitch();
  const location = useLocation();
  const navigate = useNavigate();
  const phone = useMediaQuery(PHONE_HEADER_QUERY);
  const openDialog = (hash: string) => navigate({ pathname: location.pathname, search: location.search, hash });
  const homeHref = reduced ? routePath('home') : landingUrlFor(session.isLoggedIn, session.profile?.features);
  const withNav = session.isLoggedIn && !reduced && variant !== 'minimal';
  const isModel = useCan('studio');
  const lawLimited = hasLawLimitations(session.profile);
  const unreadCount = useUnreadTotal(withNav);
  // Someone opening the log-in or sign-up dialog is about to be a member: the member's header loads beside it.
  const aboutToSignIn = !session.profile && (location.hash === LOG_IN_HASH || location.hash === SIGN_UP_HASH);
  useEffect(() => {
    if (aboutToSignIn) loadMemberHeader().catch(() => undefined);
  }, [aboutToSignIn]);

  return (
    <header className={`site-header site-header--${variant}${phone ? ' site-header--phone' : ''}`} data-testid="site-header">
      <div className="site-header__inner">
        <Link to={homeHref} className="site-header__brand" aria-label={t('app.homeLink')}>
          <Logo />
        </Link>
        {label ? (
          <span className="site-header__label" data-testid="layout-label">
            {t(`layouts.${label}`)}
          </span>
        ) : null}
        {phone ? (
          <div className="site-header__actions">
            {session.profile ? null : (
              <>
                <button type="button" className="button button--ghost button--small site-header__log-in" data-prefetch={LOG_IN_HASH} onClick={() => openDialog(LOG_IN_HASH)}>
                  {t('nav.logIn')}
                </button>
                <button type="button" className="button button--primary button--small site-header__sign-up" data-prefetch={SIGN_UP_HASH} onClick={() => openDialog(SIGN_UP_HASH)}>
                  {t('nav.signUp')}
                </button>
              </>
            )}
            <HeaderMenu
              member={
                session.profile
                  ? {
                      button: <MenuButtonMember profile={session.profile} unreadCount={unreadCount} />,
                      who: <MenuWho profile={session.profile} premium={session.isPremium} />,
                      account: <MenuAccount profile={session.profile} reduced={reduced} />,
                      logOut: <MenuLogOut />,
                    }
                  : null
              }
              navigation={withNav ? <MainNavItems linkClass="header-menu__link" lawLimited={lawLimited} isModel={isModel} inMenu /> : null}
              language={language}
              onLogIn={() => openDialog(LOG_IN_HASH)}
              onSignUp={() => openDialog(SIGN_UP_HASH)}
              unreadCount={unreadCount}
            />
          </div>
        ) : (
          <>
            {withNav ? (
              <nav className="site-nav" aria-label={t('nav.main')}>
                <ul className="site-nav__list">
                  <MainNavItems linkClass="site-nav__link" lawLimited={lawLimited} isModel={isModel} inMenu={false} />
                </ul>
              </nav>
            ) : null}
            <div className="site-header__actions">
              <LanguageSelect value={language.current} options={language.options} onChange={(lang) => void language.change(lang)} />
              {session.profile ? (
                <MemberActions profile={session.profile} premium={session.isPremium} reduced={reduced} />
              ) : (
                <>
                  <button type="button" className="button button--ghost button--small" data-prefetch={LOG_IN_HASH} onClick={() => openDialog(LOG_IN_HASH)}>
                    {t('nav.logIn')}
                  </button>
                  <button type="button" className="button button--primary button--small" data-prefetch={SIGN_UP_HASH} onClick={() => openDialog(SIGN_UP_HASH)}>
                    {t('nav.signUp')}
                  </button>
                </>
              )}
            </div>
          </>
        )}
      </div>
    </header>
  );
}
