import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Playbacks } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export function getPlaybacks(videoId: number, signal?: AbortSignal): Promise<Playbacks> {
  return requireData(call('videos.playbacks', { params: { id: videoId } }, { signal }));
}

export const playbacksQueryOptions = (videoId: number) =>
  queryOptions({
    queryKey: ['videos', 'playbacks', videoId] as const,
    queryFn: ({ signal }) => getPlaybacks(videoId, signal),
    // Read once, when the player opens: the position only matters for where playback starts.
    staleTime: 0,
    gcTime: 0,
  });

export function usePlaybacks(videoId: number, enabled: boolean) {
  return useQuery({ ...playbacksQueryOptions(videoId), enabled });
}
