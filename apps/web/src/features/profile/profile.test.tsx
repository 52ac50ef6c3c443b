import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPopups } from '@/components/popups/popup-store';
import { resetEmailChangeConfirmations } from '@/features/profile/components/email-change-confirmation';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { getProfileMenuFolded, setAccessToken, setProfileMenuFolded } from '@/lib/storage';
import type { ApiMock, FakeRoutes } from '@/test/render-app';
import { fakeSite, profileFixture, renderApp } from '@/test/render-app';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = api as unknown as ApiMock;

function member(profile: () => Profile, routes: FakeRoutes = {}) {
  setAccessToken('member-token');
  fakeSite(mockedApi, { ...routes, get: { '/user/profile': profile, '/roles': () => [], ...routes.get } });
}

const headerAvatar = () => screen.getByRole('group', { name: 'Account' }).querySelector('img.account__avatar')!;

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
  resetEmailChangeConfirmations();
});
afterEach(() => {
  setAccessToken(null);
});

describe('the profile pages in the app', () => {
  it('/user-profile shows the overview and /user-profile/settings the settings', async () => {
    member(() => profileFixture());
    const first = renderApp('/user-profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'member' })).toBeTruthy();
    first.unmount();
    renderApp('/user-profile/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeTruthy();
    expect(await screen.findByTestId('username-form')).toBeTruthy();
  });

  it('changing the avatar in the popup refreshes the header too', async () => {
    const user = userEvent.setup();
    let current = profileFixture({ avatar: null, avatar_url: '/media/avatars/default.svg' });
    member(() => current, {
      post: {
        '/user/change_avatar': (body) => {
          const avatar = (body as { avatar: number | null }).avatar;
          current = { ...current, avatar, avatar_url: `/media/avatars/${String(avatar)}.svg` };
          return { status: 'ok' };
        },
      },
    });
    renderApp('/user-profile');
    await user.click(await screen.findByRole('button', { name: 'Change your avatar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose your avatar' });
    await user.click(within(dialog).getByRole('radio', { name: 'Avatar 8' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save avatar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(headerAvatar().getAttribute('src')).toBe('/media/avatars/8.svg'));
    expect(screen.getByRole('button', { name: 'Change your avatar' }).querySelector('img')!.getAttribute('src')).toBe('/media/avatars/8.svg');
  });
});

describe('the profile menu in the header', () => {
  it('shows the avatar, links to the profile pages and remembers being folded', async () => {
    const user = userEvent.setup();
    member(() => profileFixture({ avatar: 3, avatar_url: '/media/avatars/3.svg' }));
    const first = renderApp('/videos');
    await screen.findByTestId('account-username');
    expect(headerAvatar().getAttribute('src')).toBe('/media/avatars/3.svg');
    expect(screen.getByTestId('account-profile-link').getAttribute('href')).toBe('/user-profile');
    const toggle = screen.getByRole('button', { name: 'Profile menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByTestId('profile-menu');
    expect(within(menu).getByRole('link', { name: 'Account settings' }).getAttribute('href')).toBe('/user-profile/settings');
    expect(within(menu).getByRole('link', { name: 'My profile' }).getAttribute('href')).toBe('/user-profile');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(menu.hidden).toBe(true);
    expect(getProfileMenuFolded()).toBe(true);
    first.unmount();

    renderApp('/videos');
    await screen.findByTestId('account-username');
    expect(screen.getByRole('button', { name: 'Profile menu' }).getAttribute('aria-expanded')).toBe('false');
    setProfileMenuFolded(false);
  });
});

describe('the mailed link of an email change', () => {
  it('is confirmed for a member sent from / to their landing page', async () => {
    member(() => profileFixture(), { post: { '/user/confirm_email_change': () => ({ status: 'ok' }) } });
    const { location } = renderApp('/?confirm_email=tok-7');
    const dialog = await screen.findByRole('dialog', { name: 'New email address' });
    expect(await within(dialog).findByText('Your new email address is confirmed and now in use.')).toBeTruthy();
    expect(`${location().pathname}${location().search}`).toBe('/recent_updates');
    expect(mockedApi.post.mock.calls.filter(([path]) => path === '/user/confirm_email_change').map(([, body]) => body)).toEqual([{ token: 'tok-7' }]);
  });
});
