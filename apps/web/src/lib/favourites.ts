import type { Query } from '@tanstack/react-query';
import type { FavouriteKind } from '@velora/shared';
import { call } from './http/call';

// Favourites are shared by every screen that shows a card: the toggle (components/) writes them,
// the lists (features/) read them. The query conventions both sides rely on live here.

/** Every favourites list is cached under this first key part: ['favourites', kind, page]. */
export const FAVOURITES_QUERY_ROOT = 'favourites';

/** Meta of a query whose data carries `is_favourite` flags, so a toggle refreshes it. */
export const SHOWS_FAVOURITES = { showsFavourites: true } as const;

/** The queries a favourite toggle makes stale: the favourites lists and anything showing the flags. */
export function isFavouriteDependentQuery(query: Pick<Query, 'queryKey' | 'meta'>): boolean {
  return query.queryKey[0] === FAVOURITES_QUERY_ROOT || query.meta?.showsFavourites === true;
}

/**
 * POST /favourites/{kind}/{id} (204) or DELETE it (204). The toggle shows the change at once, so
 * the request is kept alive: leaving the page right after the click must not lose it.
 */
export async function setFavourite(kind: FavouriteKind, id: number, favourite: boolean): Promise<void> {
  const params = { kind, id };
  if (favourite) await call('favourites.add', { params }, { keepalive: true });
  else await call('favourites.remove', { params }, { keepalive: true });
}
