import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaydateList } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /playdates/private/list: the member's private playdates, waiting, scheduled and live first. */
export function getPrivatePlaydates(signal?: AbortSignal): Promise<PlaydateList> {
  return requireData(call('playdates.private.list', {}, { signal }));
}

export const privatePlaydatesQueryOptions = () =>
  queryOptions({ queryKey: ['playdates', 'private', 'mine'] as const, queryFn: ({ signal }) => getPrivatePlaydates(signal), staleTime: 0 });

export function usePrivatePlaydates() {
  return useQuery(privatePlaydatesQueryOptions());
}
