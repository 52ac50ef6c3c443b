import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import type { ConversationTarget } from '../conversation-target';
import type { ConversationPages } from './get-conversation';
import { conversationQueryOptions } from './get-conversation';
import { applyNewMessage, withMessage, withoutMessage } from '../message-cache';

/**
 * POST /messages/{name}/send {text}, POST /messages/playdate/{id} {text} → the stored message.
 * 400 (text, or someone who cannot be written to), 403 (not allowed), 429 (too many) carry the server's message.
 */
export function sendMessage(target: ConversationTarget, text: string): Promise<Message> {
  const body = { text };
  return requireData(
    target.kind === 'name' ? call('messages.send', { params: { name: target.name }, body }) : call('messages.playdate.send', { params: { id: target.id }, body }),
  );
}

let nextPendingId = -1;

/** Sends a message, shown at once as pending; the server's message replaces it, a refusal removes it. */
export function useSendMessage(target: ConversationTarget) {
  const queryClient = useQueryClient();
  const key = conversationQueryOptions(target).queryKey;
  return useMutation({
    mutationFn: (text: string) => sendMessage(target, text),
    onMutate: async (text) => {
      await queryClient.cancelQueries({ queryKey: key });
      const pending: Message = {
        id: nextPendingId--,
        with: target.kind === 'name' ? target.name : '',
        playdate_id: target.kind === 'playdate' ? target.id : null,
        from_me: true,
        text,
        subject: null,
        group: null,
        created_at: Date.now(),
        read: false,
      };
      queryClient.setQueryData<ConversationPages>(key, (old) => (old ? withMessage(old, pending) : old));
      return { pendingId: pending.id };
    },
    onSuccess: (message, _text, context) => {
      queryClient.setQueryData<ConversationPages>(key, (old) => (old ? withMessage(old, message, context.pendingId) : old));
      applyNewMessage(queryClient, message);
    },
    onError: (_error, _text, context) => {
      if (context) queryClient.setQueryData<ConversationPages>(key, (old) => (old ? withoutMessage(old, context.pendingId) : old));
    },
  });
}
