import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MessageRecipients } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /messages/recipients?q: models to start a conversation with, by name (empty: the first ones, those with an inbox first). */
export function getRecipients(search: string, signal?: AbortSignal): Promise<MessageRecipients> {
  return requireData(call('messages.recipients', { query: { q: search } }, { signal }));
}

export const recipientsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['messages', 'recipients', search] as const,
    queryFn: ({ signal }) => getRecipients(search, signal),
    // The last answer stays listed while the next search runs, so the list does not flash empty per keystroke.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useRecipients(search: string, enabled: boolean) {
  return useQuery({ ...recipientsQueryOptions(search), enabled });
}
