// Fixtures of the camera contracts for the cameras tests.
import type { CameraDetail, CameraList, CameraSummary, CameraTag, WatchTicket } from '@velora/shared';

export const cameraTagsFixture: CameraTag[] = [
  { id: 1, name_en: 'Dance', name_de: 'Tanz', name_fr: 'Danse' },
  { id: 2, name_en: 'Chat', name_de: 'Plaudern', name_fr: 'Bavardage' },
  { id: 3, name_en: 'Yoga', name_de: 'Yoga', name_fr: 'Yoga' },
];

export const cameraFixture = (id: number, overrides: Partial<CameraSummary> = {}): CameraSummary => ({
  id,
  name: `cam-${id}`,
  display_name: `Model ${id}`,
  model_id: 10 + id,
  title: `Show ${id}`,
  state: 'offline',
  viewers: 0,
  preview: `/media/live/${id}/preview-1.jpg`,
  cover: `/media/cameras/${id}-640x360.jpg`,
  chat_mode: 'free',
  price_per_minute: null,
  tags: [cameraTagsFixture[0]!],
  live_since: null,
  next_show_at: null,
  is_favourite: false,
  ...overrides,
});

export const cameraListFixture = (cameras: CameraSummary[], params: Partial<CameraList['params']> = {}, pages = 1): CameraList => ({
  cameras,
  params: { page: 1, filters: [], order: 'popular', ...params },
  total: cameras.length * pages,
  live_total: cameras.filter((c) => c.state === 'live').length,
  per_page: 24,
  pages,
});

export const cameraDetailFixture = (overrides: Partial<CameraDetail> = {}): CameraDetail => ({
  ...cameraFixture(1, { name: 'ava', display_name: 'Ava', title: 'Morning yoga' }),
  description: 'Stretching and a chat.',
  model: { id: 11, name_en: 'Ava Demo', image: '/media/models/11-510x660.jpg', image_square: '/media/models/11-400x400.jpg', country: 'DE', video_count: 3, shoot_count: 2, is_favourite: false },
  schedule: [],
  watch: 'offline',
  ...overrides,
});

export const watchTicketFixture = (overrides: Partial<WatchTicket> = {}): WatchTicket => ({
  whep_url: 'http://site.test/live/whep/1',
  hls_url: 'http://site.test/live/hls/1/hls-token/index.m3u8',
  token: 'viewer-token',
  expires_at: 2_000_000_000,
  ice_servers: [],
  ...overrides,
});
