import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ModelList } from '@velora/shared';
import type { ModelOrder } from '../list-params';
import { SHOWS_FAVOURITES } from '@/lib/favourites';
import { api, requireData } from '@/lib/http';

export interface ModelListRequest {
  page: number;
  order: ModelOrder;
}

export function getModels(request: ModelListRequest, signal?: AbortSignal): Promise<ModelList> {
  return requireData(api.get<ModelList>('/models', { page: request.page, order: request.order }, signal ? { signal } : undefined));
}

export const modelsQueryOptions = (request: ModelListRequest) =>
  queryOptions({
    queryKey: ['catalog', 'models', request] as const,
    queryFn: ({ signal }) => getModels(request, signal),
    // The previous page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
    meta: SHOWS_FAVOURITES,
  });

export function useModels(request: ModelListRequest) {
  return useQuery(modelsQueryOptions(request));
}
