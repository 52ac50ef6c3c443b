import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { resetPopups } from '@/components/popups/popup-store';
import { clearPendingLogin } from '@/features/auth/pending-login';
import { ApiError, api } from '@/lib/http';
import { getAccessToken, getLanguage, setAccessToken, setLanguage } from '@/lib/storage';
import type { ApiMock } from '@/test/render-app';
import { fakeApi, profileFixture, renderApp, tagsFixture, unauthorized, videoListFixture, visitFixture } from '@/test/render-app';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = api as unknown as ApiMock;

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
  document.documentElement.lang = 'en-US';
});

afterEach(() => {
  setAccessToken(null);
  clearPendingLogin();
});

/** A visitor: no token, so the profile is never requested. */
function asVisitor(extra: Parameters<typeof fakeApi>[1] = {}) {
  fakeApi(mockedApi, {
    get: { '/track/visit': () => visitFixture(), ...extra.get },
    post: { ...extra.post },
  });
}

function asMember(extra: Parameters<typeof fakeApi>[1] = {}, profile = profileFixture()) {
  setAccessToken('member-token');
  fakeApi(mockedApi, {
    get: {
      '/track/visit': () => visitFixture(),
      '/user/profile': () => profile,
      '/videos': () => videoListFixture(),
      '/videos/tags': () => tagsFixture,
      ...extra.get,
    },
    post: { '/auth/logout': () => ({}), '/user/lang': () => ({ status: 'ok' }), ...extra.post },
  });
}

describe('route guards', () => {
  it('sends a visitor on /videos to /?redirect=%2Fvideos#log_in with the log-in dialog open', async () => {
    asVisitor();
    const { url } = renderApp('/videos');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(url()).toBe('/?redirect=%2Fvideos#log_in');
    expect(within(dialog).getByRole('textbox', { name: 'Username or email' })).toBeTruthy();
    expect(within(dialog).getByLabelText('Password')).toBeTruthy();
    expect(mockedApi.get).not.toHaveBeenCalledWith('/videos', expect.anything(), expect.anything());
  });

  it('keeps the query in the redirect', async () => {
    asVisitor();
    const { url } = renderApp('/videos?order=oldest&page=2');
    await screen.findByRole('dialog', { name: 'Log in' });
    expect(url()).toBe(`/?redirect=${encodeURIComponent('/videos?order=oldest&page=2')}#log_in`);
  });

  it('clamps a page query below 1 to 1', async () => {
    asMember();
    const { location } = renderApp('/videos?page=-3&order=oldest');
    await screen.findByRole('heading', { level: 1, name: 'Videos' });
    expect(new URLSearchParams(location().search).get('page')).toBe('1');
    expect(new URLSearchParams(location().search).get('order')).toBe('oldest');
  });

  it('redirects a member from / to their landing URL', async () => {
    asMember();
    const { location } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Recent updates' });
    expect(location().pathname).toBe('/recent_updates');
  });

  it('skips law-limited routes for users with law limitations', async () => {
    asMember({}, profileFixture({ law_limitations: ['country:SE'] }));
    const { location } = renderApp('/cameras');
    await screen.findByRole('heading', { level: 1, name: 'Recent updates' });
    expect(location().pathname).toBe('/recent_updates');
  });

  it('sends non-premium users away from premium routes with a redirect query', async () => {
    asMember();
    const { location } = renderApp('/private-playdate/5');
    await screen.findByRole('heading', { level: 1, name: 'Recent updates' });
    expect(`${location().pathname}${location().search}`).toBe('/recent_updates?redirect=%2Fprivate-playdate%2F5');
  });

  it('forwards /join to / keeping the query', async () => {
    asVisitor();
    const { location } = renderApp('/join?campaign=spring');
    await screen.findByRole('heading', { level: 1, name: 'Stories worth staying in for.' });
    expect(`${location().pathname}${location().search}`).toBe('/?campaign=spring');
  });
});

