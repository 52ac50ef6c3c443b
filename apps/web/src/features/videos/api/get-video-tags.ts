import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tag } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export function getVideoTags(signal?: AbortSignal): Promise<Tag[]> {
  return requireData(call('videos.tags', undefined, { signal }));
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
