import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Playdate, Profile } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import type * as Realtime from '@/lib/realtime';
import { getPopupStates, resetPopups } from '@/components/popups/popup-store';
import { cameraDetailFixture } from '@/features/cameras/test/fixtures';
import { FAR_FUTURE, NOW, playdateFixture, publicPlaydateFixture } from '@/features/playdates/test/fixtures';
import { api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import { resetRealtime } from '@/test/fake-realtime';
import type { ApiMock } from '@/test/render-app';
import { fakeSite, profileFixture, renderApp } from '@/test/render-app';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
vi.mock('@/lib/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  ...(await import('@/test/fake-realtime')),
}));

const mockedApi = api as unknown as ApiMock;

function member(profile: Profile, playdates: { public?: Playdate | null; private?: Playdate | null; pending?: Playdate | null } = {}) {
  setAccessToken('member-token');
  fakeSite(mockedApi, {
    get: {
      '/user/profile': () => profile,
      '/cameras/ava': () => cameraDetailFixture(),
      '/playdates/camera/1/closest_public_playdate': () => ({ playdate: playdates.public ?? null }),
      '/playdates/camera/1/closest_private_playdate': () => ({ playdate: playdates.private ?? null }),
      '/playdates/camera/1/pending_request': () => ({ playdate: playdates.pending ?? null }),
    },
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
  resetRealtime();
});
afterEach(() => setAccessToken(null));

describe("the camera page's playdate block", () => {
  it('shows her live public show with Join, his next private playdate and waiting request, and the way to request', async () => {
    member(profileFixture({ premium_until: FAR_FUTURE }), {
      public: publicPlaydateFixture(4, { status: 'live', title: 'Sunset yoga', starts_at: NOW - 60 }),
      private: playdateFixture({ id: 6, status: 'scheduled', starts_at: NOW + 3600 }),
      pending: playdateFixture({ id: 7, status: 'requested' }),
    });
    renderApp('/camera/ava');
    const block = await screen.findByRole('region', { name: 'Playdates with Ava' });
    expect((await within(block).findByTestId('camera-playdates-public')).textContent).toContain('Live now: “Sunset yoga”');
    expect(within(block).getByRole('link', { name: 'Join the show' }).getAttribute('href')).toBe('/public-playdate/4');
    expect(within(block).getByTestId('camera-playdates-private').textContent).toMatch(/^Your private playdate: /);
    expect(within(block).getByTestId('camera-playdates-pending').textContent).toBe('Your request is waiting for her answer.');
    expect(within(block).getByRole('link', { name: 'Request a private playdate' }).getAttribute('href')).toBe('/playdates/request-private-playdate/1');
  });

  it('nothing planned: says so; a member without premium gets the forbiddance popup from Request', async () => {
    const user = userEvent.setup();
    member(profileFixture());
    const { location } = renderApp('/camera/ava');
    const block = await screen.findByRole('region', { name: 'Playdates with Ava' });
    expect(await within(block).findByText('No public show planned.')).toBeTruthy();
    await user.click(within(block).getByRole('button', { name: 'Request a private playdate' }));
    await waitFor(() => expect(getPopupStates()['playdate-forbiddance']?.show).toBe(true));
    expect(location().pathname).toBe('/camera/ava');
  });
});
