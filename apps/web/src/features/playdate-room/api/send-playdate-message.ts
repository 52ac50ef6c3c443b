import type { PlaydateChatMessage } from '@velora/shared';
import { PLAYDATE_CLIENT_EVENTS } from '@velora/shared';
import type { ChatSendResult } from '@/entities/chat/chat-composer';
import { emitWithAck } from '@/lib/realtime';

/** playdate:send over the realtime channel: the acknowledgement carries the stored message, or why it was refused. */
export async function sendPlaydateMessage(playdateId: number, text: string): Promise<ChatSendResult & { message?: PlaydateChatMessage }> {
  const ack = await emitWithAck(PLAYDATE_CLIENT_EVENTS.send, { playdate_id: playdateId, text });
  return ack.ok ? { ok: true, message: ack.message } : { ok: false, error: ack.error };
}
