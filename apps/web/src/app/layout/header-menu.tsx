import type { ReactNode } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LanguageSelect } from '@/components/language-select';
import { LOG_IN_HASH, SIGN_UP_HASH } from '@/components/modal-hashes';
import type { LanguageSwitch } from './use-language-switch';

/** The signed-in member's parts of the menu (member-header.tsx, loaded after log-in). */
export interface HeaderMenuMember {
  /** Drawn in the menu button: the avatar and the unread count. */
  button: ReactNode;
  /** Who is signed in, at the top of the panel. */
  who: ReactNode;
  /** The profile pages and the coins, after the navigation. */
  account: ReactNode;
  logOut: ReactNode;
}

interface HeaderMenuProps {
  /** The signed-in member's parts, or null for a visitor (who gets the language and the ways in). */
  member: HeaderMenuMember | null;
  /** The main navigation's items (`<li>`s), or null where the layout has none. */
  navigation: ReactNode;
  language: LanguageSwitch;
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
export function HeaderMenu({ member, navigation, language, onLogIn, onSignUp, unreadCount = 0 }: HeaderMenuProps) {
  const { t } = useTranslation();
  const location = useLocation();
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
        {member?.button}
        <svg className="header-menu__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          {open ? (
            <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          ) : (
            <path d="M4 7h16M4 12h16M4 17h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
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
        {member?.who}
        {navigation ? (
          <nav className="header-menu__section" aria-label={t('nav.main')}>
            <ul className="header-menu__list">{navigation}</ul>
          </nav>
        ) : null}
        {member?.account}
        <div className="header-menu__language">
          <label className="header-menu__language-label" htmlFor={languageId}>
            {t('language.label')}
          </label>
          <LanguageSelect id={languageId} value={language.current} options={language.options} onChange={(lang) => void language.change(lang)} />
        </div>
        <div className="header-menu__actions">
          {member ? (
            member.logOut
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
