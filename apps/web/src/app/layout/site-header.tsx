import type { Profile } from '@velora/shared';
import { landingUrlFor } from '@velora/shared';
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
import { getProfileMenuFolded, setProfileMenuFolded } from '@/lib/storage';
import { UnreadBadge } from '@/features/messages/components/unread-badge';
import { hasLawLimitations } from '../route-guards';
import { routePath } from '@/paths';
import { FavouritesMenu } from './favourites-menu';
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
          <span data-testid="account-username">{profile.username}</span>
          {premium ? <span className="badge">{t('nav.premium')}</span> : null}
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

interface SiteHeaderProps {
  variant?: HeaderVariant;
  label?: LayoutSpec['label'];
  /** The io variant: no members' pages, so no members' navigation (SPEC §1). */
  reduced?: boolean;
}

export function SiteHeader({ variant = 'standard', label, reduced = false }: SiteHeaderProps) {
  const { t } = useTranslation();
  const session = useSession();
  const language = useLanguageSwitch();
  const location = useLocation();
  const navigate = useNavigate();
  const openDialog = (hash: string) => navigate({ pathname: location.pathname, search: location.search, hash });
  const homeHref = reduced ? routePath('home') : landingUrlFor(session.isLoggedIn, session.profile?.features);
  const withNav = session.isLoggedIn && !reduced && variant !== 'minimal';
  const isModel = useCan('studio');

  return (
    <header className={`site-header site-header--${variant}`}>
      <div className="site-header__inner">
        <Link to={homeHref} className="site-header__brand" aria-label={t('app.homeLink')}>
          <Logo />
        </Link>
        {label ? (
          <span className="site-header__label" data-testid="layout-label">
            {t(`layouts.${label}`)}
          </span>
        ) : null}
        {withNav ? (
          <nav className="site-nav" aria-label={t('nav.main')}>
            <ul className="site-nav__list">
              <li>
                <NavLink className="site-nav__link" to={routePath('recentUpdates')}>
                  {t('nav.recentUpdates')}
                </NavLink>
              </li>
              <li>
                <NavLink className="site-nav__link" to={routePath('videos')}>
                  {t('nav.videos')}
                </NavLink>
              </li>
              <li>
                <NavLink className="site-nav__link" to={routePath('models')}>
                  {t('nav.models')}
                </NavLink>
              </li>
              <li>
                <NavLink className="site-nav__link" to={routePath('shoots')}>
                  {t('nav.shoots')}
                </NavLink>
              </li>
              {/* Cams are law-limited (SPEC §2): a law-limited member is not shown the way in. */}
              {hasLawLimitations(session.profile) ? null : (
                <li>
                  <NavLink className="site-nav__link" to={routePath('cameras')} data-testid="cameras-link">
                    {t('nav.cameras')}
                  </NavLink>
                </li>
              )}
              <li>
                <NavLink className="site-nav__link" to={routePath('playdates')} data-testid="playdates-link">
                  {t('nav.playdates')}
                </NavLink>
              </li>
              <li>
                <FavouritesMenu withCams={!hasLawLimitations(session.profile)} />
              </li>
              <li>
                <NavLink className="site-nav__link" to={routePath('messages')} data-testid="messages-link">
                  {t('messages.nav.link')}
                  <UnreadBadge />
                </NavLink>
              </li>
              {isModel ? (
                <li>
                  <NavLink className="site-nav__link" to={routePath('studio')} data-testid="studio-link">
                    {t('nav.studio')}
                  </NavLink>
                </li>
              ) : null}
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
              <button type="button" className="button button--ghost button--small" onClick={() => openDialog(LOG_IN_HASH)}>
                {t('nav.logIn')}
              </button>
              <button type="button" className="button button--primary button--small" onClick={() => openDialog(SIGN_UP_HASH)}>
                {t('nav.signUp')}
              </button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
