import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { StudioPlaydates } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /studio/playdates: her settings, the team's limits, waiting requests, upcoming and recent playdates, earnings. */
export function getStudioPlaydates(signal?: AbortSignal): Promise<StudioPlaydates> {
  return requireData(call('studio.playdates.get', {}, { signal }));
}

export const studioPlaydatesQueryOptions = () =>
  queryOptions({
    queryKey: ['studio', 'playdates'] as const,
    queryFn: ({ signal }) => getStudioPlaydates(signal),
  });

/** Her playdates; asked again every `pollMs` while pushes cannot be heard (null: not polled). */
export function useStudioPlaydates(pollMs: number | null = null) {
  return useQuery({ ...studioPlaydatesQueryOptions(), refetchInterval: pollMs ?? false });
}

/** The calls that answer the whole panel put it straight into the cache. */
export function setStudioPlaydates(queryClient: QueryClient, playdates: StudioPlaydates): void {
  queryClient.setQueryData(studioPlaydatesQueryOptions().queryKey, playdates);
}

/** The calls that answer one playdate make the panel ask again (it moves between lists). */
export function refreshStudioPlaydates(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: studioPlaydatesQueryOptions().queryKey });
}
