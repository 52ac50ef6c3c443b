import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** DELETE /studio/camera/chat/messages/{message_id}: removes a message from her room for everyone. */
export async function removeChatMessage(messageId: number): Promise<void> {
  await requireData(call('studio.chat.removeMessage', { params: { message_id: messageId } }));
}
