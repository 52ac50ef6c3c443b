import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoList } from '@velora/shared';
import { api, requireData } from '@/lib/http';

export function getModelVideos(modelId: number, page: number, signal?: AbortSignal): Promise<VideoList> {
  return requireData(api.get<VideoList>(`/models/${modelId}/videos`, { page }, signal ? { signal } : undefined));
}

export const modelVideosQueryOptions = (modelId: number, page: number) =>
  queryOptions({
    queryKey: ['catalog', 'model', modelId, 'videos', page] as const,
    queryFn: ({ signal }) => getModelVideos(modelId, page, signal),
    placeholderData: keepPreviousData,
  });

export function useModelVideos(modelId: number, page: number, enabled = true) {
  return useQuery({ ...modelVideosQueryOptions(modelId, page), enabled });
}
