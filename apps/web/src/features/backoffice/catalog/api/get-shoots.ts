import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BoShootList, ShootState } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export interface ShootsQuery {
  q?: string;
  model_id?: number;
  state?: ShootState;
  page?: number;
}

/** GET /backoffice/shoots (moderation.content): every shoot, drafts and scheduled ones too. */
export function getShoots(query: ShootsQuery, signal?: AbortSignal): Promise<BoShootList> {
  return requireData(
    call('backoffice.shoots.list', { query: { q: query.q || null, model_id: query.model_id ?? null, state: query.state ?? null, page: query.page ?? 1 } }, { signal }),
  );
}

export const BO_SHOOTS_KEY = ['backoffice', 'shoots'] as const;

export const shootsQueryOptions = (query: ShootsQuery) =>
  queryOptions({ queryKey: [...BO_SHOOTS_KEY, 'list', query], queryFn: ({ signal }) => getShoots(query, signal), placeholderData: keepPreviousData });

export function useBoShoots(query: ShootsQuery) {
  return useQuery(shootsQueryOptions(query));
}
