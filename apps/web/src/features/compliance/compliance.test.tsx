import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile, Visit } from '@velora/shared';
import { DEFAULT_COMPANY_VALUES } from '@velora/shared';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { getPopupStates, resetPopups, showPopup } from '@/components/popups/popup-store';
import { hasAgeVerificationMarker, setAgeVerificationMarker } from '@/features/compliance/age-verification-marker';
import { storeConsent } from '@/features/compliance/consent-storage';
import { clearPendingLogin } from '@/features/auth/pending-login';
import { dispatchTheater, resetTheater } from '@/features/player/theater-store';
import { ApiError, api } from '@/lib/http';
import { setErrorReporter } from '@/lib/report-error';
import { getAccessToken, getApprovedAge, getApprovedCookies, setAccessToken, setApprovedAge } from '@/lib/storage';
import { resetThirdParties } from '@/lib/third-parties';
import { AppRoot, createVeloraApp } from '@/app/app';
import { IO_PATHS } from '@/app/routes-io';
import type { SiteConfig } from '@/app/site-config';
import { siteConfigFor } from '@/app/site-config';
import type { ApiMock, FakeRoutes } from '@/test/render-app';
import { fakeApi, profileFixture, tagsFixture, videoListFixture, visitFixture } from '@/test/render-app';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = api as unknown as ApiMock;

const THIRD_PARTIES = {
  VITE_ANALYTICS_URL: 'https://analytics.example.test/a.js',
  VITE_TAG_MANAGER_ID: 'GTM-TEST',
  VITE_SESSION_REPLAY_URL: 'https://replay.example.test/r.js',
};
const IDENTITY = { VITE_IDENTITY_PROVIDER_HOST: 'velora.test', VITE_GOOGLE_CLIENT_ID: 'client-1' };

const FUTURE = Math.floor(Date.now() / 1000) + 86_400;
const avFeature = (active = true) => ({ age_verification: { is_active: active, version: null, settings: { can_show_av_popup: true } } });

const thirdPartyScripts = () => [...document.head.querySelectorAll('script[id^="third-party-"]')].map((s) => s.id).sort();

interface Setup {
  visit?: Partial<Visit>;
  profile?: Profile | null;
  routes?: FakeRoutes;
  company?: () => unknown;
  host?: string;
  tld?: string | null;
  env?: Record<string, unknown>;
}

