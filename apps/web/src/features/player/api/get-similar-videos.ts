import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Video } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export function getSimilarVideos(videoId: number, signal?: AbortSignal): Promise<Video[]> {
  return requireData(call('videos.similar', { params: { id: videoId } }, { signal }));
}

export const similarVideosQueryOptions = (videoId: number) =>
  queryOptions({
    queryKey: ['videos', 'similar', videoId] as const,
    queryFn: ({ signal }) => getSimilarVideos(videoId, signal),
  });

export function useSimilarVideos(videoId: number) {
  return useQuery(similarVideosQueryOptions(videoId));
}
