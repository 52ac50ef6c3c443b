import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShootDetail } from '@velora/shared';
import { SHOWS_FAVOURITES } from '@/lib/favourites';
import { api, requireData } from '@/lib/http';

export function getShoot(id: number, signal?: AbortSignal): Promise<ShootDetail> {
  return requireData(api.get<ShootDetail>(`/shoots/${id}`, undefined, signal ? { signal } : undefined));
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
