import type { Profile } from '@velora/shared';
import type { ReactNode } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { LanguageSelect } from '@/components/language-select';
import { LOG_IN_HASH, SIGN_UP_HASH } from '@/components/modal-hashes';
import { useLogout } from '@/features/auth/use-logout';
import { UnreadCount } from '@/features/messages/components/unread-badge';
import { CoinBalanceButton } from '@/features/coins/components/coin-balance-button';
import { AvatarImage } from '@/features/profile/components/avatar-image';
import { useCan } from '@/lib/capabilities';
import { routePath } from '@/paths';
import type { LanguageSwitch } from './use-language-switch';

interface HeaderMenuProps {
  /** The signed-in member, or null for a visitor (who gets the language and the ways in). */
  profile: Profile | null;
  premium: boolean;
  /** The main navigation's items (`<li>`s), or null where the layout has none. */
  navigation: ReactNode;
  language: LanguageSwitch;
  /** The io variant sells nothing (SPEC §1): no coins. */
  reduced: boolean;
  onLogIn: () => void;
  onSignUp: () => void;
  /** The unread messages, shown on the closed menu's button too (and said in its name). */
  unreadCount?: number;
}

/**
 * The phone header's one menu: a disclosure (the button says whether it is open) holding the main navigation and
 * everything of the account, so the bar itself stays one short row. Escape, a click outside, leaving it with Tab
 * and navigation close it; Escape and the actions that open a dialog give focus back to the button.
 */
export function HeaderMenu({ profile, premium, navigation, language, reduced, onLogIn, onSignUp, unreadCount = 0 }: HeaderMenuProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const logout = useLogout();
  const isTeam = useCan('backoffice');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const languageId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const closeAndFocusButton = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div
      ref={rootRef}
      className="header-menu"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          closeAndFocusButton();
        }
      }}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null) && event.relatedTarget !== null) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="header-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        // One name, "Menu" or "Menu, 3 unread messages"; the drawn badge repeats it for the eye.
        aria-label={unreadCount > 0 ? `${t('nav.menu')}, ${t('messages.nav.unread', { count: unreadCount })}` : t('nav.menu')}
        data-testid="header-menu-button"
        onClick={() => setOpen((value) => !value)}
      >
        {profile ? <AvatarImage className="header-menu__avatar" src={profile.avatar_url} size={30} /> : null}
        <svg className="header-menu__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          {open ? (
            <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          ) : (
            <path d="M4 7h16M4 12h16M4 17h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
        {unreadCount > 0 ? (
          <span className="header-menu__unread" aria-hidden="true">
            <UnreadCount count={unreadCount} />
          </span>
        ) : null}
      </button>
      <div
        id={panelId}
        className="header-menu__panel"
        hidden={!open}
        data-testid="header-menu"
        onClick={(event) => {
          // A link navigates (and navigation closes the menu); a button's action, such as buy coins, opens a dialog
          // that gives focus back to where it was when it opened: the menu button, not a hidden item.
          const target = event.target as Element;
          if (target.closest('button')) closeAndFocusButton();
          else if (target.closest('a')) setOpen(false);
        }}
      >
        {profile ? (
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
        ) : null}
        {navigation ? (
          <nav className="header-menu__section" aria-label={t('nav.main')}>
            <ul className="header-menu__list">{navigation}</ul>
          </nav>
        ) : null}
        {profile ? (
          <section className="header-menu__section" aria-label={t('nav.account')}>
            <ul className="header-menu__list" data-testid="profile-menu">
              <li>
                <NavLink className="header-menu__link" to={routePath('userProfile')} end data-testid="account-profile-link">
                  {t('profile.menu.profile')}
                </NavLink>
              </li>
              <li>
                <NavLink className="header-menu__link" to={routePath('userProfileSettings')}>
                  {t('profile.menu.settings')}
                </NavLink>
              </li>
              {isTeam ? (
                <>
                  <li>
                    <NavLink className="header-menu__link" to={routePath('teamCameraFeedback')} data-testid="team-camera-feedback-link">
                      {t('profile.menu.teamFeedback')}
                    </NavLink>
                  </li>
                  <li>
                    <NavLink className="header-menu__link" to={routePath('teamPlaydateLimits')} data-testid="team-playdate-limits-link">
                      {t('profile.menu.teamPlaydateLimits')}
                    </NavLink>
                  </li>
                </>
              ) : null}
              {reduced ? null : (
                <li className="header-menu__coins">
                  <CoinBalanceButton coins={profile.coins} withLabel />
                </li>
              )}
            </ul>
          </section>
        ) : null}
        <div className="header-menu__language">
          <label className="header-menu__language-label" htmlFor={languageId}>
            {t('language.label')}
          </label>
          <LanguageSelect id={languageId} value={language.current} options={language.options} onChange={(lang) => void language.change(lang)} />
        </div>
        <div className="header-menu__actions">
          {profile ? (
            <button type="button" className="button button--ghost header-menu__action" data-testid="logout-button" onClick={() => void logout(routePath('home'))}>
              {t('nav.logOut')}
            </button>
          ) : (
            <>
              <button type="button" className="button button--ghost header-menu__action" data-prefetch={LOG_IN_HASH} onClick={onLogIn}>
                {t('nav.logIn')}
              </button>
              <button type="button" className="button button--primary header-menu__action" data-prefetch={SIGN_UP_HASH} onClick={onSignUp}>
                {t('nav.signUp')}
              </button>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
