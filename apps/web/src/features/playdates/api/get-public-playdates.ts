import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaydateList } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /playdates/public/list: live and upcoming public playdates, soonest first. */
export function getPublicPlaydates(signal?: AbortSignal): Promise<PlaydateList> {
  return requireData(call('playdates.public.list', {}, { signal }));
}

export const publicPlaydatesQueryOptions = () =>
  queryOptions({ queryKey: ['playdates', 'public'] as const, queryFn: ({ signal }) => getPublicPlaydates(signal), staleTime: 30_000 });

/** Shows start and end by the clock, and no event tells every member: asked again every minute while shown. */
export function usePublicPlaydates() {
  return useQuery({ ...publicPlaydatesQueryOptions(), refetchInterval: 60_000 });
}
