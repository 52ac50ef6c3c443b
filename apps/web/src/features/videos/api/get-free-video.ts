import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoDetail } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /videos/free?token (public): the video a free-video link grants; 404 for an invalid token. */
export function getFreeVideo(token: string, signal?: AbortSignal): Promise<VideoDetail> {
  return requireData(call('videos.free', { query: { token } }, { signal }));
}

export const freeVideoQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['videos', 'free', token] as const,
    queryFn: ({ signal }) => getFreeVideo(token, signal),
    // The signed playlist URL expires: a fresh visit asks again.
    staleTime: 0,
    meta: { sessionIndependent: true },
  });

export function useFreeVideo(token: string | null) {
  return useQuery({ ...freeVideoQueryOptions(token ?? ''), enabled: token !== null });
}
