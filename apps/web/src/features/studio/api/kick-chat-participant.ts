import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /studio/camera/chat/participants/{user_id}/kick: ends his session with 201; he may enter again. */
export async function kickChatParticipant(userId: number): Promise<void> {
  await requireData(call('studio.chat.kick', { params: { user_id: userId } }));
}
