import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TestVideo } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /videos/test (public): the test clips, each with its HLS URL and renditions. */
export function getTestVideos(signal?: AbortSignal): Promise<TestVideo[]> {
  return requireData(call('videos.test', undefined, { signal }));
}

export const testVideosQueryOptions = () =>
  queryOptions({
    queryKey: ['videos', 'test'] as const,
    queryFn: ({ signal }) => getTestVideos(signal),
    meta: { sessionIndependent: true },
  });

export function useTestVideos() {
  return useQuery(testVideosQueryOptions());
}
