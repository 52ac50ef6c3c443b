import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaydateCameraList } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /playdates/private/cameras?page: models taking private requests, live ones first. */
export function getPlaydateCameras(page: number, signal?: AbortSignal): Promise<PlaydateCameraList> {
  return requireData(call('playdates.private.cameras', { query: { page } }, { signal }));
}

export const playdateCamerasQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['playdates', 'cameras', page] as const, queryFn: ({ signal }) => getPlaydateCameras(page, signal), staleTime: 30_000 });

export function usePlaydateCameras(page: number) {
  return useQuery({ ...playdateCamerasQueryOptions(page), placeholderData: keepPreviousData });
}
