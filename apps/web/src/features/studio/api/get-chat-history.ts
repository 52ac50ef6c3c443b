import type { ChatMessagePage } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /cameras/{name}/chat/messages: a page of her room's messages, oldest first; `before` pages back. */
export function getChatHistory(cameraName: string, before?: number, signal?: AbortSignal): Promise<ChatMessagePage> {
  return requireData(call('cameras.chat.messages', { params: { name: cameraName }, query: { before: before ?? null } }, { signal }));
}