function setup({ visit = {}, profile = null, routes = {}, company, host = 'localhost', tld = null, env = THIRD_PARTIES }: Setup = {}) {
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

function renderSite(path: string, site: SiteConfig) {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  const app = createVeloraApp({ createRouter: (r) => createMemoryRouter(r, { initialEntries: [path] }), referrer: () => '', site });
  const utils = render(<AppRoot app={app} />);
  const location = () => app.router.state.location;
  return { app, location, ...utils };
}

const ready = () => screen.findByRole('contentinfo');

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

describe('cookie consent (SPEC §4, §9)', () => {
  it('asks a visitor from DE and loads nothing before the answer', async () => {
    renderSite('/', setup({ visit: { country: 'DE', isEUCountry: true } }));
    const popup = await screen.findByTestId('cookie-popup');
    expect(screen.getByRole('dialog', { name: 'Cookies' })).toBe(popup);
    expect(thirdPartyScripts()).toEqual([]);
    expect((window as unknown as { dataLayer?: unknown }).dataLayer).toBeUndefined();
  });

  it('accepting all stores the answer, closes the popup and only then loads the third parties', async () => {
    const user = userEvent.setup();
    renderSite('/', setup({ visit: { country: 'DE', isEUCountry: true } }));
    await user.click(await screen.findByTestId('cookie-accept'));
    await waitFor(() => expect(screen.queryByTestId('cookie-popup')).toBeNull());
    expect(getApprovedCookies()).toBe(true);
    expect(document.cookie).toContain('cookie_consent=');
    await waitFor(() => expect(thirdPartyScripts()).toEqual(['third-party-analytics', 'third-party-session-replay', 'third-party-tag-manager']));
  });

  it('only necessary cookies: answered, nothing loaded', async () => {
    const user = userEvent.setup();
    renderSite('/', setup({ visit: { country: 'FR', isEUCountry: true } }));
    await user.click(await screen.findByRole('button', { name: 'Only necessary' }));
    await waitFor(() => expect(screen.queryByTestId('cookie-popup')).toBeNull());
    expect(getApprovedCookies()).toBe(true);
    expect(thirdPartyScripts()).toEqual([]);
  });

  it('settings allow one category', async () => {
    const user = userEvent.setup();
    renderSite('/', setup({ visit: { country: 'GB', isEUCountry: true } }));
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    await user.click(screen.getByRole('checkbox', { name: /Analytics/ }));
    await user.click(screen.getByRole('button', { name: 'Save my choice' }));
    await waitFor(() => expect(thirdPartyScripts()).toEqual(['third-party-analytics', 'third-party-session-replay']));
  });

  it.each([
    { name: 'a US visitor (consent implied)', visit: { country: 'US' }, tld: null, consented: false, scripts: 3 },
    { name: 'an EU visitor who answered before', visit: { country: 'DE', isEUCountry: true }, tld: null, consented: true, scripts: 3 },
    { name: 'an EU visitor on the io variant (nothing loads either)', visit: { country: 'DE', isEUCountry: true }, tld: 'io', consented: false, scripts: 0 },
  ])('is not asked of $name', async ({ visit, tld, consented, scripts }) => {
    if (consented) storeConsent({ analytics: true, marketing: true });
    renderSite('/', setup({ visit, tld }));
    await ready();
    await waitFor(() => expect(thirdPartyScripts()).toHaveLength(scripts));
    expect(screen.queryByTestId('cookie-popup')).toBeNull();
  });

  it('the footer asks again', async () => {
    const user = userEvent.setup();
    storeConsent({ analytics: false, marketing: false });
    renderSite('/', setup({ visit: { country: 'DE', isEUCountry: true } }));
    await user.click(await screen.findByRole('button', { name: 'Cookie settings' }));
    expect(await screen.findByTestId('cookie-popup')).toBeTruthy();
  });
});

describe('age approval gate', () => {
  it('asks a visitor once; confirming stores it', async () => {
    const user = userEvent.setup();
    renderSite('/', setup());
    const gate = await screen.findByTestId('age-approval');
    expect(within(gate).getByRole('heading', { name: 'Are you 18 or older?' })).toBeTruthy();
    await user.click(screen.getByTestId('age-approval-confirm'));
    await waitFor(() => expect(screen.queryByTestId('age-approval')).toBeNull());
    expect(getApprovedAge()).toBe(true);
  });

  it.each([
    { name: 'a visitor who confirmed before', path: '/', approved: true, member: false },
    { name: 'a visitor on /agb', path: '/agb', approved: false, member: false },
    { name: 'a visitor on /contact-us', path: '/contact-us', approved: false, member: false },
    { name: 'a member', path: '/recent_updates', approved: false, member: true },
  ])('is not shown to $name', async ({ path, approved, member }) => {
    if (approved) setApprovedAge(true);
    renderSite(path, setup(member ? { profile: profileFixture() } : {}));
    await ready();
    expect(screen.queryByTestId('age-approval')).toBeNull();
  });
});

describe('law restriction popup (SPEC §4)', () => {
  it('blocks a logged-out visitor from Texas, instead of the age gate', async () => {
    renderSite('/', setup({ visit: { country: 'US', region: 'texas' } }));
    const popup = await screen.findByTestId('law-restriction-popup');
    expect(within(popup).getByText(/A law in Texas/)).toBeTruthy();
    expect(within(popup).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/#log_in');
    expect(screen.queryByTestId('age-approval')).toBeNull();
  });

  it.each([
    { name: 'a member from Texas', visit: { region: 'texas' }, member: true, path: '/recent_updates' },
    { name: 'a visitor from California', visit: { region: 'california' }, member: false, path: '/' },
    { name: 'a visitor from Texas while age verification is on', visit: { region: 'texas', features: avFeature() }, member: false, path: '/' },
    { name: 'a visitor from Texas on a legal page', visit: { region: 'texas' }, member: false, path: '/dmca' },
  ])('is not shown to $name', async ({ visit, member, path }) => {
    setApprovedAge(true);
    renderSite(path, setup({ visit: { country: 'US', ...visit }, ...(member ? { profile: profileFixture() } : {}) }));
    await ready();
    expect(screen.queryByTestId('law-restriction-popup')).toBeNull();
  });
});

describe('law limitation (SPEC §4)', () => {
  it('skips a law-limited route for an SE user and says why', async () => {
    const { location } = renderSite('/cameras', setup({ profile: profileFixture({ country: 'SE', law_limitations: ['country:SE'] }) }));
    expect(await screen.findByRole('dialog', { name: 'Not available in your country' })).toBeTruthy();
    expect(location().pathname).toBe('/recent_updates');
  });

  it('shows an SE user no way into the cams from the header, and the playdates still', async () => {
    renderSite('/recent_updates', setup({ profile: profileFixture({ country: 'SE', law_limitations: ['country:SE'] }) }));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Live cams' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Playdates' }).getAttribute('href')).toBe('/playdates');
  });

  it('replaces the coins-charge popup for an SE user', async () => {
    renderSite('/recent_updates', setup({ profile: profileFixture({ country: 'SE', law_limitations: ['country:SE'] }) }));
    await ready();
    act(() => showPopup('buy-coins'));
    expect(await screen.findByRole('dialog', { name: 'Not available in your country' })).toBeTruthy();
    expect(getPopupStates()['buy-coins']?.show).toBe(false);
  });

  it('answers a 451 LAW_LIMITED from the server with the same popup', async () => {
    const { app } = renderSite('/recent_updates', setup({ profile: profileFixture() }));
    await ready();
    expect(screen.queryByRole('dialog', { name: 'Not available in your country' })).toBeNull();
    const limited = new ApiError({ status: 451, statusText: '', body: { error: { code: 'LAW_LIMITED', message: 'x' } }, path: '/favourites/camera' });
    await act(() => app.queryClient.fetchQuery({ queryKey: ['limited'], queryFn: () => Promise.reject(limited), retry: false }).catch(() => null));
    expect(await screen.findByRole('dialog', { name: 'Not available in your country' })).toBeTruthy();
  });
});

