import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MaybePlaydate } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /playdates/camera/{id}/closest_public_playdate: The camera's live or next public playdate (or none). */
export function getClosestPublicPlaydate(cameraId: number, signal?: AbortSignal): Promise<MaybePlaydate> {
  return requireData(call('playdates.camera.closestPublic', { params: { id: String(cameraId) } }, { signal }));
}

export const closestPublicPlaydateQueryOptions = (cameraId: number) =>
  queryOptions({
    queryKey: ['playdates', 'camera', cameraId, 'closest_public_playdate'] as const,
    queryFn: ({ signal }) => getClosestPublicPlaydate(cameraId, signal),
    staleTime: 30_000,
  });

export function useClosestPublicPlaydate(cameraId: number, enabled = true) {
  return useQuery({ ...closestPublicPlaydateQueryOptions(cameraId), enabled });
}
