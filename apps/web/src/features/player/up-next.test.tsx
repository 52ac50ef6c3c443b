import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VideoDetail } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPopups } from '@/components/popups/popup-store';
import { FakeHls, stubMediaElement } from '@/entities/video-player/testing/fake-hls';
import { setPlayContext } from '@/features/player/play-context';
import { resetTheater } from '@/features/player/theater-store';
import type * as Http from '@/lib/http';
import { api } from '@/lib/http';
import { setAccessToken, setAutoplay } from '@/lib/storage';
import type { ApiMock } from '@/test/render-app';
import { fakeApi, profileFixture, renderApp, tagsFixture, videoFixture, videoListFixture, visitFixture } from '@/test/render-app';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});
vi.mock('hls.js', async () => ({ default: (await import('@/entities/video-player/testing/fake-hls')).FakeHls }));

const mockedApi = api as unknown as ApiMock;

const detail = (id: number, overrides: Partial<VideoDetail> = {}): VideoDetail => ({
  ...videoFixture(id),
  playable: true,
  hls_url: `/media/hls/${id}/master.m3u8?expires=1&sig=abc`,
  renditions: [360, 720],
  is_favourite: false,
  shoot_id: null,
  ...overrides,
});

/** A premium member; each video's similar videos are 8 and 9. */
function member(details: VideoDetail[]) {
  setAccessToken('member-token');
  const routes = Object.fromEntries(
    details.flatMap((d) => [
      [`/videos/${d.id}`, () => d],
      [`/videos/${d.id}/playbacks`, () => ({ video_id: d.id, position: 0, duration: 10, play_count: 1, updated_at: 1_700_000_000 })],
      [`/videos/${d.id}/similar`, () => [videoFixture(8), videoFixture(9)]],
      [`/videos/${d.id}/comments`, () => ({ comments: [], total: 0, page: 1, pages: 0 })],
    ]),
  );
  fakeApi(mockedApi, {
    get: {
      '/track/visit': () => visitFixture(),
      '/user/profile': () => profileFixture({ premium_until: 4_102_444_800 }),
      '/videos': () => videoListFixture(),
      '/videos/tags': () => tagsFixture,
      ...routes,
    },
    post: Object.fromEntries(details.map((d) => [`/videos/${d.id}/playback`, () => ({})])),
  });
}

let restoreMedia: () => void;
beforeEach(() => {
  vi.clearAllMocks();
  vi.useFakeTimers({ shouldAdvanceTime: true });
  resetPopups();
  resetTheater();
  FakeHls.reset();
  setPlayContext([]);
  setAutoplay(true);
  restoreMedia = stubMediaElement();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  restoreMedia();
  setAccessToken(null);
  document.documentElement.style.overflow = '';
});

/** Opens video 5 in the theater and plays it to its end. */
async function playToTheEnd(path = '/videos#play-5') {
  const rendered = renderApp(path);
  const dialog = await screen.findByRole('dialog', { name: 'Demo film 5' }, { timeout: 3000 });
  const player = await within(dialog).findByTestId('video-player');
  fireEvent.ended(player.querySelector('video')!);
  return { ...rendered, dialog, player };
}

const countdown = () => screen.findByTestId('up-next', {}, { timeout: 3000 });
const seconds = (n: number) => act(() => vi.advanceTimersByTimeAsync(n * 1000));

