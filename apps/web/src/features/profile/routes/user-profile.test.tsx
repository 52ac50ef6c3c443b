import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getPopupStates, resetPopups } from '@/components/popups/popup-store';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { getCookie, STORAGE_KEYS } from '@/lib/storage';
import { accountOf, profileOf, refusal, renderWithAccount } from '../test/render';
import UserProfileRoute from './user-profile';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = vi.mocked(api);
const NOW = Date.parse('2030-05-01T12:00:00Z');

function withRoles(tokens: string[]) {
  mockedApi.get.mockImplementation((path: string) => (path === '/roles' ? Promise.resolve(tokens.map((token) => ({ token }))) : Promise.reject(new Error(`Unexpected GET ${path}`))));
}

function renderOverview(profile = profileOf()) {
  const account = accountOf(profile);
  return { account, ...renderWithAccount(<UserProfileRoute />, account) };
}

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
  withRoles([]);
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('profile overview', () => {
  it('shows the avatar, the names, the address and the coins', async () => {
    renderOverview();
    expect(screen.getByRole('heading', { level: 1, name: 'member' })).toBeTruthy();
    expect(screen.getByText('Chat name: Chatty')).toBeTruthy();
    const avatar = screen.getByRole('button', { name: 'Change your avatar' });
    expect(avatar.querySelector('img')!.getAttribute('src')).toBe('https://cdn.example.test/media/avatars/5.svg');
    expect(screen.getByTestId('profile-email').textContent).toBe('member@example.test');
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.getByTestId('coins').textContent).toBe('1,250');
    expect(screen.getByRole('link', { name: 'Account settings' }).getAttribute('href')).toBe('/user-profile/settings');
  });

  it('opens the change-avatar popup from the avatar', async () => {
    const user = userEvent.setup();
    renderOverview();
    await user.click(screen.getByRole('button', { name: 'Change your avatar' }));
    expect(getPopupStates()['change-avatar']?.show).toBe(true);
  });

  it('shows a free member the way to premium', () => {
    renderOverview(profileOf({ premium_until: null }));
    const status = screen.getByTestId('membership-status');
    expect(status.textContent).toContain('Free member');
    expect(within(status).getByRole('link', { name: 'Become premium' }).getAttribute('href')).toBe('/paywall');
  });

  it('shows premium until a date in the page language, and the subscription', () => {
    const until = Math.floor(Date.parse('2030-06-15T10:00:00Z') / 1000);
    renderOverview(profileOf({ premium_until: until, subscription: { type: { name: 'Monthly', token: 'monthly', period: 'MONTH', period_count: 1 } } }));
    const status = screen.getByTestId('membership-status');
    expect(status.textContent).toContain('Premium');
    expect(status.textContent).toContain('until June 15, 2030');
    expect(within(status).queryByRole('link')).toBeNull();
    // Named by its duration in the page language, not by the plan's stored name.
    expect(screen.getByTestId('subscription-name').textContent).toBe('1 month');
  });

  it('counts an expired premium as a free member', () => {
    renderOverview(profileOf({ premium_until: Math.floor(NOW / 1000) - 60 }));
    expect(screen.getByTestId('membership-status').textContent).toContain('Free member');
  });

  it('offers to send the verification email for an unverified address', async () => {
    const user = userEvent.setup();
    mockedApi.post.mockResolvedValue({ status: 'ok' });
    renderOverview(profileOf({ email_verified: false }));
    expect(screen.getByTestId('email-not-verified').textContent).toBe('Not verified');
    await user.click(screen.getByRole('button', { name: 'Send verification email' }));
    expect(await screen.findByText('We sent a confirmation link to member@example.test. Open it to verify your address.')).toBeTruthy();
    expect(mockedApi.post).toHaveBeenCalledWith('/user/verification_email');
  });

  it('says when too many verification emails were asked for', async () => {
    const user = userEvent.setup();
    mockedApi.post.mockRejectedValue(refusal(429, 'Too many confirmation mails. Try again in 40 minutes.'));
    renderOverview(profileOf({ email_verified: false }));
    await user.click(screen.getByRole('button', { name: 'Send verification email' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please try again in 40 minutes.');
  });

  it('shows a loading state, then an error with a retry', async () => {
    const user = userEvent.setup();
    const loading = renderWithAccount(<UserProfileRoute />, accountOf(null, { isPending: true }));
    expect(screen.getByRole('status', { name: 'Loading your profile' })).toBeTruthy();
    loading.unmount();
    const account = accountOf(null, { isError: true });
    renderWithAccount(<UserProfileRoute />, account);
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(account.retry).toHaveBeenCalledTimes(1);
  });
});

describe('roles (product §6)', () => {
  it('shows nothing for an account without roles', async () => {
    renderOverview();
    await waitFor(() => expect(mockedApi.get).toHaveBeenCalledWith('/roles', undefined, expect.anything()));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading your roles' })).toBeNull());
    expect(screen.queryByTestId('roles-card')).toBeNull();
  });

  it('shows the active roles as badges, with a switch for each role that grants something', async () => {
    withRoles(['retagger', 'writer', 'censored']);
    renderOverview();
    const badges = await screen.findByTestId('active-roles');
    expect(within(badges).getAllByText(/./).map((b) => b.textContent)).toEqual(['Retagger', 'Writer', 'Restricted viewer']);
    for (const name of ['Retagger', 'Writer']) {
      expect((screen.getByRole('switch', { name }) as HTMLInputElement).checked).toBe(true);
    }
    // A restriction the site imposes is not the user's to lift (decision 029).
    expect(screen.queryByRole('switch', { name: 'Restricted viewer' })).toBeNull();
  });

  it('switching a role off writes the cookie, hides it from the active roles and refetches what is shown', async () => {
    const user = userEvent.setup();
    withRoles(['retagger', 'writer']);
    const { queryClient } = renderOverview();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await screen.findByTestId('active-roles');
    await user.click(screen.getByRole('switch', { name: 'Writer' }));
    expect(getCookie(STORAGE_KEYS.disabledRoles)).toBe('writer');
    expect(within(screen.getByTestId('active-roles')).queryByText('Writer')).toBeNull();
    expect(within(screen.getByTestId('active-roles')).getByText('Retagger')).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Writer' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('Writer is switched off in this browser.')).toBeTruthy();
    expect(invalidate).toHaveBeenCalled();

    await user.click(screen.getByRole('switch', { name: 'Writer' }));
    expect(getCookie(STORAGE_KEYS.disabledRoles)).toBeNull();
    expect(within(screen.getByTestId('active-roles')).getByText('Writer')).toBeTruthy();
  });

  it('shows an error with a retry when the roles cannot be loaded', async () => {
    const user = userEvent.setup();
    mockedApi.get.mockRejectedValueOnce(refusal(500, 'down'));
    renderOverview();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your roles could not be loaded.');
    withRoles(['writer']);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('active-roles')).toBeTruthy();
  });
});
