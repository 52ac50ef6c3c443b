import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REALTIME_CAMERA_EVENTS } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import type * as Realtime from '@/lib/realtime';
import { getPopupStates, resetPopups } from '@/components/popups/popup-store';
import { setAccessToken } from '@/lib/storage';
import { favouriteListFixture, shootFixture, shootListFixture } from '@/test/catalog-fixtures';
import { serverError } from '@/test/fake-api';
import { fakeSite, profileFixture, renderApp, videoFixture, videoListFixture } from '@/test/render-app';
import { emit, joinedRooms, resetRealtime, setPresence } from '@/test/fake-realtime';
import { cameraDetailFixture, cameraFixture } from './test/fixtures';
import { mockedApi, callsTo, member, live, statusEvent } from '@/test/cameras-member';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
// The server's pushes are played by the test; no socket is opened.
vi.mock('@/lib/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  ...(await import('@/test/fake-realtime')),
}));
// The player needs WebRTC and media APIs jsdom lacks; its own tests cover it. Here: what the page hands it.
vi.mock('./components/live-player', () => ({
  LivePlayer: ({ name, live, label }: { name: string; live: boolean; label: string }) => (
    <div data-testid="live-player" data-name={name} data-live={String(live)} aria-label={label} />
  ),
}));


// A camera's page (/camera/{name}), the favourite cams, and unsubscribing from camera mails.

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
  resetRealtime();
});
afterEach(() => setAccessToken(null));

