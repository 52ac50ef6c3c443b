import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REALTIME_CAMERA_EVENTS } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import type * as Realtime from '@/lib/realtime';
import { getPopupStates, resetPopups } from '@/components/popups/popup-store';
import { setAccessToken, setLanguage } from '@/lib/storage';
import { serverError } from '@/test/fake-api';
import { profileFixture, renderApp } from '@/test/render-app';
import { emit, resetRealtime } from '@/test/fake-realtime';
import { cameraFixture, cameraListFixture } from './test/fixtures';
import { callsTo, lastParams, member, live, statusEvent } from '@/test/cameras-member';

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


// The cams list (/cameras): groups, filters, order and paging, exit codes, live changes without a reload.

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

  it("shows a live card's cover while its frame fails to load, and tries the next frame", async () => {
    member({ get: { '/cameras': () => list() } });
    renderApp('/cameras');
    await screen.findByTestId('camera-group-live');
    const card = (await screen.findAllByTestId('camera-card')).find((c) => c.dataset.cameraName === 'cam-1')!;
    const img = () => card.querySelector('img')!;
    expect(img().getAttribute('src')).toBe('/media/live/1/preview-1.jpg');
    // A room's first seconds: no frame yet (404).
    act(() => {
      img().dispatchEvent(new Event('error'));
    });
    await waitFor(() => expect(img().getAttribute('src')).toBe('/media/cameras/1-640x360.jpg'));
    act(() => emit(REALTIME_CAMERA_EVENTS.status, statusEvent(live(1, { viewers: 2, preview: '/media/live/1/preview-2.jpg' }))));
    await waitFor(() => expect(img().getAttribute('src')).toBe('/media/live/1/preview-2.jpg'));
  });

  it('is skipped for law-limited members, without asking for cameras', async () => {
    member({ get: { '/cameras': () => list() } }, profileFixture({ law_limitations: ['country:SE'] }));
    const { location } = renderApp('/cameras');
    await waitFor(() => expect(location().pathname).toBe('/recent_updates'));
    // product §4: the skipped route is explained by the law-limitation popup.
    expect(await screen.findByTestId('law-limitation-popup')).toBeTruthy();
    expect(callsTo('/cameras')).toHaveLength(0);
  });
});

