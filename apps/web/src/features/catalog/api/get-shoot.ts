import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShootDetail } from '@velora/shared';
import { SHOWS_FAVOURITES } from '@/lib/favourites';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export function getShoot(id: number, signal?: AbortSignal): Promise<ShootDetail> {
  return requireData(call('shoots.detail', { params: { id } }, { signal }));
}

export const shootQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['catalog', 'shoot', id] as const,
    queryFn: ({ signal }) => getShoot(id, signal),
    meta: SHOWS_FAVOURITES,
  });

/** `null` (a malformed id in the URL) asks nothing. */
export function useShoot(id: number | null) {
  return useQuery({ ...shootQueryOptions(id ?? 0), enabled: id !== null });
}
