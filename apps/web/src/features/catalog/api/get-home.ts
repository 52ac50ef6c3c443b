import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Home } from '@velora/shared';
import { SHOWS_FAVOURITES } from '@/lib/favourites';
import { api, requireData } from '@/lib/http';

export function getHome(signal?: AbortSignal): Promise<Home> {
  return requireData(api.get<Home>('/home', undefined, signal ? { signal } : undefined));
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
