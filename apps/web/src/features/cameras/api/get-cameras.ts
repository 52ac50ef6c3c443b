import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CameraList, CameraOrder } from '@velora/shared';
import { SHOWS_FAVOURITES } from '@/lib/favourites';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export interface CameraListRequest {
  page: number;
  /** Camera tag ids, ascending. */
  filters: number[];
  order: CameraOrder;
}

/** Every cached /cameras page sits under this key, so a camera:status event can update them all. */
export const CAMERA_LISTS_KEY = ['cameras', 'list'] as const;

export function getCameras(request: CameraListRequest, signal?: AbortSignal): Promise<CameraList> {
  const query = { page: request.page, order: request.order, filters: request.filters.length > 0 ? request.filters.join(',') : null };
  return requireData(call('cameras.list', { query }, { signal }));
}

export const camerasQueryOptions = (request: CameraListRequest) =>
  queryOptions({
    queryKey: [...CAMERA_LISTS_KEY, request] as const,
    queryFn: ({ signal }) => getCameras(request, signal),
    placeholderData: keepPreviousData,
    meta: SHOWS_FAVOURITES,
  });

export function useCameras(request: CameraListRequest) {
  return useQuery(camerasQueryOptions(request));
}
