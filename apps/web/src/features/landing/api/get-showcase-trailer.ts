import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoDetail } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /showcase/trailers/{id}: one trailer with its signed, expiring media URL, for anyone. */
export function getShowcaseTrailer(id: number, signal?: AbortSignal): Promise<VideoDetail> {
  return requireData(call('home.showcaseTrailer', { params: { id } }, { signal }));
}

export const showcaseTrailerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['landing', 'showcase', 'trailer', id] as const,
    queryFn: ({ signal }) => getShowcaseTrailer(id, signal),
    // The media URL expires: asked afresh whenever the trailer is opened again.
    staleTime: 0,
  });

export function useShowcaseTrailer(id: number) {
  return useQuery(showcaseTrailerQueryOptions(id));
}
