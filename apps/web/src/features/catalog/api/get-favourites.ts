import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FavouriteKind, FavouriteList } from '@velora/shared';
import { FAVOURITES_QUERY_ROOT } from '@/lib/favourites';
import { api, requireData } from '@/lib/http';

export function getFavourites(kind: FavouriteKind, page: number, signal?: AbortSignal): Promise<FavouriteList> {
  return requireData(api.get<FavouriteList>(`/favourites/${kind}`, { page }, signal ? { signal } : undefined));
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
