import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Home } from '@velora/shared';
import { SHOWS_FAVOURITES } from '@/lib/favourites';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export function getHome(signal?: AbortSignal): Promise<Home> {
  return requireData(call('home.get', undefined, { signal }));
}

export const homeQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'home'] as const,
    queryFn: ({ signal }) => getHome(signal),
    meta: SHOWS_FAVOURITES,
  });

export function useHome() {
  return useQuery(homeQueryOptions());
}
