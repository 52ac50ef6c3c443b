import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaydateRequestCheck } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /playdates/private/request/check/{id}: may the member request with this camera now, and if not why. */
export function checkPlaydateRequest(cameraId: number, signal?: AbortSignal): Promise<PlaydateRequestCheck> {
  return requireData(call('playdates.private.requestCheck', { params: { id: String(cameraId) } }, { signal }));
}

export const playdateRequestCheckQueryOptions = (cameraId: number) =>
  queryOptions({
    queryKey: ['playdates', 'request-check', cameraId] as const,
    queryFn: ({ signal }) => checkPlaydateRequest(cameraId, signal),
    staleTime: 0,
    retry: false,
  });

export function usePlaydateRequestCheck(cameraId: number | null) {
  return useQuery({ ...playdateRequestCheckQueryOptions(cameraId ?? 0), enabled: cameraId !== null });
}
