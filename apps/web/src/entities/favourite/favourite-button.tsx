import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FavouriteKind } from '@velora/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isFavouriteDependentQuery, setFavourite } from '@/lib/favourites';

export interface FavouriteButtonProps {
  kind: FavouriteKind;
  id: number;
  /** Whether the item is a favourite according to the data the card was drawn from. */
  initial: boolean;
  className?: string;
  /** What the heart is for (a video's title): put in its accessible name where many hearts share a screen. */
  itemName?: string;
}

/** How long a failure note stays next to the button. */
const ERROR_VISIBLE_MS = 4000;

/**
 * A heart toggle (aria-pressed). It flips at once and rolls back if the server refuses; once the
 * server agreed, the favourites lists and every query showing `is_favourite` are refetched.
 */
export function FavouriteButton({ kind, id, initial, className, itemName }: FavouriteButtonProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The optimistic value while a change is on its way or until fresh data reflects it.
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const [failed, setFailed] = useState(false);
  const errorTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const mutation = useMutation({
    mutationFn: (favourite: boolean) => setFavourite(kind, id, favourite),
    onError: () => {
      setOptimistic(null);
      setFailed(true);
      clearTimeout(errorTimer.current);
      errorTimer.current = setTimeout(() => setFailed(false), ERROR_VISIBLE_MS);
    },
    onSuccess: () => queryClient.invalidateQueries({ predicate: isFavouriteDependentQuery }),
  });

  // Fresh data from the server supersedes the optimistic value.
  useEffect(() => {
    if (!mutation.isPending) setOptimistic(null);
    // Only a change of the server's value matters here, not the end of the request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initial]);

  useEffect(() => () => clearTimeout(errorTimer.current), []);

  const pressed = optimistic ?? initial;
  const toggle = () => {
    // One change at a time: a second click while the first is on its way would race it.
    if (mutation.isPending) return;
    setFailed(false);
    setOptimistic(!pressed);
    mutation.mutate(!pressed);
  };

  return (
    <span className={['favourite', className ?? ''].filter(Boolean).join(' ')}>
      <button
        type="button"
        className="favourite-button"
        data-testid="favourite-button"
        aria-pressed={pressed}
        aria-label={
          itemName === undefined
            ? t(pressed ? 'favouriteButton.remove' : 'favouriteButton.add')
            : t(pressed ? 'favouriteButton.removeNamed' : 'favouriteButton.addNamed', { name: itemName })
        }
        aria-busy={mutation.isPending || undefined}
        onClick={toggle}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.9 3.6 4.5 7 4.5c2 0 3.6 1.1 5 2.9 1.4-1.8 3-2.9 5-2.9 3.4 0 5.5 3.4 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z"
            fill={pressed ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      <span className={failed ? 'favourite__error' : 'visually-hidden'} role="status">
        {failed ? t('favouriteButton.failed') : ''}
      </span>
    </span>
  );
}
