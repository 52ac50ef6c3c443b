import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { resetPopups } from '@/components/popups/popup-store';
import { api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import type { ApiMock } from '@/test/render-app';
import { fakeSite, renderApp } from '@/test/render-app';
import { memberProfile, modelProfile, studioCameraOf, studioChatFallback } from './test/render';

// The studio in the whole app: the route table, its guard and the header's link.

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const mockedApi = api as unknown as ApiMock;

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
});

afterEach(() => setAccessToken(null));

function loggedInAs(profile: ReturnType<typeof modelProfile>) {
  setAccessToken('token');
  fakeSite(mockedApi, { get: { '/user/profile': () => profile, '/studio/camera': () => studioCameraOf(), ...studioChatFallback().get } });
}

describe('/studio in the app', () => {
  it('sends a visitor to log in', async () => {
    fakeSite(mockedApi);
    const { url } = renderApp('/studio');
    await screen.findByRole('dialog', { name: 'Log in' });
    expect(url()).toBe('/?redirect=%2Fstudio#log_in');
  });

  it('gives a model her studio and a Studio link in the main navigation', async () => {
    loggedInAs(modelProfile());
    renderApp('/studio');
    expect(await screen.findByRole('heading', { name: 'Your show' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    // The member's navigation items load after log-in (decision record 059).
    expect((await within(nav).findByRole('link', { name: 'Studio' })).getAttribute('href')).toBe('/studio');
    expect(document.title).toMatch(/Studio/);
  });

  it('tells a member who is not a model that the studio is for model accounts, without a Studio link', async () => {
    loggedInAs(memberProfile());
    renderApp('/studio');
    expect(await screen.findByRole('heading', { name: 'The studio is only for model accounts' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    // Once the member's navigation is there (it loads after log-in), it has no Studio link.
    expect(await within(nav).findByRole('link', { name: 'Videos' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Studio' })).toBeNull();
    expect(mockedApi.get.mock.calls.some(([path]) => path === '/studio/camera')).toBe(false);
  });
});
