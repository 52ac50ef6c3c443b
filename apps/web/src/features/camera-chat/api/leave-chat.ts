import type { ChatSession, ClientEndCode } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /cameras/{name}/chat/session/end: ends the member's open session with his reason (202, 101, 102). */
export function leaveChat(name: string, code: ClientEndCode): Promise<ChatSession> {
  return requireData(call('cameras.chat.leave', { params: { name }, body: { code } }));
}
