// Fixtures of the playdate contracts for the playdates tests (and the camera page's playdate block).
import type { Playdate, PlaydateCamera, PlaydateCameraList, PlaydateExtendOffer, PlaydateQuote, PlaydateStatusView, PrivatePlaydateOffer } from '@velora/shared';

/** A fixed "now" the fixtures are built around (unix seconds): 2026-11-24 12:00 UTC. */
export const NOW = 1_795_521_600;
export const FAR_FUTURE = 4_102_444_800;

export const playdateModelFixture = { id: 11, name: 'Ava', avatar: '/media/models/11-400x400.jpg', camera_id: 1, camera_name: 'ava', user_id: 30 };

export const playdateFixture = (overrides: Partial<Playdate> = {}): Playdate => ({
  id: 5,
  kind: 'private',
  status: 'requested',
  title: 'Private playdate',
  model: playdateModelFixture,
  member: { id: 7, name: 'member', avatar: '/media/avatars/default.svg' },
  starts_at: null,
  ends_at: null,
  duration_minutes: 15,
  price_per_minute: 20,
  coins: 300,
  expires_at: NOW + 3600,
  message: null,
  extensions: 0,
  image: '/media/playdates/5-900x500.jpg',
  image_small: '/media/playdates/5-370x206.jpg',
  reminder: false,
  replay_path: null,
  extendable_until: null,
  created_at: NOW - 60,
  ...overrides,
});

export const publicPlaydateFixture = (id: number, overrides: Partial<Playdate> = {}): Playdate =>
  playdateFixture({ id, kind: 'public', status: 'scheduled', title: `Show ${id}`, member: null, starts_at: NOW + 7200, ends_at: NOW + 9000, duration_minutes: 30, price_per_minute: null, coins: 0, expires_at: null, ...overrides });

export const playdateCameraFixture = (id: number, overrides: Partial<PlaydateCamera> = {}): PlaydateCamera => ({
  camera_id: id,
  camera_name: `cam-${id}`,
  model: { ...playdateModelFixture, id: 10 + id, name: `Model ${id}`, camera_id: id, camera_name: `cam-${id}` },
  live: false,
  price_per_minute: 20,
  durations: [10, 15, 30],
  image: `/media/models/${10 + id}-510x660.jpg`,
  next_slot: NOW + 3600,
  ...overrides,
});

export const playdateCameraListFixture = (items: PlaydateCamera[], page = 1, pages = 1): PlaydateCameraList => ({ items, page, per_page: 12, total: items.length * pages, pages });

export const offerFixture = (overrides: Partial<PrivatePlaydateOffer> = {}): PrivatePlaydateOffer => ({
  camera_id: 1,
  camera_name: 'ava',
  model: playdateModelFixture,
  available: true,
  price_per_minute: 20,
  durations: [10, 15],
  live: true,
  pending: null,
  ...overrides,
});

export const quoteFixture = (duration: number, overrides: Partial<PlaydateQuote> = {}): PlaydateQuote => ({
  camera_id: 1,
  model: playdateModelFixture,
  duration,
  durations: [10, 15],
  price_per_minute: 20,
  coins: duration * 20,
  balance: 500,
  can_afford: duration * 20 <= 500,
  slots: [{ starts_at: NOW + 3600 }, { starts_at: NOW + 4500 }, { starts_at: NOW + 86_400 + 3600 }],
  asap: true,
  ...overrides,
});

export const statusFixture = (overrides: Partial<PlaydateStatusView> = {}): PlaydateStatusView => ({
  id: 5,
  kind: 'private',
  status: 'requested',
  starts_at: null,
  ends_at: null,
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  extendable_until: null,
  model_present: false,
  now: Math.floor(Date.now() / 1000),
  ...overrides,
});

export const extendOfferFixture = (overrides: Partial<PlaydateExtendOffer> = {}): PlaydateExtendOffer => {
  const now = Math.floor(Date.now() / 1000);
  return {
    playdate: playdateFixture({ status: 'finished', starts_at: now - 900, ends_at: now - 5, extendable_until: now + 115, coins: 300 }),
    options: [
      { duration: 5, coins: 100, available: true },
      { duration: 10, coins: 200, available: true },
      { duration: 30, coins: 600, available: false },
    ],
    balance: 150,
    open_until: now + 115,
    ...overrides,
  };
};
