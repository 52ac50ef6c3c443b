import type { ChatMutedEvent, ChatRoom, ChatSettingsEvent } from '@velora/shared';
import { REALTIME_CHAT_EVENTS } from '@velora/shared';
import { useState } from 'react';
import { useRealtimeEvent } from '@/lib/realtime';

/** The room's rules for writing (message length, slow mode) and the member's mute, as the model changes them. */
export function useChatRules(room: ChatRoom) {
  const [settings, setSettings] = useState(room.settings);
  const [mutedUntil, setMutedUntil] = useState(room.muted_until);
  useRealtimeEvent<ChatSettingsEvent>(REALTIME_CHAT_EVENTS.settings, (event) => {
    if (event.camera_id === room.camera_id) setSettings(event.settings);
  });
  useRealtimeEvent<ChatMutedEvent>(REALTIME_CHAT_EVENTS.muted, (event) => {
    if (event.camera_id === room.camera_id) setMutedUntil(event.muted_until);
  });
  return { settings, mutedUntil };
}
