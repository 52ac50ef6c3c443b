import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { resetPopups, showPopup } from '@/components/popups/popup-store';
import { ApiError, api } from '@/lib/http';
import { STORAGE_KEYS, getAccessToken, setAccessToken } from '@/lib/storage';
import type { ApiMock, FakeRoutes } from '@/test/render-app';
import { fakeApi, profileFixture, renderApp, videoListFixture, visitFixture } from '@/test/render-app';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = api as unknown as ApiMock;
/** The live checks wait for typing to pause; a loaded machine needs some slack. */
const LIVE_CHECK = { timeout: 4000 };
const visitor = (routes: FakeRoutes = {}) =>
  fakeApi(mockedApi, { get: { '/track/visit': () => visitFixture(), ...routes.get }, post: { ...routes.post } });

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
});
afterEach(() => setAccessToken(null));

describe('sign-up dialog', () => {
  it('checks username and email live, then logs the new member in', async () => {
    const user = userEvent.setup();
    let registered = false;
    // The token's cookie ends when the token does (the answer's expires_at), not a year later.
    const expiresAt = Math.floor(Date.now() / 1000) + 3 * 24 * 3600;
    const cookieWrites = vi.spyOn(document, 'cookie', 'set');
    visitor({
      get: {
        '/user/profile': () => profileFixture({ username: 'newcomer' }),
        '/videos': () => videoListFixture(),
      },
      post: {
        '/user/validate_username': (body) =>
          (body as { username: string }).username === 'taken_name'
            ? { valid: false, reason: 'taken', message: 'This username is taken' }
            : { valid: true, reason: null, message: null },
        '/user/validate_email': () => ({ valid: true, reason: null, message: null }),
        '/auth/register': () => {
          registered = true;
          return { access_token: 'new-token', token_type: 'Bearer', expires_at: expiresAt };
        },
      },
    });
    const { location } = renderApp('/#sign_up');
    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    const username = within(dialog).getByRole('textbox', { name: 'Username' });
    await user.type(username, 'taken_name');
    expect(await within(dialog).findByText('This username is already taken.', {}, LIVE_CHECK)).toBeTruthy();
    await user.clear(username);
    await user.type(username, 'newcomer');
    expect(await within(dialog).findByText('This username is available.', {}, LIVE_CHECK)).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'new@example.test');
    await user.type(within(dialog).getByLabelText('Password'), 'long-enough-password');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(location().pathname).toBe('/recent_updates'), LIVE_CHECK);
    expect(registered).toBe(true);
    expect(mockedApi.post).toHaveBeenCalledWith('/auth/register', {
      username: 'newcomer',
      email: 'new@example.test',
      password: 'long-enough-password',
      language: 'en',
    });
    expect(getAccessToken()).toBe('new-token');
    const tokenWrite = cookieWrites.mock.calls.map(([c]) => c).find((c) => c.startsWith(`${STORAGE_KEYS.accessToken}=`));
    expect(tokenWrite).toContain(`expires=${new Date(expiresAt * 1000).toUTCString()}`);
    cookieWrites.mockRestore();
  }, 15_000);

  it('shows per-field messages from a 409', async () => {
    const user = userEvent.setup();
    visitor({
      post: {
        '/user/validate_username': () => ({ valid: true, reason: null, message: null }),
        '/user/validate_email': () => ({ valid: true, reason: null, message: null }),
        '/auth/register': () => {
          throw new ApiError({ status: 409, statusText: 'Conflict', body: { error: { code: 'CONFLICT', message: 'taken', fields: { email: 'taken' } } }, path: '/auth/register' });
        },
      },
    });
    renderApp('/#sign_up');
    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'someone');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'used@example.test');
    await user.type(within(dialog).getByLabelText('Password'), 'long-enough-password');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await within(dialog).findByText('An account with this email address already exists.')).toBeTruthy();
  });

  it('tells when the live checks or the sign-ups of the address are over their limit (429)', async () => {
    const user = userEvent.setup();
    const limited = (path: string) => () => {
      throw new ApiError({ status: 429, statusText: 'Too Many Requests', body: { error: { code: 'TOO_MANY_REQUESTS', message: 'Too many' } }, path });
    };
    visitor({
      post: {
        '/user/validate_username': limited('/user/validate_username'),
        '/user/validate_email': () => ({ valid: true, reason: null, message: null }),
        '/auth/register': limited('/auth/register'),
      },
    });
    renderApp('/#sign_up');
    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'someone');
    expect(await within(dialog).findByText('Too many checks for now: it will be checked when you submit.', {}, LIVE_CHECK)).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'someone@example.test');
    await user.type(within(dialog).getByLabelText('Password'), 'long-enough-password');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await within(dialog).findByText('Too many accounts were created from your network recently. Please try again in an hour.')).toBeTruthy();
  }, 15_000);

  it('switches between the log-in and sign-up dialogs', async () => {
    const user = userEvent.setup();
    visitor();
    const { location } = renderApp('/?redirect=%2Fvideos#log_in');
    const login = await screen.findByRole('dialog', { name: 'Log in' });
    await user.click(within(login).getByRole('link', { name: 'Sign up' }));
    expect(await screen.findByRole('dialog', { name: 'Sign up' })).toBeTruthy();
    expect(location().search).toBe('?redirect=%2Fvideos');
  });
});

