// Fixtures of the playdate contracts for the room's and the studio's tests.
import type { Playdate, PlaydateChatMessage, PlaydateRoom } from '@velora/shared';

export const NOW = 1_900_000_000;

export const playdateFixture = (overrides: Partial<Playdate> = {}): Playdate => ({
  id: 7,
  kind: 'private',
  status: 'live',
  title: 'Private playdate',
  model: { id: 3, name: 'Anna', avatar: '/media/models/3.jpg', camera_id: 11, camera_name: 'anna', user_id: 30 },
  member: { id: 20, name: 'Ben', avatar: '/media/users/20.jpg' },
  starts_at: NOW - 60,
  ends_at: NOW + 540,
  duration_minutes: 10,
  price_per_minute: 20,
  coins: 200,
  expires_at: null,
  message: null,
  extensions: 0,
  image: '/media/playdates/7-900x500.jpg',
  image_small: '/media/playdates/7-370x206.jpg',
  reminder: false,
  replay_path: null,
  extendable_until: null,
  created_at: NOW - 3600,
  ...overrides,
});

export const playdateMessageFixture = (id: number, overrides: Partial<PlaydateChatMessage> = {}): PlaydateChatMessage => ({
  id,
  playdate_id: 7,
  author: { user_id: 30, name: 'Anna', role: 'model' },
  text: `Line ${id}`,
  system: null,
  created_at: (NOW - 30) * 1000 + id,
  ...overrides,
});

/** The member's room of a live private playdate whose model publishes; `overrides` per part. */
export const playdateRoomFixture = (overrides: Partial<PlaydateRoom> = {}, playdate: Partial<Playdate> = {}): PlaydateRoom => {
  const pd = playdateFixture(playdate);
  const live = pd.status === 'live';
  return {
    playdate: pd,
    role: 'member',
    room: `playdate:${pd.id}`,
    publish: live ? { whip_url: '/live/whip/playdate-7-member', token: 'pub-1', expires_at: NOW + 60, ice_servers: [] } : null,
    view: live ? [{ side: 'model', whep_url: '/live/whep/playdate-7-model', token: 'view-1', expires_at: NOW + 60, ice_servers: [] }] : [],
    publishing: { model: live, member: false },
    messages: [],
    now: NOW,
    ...overrides,
  };
};
