import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** PUT /studio/camera/chat/bans/{user_id}: bans him from her room (kicked if in, his messages removed). */
export async function banChatMember(userId: number): Promise<void> {
  await requireData(call('studio.chat.ban', { params: { user_id: userId } }));
}
