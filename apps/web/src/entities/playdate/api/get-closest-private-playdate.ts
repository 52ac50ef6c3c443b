import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MaybePlaydate } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /playdates/camera/{id}/closest_private_playdate: The member's live or next private playdate with this camera (or none). */
export function getClosestPrivatePlaydate(cameraId: number, signal?: AbortSignal): Promise<MaybePlaydate> {
  return requireData(call('playdates.camera.closestPrivate', { params: { id: String(cameraId) } }, { signal }));
}

export const closestPrivatePlaydateQueryOptions = (cameraId: number) =>
  queryOptions({
    queryKey: ['playdates', 'camera', cameraId, 'closest_private_playdate'] as const,
    queryFn: ({ signal }) => getClosestPrivatePlaydate(cameraId, signal),
    staleTime: 30_000,
  });

export function useClosestPrivatePlaydate(cameraId: number, enabled = true) {
  return useQuery({ ...closestPrivatePlaydateQueryOptions(cameraId), enabled });
}
