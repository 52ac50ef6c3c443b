import type { ChatMessage } from '@velora/shared';
import { CHAT_CLIENT_EVENTS } from '@velora/shared';
import { emitWithAck } from '@/lib/realtime';
import type { ChatSendResult } from '@/entities/chat/chat-composer';

/** chat:send over the realtime channel: the acknowledgement carries the stored message, or why it was refused. */
export async function sendChatMessage(cameraId: number, text: string): Promise<ChatSendResult & { message?: ChatMessage }> {
  const ack = await emitWithAck(CHAT_CLIENT_EVENTS.send, { camera_id: cameraId, text });
  return ack.ok ? { ok: true, message: ack.message } : { ok: false, error: ack.error };
}
