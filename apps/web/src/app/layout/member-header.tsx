import type { Profile } from '@velora/shared';
import { FAVOURITE_KINDS } from '@velora/shared';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { CoinBalanceButton } from '@/features/coins/components/coin-balance-button';
import { useLogout } from '@/features/auth/use-logout';
import { AvatarImage } from '@/features/profile/components/avatar-image';
import { UnreadBadge, UnreadCount } from '@/features/messages/components/unread-badge';
import { useCan } from '@/lib/capabilities';
import { getProfileMenuFolded, setProfileMenuFolded } from '@/lib/storage';
import { paths, routePath } from '@/paths';
import { FavouritesMenu } from './favourites-menu';

// The header's parts for a signed-in member: the main navigation, the coins and the account (wide header), and the
// account's parts of the phone menu. A chunk of their own, loaded after log-in (or at the start when a token is
// stored): a visitor's landing page carries none of it (decision record 059). site-header.tsx places them.

/**
 * The profile pages, and the team's for a team member (she looks for her own things in the profile menu; capability
 * backoffice): the `<li>`s of the wide account menu and of the phone menu.
 */
function ProfilePageLinks({ linkClass, profileTestId }: { linkClass: string; profileTestId?: string }) {
  const { t } = useTranslation();
  const isTeam = useCan('backoffice');
  const link = (to: string, label: string, testId?: string, end = false) => (
    <li>
      <NavLink className={linkClass} to={to} end={end} data-testid={testId}>
        {label}
      </NavLink>
    </li>
  );
  return (
    <>
      {link(routePath('userProfile'), t('profile.menu.profile'), profileTestId, true)}
      {link(routePath('userProfileSettings'), t('profile.menu.settings'))}
      {isTeam ? link(routePath('teamCameraFeedback'), t('profile.menu.teamFeedback'), 'team-camera-feedback-link') : null}
      {isTeam ? link(routePath('backofficePlaydateLimits'), t('profile.menu.teamPlaydateLimits'), 'team-playdate-limits-link') : null}
    </>
  );
}

/**
 * The account corner: the avatar and name (a link to the profile), a foldable menu of the profile pages whose
 * folded state is remembered (product §3 stored keys), and log-out.
 */
function AccountMenu({ profile, premium }: { profile: Profile; premium: boolean }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const menuId = useId();
  const [folded, setFolded] = useState(getProfileMenuFolded);
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
        <ProfilePageLinks linkClass="account__menu-link" />
      </ul>
      <button type="button" className="button button--ghost button--small" data-testid="logout-button" onClick={() => void logout(routePath('home'))}>
        {t('nav.logOut')}
      </button>
    </div>
  );
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
export function MainNavItems({ linkClass, lawLimited, isModel, inMenu }: { linkClass: string; lawLimited: boolean; isModel: boolean; inMenu: boolean }) {
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
      {/* Cams are law-limited (product §2): a law-limited member is not shown the way in. */}
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

/** The wide header's account corner: the coins (not on the io variant, which sells nothing) and the account menu. */
export function MemberActions({ profile, premium, reduced }: { profile: Profile; premium: boolean; reduced: boolean }) {
  return (
    <>
      {/* The io variant sells nothing (product §1: landing, ladies and legal pages only). */}
      {reduced ? null : <CoinBalanceButton coins={profile.coins} />}
      <AccountMenu profile={profile} premium={premium} />
    </>
  );
}

/** The phone menu button's avatar and unread count (the button's name says the count). */
export function MenuButtonMember({ profile, unreadCount }: { profile: Profile; unreadCount: number }) {
  return (
    <>
      <AvatarImage className="header-menu__avatar" src={profile.avatar_url} size={30} />
      {unreadCount > 0 ? (
        <span className="header-menu__unread" aria-hidden="true">
          <UnreadCount count={unreadCount} />
        </span>
      ) : null}
    </>
  );
}

/** The top of the phone menu: who is signed in. */
export function MenuWho({ profile, premium }: { profile: Profile; premium: boolean }) {
  const { t } = useTranslation();
  return (
    <p className="header-menu__who">
      <AvatarImage className="header-menu__who-avatar" src={profile.avatar_url} size={40} />
      <span className="header-menu__who-text">
        <span className="visually-hidden">{t('nav.signedInAs')} </span>
        <span className="header-menu__who-name" data-testid="account-username">
          {profile.username}
        </span>
        {premium ? <span className="badge header-menu__badge">{t('nav.premium')}</span> : null}
      </span>
    </p>
  );
}

/** The phone menu's account: the profile pages and the coins. */
export function MenuAccount({ profile, reduced }: { profile: Profile; reduced: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="header-menu__section" aria-label={t('nav.account')}>
      <ul className="header-menu__list" data-testid="profile-menu">
        {/* Here the profile link is the way to the profile; in the wide header that is the avatar link. */}
        <ProfilePageLinks linkClass="header-menu__link" profileTestId="account-profile-link" />
        {reduced ? null : (
          <li className="header-menu__coins">
            <CoinBalanceButton coins={profile.coins} withLabel />
          </li>
        )}
      </ul>
    </section>
  );
}

/** The phone menu's log-out. */
export function MenuLogOut() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <button type="button" className="button button--ghost header-menu__action" data-testid="logout-button" onClick={() => void logout(routePath('home'))}>
      {t('nav.logOut')}
    </button>
  );
}
