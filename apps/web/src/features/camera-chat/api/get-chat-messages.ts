import type { ChatMessagePage } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /cameras/{name}/chat/messages[?before]: a page of the room's history, oldest first. */
export function getChatMessages(name: string, before: number | null, signal?: AbortSignal): Promise<ChatMessagePage> {
  return requireData(call('cameras.chat.messages', { params: { name }, query: { before: before === null ? null : String(before) } }, { signal }));
}
