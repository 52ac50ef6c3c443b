import * as RadixDialog from '@radix-ui/react-dialog';
import type { ShootImage } from '@velora/shared';
import type { KeyboardEvent } from 'react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FavouriteButton } from '@/entities/favourite/favourite-button';

interface GalleryLightboxProps {
  /** The chapter's name: the dialog's accessible name. */
  title: string;
  images: readonly ShootImage[];
  /** The open image, or null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Where focus goes back to on close (the thumbnail of the image last shown). */
  returnFocusTo: (index: number) => HTMLElement | null;
}

/** Wraps around: after the last image comes the first. */
export function stepIndex(index: number, step: number, count: number): number {
  return (((index + step) % count) + count) % count;
}

/**
 * Full-size images in a modal: Left/Right (and Home/End) or the buttons move through them,
 * Escape or the close button closes, focus stays inside, and the position is announced.
 */
export function GalleryLightbox({ title, images, index, onIndexChange, onClose, returnFocusTo }: GalleryLightboxProps) {
  const { t } = useTranslation();
  const count = images.length;
  const image = index === null ? undefined : images[index];
  // Closing clears the index before focus returns: remember the image last shown.
  const lastIndex = useRef<number | null>(null);
  useEffect(() => {
    if (index !== null) lastIndex.current = index;
  }, [index]);

  // The neighbours load in the background, so moving on shows them at once.
  useEffect(() => {
    if (index === null || count < 2) return;
    for (const step of [1, -1]) {
      const neighbour = images[stepIndex(index, step, count)];
      if (neighbour) new Image().src = neighbour.url;
    }
  }, [index, images, count]);

  const go = (step: number) => {
    if (index !== null && count > 0) onIndexChange(stepIndex(index, step, count));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, () => void> = {
      ArrowRight: () => go(1),
      ArrowLeft: () => go(-1),
      Home: () => onIndexChange(0),
      End: () => onIndexChange(count - 1),
    };
    const move = moves[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    move();
  };

  const position = index === null ? '' : t('gallery.position', { index: index + 1, total: count });

  return (
    <RadixDialog.Root open={image !== undefined} onOpenChange={(open) => (open ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay lightbox-overlay" />
        <RadixDialog.Content
          className="lightbox"
          data-testid="lightbox"
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(event) => {
            const target = lastIndex.current === null ? null : returnFocusTo(lastIndex.current);
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <div className="lightbox__bar">
            <RadixDialog.Title className="lightbox__title">{title}</RadixDialog.Title>
            <p className="lightbox__position" aria-live="polite" aria-atomic="true" data-testid="lightbox-position">
              {position}
            </p>
            <div className="lightbox__tools">
              {image ? <FavouriteButton key={image.id} kind="image" id={image.id} initial={image.is_favourite} className="favourite--on-dark" /> : null}
              <RadixDialog.Close className="icon-button lightbox__close" aria-label={t('common.close')}>
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </RadixDialog.Close>
            </div>
          </div>
          <div className="lightbox__stage">
            {count > 1 ? (
              <button type="button" className="lightbox__step lightbox__step--previous" aria-label={t('gallery.previous')} onClick={() => go(-1)}>
                <span aria-hidden="true">‹</span>
              </button>
            ) : null}
            {image ? (
              <img
                key={image.id}
                className="lightbox__image"
                src={image.url}
                width={image.width}
                height={image.height}
                alt={position}
                data-testid="lightbox-image"
              />
            ) : null}
            {count > 1 ? (
              <button type="button" className="lightbox__step lightbox__step--next" aria-label={t('gallery.next')} onClick={() => go(1)}>
                <span aria-hidden="true">›</span>
              </button>
            ) : null}
          </div>
          <p className="lightbox__hint">{t('gallery.keyboardHint')}</p>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
