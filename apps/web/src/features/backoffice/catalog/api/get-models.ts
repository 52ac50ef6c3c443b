import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BoModelList } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export interface ModelsQuery {
  q?: string;
  page?: number;
}

/** GET /backoffice/models (moderation.content): every model, published or not. */
export function getModels(query: ModelsQuery, signal?: AbortSignal): Promise<BoModelList> {
  return requireData(call('backoffice.models.list', { query: { q: query.q || null, page: query.page ?? 1 } }, { signal }));
}

export const BO_MODELS_KEY = ['backoffice', 'models'] as const;

export const modelsQueryOptions = (query: ModelsQuery) =>
  queryOptions({ queryKey: [...BO_MODELS_KEY, 'list', query], queryFn: ({ signal }) => getModels(query, signal), placeholderData: keepPreviousData });

export function useBoModels(query: ModelsQuery, enabled = true) {
  return useQuery({ ...modelsQueryOptions(query), enabled });
}