describe('titles and fallbacks', () => {
  it('titles the page with the product and the translated section', async () => {
    asMember();
    renderApp('/videos');
    await screen.findByRole('heading', { level: 1, name: 'Videos' });
    await waitFor(() => expect(document.title).toBe('Velora – Videos'));
  });

  it('shows a translated Not Found page for unknown paths', async () => {
    // Unknown paths are looked up as custom pages first; the server knows none here.
    const notFound = new ApiError({ status: 404, statusText: 'Not Found', body: { error: { code: 'NOT_FOUND', message: 'No such page' } }, path: '/pages/no/such/page' });
    asVisitor({
      get: {
        '/pages/no/such/page': () => {
          throw notFound;
        },
      },
    });
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Velora – Page not found'));
  });
});

describe('log-in dialog', () => {
  it('logs in, stores the token and goes to the redirect target', async () => {
    const user = userEvent.setup();
    let loggedIn = false;
    fakeApi(mockedApi, {
      get: {
        '/track/visit': () => visitFixture(),
        '/user/profile': () => {
          if (!loggedIn) throw unauthorized();
          return profileFixture();
        },
        '/videos': () => videoListFixture(),
        '/videos/tags': () => tagsFixture,
      },
      post: {
        '/auth/login': () => {
          loggedIn = true;
          return { access_token: 'fresh-token', token_type: 'Bearer', expires_at: 2_000_000_000 };
        },
      },
    });
    const { location } = renderApp('/?redirect=%2Fvideos#log_in');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Username or email' }), 'member');
    await user.type(within(dialog).getByLabelText('Password'), 'demo-password');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));

    await screen.findByRole('heading', { level: 1, name: 'Videos' });
    expect(location().pathname).toBe('/videos');
    expect(location().hash).toBe('');
    expect(mockedApi.post).toHaveBeenCalledWith('/auth/login', { username: 'member', password: 'demo-password' });
    expect(getAccessToken()).toBe('fresh-token');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('logout-button')).toBeTruthy();
  });

  it('goes to the landing URL when there is no redirect', async () => {
    const user = userEvent.setup();
    fakeApi(mockedApi, {
      get: {
        '/track/visit': () => visitFixture(),
        '/user/profile': () => profileFixture({ features: { landing_redirect: { is_active: true, version: null, settings: {} } } }),
      },
      post: { '/auth/login': () => ({ access_token: 't', token_type: 'Bearer', expires_at: 2_000_000_000 }) },
    });
    const { location } = renderApp('/#log_in');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Username or email' }), 'member');
    await user.type(within(dialog).getByLabelText('Password'), 'demo-password');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location().pathname).toBe('/feeds'));
  });

  it('shows the wrong-password message and stays open', async () => {
    const user = userEvent.setup();
    asVisitor({
      post: {
        '/auth/login': () => {
          throw new ApiError({ status: 401, statusText: 'Unauthorized', body: { error: { code: 'INVALID_CREDENTIALS', message: 'Wrong username or password' } }, path: '/auth/login' });
        },
      },
    });
    const { location } = renderApp('/#log_in');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Username or email' }), 'member');
    await user.type(within(dialog).getByLabelText('Password'), 'nope-nope');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Wrong username or password');
    expect(location().hash).toBe('#log_in');
    expect(getAccessToken()).toBeNull();
  });

  it('shows the rate-limit message of the server', async () => {
    const user = userEvent.setup();
    const message = 'Too many failed log-in attempts. Try again in 15 minutes.';
    asVisitor({
      post: {
        '/auth/login': () => {
          throw new ApiError({ status: 429, statusText: 'Too Many Requests', body: { error: { code: 'TOO_MANY_REQUESTS', message } }, path: '/auth/login' });
        },
      },
    });
    renderApp('/#log_in');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Username or email' }), 'member');
    await user.type(within(dialog).getByLabelText('Password'), 'whatever');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
  });

  it('validates empty fields without calling the server', async () => {
    const user = userEvent.setup();
    asVisitor();
    renderApp('/#log_in');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect((await within(dialog).findAllByText('This field is required.')).length).toBe(2);
    // Nothing but the start-up company lookup (product §1) went to the server.
    expect(mockedApi.post.mock.calls.filter(([path]) => path !== '/feature/get_company')).toEqual([]);
  });

  it('closing the dialog removes the hash and keeps the query', async () => {
    const user = userEvent.setup();
    asVisitor();
    const { url } = renderApp('/?redirect=%2Fvideos#log_in');
    await screen.findByRole('dialog', { name: 'Log in' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(url()).toBe('/?redirect=%2Fvideos');
  });
});

