import type { StudioChat, StudioChatSettingsBody } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** PUT /studio/camera/chat/settings: slow mode and the words her room refuses; answers the whole room. */
export function updateStudioChatSettings(body: StudioChatSettingsBody): Promise<StudioChat> {
  return requireData(call('studio.chat.settings', { body }));
}
