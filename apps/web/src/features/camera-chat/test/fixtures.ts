// Fixtures of the camera-chat contracts for the chat screen's tests.
import type { ChatRoom, ChatSession } from '@velora/shared';

export const chatRoomFixture = (overrides: Partial<ChatRoom> = {}): ChatRoom => ({
  camera_id: 1,
  camera_name: 'ava',
  display_name: 'Ava',
  model_id: 11,
  model_user_id: 30,
  live: true,
  chat_mode: 'paid',
  price_per_minute: 30,
  session: null,
  free: { available: true, daily_seconds: 600, used_seconds: 120, remaining_seconds: 480, resets_at: 2_000_000_000 },
  balance: 250,
  settings: { slow_mode_seconds: 0, message_max: 500 },
  muted_until: null,
  banned: false,
  ...overrides,
});

export const chatSessionFixture = (overrides: Partial<ChatSession> = {}): ChatSession => {
  const now = Math.floor(Date.now() / 1000);
  return {
    id: 5,
    camera_id: 1,
    kind: 'paid',
    state: 'open',
    price_per_minute: 30,
    started_at: now,
    ended_at: null,
    end_code: null,
    minutes_charged: 1,
    coins_charged: 30,
    paid_until: now + 60,
    free_seconds_left: null,
    ...overrides,
  };
};
