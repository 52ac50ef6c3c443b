import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPopups } from '@/components/popups/popup-store';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { getAccessToken, setAccessToken } from '@/lib/storage';
import type { ApiMock } from '@/test/render-app';
import { fakeSite, profileFixture, renderApp } from '@/test/render-app';
import { PHONE_HEADER_QUERY } from './site-header';

// The phone header (decision 044): one short bar whose menu holds the navigation and the whole account.

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = api as unknown as ApiMock;
const originalMatchMedia = window.matchMedia;

/** A phone: the header's media query matches (jsdom has no matchMedia of its own). */
function onAPhone() {
  window.matchMedia = ((query: string) => ({
    matches: query === PHONE_HEADER_QUERY,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

function signedIn(profile: Profile) {
  setAccessToken('member-token');
  fakeSite(mockedApi, {
    get: { '/user/profile': () => profile, '/roles': () => [], '/coins/packages': () => [] },
    post: { '/auth/logout': () => ({}) },
  });
}

const menuButton = () => screen.getByRole('button', { name: 'Menu' });
const menu = () => screen.getByTestId('header-menu');
/** The whole app's first render is slow on a busy machine: wait longer than findBy's second. */
const videosPage = () => screen.findByRole('heading', { level: 1, name: 'Videos' }, { timeout: 15_000 });

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
  onAPhone();
});

afterEach(() => {
  window.matchMedia = originalMatchMedia;
  setAccessToken(null);
});

describe('the phone header menu', { timeout: 20_000 }, () => {
  it('is one closed button in the bar, with no navigation or log-out beside it', async () => {
    signedIn(profileFixture());
    renderApp('/videos');
    await videosPage();
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(menu().hidden).toBe(true);
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it('opens with the navigation, the favourites, messages, the account pages, coins, the language and log-out', async () => {
    const user = userEvent.setup();
    signedIn(profileFixture({ premium_until: Math.floor(Date.now() / 1000) + 86_400, coins: 250 }));
    renderApp('/videos');
    await videosPage();
    await user.click(menuButton());

    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    const panel = menu();
    expect(panel.hidden).toBe(false);
    const nav = within(panel).getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Recent updates', 'Videos', 'Models', 'Shoots', 'Live cams', 'Playdates', 'Messages']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    }
    const favourites = within(nav).getByRole('list', { name: 'Favourites' });
    expect(within(favourites).getAllByRole('link').length).toBe(5);
    expect(within(favourites).getByRole('link', { name: 'Favourite videos' }).getAttribute('href')).toBe('/favourite-videos');
    expect(within(panel).getByRole('link', { name: 'My profile' }).getAttribute('href')).toBe('/user-profile');
    expect(within(panel).getByRole('link', { name: 'Account settings' }).getAttribute('href')).toBe('/user-profile/settings');
    expect(within(panel).getByRole('button', { name: /Your coins: 250/ })).toBeTruthy();
    expect(within(panel).getByText('Premium')).toBeTruthy();
    // The language select shows the current language by name.
    const language = within(panel).getByRole<HTMLSelectElement>('combobox', { name: 'Language' });
    expect(language.value).toBe('en');
    expect(language.selectedOptions[0]!.textContent).toBe('English');
    expect(within(panel).getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('shows the unread messages on its button, as part of its name', async () => {
    setAccessToken('member-token');
    fakeSite(mockedApi, {
      get: { '/user/profile': () => profileFixture(), '/roles': () => [], '/messages/new_messages': () => ({ messages: [], unread_total: 3, server_time: 0 }) },
    });
    renderApp('/videos');
    expect(await screen.findByRole('button', { name: 'Menu, 3 unread messages' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('closes with Escape and gives focus back to its button', async () => {
    const user = userEvent.setup();
    signedIn(profileFixture());
    renderApp('/videos');
    await videosPage();
    await user.click(menuButton());
    await user.tab();
    expect(menu().contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(menu().hidden).toBe(true);
    expect(document.activeElement).toBe(menuButton());
  });

  it('closes when one of its links navigates', async () => {
    const user = userEvent.setup();
    signedIn(profileFixture());
    const { location } = renderApp('/videos');
    await videosPage();
    await user.click(menuButton());
    await user.click(within(menu()).getByRole('link', { name: 'Account settings' }));
    await waitFor(() => expect(location().pathname).toBe('/user-profile/settings'));
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(menu().hidden).toBe(true);
  });

  it('logs out from the menu: server call, token cleared, landing with logout=true', async () => {
    const user = userEvent.setup();
    signedIn(profileFixture());
    const { location } = renderApp('/videos');
    await videosPage();
    await user.click(menuButton());
    await user.click(within(menu()).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(`${location().pathname}${location().search}`).toBe('/?logout=true'));
    expect(mockedApi.post).toHaveBeenCalledWith('/auth/logout');
    expect(getAccessToken()).toBeNull();
  });

  it('opens buy coins from the menu and closes itself, focus on its button', async () => {
    const user = userEvent.setup();
    signedIn(profileFixture({ coins: 40 }));
    renderApp('/videos');
    await videosPage();
    await user.click(menuButton());
    await user.click(within(menu()).getByRole('button', { name: /Your coins: 40/ }));
    expect(await screen.findByRole('dialog', { name: 'Buy coins' })).toBeTruthy();
    expect(menu().hidden).toBe(true);
    // Closed, the dialog gives focus back to what opened it: the menu button, not the hidden coins item.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Buy coins' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(menuButton()));
  });

  it('leaves Live cams and the cams favourites out for a law-limited member', async () => {
    const user = userEvent.setup();
    signedIn(profileFixture({ law_limitations: ['country:SE'] }));
    renderApp('/videos');
    await videosPage();
    await user.click(menuButton());
    expect(within(menu()).queryByRole('link', { name: 'Live cams' })).toBeNull();
    expect(within(within(menu()).getByRole('list', { name: 'Favourites' })).getAllByRole('link').length).toBe(4);
  });

  it('holds the studio for a model and the team pages for a team member', async () => {
    const user = userEvent.setup();
    signedIn(profileFixture({ model_id: 3, is_team_member: true }));
    renderApp('/videos');
    await videosPage();
    await user.click(menuButton());
    expect(within(menu()).getByRole('link', { name: 'Studio' }).getAttribute('href')).toBe('/studio');
    expect(within(menu()).getByRole('link', { name: 'Camera feedback' })).toBeTruthy();
    expect(within(menu()).getByRole('link', { name: 'Playdate limits' })).toBeTruthy();
  });

  it('gives a visitor the language and the ways in', async () => {
    const user = userEvent.setup();
    fakeSite(mockedApi);
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    expect(within(menu()).getByRole<HTMLSelectElement>('combobox', { name: 'Language' }).value).toBe('en');
    await user.click(within(menu()).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
  });
});
