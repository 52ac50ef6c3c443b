import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Playbacks } from '@velora/shared';
import { api, requireData } from '@/lib/http';

export function getPlaybacks(videoId: number, signal?: AbortSignal): Promise<Playbacks> {
  return requireData(api.get<Playbacks>(`/videos/${videoId}/playbacks`, undefined, signal ? { signal } : undefined));
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
