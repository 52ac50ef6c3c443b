import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** DELETE /studio/camera/chat/bans/{user_id}: lifts the ban. */
export async function unbanChatMember(userId: number): Promise<void> {
  await requireData(call('studio.chat.unban', { params: { user_id: userId } }));
}
