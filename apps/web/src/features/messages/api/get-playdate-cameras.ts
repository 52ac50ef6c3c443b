import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaydateCameras } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /messages/playdate_cameras?id: the playdate and the model accounts its offline messages go to. */
export function getPlaydateCameras(playdateId: number, signal?: AbortSignal): Promise<PlaydateCameras> {
  return requireData(call('messages.playdateCameras', { query: { id: playdateId } }, { signal }));
}

export const playdateCamerasQueryOptions = (playdateId: number) =>
  queryOptions({
    queryKey: ['messages', 'playdate-cameras', playdateId] as const,
    queryFn: ({ signal }) => getPlaydateCameras(playdateId, signal),
  });

export function usePlaydateCameras(playdateId: number) {
  return useQuery(playdateCamerasQueryOptions(playdateId));
}
