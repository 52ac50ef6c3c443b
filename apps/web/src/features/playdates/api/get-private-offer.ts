import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrivatePlaydateOffer } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /playdates/private/camera/{id}: her private offer (price per minute, durations, whether she takes requests). */
export function getPrivateOffer(cameraId: number, signal?: AbortSignal): Promise<PrivatePlaydateOffer> {
  return requireData(call('playdates.private.camera', { params: { id: String(cameraId) } }, { signal }));
}

export const privateOfferQueryOptions = (cameraId: number) =>
  queryOptions({ queryKey: ['playdates', 'offer', cameraId] as const, queryFn: ({ signal }) => getPrivateOffer(cameraId, signal), staleTime: 0, retry: false });

export function usePrivateOffer(cameraId: number, enabled: boolean) {
  return useQuery({ ...privateOfferQueryOptions(cameraId), enabled });
}
