import { FAVOURITE_KINDS } from '@velora/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { paths } from '@/paths';

/**
 * A disclosure menu of the five favourites pages: the button says whether it is open
 * (aria-expanded); Escape closes it and gives focus back; so do a click outside and navigation.
 */
export function FavouritesMenu({ withCams }: { withCams: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const kinds = FAVOURITE_KINDS.filter((kind) => withCams || kind !== 'camera');
  const current = kinds.some((kind) => location.pathname === paths.favourites(kind));

  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <div
      ref={rootRef}
      className="nav-menu"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={['site-nav__link', 'nav-menu__button', current ? 'active' : ''].filter(Boolean).join(' ')}
        aria-expanded={open}
        aria-controls={listId}
        data-testid="favourites-menu"
        onClick={() => setOpen((value) => !value)}
      >
        {t('nav.favourites')}
        <svg className="nav-menu__chevron" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <ul id={listId} className="nav-menu__list" hidden={!open}>
        {kinds.map((kind) => (
          <li key={kind}>
            <NavLink className="nav-menu__link" to={paths.favourites(kind)}>
              {t(`favourites.kinds.${kind}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
