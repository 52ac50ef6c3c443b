import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnreadTotal } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import type { ConversationTarget } from '../conversation-target';
import { applyConversationRead } from '../message-cache';

/** POST /messages/{name}/read (POST /messages/playdate/{id}/read): everything up to now is read. */
export function markRead(target: ConversationTarget): Promise<UnreadTotal> {
  return requireData(
    target.kind === 'name' ? call('messages.read', { params: { name: target.name } }) : call('messages.playdate.read', { params: { id: target.id } }),
  );
}

export function useMarkRead(target: ConversationTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markRead(target),
    onSuccess: ({ unread_total }) => applyConversationRead(queryClient, target, unread_total),
  });
}
