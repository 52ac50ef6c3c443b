import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoDetail } from '@velora/shared';
import { SHOWS_FAVOURITES } from '@/lib/favourites';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** Seconds between checks while a playable video is still being transcoded. */
const PREPARING_POLL_MS = 15_000;

export function getVideo(videoId: number, signal?: AbortSignal): Promise<VideoDetail> {
  return requireData(call('videos.detail', { params: { id: videoId } }, { signal }));
}

export const videoQueryOptions = (videoId: number) =>
  queryOptions({
    queryKey: ['videos', 'detail', videoId] as const,
    queryFn: ({ signal }) => getVideo(videoId, signal),
    meta: SHOWS_FAVOURITES,
    // Playable but not transcoded yet ("being prepared"): look again now and then.
    refetchInterval: (query) => (query.state.data?.playable && !query.state.data.hls_url ? PREPARING_POLL_MS : false),
  });

export function useVideo(videoId: number) {
  return useQuery(videoQueryOptions(videoId));
}
