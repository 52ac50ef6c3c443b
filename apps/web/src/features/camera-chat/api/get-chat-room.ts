import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatRoom } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /cameras/{name}/chat: price, free allowance, the member's open session, balance, slow mode, mute and ban. */
export function getChatRoom(name: string, signal?: AbortSignal): Promise<ChatRoom> {
  return requireData(call('cameras.chat.room', { params: { name } }, { signal }));
}

export const chatRoomQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ['camera-chat', name, 'room'] as const,
    queryFn: ({ signal }) => getChatRoom(name, signal),
    // The screen follows the room by its events; asked fresh on every visit (the price, the allowance may have moved).
    staleTime: 0,
    retry: false,
  });

export function useChatRoom(name: string | null) {
  return useQuery({ ...chatRoomQueryOptions(name ?? ''), enabled: name !== null });
}
