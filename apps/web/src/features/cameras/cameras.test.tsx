import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CameraSummary, Profile } from '@velora/shared';
import { REALTIME_CAMERA_EVENTS } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import type * as Realtime from '@/lib/realtime';
import { getPopupStates, resetPopups } from '@/components/popups/popup-store';
import { api } from '@/lib/http';
import { setAccessToken, setLanguage } from '@/lib/storage';
import { favouriteListFixture, shootFixture, shootListFixture } from '@/test/catalog-fixtures';
import { serverError } from '@/test/fake-api';
import type { ApiMock, FakeRoutes } from '@/test/render-app';
import { fakeSite, profileFixture, renderApp, videoFixture, videoListFixture } from '@/test/render-app';
import { emit, joinedRooms, resetRealtime, setPresence } from '@/test/fake-realtime';
import { cameraDetailFixture, cameraFixture, cameraListFixture, cameraTagsFixture } from './test/fixtures';

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

const mockedApi = api as unknown as ApiMock;
const callsTo = (path: string) => mockedApi.get.mock.calls.filter(([p]) => p === path);
const lastParams = (path: string) => callsTo(path).at(-1)?.[1];

function member(routes: FakeRoutes = {}, profile: Profile = profileFixture()) {
  setAccessToken('member-token');
  fakeSite(mockedApi, {
    get: { '/user/profile': () => profile, '/cameras/tags': () => ({ tags: cameraTagsFixture }), ...routes.get },
    post: { ...routes.post },
    delete: { ...routes.delete },
  });
}

const live = (id: number, overrides: Partial<CameraSummary> = {}) => cameraFixture(id, { state: 'live', viewers: 3, live_since: 1_700_000_000, ...overrides });
const statusEvent = (camera: CameraSummary) => {
  const { is_favourite: _ignored, ...rest } = camera;
  return { camera: rest };
};

beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
  resetRealtime();
});
afterEach(() => setAccessToken(null));

