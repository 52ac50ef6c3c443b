// Renders the studio on its own: a query client, English texts, a person (model or member) and a router.
import { render } from '@testing-library/react';
import type { CameraTag, ChatMessagePage, Profile, StudioCamera, StudioChat, StudioPlaydates } from '@velora/shared';
import { DEFAULT_PLAYDATE_LIMITS } from '@velora/shared';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { CapabilityProfileProvider } from '@/lib/capabilities';
import { fakeApi, type ApiMock, type FakeRoutes } from '@/test/fake-api';
import { profileFixture } from '@/test/fixtures';
import { TestProviders, createTestQueryClient } from '@/test/providers';

export const modelProfile = (overrides: Partial<Profile> = {}) => profileFixture({ username: 'anna', model_id: 3, ...overrides });
export const memberProfile = (overrides: Partial<Profile> = {}) => profileFixture({ model_id: null, ...overrides });

const tag = (id: number, name: string): CameraTag => ({ id, name_en: name, name_de: `${name} (de)`, name_fr: `${name} (fr)` });
export const CAMERA_TAGS = [tag(1, 'Chatty'), tag(2, 'Dance'), tag(3, 'Cosplay'), tag(4, 'Music')];

/** Anna's camera, offline, free chat, one tag, no key and no shows yet; `overrides` per part. */
export function studioCameraOf(overrides: { camera?: Partial<StudioCamera['camera']>; session?: Partial<StudioCamera['session']>; ingest?: Partial<StudioCamera['ingest']>; schedule?: StudioCamera['schedule'] } = {}): StudioCamera {
  return {
    camera: {
      id: 11,
      name: 'anna',
      display_name: 'Anna',
      model_id: 3,
      title: 'Evening chat',
      state: 'offline',
      viewers: 0,
      preview: '/media/cameras/anna.jpg',
      cover: '/media/cameras/anna.jpg',
      chat_mode: 'free',
      price_per_minute: null,
      tags: [CAMERA_TAGS[0]!],
      live_since: null,
      next_show_at: null,
      is_favourite: false,
      ...overrides.camera,
    },
    description: 'Hello',
    session: { state: 'offline', source: null, since: null, viewers: 0, grace_until: null, ...overrides.session },
    ingest: {
      whip_url: 'https://live.example.test/live/whip/anna',
      rtmp_url: 'rtmp://live.example.test/live',
      stream_key_created_at: null,
      stream_key_hint: null,
      ...overrides.ingest,
    },
    schedule: overrides.schedule ?? [],
    tags: CAMERA_TAGS,
    limits: { price_min: 1, price_max: 200, title_max: 80, tags_max: 3 },
  };
}

export function renderStudio(ui: ReactNode, profile: Profile | null) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/studio'] });
  const utils = render(
    <TestProviders queryClient={queryClient}>
      <CapabilityProfileProvider profile={profile}>
        <RouterProvider router={router} />
      </CapabilityProfileProvider>
    </TestProviders>,
  );
  return { ...utils, queryClient, router };
}

/** Her chat room as GET /studio/camera/chat answers it: nobody in, no rules, no bans, nothing earned; `overrides` per part. */
export function studioChatOf(overrides: Partial<StudioChat> = {}): StudioChat {
  return {
    camera_id: 11,
    participants: [],
    readers: 0,
    settings: { slow_mode_seconds: 0, banned_words: [] },
    bans: [],
    earnings: { since: null, paid_minutes: 0, chat_coins: 0, tip_coins: 0, model_coins: 0 },
    ...overrides,
  };
}

export const EMPTY_CHAT_PAGE: ChatMessagePage = { messages: [], has_more: false };

/** Her playdates as GET /studio/playdates answers it: private playdates off, nothing waiting, planned or past. */
export function studioPlaydatesOf(overrides: Partial<StudioPlaydates> = {}): StudioPlaydates {
  return {
    settings: { private_enabled: false, price_per_minute: 20, durations: [10, 15], hours: { days: [1, 2, 3], from_minute: 18 * 60, to_minute: 23 * 60, time_zone: 'Europe/Berlin' } },
    limits: DEFAULT_PLAYDATE_LIMITS,
    requests: [],
    upcoming: [],
    recent: [],
    earned: 0,
    ...overrides,
  };
}

/** The calls of her chat and playdate panels that every studio screen makes, answered quietly unless a test answers them itself. */
export const studioChatFallback = (): FakeRoutes => ({
  get: { '/studio/camera/chat': () => studioChatOf(), '/cameras/anna/chat/messages': () => EMPTY_CHAT_PAGE, '/studio/playdates': () => studioPlaydatesOf() },
});

/** fakeApi with her chat panel's calls answered too (the studio screen always shows the panel). */
export function fakeStudioApi(api: ApiMock, routes: FakeRoutes): void {
  fakeApi(api, routes, studioChatFallback());
}
