import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Feed } from '@velora/shared';
import { SHOWS_FAVOURITES } from '@/lib/favourites';
import { api, requireData } from '@/lib/http';

/** GET /feeds: the releases of the member's favourite models (or everyone's, when there are none). */
export function getFeed(page: number, signal?: AbortSignal): Promise<Feed> {
  return requireData(api.get<Feed>('/feeds', { page }, signal ? { signal } : undefined));
}

export const feedQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['catalog', 'feed', page] as const,
    queryFn: ({ signal }) => getFeed(page, signal),
    placeholderData: keepPreviousData,
    meta: SHOWS_FAVOURITES,
  });

export function useFeed(page: number) {
  return useQuery(feedQueryOptions(page));
}
