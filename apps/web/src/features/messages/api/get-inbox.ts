import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Inbox } from '@velora/shared';
import { useEffect } from 'react';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import type { UnreadState } from './get-unread-total';
import { unreadTotalQueryOptions } from './get-unread-total';

/** GET /messages?page: the viewer's conversations, newest first, with the unread total. */
export function getInbox(page: number, signal?: AbortSignal): Promise<Inbox> {
  return requireData(call('messages.inbox', { query: { page } }, { signal }));
}

/** Every page of the inbox shares this prefix, so live updates reach them all. */
export const INBOX_QUERY_PREFIX = ['messages', 'inbox'] as const;

export const inboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...INBOX_QUERY_PREFIX, page] as const,
    queryFn: ({ signal }) => getInbox(page, signal),
    placeholderData: keepPreviousData,
  });

/** A page of the inbox; a fresher answer than the badge's also sets the unread total (one truth for both). */
export function useInbox(page: number) {
  const queryClient = useQueryClient();
  const inbox = useQuery(inboxQueryOptions(page));
  const { data, dataUpdatedAt, isPlaceholderData } = inbox;
  useEffect(() => {
    if (!data || isPlaceholderData) return;
    const key = unreadTotalQueryOptions().queryKey;
    const unread = queryClient.getQueryState(key);
    if (!unread?.data || unread.dataUpdatedAt >= dataUpdatedAt || unread.data.unread_total === data.unread_total) return;
    queryClient.setQueryData<UnreadState>(key, { ...unread.data, unread_total: data.unread_total });
  }, [queryClient, data, dataUpdatedAt, isPlaceholderData]);
  return inbox;
}
