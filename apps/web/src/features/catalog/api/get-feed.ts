import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Feed } from '@velora/shared';
import { SHOWS_FAVOURITES } from '@/lib/favourites';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /feeds: the releases of the member's favourite models (or everyone's, when there are none). */
export function getFeed(page: number, signal?: AbortSignal): Promise<Feed> {
  return requireData(call('feeds.feed', { query: { page } }, { signal }));
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
