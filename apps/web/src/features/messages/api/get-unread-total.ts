import { queryOptions, useQuery } from '@tanstack/react-query';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** The unread total and the server's clock, which starts the polling cursor (unix ms). */
export interface UnreadState {
  unread_total: number;
  server_time: number;
}

/** GET /messages/new_messages without a timestamp: just the unread total (and the server's time). */
export async function getUnreadTotal(signal?: AbortSignal): Promise<UnreadState> {
  const data = await requireData(call('messages.new', undefined, { signal }));
  return { unread_total: data.unread_total, server_time: data.server_time };
}

/**
 * The one source of truth for the unread total (header badge, inbox): filled by this call, then kept
 * current by the realtime events, the polling, the inbox and marking a conversation read.
 */
export const unreadTotalQueryOptions = () =>
  queryOptions({
    queryKey: ['messages', 'unread-total'] as const,
    queryFn: ({ signal }) => getUnreadTotal(signal),
    // Kept current by pushes and polling; asking again on every mount would only repeat them.
    staleTime: Infinity,
  });

export function useUnreadTotal(enabled = true): number {
  const { data } = useQuery({ ...unreadTotalQueryOptions(), enabled });
  return enabled ? (data?.unread_total ?? 0) : 0;
}
