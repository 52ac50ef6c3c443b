import { useMutation } from '@tanstack/react-query';
import type { ChatEnterBody, ChatSession } from '@velora/shared';
import { IDEMPOTENCY_KEY_HEADER } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export interface EnterChatInput {
  name: string;
  body: ChatEnterBody;
  /** One per click: a retried request (a lost answer) enters, and charges, once. */
  idempotencyKey: string;
}

/**
 * POST /cameras/{name}/chat/session: enters free or paid chat (paid charges its first minute). Paid sends the price
 * the member was shown: a different one is 409 PRICE_CHANGED and nothing is charged.
 */
export function enterChat({ name, body, idempotencyKey }: EnterChatInput): Promise<ChatSession> {
  return requireData(call('cameras.chat.enter', { params: { name }, body }, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }));
}

export function useEnterChat() {
  return useMutation({ mutationFn: enterChat });
}
