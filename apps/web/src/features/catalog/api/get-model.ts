import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModelDetail } from '@velora/shared';
import { SHOWS_FAVOURITES } from '@/lib/favourites';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export function getModel(id: number, signal?: AbortSignal): Promise<ModelDetail> {
  return requireData(call('models.detail', { params: { id } }, { signal }));
}

export const modelQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['catalog', 'model', id] as const,
    queryFn: ({ signal }) => getModel(id, signal),
    meta: SHOWS_FAVOURITES,
  });

/** `null` (a malformed id in the URL) asks nothing. */
export function useModel(id: number | null) {
  return useQuery({ ...modelQueryOptions(id ?? 0), enabled: id !== null });
}
