import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnreadTotal } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { applyMessageDeleted, setUnreadTotal } from '../message-cache';

/**
 * DELETE /messages/{name}/{messageId}: one message leaves the viewer's side of the conversation (the other party
 * keeps it). Answers the new unread total. Playdate messages are only deleted all together.
 */
export function deleteMessage(name: string, messageId: number): Promise<UnreadTotal> {
  return requireData(call('messages.delete', { params: { name, messageId: String(messageId) } }));
}

export function useDeleteMessage(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => deleteMessage(name, messageId),
    onSuccess: ({ unread_total }, messageId) => {
      applyMessageDeleted(queryClient, { kind: 'name', name }, messageId);
      setUnreadTotal(queryClient, unread_total);
    },
  });
}