describe('/cameras', () => {
  const soonAt = Math.floor(new Date(2030, 0, 1, 18, 30).getTime() / 1000);
  const list = () =>
    cameraListFixture([
      live(1, { viewers: 12 }),
      live(2, { chat_mode: 'paid', price_per_minute: 20 }),
      cameraFixture(3, { state: 'soon', next_show_at: soonAt }),
      cameraFixture(4, { is_favourite: true }),
    ]);

  it('groups the cards (live, soon, offline) with the state in words, viewers, chat badge, tags and heart', async () => {
    member({ get: { '/cameras': () => list() } });
    renderApp('/cameras');
    const liveGroup = await screen.findByTestId('camera-group-live');
    expect(within(liveGroup).getByRole('heading', { name: 'Live now' })).toBeTruthy();
    const liveCards = within(liveGroup).getAllByTestId('camera-card');
    expect(liveCards).toHaveLength(2);
    expect(within(liveCards[0]!).getByTestId('camera-state').textContent).toBe('Live');
    expect(within(liveCards[0]!).getByText('12 watching')).toBeTruthy();
    expect(within(liveCards[0]!).getByText('Free chat')).toBeTruthy();
    expect(within(liveCards[0]!).getByText('Dance')).toBeTruthy();
    expect(within(liveCards[0]!).getByRole('link', { name: 'Model 1' }).getAttribute('href')).toBe('/camera/cam-1');
    // Live cards show the live preview; the others their cover.
    expect(liveCards[0]!.querySelector('img')?.getAttribute('src')).toBe('/media/live/1/preview-1.jpg');
    expect(within(liveCards[1]!).getByText('Paid chat · 20 coins/min')).toBeTruthy();

    const soon = within(screen.getByTestId('camera-group-soon')).getByTestId('camera-card');
    expect(within(soon).getByTestId('camera-state').textContent).toMatch(/^Soon: starts at .*6:30/);
    const offline = within(screen.getByTestId('camera-group-offline')).getByTestId('camera-card');
    expect(within(offline).getByTestId('camera-state').textContent).toBe('Offline');
    expect(offline.querySelector('img')?.getAttribute('src')).toBe('/media/cameras/4-640x360.jpg');
    expect(within(offline).getByRole('button', { name: 'Remove from favourites' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('result-count').textContent).toBe('4 cams · 2 live');
  });

  it('reads filters, order and page from the URL; hint forces free_chat', async () => {
    member({ get: { '/cameras': () => list() } });
    renderApp('/cameras?filters=3,1&order=newest&hint=1&page=2');
    await screen.findAllByTestId('camera-card');
    expect(lastParams('/cameras')).toEqual({ page: 2, order: 'free_chat', filters: '1,3' });
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('free_chat');
    const chips = within(screen.getByTestId('camera-tag-filter'));
    expect(chips.getByRole('button', { name: 'Dance' }).getAttribute('aria-pressed')).toBe('true');
    expect(chips.getByRole('button', { name: 'Chat' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('writes chosen filters and order to the URL (page 1 again; a chosen order ends the hint)', async () => {
    const user = userEvent.setup();
    member({ get: { '/cameras': () => list() } });
    const { location } = renderApp('/cameras?hint=1&page=3');
    await screen.findAllByTestId('camera-card');
    await user.click(screen.getByRole('button', { name: 'Yoga' }));
    await waitFor(() => expect(location().search).toBe('?hint=1&filters=3'));
    await user.click(screen.getByRole('button', { name: 'Dance' }));
    await waitFor(() => expect(location().search).toBe('?hint=1&filters=1%2C3'));
    await waitFor(() => expect(lastParams('/cameras')).toEqual({ page: 1, order: 'free_chat', filters: '1,3' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price');
    await waitFor(() => expect(location().search).toBe('?filters=1%2C3&order=price'));
    await waitFor(() => expect(lastParams('/cameras')).toEqual({ page: 1, order: 'price', filters: '1,3' }));
  });

  it('pages like the other lists, keeping the filters', async () => {
    member({ get: { '/cameras': () => cameraListFixture(list().cameras, {}, 3) } });
    renderApp('/cameras?filters=1');
    await screen.findAllByTestId('camera-card');
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe('/cameras?filters=1&page=2');
  });

  it('names the tags in the page language', async () => {
    setLanguage('de');
    member({ get: { '/cameras': () => list() } });
    renderApp('/cameras');
    expect(await screen.findByRole('button', { name: 'Tanz' })).toBeTruthy();
  });

  it('says when no cam matches the filters, with a reset', async () => {
    const user = userEvent.setup();
    member({ get: { '/cameras': (p) => ((p as { filters: string | null }).filters ? cameraListFixture([]) : list()) } });
    const { location } = renderApp('/cameras?filters=2');
    expect(await screen.findByRole('heading', { name: 'No cams match these filters' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(location().search).toBe(''));
    expect(await screen.findAllByTestId('camera-card')).toHaveLength(4);
  });

  it('shows an error with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    member({
      get: {
        '/cameras': () => {
          if (fail) throw serverError(503, 'Down');
          return list();
        },
      },
    });
    renderApp('/cameras');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The live cams could not be loaded')).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('camera-card')).toHaveLength(4);
  });

  it('explains an exit_code: no credit offers coins, and the message can be dismissed', async () => {
    const user = userEvent.setup();
    member({ get: { '/cameras': () => list() } });
    const { location } = renderApp('/cameras?exit_code=17&camera=cam-2');
    const notice = await screen.findByTestId('exit-notice');
    expect(within(notice).getByText('You ran out of coins')).toBeTruthy();
    await user.click(within(notice).getByRole('button', { name: 'Buy coins' }));
    expect(getPopupStates()['buy-coins']?.show).toBe(true);
    await user.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(location().search).toBe('?camera=cam-2'));
    expect(screen.queryByTestId('exit-notice')).toBeNull();
  });

  it.each([
    [202, 'The chat was closed'],
    [5, 'The model went offline'],
    [7, 'The model changed her show'],
    [6, 'The model started a paid chat'],
    [88, 'The chat stopped for lack of coins'],
    [501, 'The video time is up'],
    [101, 'You were logged out'],
    [102, 'The chat was closed on this device'],
    [103, 'You left the chat'],
    [201, 'The model removed you from her chat'],
    [203, 'The model logged out'],
    [999, 'The chat ended'],
  ])('says what exit_code %i means', async (code, title) => {
    member({ get: { '/cameras': () => list() } });
    renderApp(`/cameras?exit_code=${code}`);
    expect(within(await screen.findByTestId('exit-notice')).getByText(title)).toBeTruthy();
  });

  it('highlights the card of camera=<name> and puts the keyboard on it', async () => {
    member({ get: { '/cameras': () => list() } });
    renderApp('/cameras?camera=cam-3');
    const cards = await screen.findAllByTestId('camera-card');
    const card = cards.find((c) => c.dataset.cameraName === 'cam-3')!;
    expect(card.className).toContain('camera-card--highlighted');
    await waitFor(() => expect(document.activeElement).toBe(within(card).getByRole('link', { name: 'Model 3' })));
  });

  it('moves a camera that goes live into the live group without a reload, and says so', async () => {
    member({ get: { '/cameras': () => list() } });
    renderApp('/cameras');
    await screen.findByTestId('camera-group-offline');
    const before = callsTo('/cameras').length;
    act(() => emit(REALTIME_CAMERA_EVENTS.status, statusEvent(live(4, { viewers: 1, preview: '/media/live/4/preview-9.jpg' }))));
    const liveGroup = screen.getByTestId('camera-group-live');
    await waitFor(() => expect(within(liveGroup).getAllByTestId('camera-card')).toHaveLength(3));
    expect(screen.queryByTestId('camera-group-offline')).toBeNull();
    const moved = within(liveGroup).getAllByTestId('camera-card').find((c) => c.dataset.cameraName === 'cam-4')!;
    expect(moved.querySelector('img')?.getAttribute('src')).toBe('/media/live/4/preview-9.jpg');
    // The member's own heart stays as it was.
    expect(within(moved).getByRole('button', { name: 'Remove from favourites' })).toBeTruthy();
    expect(screen.getByTestId('camera-announcement').textContent).toBe('Model 4 is now live');
    expect(screen.getByTestId('result-count').textContent).toBe('4 cams · 3 live');
    expect(callsTo('/cameras').length).toBe(before);
  });

  it('asks again when a camera the page did not show goes live and would belong on it', async () => {
    let cams = list().cameras;
    member({ get: { '/cameras': () => cameraListFixture(cams) } });
    renderApp('/cameras');
    await screen.findByTestId('camera-group-live');
    const before = callsTo('/cameras').length;
    const newcomer = live(9, { viewers: 1 });
    cams = [newcomer, ...cams];
    act(() => emit(REALTIME_CAMERA_EVENTS.status, statusEvent(newcomer)));
    await waitFor(() => expect(within(screen.getByTestId('camera-group-live')).getAllByTestId('camera-card')).toHaveLength(3));
    expect(callsTo('/cameras').length).toBe(before + 1);
    expect(screen.getByTestId('camera-announcement').textContent).toBe('Model 9 is now live');
  });

  it('does not ask again for a camera outside the chosen filters', async () => {
    member({ get: { '/cameras': () => list() } });
    renderApp('/cameras?filters=2');
    await screen.findByTestId('camera-group-live');
    const before = callsTo('/cameras').length;
    act(() => emit(REALTIME_CAMERA_EVENTS.status, statusEvent(live(9))));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo('/cameras').length).toBe(before);
  });

  it('refreshes the preview and viewers of a live card from the status events', async () => {
    member({ get: { '/cameras': () => list() } });
    renderApp('/cameras');
    await screen.findByTestId('camera-group-live');
    act(() => emit(REALTIME_CAMERA_EVENTS.status, statusEvent(live(1, { viewers: 40, preview: '/media/live/1/preview-2.jpg' }))));
    const card = (await screen.findAllByTestId('camera-card')).find((c) => c.dataset.cameraName === 'cam-1')!;
    await waitFor(() => expect(within(card).getByText('40 watching')).toBeTruthy());
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/media/live/1/preview-2.jpg');
    // A malformed event changes nothing.
    act(() => emit(REALTIME_CAMERA_EVENTS.status, { camera: { id: 1 } }));
    expect(within(card).getByText('40 watching')).toBeTruthy();
  });

  it('is skipped for law-limited members, without asking for cameras', async () => {
    member({ get: { '/cameras': () => list() } }, profileFixture({ law_limitations: ['country:SE'] }));
    const { location } = renderApp('/cameras');
    await waitFor(() => expect(location().pathname).toBe('/recent_updates'));
    // SPEC §4: the skipped route is explained by the law-limitation popup.
    expect(await screen.findByTestId('law-limitation-popup')).toBeTruthy();
    expect(callsTo('/cameras')).toHaveLength(0);
  });
});

describe('/camera/{name}', () => {
  const nextShow = Math.floor(new Date(2030, 0, 1, 20, 0).getTime() / 1000);

  it('plays the live video when she is live, with the room viewer count and the ways in', async () => {
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
    act(() => setPresence('camera:1', 9));
    expect(screen.getByTestId('camera-viewers').textContent).toBe('9 watching');
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
