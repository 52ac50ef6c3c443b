import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnreadTotal } from '@velora/shared';
import { api, requireData } from '@/lib/http';
import type { ConversationTarget } from '../conversation-target';
import { conversationApiPath } from '../conversation-target';
import { applyConversationDeleted, setUnreadTotal } from '../message-cache';

/**
 * DELETE /messages/{name}/all, DELETE /messages/playdate/{id}: the conversation leaves the viewer's inbox (until a
 * new message arrives); the other party keeps it. Answers the new unread total.
 */
export function deleteConversation(target: ConversationTarget): Promise<UnreadTotal> {
  const path = target.kind === 'name' ? `${conversationApiPath(target)}/all` : conversationApiPath(target);
  return requireData(api.delete<UnreadTotal>(path));
}

export function useDeleteConversation(target: ConversationTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteConversation(target),
    onSuccess: ({ unread_total }) => {
      applyConversationDeleted(queryClient, target);
      setUnreadTotal(queryClient, unread_total);
    },
  });
}
