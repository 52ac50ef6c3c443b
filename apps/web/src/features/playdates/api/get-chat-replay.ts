import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaydateChatReplay } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /playdates/public/chat-history?token: a finished public playdate's chat; the token is the permission. */
export function getChatReplay(token: string, signal?: AbortSignal): Promise<PlaydateChatReplay> {
  return requireData(call('playdates.public.chatHistory', { query: { token } }, { signal }));
}

export const chatReplayQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['playdates', 'replay', token] as const,
    queryFn: ({ signal }) => getChatReplay(token, signal),
    // A finished chat does not change; the same link may be opened as a visitor and after logging in.
    staleTime: Infinity,
    retry: false,
    meta: { sessionIndependent: true },
  });

export function useChatReplay(token: string | null) {
  return useQuery({ ...chatReplayQueryOptions(token ?? ''), enabled: token !== null });
}
