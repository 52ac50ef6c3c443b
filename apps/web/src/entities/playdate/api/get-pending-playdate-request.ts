import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MaybePlaydate } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /playdates/camera/{id}/pending_request: The member's request with this camera that waits for her answer (or none). */
export function getPendingPlaydateRequest(cameraId: number, signal?: AbortSignal): Promise<MaybePlaydate> {
  return requireData(call('playdates.camera.pendingRequest', { params: { id: String(cameraId) } }, { signal }));
}

export const pendingPlaydateRequestQueryOptions = (cameraId: number) =>
  queryOptions({
    queryKey: ['playdates', 'camera', cameraId, 'pending_request'] as const,
    queryFn: ({ signal }) => getPendingPlaydateRequest(cameraId, signal),
    staleTime: 30_000,
  });

export function usePendingPlaydateRequest(cameraId: number, enabled = true) {
  return useQuery({ ...pendingPlaydateRequestQueryOptions(cameraId), enabled });
}
