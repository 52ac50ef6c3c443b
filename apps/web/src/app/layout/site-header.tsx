import type { Profile } from '@velora/shared';
import { FAVOURITE_KINDS, landingUrlFor } from '@velora/shared';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { LanguageSelect } from '@/components/language-select';
import { Logo } from '@/components/logo';
import { LOG_IN_HASH, SIGN_UP_HASH } from '@/components/modal-hashes';
import { useSession } from '@/features/auth/session';
import { CoinBalanceButton } from '@/features/coins/components/coin-balance-button';
import { useLogout } from '@/features/auth/use-logout';
import { AvatarImage } from '@/features/profile/components/avatar-image';
import { useCan } from '@/lib/capabilities';
import { useMediaQuery } from '@/lib/use-media-query';
import { getProfileMenuFolded, setProfileMenuFolded } from '@/lib/storage';
import { useUnreadTotal } from '@/features/messages/api/get-unread-total';
import { UnreadBadge } from '@/features/messages/components/unread-badge';
import { hasLawLimitations } from '../route-guards';
import { paths, routePath } from '@/paths';
import { FavouritesMenu } from './favourites-menu';
import { HeaderMenu } from './header-menu';
import type { HeaderVariant, LayoutSpec } from './layout-variants';
import { useLanguageSwitch } from './use-language-switch';

/**
 * The account corner: the avatar and name (a link to the profile), a foldable menu of the profile pages whose
 * folded state is remembered (SPEC §3 stored keys), and log-out.
 */
function AccountMenu({ profile, premium }: { profile: Profile; premium: boolean }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const menuId = useId();
  const [folded, setFolded] = useState(getProfileMenuFolded);
  // The team's pages sit in the profile menu, where a team member looks for her own things (capability backoffice).
  const isTeam = useCan('backoffice');
  const toggle = () => {
    setFolded(!folded);
    setProfileMenuFolded(!folded);
  };
  return (
    <div className="account" role="group" aria-label={t('nav.account')}>
      <Link className="account__profile" to={routePath('userProfile')} data-testid="account-profile-link">
        <AvatarImage className="account__avatar account__avatar--image" src={profile.avatar_url} size={34} />
        <span className="account__name">
          <span className="visually-hidden">{t('nav.signedInAs')} </span>
          <span className="account__username" data-testid="account-username">
            {profile.username}
          </span>
          {/* Beside the name, not inside its ellipsis: a long name shortens, the badge stays whole. */}
          {premium ? <span className="badge account__badge">{t('nav.premium')}</span> : null}
        </span>
      </Link>
      <button
        type="button"
        className="icon-button account__fold"
        aria-expanded={!folded}
        aria-controls={menuId}
        aria-label={t('profile.menu.toggle')}
        data-testid="profile-menu-toggle"
        onClick={toggle}
      >
        <svg className={folded ? 'account__chevron' : 'account__chevron account__chevron--open'} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <ul id={menuId} className="account__menu" hidden={folded} data-testid="profile-menu">
        <li>
          <NavLink className="account__menu-link" to={routePath('userProfile')} end>
            {t('profile.menu.profile')}
          </NavLink>
        </li>
        <li>
          <NavLink className="account__menu-link" to={routePath('userProfileSettings')}>
            {t('profile.menu.settings')}
          </NavLink>
        </li>
        {isTeam ? (
          <>
            <li>
              <NavLink className="account__menu-link" to={routePath('teamCameraFeedback')} data-testid="team-camera-feedback-link">
                {t('profile.menu.teamFeedback')}
              </NavLink>
            </li>
            <li>
              <NavLink className="account__menu-link" to={routePath('teamPlaydateLimits')} data-testid="team-playdate-limits-link">
                {t('profile.menu.teamPlaydateLimits')}
              </NavLink>
            </li>
          </>
        ) : null}
      </ul>
      <button type="button" className="button button--ghost button--small" data-testid="logout-button" onClick={() => void logout(routePath('home'))}>
        {t('nav.logOut')}
      </button>
    </div>
  );
}

/**
 * Below this width the header is one short bar (brand and a menu button) and the navigation and the account sit
 * in the menu: the full header's links need about 1100 px in German or French.
 */
export const PHONE_HEADER_QUERY = '(max-width: 1099px)';

interface SiteHeaderProps {
  variant?: HeaderVariant;
  label?: LayoutSpec['label'];
  /** The io variant: no members' pages, so no members' navigation (SPEC §1). */
  reduced?: boolean;
}

/** Each favourites page's full name, for the phone menu's links whose visible text is the kind alone. */
const FAVOURITES_TITLE_KEYS = {
  model: 'routes.favouriteModels',
  shoot: 'routes.favouriteShoots',
  video: 'routes.favouriteVideos',
  image: 'routes.favouriteImages',
  camera: 'routes.favouriteCams',
} as const satisfies Record<(typeof FAVOURITE_KINDS)[number], string>;

/**
 * The main navigation's items. In the phone menu the favourites are five plain links, not a menu inside a menu.
 */
function MainNavItems({ linkClass, lawLimited, isModel, inMenu }: { linkClass: string; lawLimited: boolean; isModel: boolean; inMenu: boolean }) {
  const { t } = useTranslation();
  const item = (to: string, label: ReactNode, testId?: string, end = false) => (
    <li>
      <NavLink className={linkClass} to={to} data-testid={testId} end={end}>
        {label}
      </NavLink>
    </li>
  );
  return (
    <>
      {item(routePath('recentUpdates'), t('nav.recentUpdates'))}
      {item(routePath('videos'), t('nav.videos'))}
      {item(routePath('models'), t('nav.models'))}
      {item(routePath('shoots'), t('nav.shoots'))}
      {/* Cams are law-limited (SPEC §2): a law-limited member is not shown the way in. */}
      {lawLimited ? null : item(routePath('cameras'), t('nav.cameras'), 'cameras-link')}
      {item(routePath('playdates'), t('nav.playdates'), 'playdates-link')}
      {inMenu ? (
        <li>
          <span className="header-menu__heading" aria-hidden="true">
            {t('nav.favourites')}
          </span>
          <ul className="header-menu__sublist" aria-label={t('nav.favourites')}>
            {FAVOURITE_KINDS.filter((kind) => !lawLimited || kind !== 'camera').map((kind) => (
              <li key={kind}>
                {/* "Videos" twice in one menu is ambiguous to a screen reader: the name says "Favourite videos". */}
                <NavLink className={linkClass} to={paths.favourites(kind)} aria-label={t(FAVOURITES_TITLE_KEYS[kind])}>
                  {t(`favourites.kinds.${kind}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </li>
      ) : (
        <li>
          <FavouritesMenu withCams={!lawLimited} />
        </li>
      )}
      {item(
        routePath('messages'),
        <>
          {t('messages.nav.link')}
          <UnreadBadge />
        </>,
        'messages-link',
      )}
      {isModel ? item(routePath('studio'), t('nav.studio'), 'studio-link') : null}
    </>
  );
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
              profile={session.profile}
              premium={session.isPremium}
              navigation={withNav ? <MainNavItems linkClass="header-menu__link" lawLimited={lawLimited} isModel={isModel} inMenu /> : null}
              language={language}
              reduced={reduced}
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
                <>
                  {/* The io variant sells nothing (SPEC §1: landing, ladies and legal pages only). */}
                  {reduced ? null : <CoinBalanceButton coins={session.profile.coins} />}
                  <AccountMenu profile={session.profile} premium={session.isPremium} />
                </>
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
