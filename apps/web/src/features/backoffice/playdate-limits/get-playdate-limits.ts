import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PlaydateLimits } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

const playdateLimitsKey = ['team', 'playdate-limits'] as const;

/** GET /team/playdate-limits: what models may offer for private playdates (capability backoffice). */
export function getPlaydateLimits(signal?: AbortSignal): Promise<PlaydateLimits> {
  return requireData(call('team.playdateLimits.get', {}, { signal }));
}

export const playdateLimitsQueryOptions = () => queryOptions({ queryKey: playdateLimitsKey, queryFn: ({ signal }) => getPlaydateLimits(signal) });

export function usePlaydateLimits() {
  return useQuery(playdateLimitsQueryOptions());
}

/** The saved limits as the server answered them; the studio's copy (with the clamped offer) is refetched. */
export function setPlaydateLimits(queryClient: QueryClient, limits: PlaydateLimits): void {
  queryClient.setQueryData(playdateLimitsKey, limits);
  void queryClient.invalidateQueries({ queryKey: ['studio', 'playdates'] });
}
