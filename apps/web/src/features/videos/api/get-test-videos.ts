import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TestVideo } from '@velora/shared';
import { api, requireData } from '@/lib/http';

/** GET /videos/test (public): the test clips, each with its HLS URL and renditions. */
export function getTestVideos(signal?: AbortSignal): Promise<TestVideo[]> {
  return requireData(api.get<TestVideo[]>('/videos/test', undefined, signal ? { signal } : undefined));
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