describe('/camera/{name}', () => {
  const nextShow = Math.floor(new Date(2030, 0, 1, 20, 0).getTime() / 1000);

  it('plays the live video when she is live, with the camera\'s viewer count and the ways in', async () => {
    member({ get: { '/cameras/ava': () => cameraDetailFixture({ state: 'live', viewers: 5, watch: 'allowed' }) } });
    renderApp('/camera/ava');
    const player = await screen.findByTestId('live-player');
    expect(player.dataset.name).toBe('ava');
    expect(player.dataset.live).toBe('true');
    expect(player.getAttribute('aria-label')).toBe('Live video of Ava');
    expect(screen.getByRole('heading', { level: 1, name: 'Ava' })).toBeTruthy();
    expect(screen.getByText('Morning yoga')).toBeTruthy();
    expect(screen.getByTestId('camera-viewers').textContent).toBe('5 watching');
    expect(joinedRooms.has('camera:1')).toBe(true);
    // Members with the page open are not "watching": the count is the camera's, the same number the list shows.
    act(() => setPresence('camera:1', 9));
    expect(screen.getByTestId('camera-viewers').textContent).toBe('5 watching');
    expect(screen.getByRole('link', { name: 'Free chat' }).getAttribute('href')).toBe('/free-chat/ava');
    expect(screen.getByRole('link', { name: 'Ava Demo' }).getAttribute('href')).toBe('/profile/11');
    expect(screen.getByRole('button', { name: 'Add to favourites' })).toBeTruthy();
  });

  it('opens the model tip popup for her model', async () => {
    const user = userEvent.setup();
    member({ get: { '/cameras/ava': () => cameraDetailFixture({ state: 'live', watch: 'allowed' }) } });
    renderApp('/camera/ava');
    await screen.findByTestId('live-player');
    await user.click(screen.getByRole('button', { name: 'Send a tip' }));
    expect(getPopupStates()['model-tip']).toMatchObject({ show: true, data: { model_id: 11, model_name: 'Ava' } });
  });

  it('says the show has ended when she goes offline, and what comes next', async () => {
    let detail = cameraDetailFixture({ state: 'live', watch: 'allowed', next_show_at: nextShow });
    member({ get: { '/cameras/ava': () => detail } });
    renderApp('/camera/ava');
    await screen.findByTestId('live-player');
    detail = cameraDetailFixture({ next_show_at: nextShow });
    act(() => emit(REALTIME_CAMERA_EVENTS.status, statusEvent(cameraFixture(1, { name: 'ava', display_name: 'Ava', state: 'offline', next_show_at: nextShow }))));
    await waitFor(() => expect(screen.getByTestId('live-player').dataset.live).toBe('false'));
    expect(screen.getByTestId('camera-announcement').textContent).toBe('The show has ended');
    expect(screen.getByText(/^Next show of Ava: /)).toBeTruthy();
    expect(joinedRooms.has('camera:1')).toBe(false);
  });

  it('asks the server again when she switches to paid chat, and shows the way in instead of the video', async () => {
    let detail = cameraDetailFixture({ state: 'live', watch: 'allowed', viewers: 2 });
    member({ get: { '/cameras/ava': () => detail } });
    renderApp('/camera/ava');
    await screen.findByTestId('live-player');
    detail = cameraDetailFixture({ state: 'live', chat_mode: 'paid', price_per_minute: 20, watch: 'paid_chat_required', viewers: 2 });
    act(() => emit(REALTIME_CAMERA_EVENTS.status, statusEvent(live(1, { name: 'ava', display_name: 'Ava', chat_mode: 'paid', price_per_minute: 20, viewers: 2 }))));
    const still = await screen.findByTestId('camera-paid');
    expect(screen.queryByTestId('live-player')).toBeNull();
    expect(within(still).getByRole('link', { name: 'Paid chat · 20 coins/min' }).getAttribute('href')).toBe('/chat/ava');
  });

  it('shows the preview still and the paid chat call when the show needs a paid chat', async () => {
    member({
      get: { '/cameras/ava': () => cameraDetailFixture({ state: 'live', chat_mode: 'paid', price_per_minute: 20, watch: 'paid_chat_required', viewers: 2 }) },
    });
    renderApp('/camera/ava');
    const still = await screen.findByTestId('camera-paid');
    expect(screen.queryByTestId('live-player')).toBeNull();
    expect(within(still).getByRole('img').getAttribute('src')).toBe('/media/live/1/preview-1.jpg');
    expect(within(still).getByRole('link', { name: 'Paid chat · 20 coins/min' }).getAttribute('href')).toBe('/chat/ava');
    expect(screen.queryByRole('link', { name: 'Free chat' })).toBeNull();
  });

  it('shows a restricted viewer the placeholder still and says why, never the player', async () => {
    member({ get: { '/cameras/ava': () => cameraDetailFixture({ state: 'live', watch: 'restricted', preview: '/media/censored/1.jpg', cover: '/media/censored/1.jpg' }) } });
    renderApp('/camera/ava');
    const still = await screen.findByTestId('camera-restricted');
    expect(screen.queryByTestId('live-player')).toBeNull();
    expect(within(still).getByRole('img').getAttribute('src')).toBe('/media/censored/1.jpg');
    expect(within(still).getByText('Live video is not shown for your account.')).toBeTruthy();
  });

  it('keeps a restricted viewer’s placeholder when a camera:status event brings the live still', async () => {
    member({
      get: { '/cameras/ava': () => cameraDetailFixture({ state: 'live', watch: 'restricted', preview: '/media/censored/1.jpg', cover: '/media/censored/1.jpg' }), '/roles': () => [{ token: 'censored' }] },
    });
    renderApp('/camera/ava');
    await screen.findByTestId('camera-restricted');
    await waitFor(() => expect(mockedApi.get).toHaveBeenCalledWith('/roles', undefined, expect.anything()));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    act(() => emit(REALTIME_CAMERA_EVENTS.status, statusEvent(live(1, { name: 'ava', display_name: 'Ava', viewers: 7, preview: '/live/preview/1.jpg?v=9', cover: '/media/images/model/1/640x360.jpg' }))));
    await waitFor(() => expect(screen.getByTestId('camera-viewers').textContent).toMatch(/7/));
    expect(within(screen.getByTestId('camera-restricted')).getByRole('img').getAttribute('src')).toBe('/media/censored/1.jpg');
  });

  it('offline: her next show, her schedule, and tabs for photos and videos', async () => {
    const user = userEvent.setup();
    member({
      get: {
        '/cameras/ava': () =>
          cameraDetailFixture({ next_show_at: nextShow, schedule: [{ id: 1, starts_at: nextShow, ends_at: nextShow + 3600 }] }),
        '/cameras/ava/photos': () => shootListFixture({}, [shootFixture(5)]),
        '/cameras/ava/videos': () => videoListFixture({}, [videoFixture(8)], 1),
      },
    });
    const { location } = renderApp('/camera/ava');
    const stage = await screen.findByTestId('camera-offline');
    expect(within(stage).getByText(/^Next show of Ava: /)).toBeTruthy();
    expect(screen.queryByTestId('live-player')).toBeNull();
    // The chats open while she is on air; a tip works any time.
    expect(screen.queryByRole('link', { name: 'Free chat' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Support Ava' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send a tip' })).toBeTruthy();
    const schedule = screen.getByTestId('camera-schedule');
    expect(within(schedule).getAllByRole('listitem')).toHaveLength(1);
    expect(within(schedule).getByText(/8:00.*9:00/)).toBeTruthy();

    const tabs = () => within(screen.getByRole('navigation', { name: 'More of Ava' }));
    await user.click(tabs().getByRole('link', { name: 'Photos' }));
    await waitFor(() => expect(location().pathname).toBe('/camera/ava/photos'));
    expect(within(await screen.findByTestId('camera-photos')).getAllByTestId('shoot-card')).toHaveLength(1);
    expect(tabs().getByRole('link', { name: 'Photos' }).getAttribute('aria-current')).toBe('page');

    await user.click(tabs().getByRole('link', { name: 'Videos' }));
    await waitFor(() => expect(location().pathname).toBe('/camera/ava/videos'));
    expect(await screen.findByTestId('camera-videos')).toBeTruthy();
    expect(callsTo('/cameras/ava/videos').at(-1)?.[1]).toEqual({ page: 1 });
  });

  it('says "No show planned" without a next show', async () => {
    member({ get: { '/cameras/ava': () => cameraDetailFixture() } });
    renderApp('/camera/ava');
    expect(within(await screen.findByTestId('camera-offline')).getByText('No show planned')).toBeTruthy();
  });

  it('starts the video when she comes on air while the page is open', async () => {
    let detail = cameraDetailFixture();
    member({ get: { '/cameras/ava': () => detail } });
    renderApp('/camera/ava');
    await screen.findByTestId('camera-offline');
    detail = cameraDetailFixture({ state: 'live', watch: 'allowed' });
    act(() => emit(REALTIME_CAMERA_EVENTS.status, statusEvent(cameraFixture(1, { name: 'ava', display_name: 'Ava', state: 'live', viewers: 1 }))));
    expect((await screen.findByTestId('live-player')).dataset.live).toBe('true');
    expect(screen.getByTestId('camera-announcement').textContent).toBe('Ava is now live');
  });

  it('says when the camera does not exist', async () => {
    member({
      get: {
        '/cameras/nobody': () => {
          throw serverError(404, 'No such camera', { code: 'NOT_FOUND' });
        },
      },
    });
    renderApp('/camera/nobody');
    expect(await screen.findByRole('heading', { name: 'This cam does not exist' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse live cams' }).getAttribute('href')).toBe('/cameras');
  });

  it('does not ask for a malformed name', async () => {
    member();
    renderApp('/camera/No%20Such');
    expect(await screen.findByRole('heading', { name: 'This cam does not exist' })).toBeTruthy();
    expect(mockedApi.get.mock.calls.filter(([p]) => String(p).startsWith('/cameras/'))).toHaveLength(0);
  });
});

describe('/favourite-cams', () => {
  it('lists favourite cams as cards with their state', async () => {
    member({
      get: {
        '/favourites/camera': () =>
          favouriteListFixture('camera', [
            { kind: 'camera', created_at: 1_700_000_100, camera: live(1, { is_favourite: true }) },
            { kind: 'camera', created_at: 1_700_000_000, camera: cameraFixture(2, { is_favourite: true }) },
          ]),
      },
    });
    renderApp('/favourite-cams');
    const cards = await screen.findAllByTestId('camera-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByTestId('camera-state').textContent).toBe('Live');
    expect(within(cards[1]!).getByTestId('camera-state').textContent).toBe('Offline');
    expect(within(cards[1]!).getByRole('button', { name: 'Remove from favourites' })).toBeTruthy();
    expect(within(cards[0]!).getByRole('link', { name: 'Model 1' }).getAttribute('href')).toBe('/camera/cam-1');
  });
});

describe('/unsubscribe_mails?kind=cameras', () => {
  const postCalls = () => mockedApi.post.mock.calls.filter(([p]) => String(p).startsWith('/cameras/mails/unsubscribe'));

  it('unsubscribes by the token alone, for a visitor too, and links to the notification settings', async () => {
    fakeSite(mockedApi, {
      get: { '/user/profile': () => profileFixture() },
      post: { '/cameras/mails/unsubscribe?token=abc.def': () => ({ unsubscribed: true, email_hint: 'm***@example.test' }) },
    });
    renderApp('/unsubscribe_mails?kind=cameras&token=abc.def');
    const done = await screen.findByTestId('unsubscribe-done');
    expect(within(done).getByText('You will no longer get mails when your favourite models go live.')).toBeTruthy();
    expect(within(done).getByRole('link', { name: 'Change your notification settings' }).getAttribute('href')).toBe('/user-profile/settings');
    expect(postCalls()).toHaveLength(1);
  });

  it('says a token that names no one is not valid', async () => {
    fakeSite(mockedApi, {
      post: {
        '/cameras/mails/unsubscribe?token=stale': () => {
          throw serverError(404, 'No such token', { code: 'NOT_FOUND' });
        },
      },
    });
    renderApp('/unsubscribe_mails?kind=cameras&token=stale');
    expect(await screen.findByRole('heading', { name: 'This unsubscribe link is not valid' })).toBeTruthy();
  });

  it('says a link without a token is not valid, without asking', async () => {
    fakeSite(mockedApi);
    renderApp('/unsubscribe_mails?kind=cameras');
    expect(await screen.findByRole('heading', { name: 'This unsubscribe link is not valid' })).toBeTruthy();
    expect(postCalls()).toHaveLength(0);
  });
});
