import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnreadTotal } from '@velora/shared';
import { api, requireData } from '@/lib/http';
import type { ConversationTarget } from '../conversation-target';
import { conversationApiPath } from '../conversation-target';
import { applyConversationRead } from '../message-cache';

/** POST /messages/{name}/read (POST /messages/playdate/{id}/read): everything up to now is read. */
export function markRead(target: ConversationTarget): Promise<UnreadTotal> {
  return requireData(api.post<UnreadTotal>(`${conversationApiPath(target)}/read`));
}

export function useMarkRead(target: ConversationTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markRead(target),
    onSuccess: ({ unread_total }) => applyConversationRead(queryClient, target, unread_total),
  });
}
