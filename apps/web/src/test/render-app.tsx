// Test helpers for tests that render the whole app (a feature's screens in place, the app's own): fixtures, an
// `api` fake keyed by path, and a renderer that runs the real app (route table, guards, providers) on a memory router.
// The test file itself mocks '@/lib/http' (vi.mock is hoisted per file) and hands the mock in.
import { render } from '@testing-library/react';
import type { Tag, Video, VideoList, Visit } from '@velora/shared';
import { DEFAULT_COMPANY_VALUES } from '@velora/shared';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { ApiMock, FakeRoutes, Handler } from '@/test/fake-api';
import { fakeApi as fakeServer, serverError } from '@/test/fake-api';
import { AppRoot, createVeloraApp } from '@/app/app';

export type { ApiMock, FakeRoutes } from '@/test/fake-api';
export { profileFixture } from '@/test/fixtures';

export const visitFixture = (overrides: Partial<Visit> = {}): Visit => ({
  id: 'visit-1',
  browser: 'jsdom',
  country: 'US',
  campaign: null,
  is_mobile: false,
  is_international: true,
  new: true,
  region: null,
  current_region: null,
  current_country: 'US',
  features: {},
  isEUCountry: false,
  ...overrides,
});

export const tagsFixture: Tag[] = [
  { id: 1, name_en: 'Outdoor', name_de: 'Draußen', name_fr: 'Extérieur', video_count: 4 },
  { id: 2, name_en: 'Studio', name_de: 'Studio', name_fr: 'Studio', video_count: 3 },
  { id: 3, name_en: 'Trailer', name_de: 'Trailer', name_fr: 'Bande-annonce', video_count: 1 },
];

export const videoFixture = (id: number, overrides: Partial<Video> = {}): Video => ({
  id,
  title: `Demo film ${id}`,
  description: 'A generated demo film.',
  duration: 754,
  published_at: 1_700_000_000,
  rating: 4.2,
  views: 1200,
  thumbnail: `/media/thumbs/${id}-900x500.jpg`,
  thumbnail_small: `/media/thumbs/${id}-370x206.jpg`,
  tags: [{ id: 1, name_en: 'Outdoor', name_de: 'Draußen', name_fr: 'Extérieur' }],
  participated_models: [{ id: 11, name_en: 'Ava Demo' }],
  is_favourite: false,
  total_comments: 0,
  ...overrides,
});

export const videoListFixture = (params: Partial<VideoList['params']> = {}, videos = [videoFixture(1), videoFixture(2)], pages = 3): VideoList => ({
  videos,
  params: { page: 1, order: 'newest', tags: [], query: null, ...params },
  total: videos.length * pages,
  per_page: 24,
  pages,
});

export const unauthorized = () => serverError(401, 'Log in to continue', { code: 'UNAUTHORIZED', statusText: 'Unauthorized' });

/** What every logged-in page asks in the background (the unread messages, a transactional popup): quiet unless a test answers. */
const BACKGROUND_GETS: Record<string, Handler> = {
  '/messages/new_messages': () => ({ messages: [], unread_total: 0, server_time: 0 }),
  '/messages/transactional/popup': () => ({ message: null }),
  '/feature/model_tip_offer': () => ({ offer: null }),
  // The playdate-feedback question at start (app/popups/playdate-triggers.tsx).
  '/playdates/feedback': () => ({ items: [] }),
  // The studio's and back office's gate (decision 070): a session that proved its second factor, as after logging in.
  '/auth/second-factor': () => ({ needed: true, enrolled: true, verified_until: 4_000_000_000, recovery_codes_left: 10 }),
};

/** Answers each call by its path; a handler may throw (e.g. an ApiError). Unknown paths fail the test loudly. */
export function fakeApi(api: ApiMock, routes: FakeRoutes): void {
  fakeServer(api, routes, { get: BACKGROUND_GETS });
}

/** The calls of the site around a page (the visit, the page meta, the video lists, the home sections, the company): quiet answers. */
const SITE_ROUTES: FakeRoutes = {
  get: {
    '/track/visit': () => visitFixture(),
    '/pages/meta': () => ({ title: '', description: '', keywords: '', robots: '', canonical: '' }),
    '/videos': () => videoListFixture(),
    '/videos/tags': () => [],
    '/videos/unlocked': () => ({ galleries: [], videos: [] }),
    '/home': () => ({ sections: [] }),
    // The landing's teasers and price.
    '/showcase': () => ({ shoots: [], models: [], trailers: [] }),
    '/payments/plans': () => ({ plans: [], country: null }),
  },
  // POST /track answers 204 (an empty object, product §7).
  post: { '/feature/get_company': () => ({ company: 'de', values: DEFAULT_COMPANY_VALUES.de }), '/track': () => ({}) },
};

/** `fakeApi` with the calls of the site around a page answered (`routes` come first). */
export function fakeSite(api: ApiMock, routes: FakeRoutes = {}): void {
  fakeServer(api, routes, { get: { ...BACKGROUND_GETS, ...SITE_ROUTES.get }, post: SITE_ROUTES.post });
}

export function renderApp(path: string) {
  // jsdom has no layout: scrolling is a no-op worth observing, not an error.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  const app = createVeloraApp({
    createRouter: (routes) => createMemoryRouter(routes, { initialEntries: [path] }),
    referrer: () => '',
  });
  const utils = render(<AppRoot app={app} />);
  const location = () => app.router.state.location;
  const url = () => `${location().pathname}${location().search}${location().hash}`;
  return { app, location, url, ...utils };
}
