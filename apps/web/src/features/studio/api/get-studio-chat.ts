import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { StudioChat } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /studio/camera/chat: her room's participants, readers, slow mode, word filter, bans and the show's earnings. */
export function getStudioChat(signal?: AbortSignal): Promise<StudioChat> {
  return requireData(call('studio.chat.get', {}, { signal }));
}

export const studioChatQueryOptions = () =>
  queryOptions({
    queryKey: ['studio', 'chat'] as const,
    queryFn: ({ signal }) => getStudioChat(signal),
  });

export function useStudioChat() {
  return useQuery(studioChatQueryOptions());
}

/** The calls that answer the whole room (settings) put it straight into the cache. */
export function setStudioChat(queryClient: QueryClient, chat: StudioChat): void {
  queryClient.setQueryData(studioChatQueryOptions().queryKey, chat);
}

/** Asks the server again (a participant came or went, a minute was charged, a ban or a kick was done). */
export function refreshStudioChat(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: studioChatQueryOptions().queryKey });
}
