import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Showcase } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /showcase: the landing's teasers (newest shoots, models and, while the feature is on, trailers). */
export function getShowcase(signal?: AbortSignal): Promise<Showcase> {
  return requireData(call('home.showcase', undefined, { signal }));
}

export const showcaseQueryOptions = () =>
  queryOptions({
    queryKey: ['landing', 'showcase'] as const,
    queryFn: ({ signal }) => getShowcase(signal),
    staleTime: 60_000,
  });

export function useShowcase() {
  return useQuery(showcaseQueryOptions());
}
