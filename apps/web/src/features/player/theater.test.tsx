import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile, VideoDetail } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPopups } from '@/components/popups/popup-store';
import { FakeHls, stubMediaElement } from '@/entities/video-player/testing/fake-hls';
import { getTheaterState, resetTheater } from '@/features/player/theater-store';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import type { ApiMock } from '@/test/render-app';
import { fakeApi, profileFixture, renderApp, tagsFixture, videoFixture, videoListFixture, visitFixture } from '@/test/render-app';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
vi.mock('hls.js', async () => ({ default: (await import('@/entities/video-player/testing/fake-hls')).FakeHls }));

const mockedApi = api as unknown as ApiMock;
const HLS_URL = '/media/hls/5/master.m3u8?expires=1&sig=abc';

const detail = (id: number, overrides: Partial<VideoDetail> = {}): VideoDetail => ({
  ...videoFixture(id),
  playable: true,
  hls_url: HLS_URL.replace('/5/', `/${id}/`),
  renditions: [360, 720, 1080],
  is_favourite: false,
  shoot_id: null,
  ...overrides,
});

function premiumMember(details: Record<number, VideoDetail> = { 5: detail(5), 8: detail(8) }, profile: Partial<Profile> = { premium_until: 4_102_444_800 }) {
  setAccessToken('member-token');
  const videoRoutes = Object.fromEntries(
    Object.values(details).flatMap((d) => [
      [`/videos/${d.id}`, () => d],
      [`/videos/${d.id}/playbacks`, () => ({ video_id: d.id, position: 30, duration: 754, play_count: 1, updated_at: 1_700_000_000 })],
      [`/videos/${d.id}/similar`, () => [videoFixture(8), videoFixture(9)]],
      [`/videos/${d.id}/comments`, () => ({ comments: [], total: 0, page: 1, pages: 0 })],
    ]),
  );
  fakeApi(mockedApi, {
    get: {
      '/track/visit': () => visitFixture(),
      '/user/profile': () => profileFixture(profile),
      '/videos': () => videoListFixture(),
      '/videos/tags': () => tagsFixture,
      ...videoRoutes,
    },
    post: { '/videos/5/playback': () => ({}), '/videos/8/playback': () => ({}) },
  });
}

let restoreMedia: () => void;
beforeEach(() => {
  vi.clearAllMocks();
  resetPopups();
  resetTheater();
  FakeHls.reset();
  restoreMedia = stubMediaElement();
});
afterEach(() => {
  cleanup();
  restoreMedia();
  setAccessToken(null);
  document.documentElement.style.overflow = '';
});

const theaterDialog = () => screen.findByRole('dialog', { name: 'Demo film 5' }, { timeout: 3000 });