describe('session', () => {
  it('treats a 401 on the profile as logged out, without an error', async () => {
    setAccessToken('expired');
    fakeApi(mockedApi, {
      get: {
        '/track/visit': () => visitFixture(),
        '/user/profile': () => {
          throw unauthorized();
        },
      },
    });
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(getAccessToken()).toBeNull();
  });

  it('logs out: server call, token cleared, landing with logout=true', async () => {
    const user = userEvent.setup();
    asMember();
    const { location } = renderApp('/videos');
    await user.click(await screen.findByTestId('logout-button'));
    await screen.findByRole('heading', { level: 1, name: 'Stories worth staying in for.' });
    expect(`${location().pathname}${location().search}`).toBe('/?logout=true');
    expect(mockedApi.post).toHaveBeenCalledWith('/auth/logout');
    expect(getAccessToken()).toBeNull();
    expect(screen.getByText('You have been logged out. See you soon.')).toBeTruthy();
  });

  it('an unhandled 401 for a logged-in user logs out and asks for a log-in', async () => {
    asMember({
      get: {
        '/videos': () => {
          throw unauthorized();
        },
      },
    });
    const { url } = renderApp('/videos?order=oldest');
    await screen.findByRole('dialog', { name: 'Log in' });
    expect(url()).toBe(`/?redirect=${encodeURIComponent('/videos?order=oldest')}#log_in`);
    expect(getAccessToken()).toBeNull();
  });

  it('asks a guest with ?hash= "Log in as …?" and logs in only when they confirm', { timeout: 15_000 }, async () => {
    fakeApi(mockedApi, {
      get: { '/track/visit': () => visitFixture(), '/user/profile': () => profileFixture(), '/videos': () => videoListFixture({ page: 2 }) },
      post: {
        '/auth/login_by_hash/owner': () => ({ username: 'ada' }),
        '/auth/login_by_hash': () => ({ access_token: 'by-hash', token_type: 'Bearer', expires_at: 2_000_000_000 }),
      },
    });
    const { location } = renderApp('/recent_updates?hash=one-click&page=2');
    const dialog = await screen.findByRole('dialog', { name: 'Log in as ada?' });
    // The link leaves the URL at once (the guest waits on the log-in page the guard chose), nothing is logged in yet,
    // and the safe answer has the focus.
    expect(location().search).not.toContain('one-click');
    expect(mockedApi.post).toHaveBeenCalledWith('/auth/login_by_hash/owner', { hash: 'one-click' });
    expect(mockedApi.post).not.toHaveBeenCalledWith('/auth/login_by_hash', expect.anything());
    expect(getAccessToken()).toBeNull();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    // The account is named in the explanation too, not only in the title.
    expect(within(dialog).getByText('This link logs you into the account ada. Only continue if it is yours.')).toBeTruthy();

    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(getAccessToken()).toBe('by-hash'));
    expect(mockedApi.post).toHaveBeenCalledWith('/auth/login_by_hash', { hash: 'one-click' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log in as ada?' })).toBeNull());
    expect(`${location().pathname}${location().search}`).toBe('/recent_updates?page=2');
  });

  it('a guest who cancels the one-click log-in stays a guest and the link stays unused', async () => {
    asVisitor({ post: { '/auth/login_by_hash/owner': () => ({ username: 'mallory' }) } });
    renderApp('/?hash=someone-elses-link');
    const dialog = await screen.findByRole('dialog', { name: 'Log in as mallory?' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log in as mallory?' })).toBeNull());
    expect(mockedApi.post).not.toHaveBeenCalledWith('/auth/login_by_hash', expect.anything());
    expect(getAccessToken()).toBeNull();
  });

  it('a logged-in member following a one-click link keeps their session and is not asked', async () => {
    asMember({ post: { '/auth/login_by_hash/owner': () => ({ username: 'mallory' }) } });
    renderApp('/recent_updates?hash=someone-elses-link');
    await screen.findByRole('heading', { level: 1, name: 'Recent updates' });
    expect(mockedApi.post).not.toHaveBeenCalledWith('/auth/login_by_hash/owner', expect.anything());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tracks the visit once with the referrer and the page query, never credentials', async () => {
    asVisitor({
      get: {
        '/user/profile': () => {
          throw unauthorized();
        },
      },
    });
    renderApp('/?utm_source=newsletter&authToken=secret');
    await screen.findByRole('heading', { level: 1 });
    const visitCalls = mockedApi.get.mock.calls.filter(([path]) => path === '/track/visit');
    expect(visitCalls).toHaveLength(1);
    expect(visitCalls[0]?.[1]).toEqual({ utm_source: 'newsletter', referrer: '' });
  });

  it('an expired one-click link opens the log-in dialog and says why', async () => {
    asVisitor({
      post: {
        '/auth/login_by_hash/owner': () => {
          throw new ApiError({ status: 400, statusText: 'Bad Request', body: { error: { code: 'VALIDATION_FAILED', message: 'expired', fields: { hash: 'expired' } } }, path: '' });
        },
      },
    });
    const { url } = renderApp('/videos?hash=old-link');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(url()).toBe('/?login_link=expired&redirect=%2Fvideos#log_in');
    expect(within(dialog).getByText('This log-in link is invalid or has expired. Log in with your password instead.')).toBeTruthy();
  });
});

describe('language', () => {
  it('uses the stored language at start and marks the page with it', async () => {
    setLanguage('de');
    asVisitor();
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Geschichten, für die man gern zu Hause bleibt.' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de-DE');
  });

  it('picks German on a first visit from a German-speaking country', async () => {
    fakeApi(mockedApi, { get: { '/track/visit': () => visitFixture({ country: 'DE', is_international: false }) } });
    renderApp('/');
    await screen.findByRole('button', { name: 'Anmelden' });
    expect(document.documentElement.lang).toBe('de-DE');
    expect(getLanguage()).toBeNull();
  });

  it('offers French only when the french feature is active', async () => {
    asVisitor();
    renderApp('/');
    const select = await screen.findByTestId('language-select');
    expect([...select.querySelectorAll('option')].map((o) => o.value)).toEqual(['en', 'de']);
  });

  it('changing language stores it, sets <html lang> and posts it for a logged-in user', async () => {
    const user = userEvent.setup();
    asMember({ get: { '/track/visit': () => visitFixture({ features: { french: { is_active: true, version: null, settings: {} } } }) } });
    renderApp('/videos');
    const select = await screen.findByRole('combobox', { name: 'Language' });
    await user.selectOptions(select, 'fr');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vidéos' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr-FR');
    expect(getLanguage()).toBe('fr');
    expect(mockedApi.post).toHaveBeenCalledWith('/user/lang', { lang: 'fr' });
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Velora – Vidéos'));
  });

  it('does not post the language for a visitor', async () => {
    const user = userEvent.setup();
    asVisitor();
    renderApp('/');
    await user.selectOptions(await screen.findByTestId('language-select'), 'de');
    await screen.findByRole('button', { name: 'Registrieren' });
    expect(document.documentElement.lang).toBe('de-DE');
    expect(mockedApi.post).not.toHaveBeenCalledWith('/user/lang', expect.anything());
  });
});
