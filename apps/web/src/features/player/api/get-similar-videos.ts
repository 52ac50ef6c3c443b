import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Video } from '@velora/shared';
import { api, requireData } from '@/lib/http';

export function getSimilarVideos(videoId: number, signal?: AbortSignal): Promise<Video[]> {
  return requireData(api.get<Video[]>(`/videos/${videoId}/similar`, undefined, signal ? { signal } : undefined));
}

export const similarVideosQueryOptions = (videoId: number) =>
  queryOptions({
    queryKey: ['videos', 'similar', videoId] as const,
    queryFn: ({ signal }) => getSimilarVideos(videoId, signal),
  });

export function useSimilarVideos(videoId: number) {
  return useQuery(similarVideosQueryOptions(videoId));
}
