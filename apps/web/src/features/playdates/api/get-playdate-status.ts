import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaydateStatusView } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /playdates/private/status/{id}: a private playdate's status and times, with the server's clock. */
export function getPlaydateStatus(id: number, signal?: AbortSignal): Promise<PlaydateStatusView> {
  return requireData(call('playdates.private.status', { params: { id: String(id) } }, { signal }));
}

export const playdateStatusQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['playdates', 'status', id] as const, queryFn: ({ signal }) => getPlaydateStatus(id, signal), staleTime: 0 });

/** Polled every `pollMs` while given (the realtime channel is down); otherwise asked once and kept fresh by events. */
export function usePlaydateStatus(id: number, pollMs: number | false) {
  return useQuery({ ...playdateStatusQueryOptions(id), refetchInterval: pollMs });
}
