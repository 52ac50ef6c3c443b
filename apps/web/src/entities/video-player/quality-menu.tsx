import type { KeyboardEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QualityOption } from './quality';
import { qualityLabel } from './quality';

interface QualityMenuProps {
  options: readonly QualityOption[];
  /** The chosen option's value ("auto" or a height). */
  selected: string;
  /** The height "Auto" plays now, shown beside the button's icon. */
  playingHeight: number | null;
  onSelect: (value: string) => void;
}

/**
 * A menu button (WAI-ARIA APG): Enter, Space or ArrowDown open the menu on the checked item,
 * ArrowUp on the last; arrows, Home and End move; Enter or Space choose; Escape and Tab close.
 * Focus returns to the button after a choice or Escape.
 */
export function QualityMenu({ options, selected, playingHeight, onSelect }: QualityMenuProps) {
  const { t } = useTranslation();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const autoLabel = t('player.qualityAuto');
  const checkedIndex = Math.max(0, options.findIndex((o) => o.value === selected));
  const current = options[checkedIndex];
  const badge = current && current.height === null && playingHeight ? `${autoLabel} · ${playingHeight}p` : current ? qualityLabel(current, autoLabel) : autoLabel;

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };
  const choose = (option: QualityOption) => {
    onSelect(option.value);
    close(true);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      event.stopPropagation();
      openAt(event.key === 'ArrowUp' ? options.length - 1 : checkedIndex);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = options.length - 1;
    const move = (index: number) => {
      event.preventDefault();
      setFocusIndex(index);
    };
    switch (event.key) {
      case 'ArrowDown':
        move(focusIndex >= last ? 0 : focusIndex + 1);
        break;
      case 'ArrowUp':
        move(focusIndex <= 0 ? last : focusIndex - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(last);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        return;
      default:
        return;
    }
    // The player's own shortcuts (arrows seek, Escape closes the theater) do not apply inside the menu.
    event.stopPropagation();
  };

  return (
    <div className="quality-menu" ref={wrapperRef}>
      <button
        ref={buttonRef}
        type="button"
        className="video-player__button quality-menu__button"
        data-testid="quality-button"
        data-tooltip={open ? undefined : t('player.quality')}
        data-tooltip-align="end"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt(checkedIndex))}
        onKeyDown={onButtonKeyDown}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M12 15.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm7.4-2.5.1-1-.1-1 2-1.6-2-3.4-2.4 1a7 7 0 0 0-1.7-1L15 3.5h-4l-.3 2.5a7 7 0 0 0-1.7 1l-2.4-1-2 3.4 2 1.6-.1 1 .1 1-2 1.6 2 3.4 2.4-1a7 7 0 0 0 1.7 1l.3 2.5h4l.3-2.5a7 7 0 0 0 1.7-1l2.4 1 2-3.4-2-1.6Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinejoin="round"
          />
        </svg>
        <span className="visually-hidden">{t('player.quality')}</span>
        <span className="quality-menu__badge" aria-hidden="true">
          {badge}
        </span>
      </button>
      {open ? (
        <div id={menuId} className="quality-menu__list" role="menu" aria-label={t('player.quality')} onKeyDown={onMenuKeyDown}>
          {options.map((option, index) => {
            const checked = option.value === selected;
            return (
              <button
                key={option.value}
                ref={(el) => {
                  itemRefs.current[index] = el;
                }}
                type="button"
                role="menuitemradio"
                aria-checked={checked}
                tabIndex={index === focusIndex ? 0 : -1}
                className="quality-menu__item"
                onClick={() => choose(option)}
              >
                {qualityLabel(option, autoLabel)}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
