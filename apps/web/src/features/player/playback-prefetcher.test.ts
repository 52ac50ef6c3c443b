import { QueryClient } from '@tanstack/react-query';
import type { VideoDetail } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPrefetched, prefetchedText } from '@/entities/video-player/playback-prefetch';
import { forgetBandwidth } from '@/entities/video-player/start-rendition';
import { videoFixture } from '@/test/render-app';
import { call } from '@/lib/http/call';
import { loadTheaterPlayer } from './lazy-theater-player';
import { createPlaybackPrefetcher } from './playback-prefetcher';

vi.mock('@/lib/http/call', () => ({ call: vi.fn() }));
vi.mock('./lazy-theater-player', () => ({ loadTheaterPlayer: vi.fn(async () => ({ default: () => null })), loadWithTheaterPlayer: vi.fn(), TheaterPlayer: () => null }));
vi.mock('@/lib/storage', async (original) => ({ ...(await original()), getAccessToken: vi.fn(() => 'token') }));

const MASTER = 'http://localhost/media/hls/7/master.m3u8?exp=1&sig=a';
const MASTER_TEXT = [
  '#EXTM3U',
  '#EXT-X-STREAM-INF:BANDWIDTH=700000,RESOLUTION=640x360',
  '360p.m3u8?exp=1&sig=a',
  '#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720',
  '720p.m3u8?exp=1&sig=a',
  '',
].join('\n');

const detail = (id: number, overrides: Partial<VideoDetail> = {}): VideoDetail => ({
  ...videoFixture(id),
  playable: true,
  hls_url: MASTER,
  renditions: [360, 720],
  shoot_id: null,
  ...overrides,
});

// The server: the detail (GET /videos/{id}) and the resume position (GET /videos/{id}/playbacks).
let detailOf = (id: number) => detail(id);
const callMock = vi.mocked(call as (name: string, input: { params: { id: number } }) => Promise<unknown>);
const calls = (name: string) => callMock.mock.calls.filter(([n]) => n === name).map(([, input]) => input.params.id);

const fetchMock = vi.fn(async (url: string) => new Response(url === MASTER ? MASTER_TEXT : '#EXTM3U\n'));
let queryClient: QueryClient;

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  detailOf = (id) => detail(id);
  callMock.mockImplementation(async (name, { params: { id } }) =>
    name === 'videos.detail' ? detailOf(id) : { video_id: id, position: 42, duration: 100, play_count: 1, updated_at: null },
  );
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  // The view queue waits for an idle moment: at once here.
  vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0));
});
afterEach(() => {
  forgetPrefetched();
  forgetBandwidth();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const settle = () => vi.waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(0)).then(() => new Promise((r) => setTimeout(r, 20)));
const fetched = () => fetchMock.mock.calls.map(([url]) => url);

describe('the playback prefetcher', () => {
  it('on intent, loads the player code, the detail and resume position into the cache, the master and the start variant', async () => {
    createPlaybackPrefetcher(queryClient)(7, 'intent');
    await settle();
    expect(loadTheaterPlayer).toHaveBeenCalled();
    expect(queryClient.getQueryData(['videos', 'detail', 7])).toMatchObject({ id: 7, hls_url: MASTER });
    expect(queryClient.getQueryData(['videos', 'playbacks', 7])).toMatchObject({ position: 42 });
    // The bandwidth is unknown in jsdom: the player will start at the lowest rendition, so that one is fetched.
    expect(fetched()).toEqual([MASTER, 'http://localhost/media/hls/7/360p.m3u8?exp=1&sig=a']);
    expect(prefetchedText(MASTER)).not.toBeNull();
  });

  it('asks again for nothing it holds: a second intent fetches no playlist and no detail', async () => {
    const prefetch = createPlaybackPrefetcher(queryClient);
    prefetch(7, 'intent');
    await settle();
    prefetch(7, 'intent');
    await new Promise((r) => setTimeout(r, 20));
    expect(calls('videos.detail')).toEqual([7]);
    expect(calls('videos.playbacks')).toEqual([7]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('in view, fetches the detail and master only, for at most four videos of a page', async () => {
    const prefetch = createPlaybackPrefetcher(queryClient);
    for (const id of [1, 2, 3, 4, 5, 1]) prefetch(id, 'view');
    await vi.waitFor(() => expect(calls('videos.detail')).toHaveLength(4));
    await new Promise((r) => setTimeout(r, 20));
    expect(calls('videos.detail')).toEqual([1, 2, 3, 4]);
    expect(calls('videos.playbacks')).toEqual([]);
    expect(fetched()).toEqual([MASTER]);
  });

  it('fetches no playlist of a video the member may not play', async () => {
    detailOf = (id) => detail(id, { playable: false, hls_url: null });
    createPlaybackPrefetcher(queryClient)(7, 'intent');
    await vi.waitFor(() => expect(calls('videos.detail')).toEqual([7]));
    await new Promise((r) => setTimeout(r, 20));
    expect(calls('videos.playbacks')).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does nothing for a visitor (no player: pressing play asks to log in)', async () => {
    const { getAccessToken } = await import('@/lib/storage');
    vi.mocked(getAccessToken).mockReturnValueOnce(null);
    createPlaybackPrefetcher(queryClient)(7, 'intent');
    await new Promise((r) => setTimeout(r, 20));
    expect(callMock).not.toHaveBeenCalled();
    expect(loadTheaterPlayer).not.toHaveBeenCalled();
  });
});
