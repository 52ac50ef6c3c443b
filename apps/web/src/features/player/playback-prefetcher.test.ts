import { QueryClient } from '@tanstack/react-query';
import type { VideoDetail } from '@velora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPrefetched, prefetchedText, takePrefetchedBytes } from '@/entities/video-player/playback-prefetch';
import { forgetBandwidth } from '@/entities/video-player/start-rendition';
import { videoFixture } from '@/test/render-app';
import { call } from '@/lib/http/call';
import { setVideoQuality } from '@/lib/storage';
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
  localStorage.clear();
  Reflect.deleteProperty(navigator, 'connection');
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

  describe('the first segment (decision record 057)', () => {
    const VARIANT_360 = 'http://localhost/media/hls/7/360p.m3u8?exp=1&sig=a';
    const VARIANT_720 = 'http://localhost/media/hls/7/720p.m3u8?exp=1&sig=a';
    const variant = (name: string) =>
      ['#EXTM3U', '#EXT-X-TARGETDURATION:4', ...Array.from({ length: 200 }, (_, i) => `#EXTINF:4.000000,\n${name}_${String(i).padStart(3, '0')}.ts?exp=1&sig=a`), '#EXT-X-ENDLIST', ''].join('\n');
    const segmentOf = (name: string, n: string) => `http://localhost/media/hls/7/${name}_${n}.ts?exp=1&sig=a`;

    beforeEach(() => {
      fetchMock.mockImplementation(async (url: string) => {
        if (url === MASTER) return new Response(MASTER_TEXT);
        if (url === VARIANT_360) return new Response(variant('360p'));
        if (url === VARIANT_720) return new Response(variant('720p'));
        return new Response(new Uint8Array(188));
      });
    });
    const settled = () => vi.waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(2)).then(() => new Promise((r) => setTimeout(r, 30)));

    it('on intent, fetches the segment playback starts with: the one holding the resume position', async () => {
      createPlaybackPrefetcher(queryClient)(7, 'intent');
      await settled();
      // Resumed at 42 s: the eleventh 4 s segment of the start rendition (the lowest: the bandwidth is unknown).
      expect(fetched()).toEqual([MASTER, VARIANT_360, segmentOf('360p', '010')]);
      expect((await takePrefetchedBytes(segmentOf('360p', '010')))?.data.byteLength).toBe(188);
    });

    it('from the start when there is nothing to resume', async () => {
      callMock.mockImplementation(async (name, { params: { id } }) =>
        name === 'videos.detail' ? detailOf(id) : { video_id: id, position: 0, duration: 0, play_count: 0, updated_at: null },
      );
      createPlaybackPrefetcher(queryClient)(7, 'intent');
      await settled();
      expect(fetched()).toEqual([MASTER, VARIANT_360, segmentOf('360p', '000')]);
    });

    it('not for a card in view: only pointing at it, focusing or touching it spends a segment', async () => {
      createPlaybackPrefetcher(queryClient)(7, 'view');
      await vi.waitFor(() => expect(fetched()).toEqual([MASTER]));
      await new Promise((r) => setTimeout(r, 30));
      expect(fetched()).toEqual([MASTER]);
    });

    it('not when the browser asks to save data', async () => {
      Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
      createPlaybackPrefetcher(queryClient)(7, 'intent');
      await settled();
      expect(fetched()).toEqual([MASTER, VARIANT_360]);
    });

    it('a rendition chosen in the quality menu: its playlist (the one the player loads), but no segment', async () => {
      setVideoQuality('720');
      createPlaybackPrefetcher(queryClient)(7, 'intent');
      await settled();
      expect(fetched()).toEqual([MASTER, VARIANT_720]);
    });
  });
});
