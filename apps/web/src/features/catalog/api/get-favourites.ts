import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FavouriteKind, FavouriteList } from '@velora/shared';
import { FAVOURITES_QUERY_ROOT } from '@/lib/favourites';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export function getFavourites(kind: FavouriteKind, page: number, signal?: AbortSignal): Promise<FavouriteList> {
  return requireData(call('favourites.list', { params: { kind }, query: { page } }, { signal }));
}

export const favouritesQueryOptions = (kind: FavouriteKind, page: number) =>
  queryOptions({
    queryKey: [FAVOURITES_QUERY_ROOT, kind, page] as const,
    queryFn: ({ signal }) => getFavourites(kind, page, signal),
    placeholderData: keepPreviousData,
  });

export function useFavourites(kind: FavouriteKind, page: number) {
  return useQuery(favouritesQueryOptions(kind, page));
}
