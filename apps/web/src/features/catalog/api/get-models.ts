import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ModelList } from '@velora/shared';
import type { ModelOrder } from '../list-params';
import { SHOWS_FAVOURITES } from '@/lib/favourites';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export interface ModelListRequest {
  page: number;
  order: ModelOrder;
}

export function getModels(request: ModelListRequest, signal?: AbortSignal): Promise<ModelList> {
  return requireData(call('models.list', { query: { page: request.page, order: request.order } }, { signal }));
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
