import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_COMPANY_VALUES } from '@velora/shared';
import { describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { resetPopups } from '@/components/popups/popup-store';
import { storeConsent } from '@/features/compliance/consent-storage';
import { ApiError } from '@/lib/http';
import { getAccessToken, setAccessToken, setApprovedAge } from '@/lib/storage';
import { IO_PATHS } from '@/app/routes-io';
import { profileFixture } from '@/test/render-app';
import { mockedApi, IDENTITY, FUTURE, setup, renderSite, ready, isolateComplianceTests } from '@/test/compliance-test-setup';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

// The site variants (io, ladies), the company values, identity-provider sign-in and the hand-over codes of sister domains.

isolateComplianceTests();

describe('io variant (product §1, §2)', () => {
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

describe('company values (product §1, §8)', () => {
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

describe('identity-provider sign-in (product §1, §2, §4)', () => {
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

describe('sister domains and hand-over codes (product §1, §4; decision record 030)', () => {
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