describe('age verification (SPEC §2, §4)', () => {
  const premium = (overrides: Partial<Profile> = {}) => profileFixture({ premium_until: FUTURE, features: avFeature(), ...overrides });

  it('asks a premium member who is not verified, and starts the verification', async () => {
    const user = userEvent.setup();
    const start = vi.fn(() => ({ url: '/api/age-verification/sandbox/abc' }));
    renderSite('/recent_updates', setup({ profile: premium(), routes: { get: { '/user/verification_age': start } } }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify your age' });
    await user.click(within(dialog).getByRole('button', { name: 'Verify my age' }));
    await waitFor(() => expect(start).toHaveBeenCalled());
    await waitFor(() => expect(hasAgeVerificationMarker()).toBe(true));
  });

  it('waits while a film plays in the theater', async () => {
    renderSite('/recent_updates', setup({ profile: premium(), routes: { get: { '/videos/5': () => new Promise(() => undefined) } } }));
    expect(await screen.findByRole('dialog', { name: 'Verify your age' })).toBeTruthy();
    act(() => dispatchTheater({ type: 'select', videoId: 5 }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Verify your age' })).toBeNull());
    act(() => dispatchTheater({ type: 'close' }));
    expect(await screen.findByRole('dialog', { name: 'Verify your age' })).toBeTruthy();
  });

  it.each([
    { name: 'a verified premium member', profile: () => premium({ age_verified: true }), path: '/recent_updates', marker: false, show: false },
    { name: 'a free member without a marker', profile: () => profileFixture({ features: avFeature() }), path: '/recent_updates', marker: false, show: false },
    { name: 'a free member with a marker', profile: () => profileFixture({ features: avFeature() }), path: '/recent_updates', marker: true, show: true },
    { name: 'a premium member on /agb', profile: () => premium(), path: '/agb', marker: false, show: false },
    { name: 'a premium member on /contact-us', profile: () => premium(), path: '/contact-us', marker: false, show: false },
  ])('$name → $show', async ({ profile, path, marker, show }) => {
    if (marker) setAgeVerificationMarker();
    renderSite(path, setup({ profile: profile() }));
    if (show) {
      expect(await screen.findByRole('dialog', { name: 'Verify your age' })).toBeTruthy();
    } else {
      await ready();
      expect(screen.queryByRole('dialog', { name: 'Verify your age' })).toBeNull();
    }
  });

  it('back with ?age_verification=success: the success popup once, the profile refetched, the marker gone', async () => {
    setAgeVerificationMarker();
    const profile = vi.fn(() => premium({ age_verified: true }));
    const { location } = renderSite('/?age_verification=success', setup({ profile: premium(), routes: { get: { '/user/profile': profile } } }));
    expect(await screen.findByRole('dialog', { name: 'Thank you' })).toBeTruthy();
    expect(location().search).toBe('');
    await waitFor(() => expect(profile.mock.calls.length).toBeGreaterThanOrEqual(2));
    expect(hasAgeVerificationMarker()).toBe(false);
  });
});

describe('io variant (SPEC §1, §2)', () => {
  it('has exactly the landing, ladies and legal pages', () => {
    expect([...IO_PATHS].sort()).toEqual(['*', '/', '/agb', '/contact-us', '/dmca', '/ladies', '/prohibited_content', '/report']);
  });

  it('shows the landing page on /', async () => {
    setApprovedAge(true);
    renderSite('/', setup({ tld: 'io' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Stories worth staying in for.' })).toBeTruthy();
    expect(screen.queryByText('Not Found')).toBeNull();
  });

  it.each(['/videos', '/recent_updates', '/blog', '/no/such/page'])('answers %s with Not Found', async (path) => {
    setApprovedAge(true);
    renderSite(path, setup({ tld: 'io' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeTruthy();
  });

  it('translates Not Found', async () => {
    setApprovedAge(true);
    renderSite('/videos', setup({ tld: 'io', visit: { country: 'DE', is_international: false } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nicht gefunden' })).toBeTruthy();
  });

  it.each(['/ladies', '/agb', '/contact-us', '/report', '/dmca', '/prohibited_content'])('serves %s', async (path) => {
    setApprovedAge(true);
    renderSite(path, setup({ tld: 'io' }));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('Not Found')).toBeNull();
  });

  it('keeps a member on the io landing page without the members navigation', async () => {
    const { location } = renderSite('/', setup({ tld: 'io', profile: profileFixture() }));
    await screen.findByRole('heading', { level: 1, name: 'Stories worth staying in for.' });
    expect(location().pathname).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });
});

describe('ladies page and layouts', () => {
  it('/ladies uses the ladies layout', async () => {
    setApprovedAge(true);
    const { container } = renderSite('/ladies', setup());
    expect(await screen.findByRole('heading', { level: 1, name: 'Stories told with you in mind.' })).toBeTruthy();
    expect(container.querySelector('.site')?.getAttribute('data-layout')).toBe('ladies');
  });

  it('members get the member area', async () => {
    const { container } = renderSite('/recent_updates', setup({ profile: profileFixture() }));
    await ready();
    expect(container.querySelector('.site')?.getAttribute('data-layout')).toBe('member-area');
    expect(screen.getByTestId('layout-label').textContent).toBe('Member area');
  });

  it('remembers the theme chosen in the footer', async () => {
    const user = userEvent.setup();
    setApprovedAge(true);
    renderSite('/', setup());
    await user.selectOptions(await screen.findByTestId('theme-select'), 'peach');
    expect(document.documentElement.dataset.theme).toBe('peach');
    expect(document.cookie).toContain('theme=peach');
    document.documentElement.dataset.theme = 'dark';
    resetPopups();
  });
});

describe('company values (SPEC §1, §8)', () => {
  it('shows the company the server names in the footer', async () => {
    setApprovedAge(true);
    renderSite('/', setup({ company: () => ({ company: 'ch', values: DEFAULT_COMPANY_VALUES.ch }) }));
    await waitFor(() => expect(screen.getByTestId('footer-company').textContent).toContain('Velora Media Schweiz AG'));
  });

  it('falls back to the German variant when the call fails', async () => {
    setApprovedAge(true);
    renderSite('/', setup({ company: () => Promise.reject(new Error('down')) }));
    await waitFor(() => expect(mockedApi.post).toHaveBeenCalledWith('/feature/get_company', undefined, expect.anything()));
    await waitFor(() => expect(screen.getByTestId('footer-company').textContent).toContain('Velora Media GmbH'));
    expect(screen.getByTestId('footer-company').textContent).toContain('Musterstraße 12, 10115 Berlin, DE');
  });
});

describe('identity-provider sign-in (SPEC §1, §2, §4)', () => {
  function installGoogle() {
    let callback: ((response: { credential?: string }) => void) | null = null;
    const id = {
      initialize: vi.fn((config: { callback: (response: { credential?: string }) => void }) => {
        callback = config.callback;
      }),
      prompt: vi.fn(),
      cancel: vi.fn(),
      disableAutoSelect: vi.fn(),
      renderButton: vi.fn((parent: HTMLElement) => {
        const button = document.createElement('div');
        button.setAttribute('role', 'button');
        button.textContent = 'Sign in with Google';
        parent.appendChild(button);
      }),
    };
    (window as unknown as { google: unknown }).google = { accounts: { id } };
    return { id, credential: (token: string) => act(() => callback?.({ credential: token })) };
  }

  /** The library's script tag is on the page: let it "load". */
  async function libraryLoads() {
    const script = await waitFor(() => {
      const element = document.getElementById('third-party-identity-provider');
      if (!element) throw new Error('not yet');
      return element;
    });
    act(() => {
      script.dispatchEvent(new Event('load'));
    });
  }

  const signedIn = (redirect_url: string | null) => ({ access_token: 'google-session', token_type: 'Bearer', expires_at: 2_000_000_000, redirect_url });

  it('offers the button in the log-in dialog on the configured host', async () => {
    setApprovedAge(true);
    renderSite('/#log_in', setup({ host: 'velora.test', env: IDENTITY }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(await within(dialog).findByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
  });

  it('offers it in the sign-up dialog too', async () => {
    setApprovedAge(true);
    renderSite('/#sign_up', setup({ host: 'velora.test', env: IDENTITY }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    expect(await within(dialog).findByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
  });

  it('is absent on other hosts', async () => {
    setApprovedAge(true);
    renderSite('/#log_in', setup({ host: 'velora.io', env: IDENTITY }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(dialog).queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
    expect(document.getElementById('third-party-identity-provider')).toBeNull();
  });

  it('loads the library only after consent', async () => {
    setApprovedAge(true);
    renderSite('/#log_in', setup({ host: 'velora.test', env: IDENTITY, visit: { country: 'DE', isEUCountry: true } }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(dialog).getByText(/once you have answered the cookie question/)).toBeTruthy();
    expect(document.getElementById('third-party-identity-provider')).toBeNull();
    act(() => storeConsent({ analytics: false, marketing: false }));
    await waitFor(() => expect(document.getElementById('third-party-identity-provider')).not.toBeNull());
  });

  it.each([
    { name: "the server's redirect_url first", path: '/?redirect=%2Fpaywall', redirectUrl: '/playdates', target: '/playdates' },
    { name: 'then the redirect query', path: '/?redirect=%2Fpaywall', redirectUrl: null, target: '/paywall' },
    { name: 'else /?login=true (a member then lands on their landing URL)', path: '/', redirectUrl: null, target: '/recent_updates' },
  ])('signs in with the credential and goes to $name', async ({ path, redirectUrl, target }) => {
    setApprovedAge(true);
    const google = installGoogle();
    const signIn = vi.fn(() => signedIn(redirectUrl));
    const site = setup({ host: 'velora.test', env: IDENTITY, routes: { post: { '/auth/google': signIn }, get: { '/user/profile': () => profileFixture() } } });
    const { location } = renderSite(path, site);
    await ready();
    await libraryLoads();
    await waitFor(() => expect(google.id.prompt).toHaveBeenCalled());
    await google.credential('id-token-1');
    await waitFor(() => expect(location().pathname).toBe(target));
    expect(signIn).toHaveBeenCalledWith({ token: 'id-token-1', language: 'en', landing_id: null });
    expect(getAccessToken()).toBe('google-session');
    await waitFor(() => expect(google.id.cancel).toHaveBeenCalled());
  });

  it('fails silently: an error event, no message, still logged out', async () => {
    setApprovedAge(true);
    const google = installGoogle();
    const events: CustomEvent[] = [];
    const listener = (event: Event) => events.push(event as CustomEvent);
    window.addEventListener('identity-provider-error', listener);
    const rejected = new ApiError({ status: 401, statusText: 'Unauthorized', body: { error: { code: 'INVALID_TOKEN', message: 'bad token' } }, path: '/auth/google' });
    const site = setup({ host: 'velora.test', env: IDENTITY, routes: { post: { '/auth/google': () => Promise.reject(rejected) } } });
    const { location } = renderSite('/#log_in', site);
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await libraryLoads();
    await google.credential('bad-token');
    await waitFor(() => expect(events).toHaveLength(1));
    window.removeEventListener('identity-provider-error', listener);
    expect(events[0]?.detail).toMatchObject({ provider: 'google', stage: 'login' });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(getAccessToken()).toBeNull();
    expect(location().pathname).toBe('/');
  });
});

describe('sister domains and hand-over codes (SPEC §1, §4; decision record 030)', () => {
  const session = { access_token: 'main-session', token_type: 'Bearer', expires_at: FUTURE };
  /** The profile of whoever the stored token belongs to; none without a token. */
  const profileOfToken = vi.fn(() => profileFixture({ username: 'handed-over' }));

  it('asks a guest arriving with authToken before using the code, then logs in and the parameter leaves the URL', { timeout: 15_000 }, async () => {
    const exchange = vi.fn(() => session);
    const site = setup({
      routes: {
        get: { '/user/profile': profileOfToken },
        post: { '/auth/hand_over/owner': () => ({ username: 'handed-over' }), '/auth/hand_over/exchange': exchange },
      },
    });
    const { location } = renderSite('/recent_updates?authToken=sister-code&page=1', site);
    const dialog = await screen.findByRole('dialog', { name: 'Log in as handed-over?' });
    expect(location().search).not.toContain('sister-code');
    expect(getAccessToken()).toBeNull();
    expect(exchange).not.toHaveBeenCalled();

    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByTestId('account-username')).toBeTruthy();
    expect(mockedApi.post).toHaveBeenCalledWith('/auth/hand_over/exchange', { code: 'sister-code' });
    // The code is never stored as a session: the exchange answers a session of its own.
    expect(getAccessToken()).toBe('main-session');
    await waitFor(() => expect(`${location().pathname}${location().search}`).toBe('/recent_updates?page=1'));
  });

  it('a dead stored session gives way to the code, still after asking', async () => {
    setAccessToken('old-token');
    const profile = vi.fn(() => {
      if (getAccessToken() === 'old-token') {
        setAccessToken(null);
        return null;
      }
      return profileFixture();
    });
    const site = setup({
      routes: {
        get: { '/user/profile': profile },
        post: { '/auth/hand_over/owner': () => ({ username: 'member' }), '/auth/hand_over/exchange': () => session },
      },
    });
    renderSite('/recent_updates?authToken=fresh-code', site);
    const dialog = await screen.findByRole('dialog', { name: 'Log in as member?' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByTestId('account-username')).toBeTruthy();
    expect(getAccessToken()).toBe('main-session');
  });

  it('keeps a logged-in user who follows a link carrying another code, without asking', async () => {
    const site = setup({ profile: profileFixture(), routes: { post: { '/auth/hand_over/owner': () => ({ username: 'someone-else' }) } } });
    renderSite('/recent_updates?authToken=someone-elses-code', site);
    expect(await screen.findByTestId('account-username')).toBeTruthy();
    expect(getAccessToken()).toBe('member-token');
    expect(mockedApi.post).not.toHaveBeenCalledWith('/auth/hand_over/owner', expect.anything());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a code that no longer works leaves the guest a guest', async () => {
    const expired = new ApiError({ status: 400, statusText: 'Bad Request', body: { error: { code: 'VALIDATION_FAILED', message: 'expired', fields: { code: 'expired' } } }, path: '' });
    const site = setup({ routes: { post: { '/auth/hand_over/owner': () => Promise.reject(expired) } } });
    const { location } = renderSite('/recent_updates?authToken=old-code', site);
    // The guard's log-in dialog, as for any guest on a members' page; no "Log in as …?".
    await screen.findByRole('dialog', { name: 'Log in' });
    expect(location().search).not.toContain('old-code');
    expect(screen.queryByRole('dialog', { name: /Log in as/ })).toBeNull();
    expect(getAccessToken()).toBeNull();
  });
});

