import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShootDetail } from '@velora/shared';
import { SHOWS_FAVOURITES } from '@/lib/favourites';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** An update is a release: a shoot with its videos (GET /updates/{id}). */
export function getUpdate(id: number, signal?: AbortSignal): Promise<ShootDetail> {
  return requireData(call('feeds.update', { params: { id } }, { signal }));
}

export const updateQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['catalog', 'update', id] as const,
    queryFn: ({ signal }) => getUpdate(id, signal),
    meta: SHOWS_FAVOURITES,
  });

/** `null` (a malformed id in the URL) asks nothing. */
export function useUpdate(id: number | null) {
  return useQuery({ ...updateQueryOptions(id ?? 0), enabled: id !== null });
}
