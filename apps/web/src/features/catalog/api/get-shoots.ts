import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ShootList } from '@velora/shared';
import type { ShootOrder } from '../list-params';
import { SHOWS_FAVOURITES } from '@/lib/favourites';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export interface ShootListRequest {
  page: number;
  order: ShootOrder;
}

export function getShoots(request: ShootListRequest, signal?: AbortSignal): Promise<ShootList> {
  return requireData(call('shoots.list', { query: { page: request.page, order: request.order } }, { signal }));
}

export const shootsQueryOptions = (request: ShootListRequest) =>
  queryOptions({
    queryKey: ['catalog', 'shoots', request] as const,
    queryFn: ({ signal }) => getShoots(request, signal),
    placeholderData: keepPreviousData,
    meta: SHOWS_FAVOURITES,
  });

export function useShoots(request: ShootListRequest) {
  return useQuery(shootsQueryOptions(request));
}
