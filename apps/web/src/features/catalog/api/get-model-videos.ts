import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoList } from '@velora/shared';
import { SHOWS_FAVOURITES } from '@/lib/favourites';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export function getModelVideos(modelId: number, page: number, signal?: AbortSignal): Promise<VideoList> {
  return requireData(call('models.videos', { params: { id: modelId }, query: { page } }, { signal }));
}

export const modelVideosQueryOptions = (modelId: number, page: number) =>
  queryOptions({
    queryKey: ['catalog', 'model', modelId, 'videos', page] as const,
    queryFn: ({ signal }) => getModelVideos(modelId, page, signal),
    placeholderData: keepPreviousData,
    // The cards carry hearts: a favourite toggled anywhere refreshes them.
    meta: SHOWS_FAVOURITES,
  });

export function useModelVideos(modelId: number, page: number, enabled = true) {
  return useQuery({ ...modelVideosQueryOptions(modelId, page), enabled });
}
