import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnreadTotal } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import type { ConversationTarget } from '../conversation-target';
import { applyConversationDeleted, setUnreadTotal } from '../message-cache';

/**
 * DELETE /messages/{name}/all, DELETE /messages/playdate/{id}: the conversation leaves the viewer's inbox (until a
 * new message arrives); the other party keeps it. Answers the new unread total.
 */
export function deleteConversation(target: ConversationTarget): Promise<UnreadTotal> {
  return requireData(
    target.kind === 'name' ? call('messages.clear', { params: { name: target.name } }) : call('messages.playdate.clear', { params: { id: target.id } }),
  );
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