describe('/forgot_password', () => {
  it('answers neutrally after sending a username or an email', async () => {
    const user = userEvent.setup();
    visitor({ post: { '/auth/forgot_password': () => ({ status: 'ok' }) } });
    renderApp('/forgot_password');
    await user.type(await screen.findByRole('textbox', { name: 'Username or email' }), 'someone@example.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })).toBeTruthy();
    expect(mockedApi.post).toHaveBeenCalledWith('/auth/forgot_password', { username: null, email: 'someone@example.test' });
  });
});

describe('/reset_password', () => {
  it('sets a new password and offers a log-in', async () => {
    const user = userEvent.setup();
    visitor({ post: { '/auth/reset_password': () => ({ status: 'ok' }) } });
    const { location } = renderApp('/reset_password?reset_key=abc');
    await user.type(await screen.findByLabelText('New password'), 'a-new-password');
    await user.type(screen.getByLabelText('Repeat new password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your password has been changed' })).toBeTruthy();
    expect(mockedApi.post).toHaveBeenCalledWith('/auth/reset_password', { password: 'a-new-password', reset_key: 'abc' });
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
    expect(location().hash).toBe('#log_in');
  });

  it('checks that both passwords match', async () => {
    const user = userEvent.setup();
    visitor();
    renderApp('/reset_password?reset_key=abc');
    await user.type(await screen.findByLabelText('New password'), 'a-new-password');
    await user.type(screen.getByLabelText('Repeat new password'), 'another-password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    // Nothing but the start-up company lookup (product §1) went to the server.
    expect(mockedApi.post.mock.calls.filter(([path]) => path !== '/feature/get_company')).toEqual([]);
  });

  it('shows the invalid-key message from the server', async () => {
    const user = userEvent.setup();
    visitor({
      post: {
        '/auth/reset_password': () => {
          throw new ApiError({ status: 400, statusText: 'Bad Request', body: { error: { code: 'VALIDATION_FAILED', message: 'x', fields: { reset_key: 'This link is invalid or has expired. Ask for a new one.' } } }, path: '' });
        },
      },
    });
    renderApp('/reset_password?reset_key=old');
    await user.type(await screen.findByLabelText('New password'), 'a-new-password');
    await user.type(screen.getByLabelText('Repeat new password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('This link is invalid or has expired. Ask for a new one.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot_password');
  });
});

describe('popups', () => {
  it('the popup store opens the sign-up popup, and navigation closes it', async () => {
    const user = userEvent.setup();
    visitor();
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Stories worth staying in for.' });
    act(() => showPopup('signup'));
    expect(await screen.findByRole('dialog', { name: 'Sign up' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    act(() => showPopup('signup'));
    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    expect(dialog).toBeTruthy();
    // Following a link inside the popup navigates: every popup closes (product §2).
    fakeApi(mockedApi, { get: { '/track/visit': () => visitFixture() } });
    await user.click(within(dialog).getByRole('link', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Sign up' })).toBeNull();
  });
});