describe('theater mode (product §2, §4)', () => {
  it('opens from /videos#play-{id}: the player, the video’s facts, similar videos and comments', async () => {
    premiumMember();
    renderApp('/videos#play-5');
    const dialog = await theaterDialog();
    const player = await within(dialog).findByTestId('video-player');
    expect(player.querySelector('video')).not.toBeNull();
    await waitFor(() => expect(FakeHls.instances.some((h) => h.source === HLS_URL)).toBe(true));
    // Resumes where the member stopped (GET /videos/5/playbacks).
    expect(FakeHls.latest().config.startPosition).toBe(30);

    expect(within(dialog).getByRole('heading', { name: 'Demo film 5' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Ava Demo' })).toBeTruthy();
    expect(within(within(dialog).getByRole('list', { name: 'Tags' })).getByRole('link', { name: 'Outdoor' })).toBeTruthy();
    expect(within(dialog.querySelector<HTMLElement>('.video-info__facts')!).getByText('12:34')).toBeTruthy();
    expect(within(dialog).getByTestId('favourite-button').getAttribute('aria-pressed')).toBe('false');
    expect(await within(dialog).findByRole('link', { name: 'Play Demo film 8' })).toBeTruthy();
    expect(await within(dialog).findByRole('textbox', { name: 'Add a comment' })).toBeTruthy();
    // Focus moves into the dialog; the page under it does not scroll.
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.documentElement.style.overflow).toBe('hidden');
  });

  it('shows the similar videos and comments once the player has its first frame (decision 057)', async () => {
    premiumMember();
    renderApp('/videos#play-5');
    const dialog = await theaterDialog();
    const player = await within(dialog).findByTestId('video-player');
    // The press's work goes to the video first: the facts are there, the similar videos and comments wait.
    expect(within(dialog).getByRole('heading', { name: 'Demo film 5' })).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: 'Play Demo film 8' })).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: 'Add a comment' })).toBeNull();
    act(() => {
      player.querySelector('video')!.dispatchEvent(new Event('loadeddata'));
    });
    expect(await within(dialog).findByRole('link', { name: 'Play Demo film 8' })).toBeTruthy();
    expect(await within(dialog).findByRole('textbox', { name: 'Add a comment' })).toBeTruthy();
  });

  it('closes with Escape, removing the hash and keeping the page', async () => {
    const user = userEvent.setup();
    premiumMember();
    const { url } = renderApp('/videos?page=2#play-5');
    await theaterDialog();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(url()).toBe('/videos?page=2');
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('closes with the close button', async () => {
    const user = userEvent.setup();
    premiumMember();
    const { url } = renderApp('/videos#play-5');
    const dialog = await theaterDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Close player' }));
    await waitFor(() => expect(screen.queryByTestId('theater')).toBeNull());
    expect(url()).toBe('/videos');
  });

  it('a card’s play action opens the video on the current page', async () => {
    const user = userEvent.setup();
    premiumMember({ 1: detail(1), 2: detail(2) });
    const { url } = renderApp('/videos?order=oldest');
    await user.click(await screen.findByRole('link', { name: 'Play Demo film 1' }));
    expect(await screen.findByRole('dialog', { name: 'Demo film 1' })).toBeTruthy();
    expect(url()).toBe('/videos?order=oldest#play-1');
  });

  it('a press on a card’s play action opens the player at once, before the router renders the new hash (decision 057)', async () => {
    premiumMember({ 1: detail(1), 2: detail(2) });
    const { url } = renderApp('/videos?order=oldest');
    const link = await screen.findByRole('link', { name: 'Play Demo film 1' });
    // A click as the browser sends it, outside act(): the router's render of the hash has not happened yet.
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    expect(getTheaterState()).toMatchObject({ activeVideoId: 1, theater: true });
    expect(await screen.findByRole('dialog', { name: 'Demo film 1' })).toBeTruthy();
    expect(url()).toBe('/videos?order=oldest#play-1');
  });

  it('a press meant for a new tab (Ctrl, ⌘, Shift) leaves the player closed', async () => {
    premiumMember({ 1: detail(1), 2: detail(2) });
    renderApp('/videos');
    const link = await screen.findByRole('link', { name: 'Play Demo film 1' });
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey'] as const) {
      link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, [modifier]: true }));
    }
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(getTheaterState().activeVideoId).toBeNull();
    expect(screen.queryByTestId('theater')).toBeNull();
  });

  it('a similar video opens in place of the active one', async () => {
    const user = userEvent.setup();
    premiumMember();
    const { url } = renderApp('/videos#play-5');
    const dialog = await theaterDialog();
    await user.click(await within(dialog).findByRole('link', { name: 'Play Demo film 8' }));
    expect(await screen.findByRole('dialog', { name: 'Demo film 8' })).toBeTruthy();
    expect(url()).toBe('/videos#play-8');
    await waitFor(() => expect(FakeHls.instances.some((h) => !h.destroyed && h.source?.includes('/8/'))).toBe(true));
  });

  it('is cleared by navigation when not docked', async () => {
    premiumMember();
    const { app } = renderApp('/videos#play-5');
    await theaterDialog();
    await act(() => app.router.navigate('/recent_updates'));
    await waitFor(() => expect(screen.queryByTestId('theater')).toBeNull());
  });

  it('docked (picture-in-picture), keeps playing across navigation; the same video expands it again', async () => {
    const user = userEvent.setup();
    premiumMember();
    const { app, url } = renderApp('/videos#play-5');
    const dialog = await theaterDialog();
    await within(dialog).findByTestId('video-player');
    const hls = await waitFor(() => {
      const live = FakeHls.instances.find((h) => !h.destroyed && h.source);
      if (!live) throw new Error('not attached');
      return live;
    });

    await user.click(within(dialog).getByRole('button', { name: 'Continue in the mini player' }));
    const mini = await screen.findByRole('region', { name: 'Mini player: Demo film 5' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(url()).toBe('/videos');

    await act(() => app.router.navigate('/recent_updates'));
    expect(screen.getByRole('region', { name: 'Mini player: Demo film 5' })).toBe(mini);
    // The same player, not a reload.
    expect(hls.destroyed).toBe(false);
    expect(within(mini).getByTestId('video-player')).toBeTruthy();

    await act(() => app.router.navigate('/recent_updates#play-5'));
    expect(await theaterDialog()).toBeTruthy();
    expect(hls.destroyed).toBe(false);
  });

  it('the expand button brings the docked player back, with the hash', async () => {
    const user = userEvent.setup();
    premiumMember();
    const { url } = renderApp('/videos#play-5');
    const dialog = await theaterDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Continue in the mini player' }));
    const mini = await screen.findByRole('region', { name: 'Mini player: Demo film 5' });
    await user.click(within(mini).getByRole('button', { name: 'Expand player' }));
    expect(await theaterDialog()).toBeTruthy();
    expect(url()).toBe('/videos#play-5');
  });

  it('closing right after expanding still removes the hash', async () => {
    const user = userEvent.setup();
    premiumMember();
    const { url } = renderApp('/videos#play-5');
    const dialog = await theaterDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Continue in the mini player' }));
    const mini = await screen.findByRole('region', { name: 'Mini player: Demo film 5' });
    await user.click(within(mini).getByRole('button', { name: 'Expand player' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('theater')).toBeNull());
    await waitFor(() => expect(url()).toBe('/videos'));
  });

  it.each([
    ['a member without premium', {}, 'Watching this video needs a premium membership.'],
    ['a member while trailers are free', { features: { trailer: { is_active: true } } }, 'As a free member you can watch trailers'],
  ] as const)('a locked video tells %s why, and offers the membership popup', async (_who, profile, text) => {
    const user = userEvent.setup();
    premiumMember({ 5: detail(5, { playable: false, hls_url: null }) }, profile as Partial<Profile>);
    const base = mockedApi.get.getMockImplementation()!;
    mockedApi.get.mockImplementation((path: string, ...rest: unknown[]) =>
      path === '/payments/plans' ? Promise.resolve({ plans: [], country: null }) : base(path, ...rest),
    );
    renderApp('/videos#play-5');
    const dialog = await theaterDialog();
    const locked = await within(dialog).findByTestId('player-locked');
    expect(locked.textContent).toContain('For premium members');
    expect(locked.textContent).toContain(text);
    expect(within(dialog).queryByTestId('video-player')).toBeNull();
    await user.click(within(locked).getByRole('button', { name: 'Become premium' }));
    const offer = await screen.findByRole('dialog', { name: 'Become premium' });
    expect(within(offer).getByRole('link', { name: 'Compare all plans' }).getAttribute('href')).toBe('/paywall');
  });

  it('a playable video still being transcoded says so and can be checked again', async () => {
    const user = userEvent.setup();
    let ready = false;
    premiumMember({ 5: detail(5) });
    const base = mockedApi.get.getMockImplementation()!;
    mockedApi.get.mockImplementation((path: string, params: unknown) =>
      path === '/videos/5' ? Promise.resolve(detail(5, ready ? {} : { hls_url: null })) : base(path, params),
    );
    renderApp('/videos#play-5');
    const dialog = await theaterDialog();
    const preparing = await within(dialog).findByTestId('player-preparing');
    expect(preparing.textContent).toContain('This video is being prepared');
    ready = true;
    await user.click(within(preparing).getByRole('button', { name: 'Check again' }));
    expect(await within(dialog).findByTestId('video-player')).toBeTruthy();
  });

  it('a missing video says so', async () => {
    premiumMember({});
    const base = mockedApi.get.getMockImplementation()!;
    const { ApiError } = await vi.importActual<typeof Http>('@/lib/http');
    mockedApi.get.mockImplementation((path: string, params: unknown) =>
      path === '/videos/77' ? Promise.reject(new ApiError({ status: 404, statusText: 'Not Found', body: {}, path })) : base(path, params),
    );
    renderApp('/videos#play-77');
    expect(await screen.findByText('Video not found')).toBeTruthy();
  });

  it('is not shown to visitors', async () => {
    fakeApi(mockedApi, { get: { '/track/visit': () => visitFixture() } });
    renderApp('/#play-5');
    await screen.findByRole('main');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('theater')).toBeNull();
    expect(mockedApi.get.mock.calls.some(([path]) => path === '/videos/5')).toBe(false);
  });
});
