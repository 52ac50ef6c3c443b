import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tag } from '@velora/shared';
import { api, requireData } from '@/lib/http';

export function getVideoTags(signal?: AbortSignal): Promise<Tag[]> {
  return requireData(api.get<Tag[]>('/videos/tags', undefined, signal ? { signal } : undefined));
}

export const videoTagsQueryOptions = () =>
  queryOptions({
    queryKey: ['videos', 'tags'] as const,
    queryFn: ({ signal }) => getVideoTags(signal),
    staleTime: 10 * 60_000,
  });

export function useVideoTags() {
  return useQuery(videoTagsQueryOptions());
}
