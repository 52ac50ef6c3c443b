import { render, screen } from '@testing-library/react';
import type { Profile, Visit } from '@velora/shared';
import { DEFAULT_COMPANY_VALUES } from '@velora/shared';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { api } from '@/lib/http';
import { resetPopups } from '@/components/popups/popup-store';
import { clearPendingLogin } from '@/features/auth/pending-login';
import { resetTheater } from '@/features/player/theater-store';
import { setErrorReporter } from '@/lib/report-error';
import { setAccessToken } from '@/lib/storage';
import { resetThirdParties } from '@/lib/third-parties';
import { AppRoot, createVeloraApp } from '@/app/app';
import type { SiteConfig } from '@/app/site-config';
import { siteConfigFor } from '@/app/site-config';
import type { ApiMock, FakeRoutes } from '@/test/render-app';
import { fakeApi, tagsFixture, videoListFixture, visitFixture } from '@/test/render-app';

// The whole app on a chosen host and site, with the visit, profile and API answers a compliance test needs
// (features/compliance/*.test.tsx). The test file mocks @/lib/http; `mockedApi` is that mock.

export const mockedApi = api as unknown as ApiMock;

export const THIRD_PARTIES = {
  VITE_ANALYTICS_URL: 'https://analytics.example.test/a.js',
  VITE_TAG_MANAGER_ID: 'GTM-TEST',
  VITE_SESSION_REPLAY_URL: 'https://replay.example.test/r.js',
};
export const IDENTITY = { VITE_IDENTITY_PROVIDER_HOST: 'velora.test', VITE_GOOGLE_CLIENT_ID: 'client-1' };

export const FUTURE = Math.floor(Date.now() / 1000) + 86_400;
export const avFeature = (active = true) => ({ age_verification: { is_active: active, version: null, settings: { can_show_av_popup: true } } });

export const thirdPartyScripts = () => [...document.head.querySelectorAll('script[id^="third-party-"]')].map((s) => s.id).sort();

export interface Setup {
  visit?: Partial<Visit>;
  profile?: Profile | null;
  routes?: FakeRoutes;
  company?: () => unknown;
  host?: string;
  tld?: string | null;
  env?: Record<string, unknown>;
}

export function setup({ visit = {}, profile = null, routes = {}, company, host = 'localhost', tld = null, env = THIRD_PARTIES }: Setup = {}) {
  if (profile) setAccessToken('member-token');
  fakeApi(mockedApi, {
    get: {
      '/track/visit': () => visitFixture(visit),
      ...(profile ? { '/user/profile': () => profile } : {}),
      '/videos': () => videoListFixture(),
      '/videos/tags': () => tagsFixture,
      '/videos/unlocked': () => ({ galleries: [], videos: [] }),
      '/home': () => ({ sections: [] }),
      ...routes.get,
    },
    post: {
      '/feature/get_company': company ?? (() => ({ company: 'de', values: DEFAULT_COMPANY_VALUES.de })),
      '/auth/logout': () => ({}),
      ...routes.post,
    },
  });
  return siteConfigFor(host, tld, env);
}

export function renderSite(path: string, site: SiteConfig) {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  const app = createVeloraApp({ createRouter: (r) => createMemoryRouter(r, { initialEntries: [path] }), referrer: () => '', site });
  const utils = render(<AppRoot app={app} />);
  const location = () => app.router.state.location;
  return { app, location, ...utils };
}

export const ready = () => screen.findByRole('contentinfo');

/**
 * Each compliance test starts with no popups and a quiet error reporter, and leaves no session, pending log-in,
 * theater, third-party script or identity-provider global behind. Call once at the top of a test file.
 */
export function isolateComplianceTests() {
  beforeEach(() => {
    vi.clearAllMocks();
    resetPopups();
    setErrorReporter(() => undefined);
  });
  afterEach(() => {
    clearPendingLogin();
    resetTheater();
    setAccessToken(null);
    resetThirdParties();
    setErrorReporter(null);
    delete (window as unknown as { google?: unknown }).google;
    delete (window as unknown as { dataLayer?: unknown }).dataLayer;
    document.head.querySelectorAll('script').forEach((s) => s.remove());
  });
}