// Under load the lazily loaded theater takes a while to arrive.
describe('up next: autoplay at the end of a video', { timeout: 20_000 }, () => {
  it('appears when the video ends, names the next video of the list it was opened from, and plays it after 8 s', async () => {
    member([detail(5), detail(6), detail(7)]);
    setPlayContext([4, 5, 6, 7]);
    const { url } = await playToTheEnd();
    const upNext = await countdown();
    expect(within(upNext).getByText('Demo film 6')).toBeTruthy();
    expect(within(upNext).getByText('Plays in 8 seconds')).toBeTruthy();
    // Announced once, politely.
    expect(within(upNext).getByRole('status').textContent).toBe('Up next: Demo film 6. It plays in 8 seconds unless you cancel.');
    expect(within(upNext).getByRole('button', { name: 'Play now' })).toBeTruthy();

    await seconds(3);
    expect(within(upNext).getByText('Plays in 5 seconds')).toBeTruthy();
    expect(url()).toBe('/videos#play-5');
    await seconds(5);
    await waitFor(() => expect(url()).toBe('/videos#play-6'));
    expect(await screen.findByRole('dialog', { name: 'Demo film 6' })).toBeTruthy();
    await waitFor(() => expect(FakeHls.instances.some((h) => !h.destroyed && h.source?.includes('/6/'))).toBe(true));
    expect(screen.queryByTestId('up-next')).toBeNull();
  });

  it('Cancel stops the countdown and keeps the video', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    member([detail(5), detail(6)]);
    setPlayContext([5, 6]);
    const { url, player } = await playToTheEnd();
    await user.click(within(await countdown()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('up-next')).toBeNull();
    // Focus stays in the player rather than on nothing.
    expect(player.contains(document.activeElement)).toBe(true);
    await seconds(12);
    expect(url()).toBe('/videos#play-5');
    expect(screen.getByRole('dialog', { name: 'Demo film 5' })).toBeTruthy();
  });

  it('Play now goes on at once, and is reached by keyboard', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    member([detail(5), detail(6)]);
    setPlayContext([5, 6]);
    const { url } = await playToTheEnd();
    const upNext = await countdown();
    // Play now is a button in the tab order; Enter on it goes on at once.
    const playNow = within(upNext).getByRole('button', { name: 'Play now' });
    playNow.focus();
    expect(playNow.tabIndex).toBe(0);
    expect(document.activeElement).toBe(playNow);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(url()).toBe('/videos#play-6'));
  });

  it('does nothing when autoplay is off', async () => {
    member([detail(5), detail(6)]);
    setPlayContext([5, 6]);
    setAutoplay(false);
    const { url } = await playToTheEnd();
    await seconds(12);
    expect(screen.queryByTestId('up-next')).toBeNull();
    expect(url()).toBe('/videos#play-5');
  });

  it('stops when autoplay is switched off with the player’s toggle during the countdown', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    member([detail(5), detail(6)]);
    setPlayContext([5, 6]);
    const { url, player } = await playToTheEnd();
    await countdown();
    const toggle = within(player).getByRole('button', { name: 'Autoplay' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await user.click(toggle);
    expect(screen.queryByTestId('up-next')).toBeNull();
    await seconds(12);
    expect(url()).toBe('/videos#play-5');
  });

  it('skips a video the member may not play (and one still being prepared) for the next playable one', async () => {
    member([detail(5), detail(6, { playable: false, hls_url: null }), detail(7, { hls_url: null }), detail(10)]);
    setPlayContext([5, 6, 7, 10]);
    const { url } = await playToTheEnd();
    expect(within(await countdown()).getByText('Demo film 10')).toBeTruthy();
    await seconds(8);
    await waitFor(() => expect(url()).toBe('/videos#play-10'));
  });

  it('goes on with a similar video when the video was not opened from a list', async () => {
    member([detail(5), detail(8, { playable: false, hls_url: null }), detail(9)]);
    await playToTheEnd();
    expect(within(await countdown()).getByText('Demo film 9')).toBeTruthy();
  });

  it('remembers the list of the card that was used to open the video', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    member([detail(1), detail(2), detail(3)]);
    renderApp('/videos');
    await user.click(await screen.findByRole('link', { name: 'Play Demo film 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Demo film 1' });
    fireEvent.ended((await within(dialog).findByTestId('video-player')).querySelector('video')!);
    expect(within(await countdown()).getByText('Demo film 2')).toBeTruthy();
  });
});
