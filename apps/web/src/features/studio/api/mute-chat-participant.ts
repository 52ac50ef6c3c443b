import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /studio/camera/chat/participants/{user_id}/mute: he reads but cannot write for `minutes` (0 unmutes). */
export async function muteChatParticipant(userId: number, minutes: number): Promise<void> {
  await requireData(call('studio.chat.mute', { params: { user_id: userId }, body: { minutes } }));
}
