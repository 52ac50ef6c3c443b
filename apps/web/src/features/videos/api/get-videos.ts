import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoList, VideoOrder } from '@velora/shared';
import { SHOWS_FAVOURITES } from '@/lib/favourites';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export interface VideoListRequest {
  page: number;
  order: VideoOrder;
  tags: readonly number[];
  query: string | null;
}

export function getVideos(request: VideoListRequest, signal?: AbortSignal): Promise<VideoList> {
  return requireData(
    call(
      'videos.list',
      {
        query: {
          page: request.page,
          order: request.order,
          tags: request.tags.length > 0 ? request.tags : null,
          query: request.query ? request.query : null,
        },
      },
      { signal },
    ),
  );
}

export const videosQueryOptions = (request: VideoListRequest) =>
  queryOptions({
    queryKey: ['videos', 'list', request] as const,
    queryFn: ({ signal }) => getVideos(request, signal),
    // The previous page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
    // The cards carry hearts: a favourite toggled anywhere refreshes them.
    meta: SHOWS_FAVOURITES,
  });

export function useVideos(request: VideoListRequest) {
  return useQuery(videosQueryOptions(request));
}
