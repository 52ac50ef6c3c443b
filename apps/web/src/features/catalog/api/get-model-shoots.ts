import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ShootList } from '@velora/shared';
import { SHOWS_FAVOURITES } from '@/lib/favourites';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export function getModelShoots(modelId: number, page: number, signal?: AbortSignal): Promise<ShootList> {
  return requireData(call('models.shoots', { params: { id: modelId }, query: { page } }, { signal }));
}

export const modelShootsQueryOptions = (modelId: number, page: number) =>
  queryOptions({
    queryKey: ['catalog', 'model', modelId, 'shoots', page] as const,
    queryFn: ({ signal }) => getModelShoots(modelId, page, signal),
    placeholderData: keepPreviousData,
    meta: SHOWS_FAVOURITES,
  });

export function useModelShoots(modelId: number, page: number, enabled = true) {
  return useQuery({ ...modelShootsQueryOptions(modelId, page), enabled });
}
