import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPrefetched, prefetchBytes, prefetchPlayback, prefetchText, prefetchedText, registerPlaybackPrefetcher, takePrefetchedBytes } from './playback-prefetch';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  forgetPrefetched();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const answer = (text: string, status = 200) => Promise.resolve(new Response(text, { status }));

describe('prefetchText', () => {
  it('fetches a playlist once and hands it to whoever asks for that URL', async () => {
    fetchMock.mockReturnValueOnce(answer('#EXTM3U\n'));
    const first = prefetchText('http://localhost/media/hls/7/master.m3u8?sig=a');
    const again = prefetchText('http://localhost/media/hls/7/master.m3u8?sig=a');
    expect(again).toBe(first);
    expect((await prefetchedText('http://localhost/media/hls/7/master.m3u8?sig=a'))?.text).toBe('#EXTM3U\n');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(prefetchedText('http://localhost/media/hls/7/master.m3u8?sig=b')).toBeNull();
  });

  it('knows a path the API handed out by the absolute URL hls.js asks for', async () => {
    fetchMock.mockReturnValueOnce(answer('#EXTM3U\n'));
    await prefetchText('/media/hls/7/master.m3u8?sig=a');
    expect((await prefetchedText(new URL('/media/hls/7/master.m3u8?sig=a', window.location.href).href))?.text).toBe('#EXTM3U\n');
  });

  it('keeps no failure: the player then asks the server itself', async () => {
    fetchMock.mockReturnValueOnce(answer('expired', 403));
    expect(await prefetchText('http://localhost/media/hls/7/master.m3u8?sig=a')).toBeNull();
    expect(prefetchedText('http://localhost/media/hls/7/master.m3u8?sig=a')).toBeNull();
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    expect(await prefetchText('http://localhost/media/hls/7/master.m3u8?sig=a')).toBeNull();
    expect(prefetchedText('http://localhost/media/hls/7/master.m3u8?sig=a')).toBeNull();
  });

  it('forgets a playlist after four minutes', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    fetchMock.mockReturnValue(answer('#EXTM3U\n'));
    await prefetchText('http://localhost/a.m3u8');
    vi.advanceTimersByTime(4 * 60_000 + 1);
    expect(prefetchedText('http://localhost/a.m3u8')).toBeNull();
  });
});

describe('prefetchPlayback', () => {
  it('asks the registered prefetcher, and nothing once it is unregistered', () => {
    const prefetcher = vi.fn();
    const unregister = registerPlaybackPrefetcher(prefetcher);
    prefetchPlayback(5, 'intent');
    expect(prefetcher).toHaveBeenCalledWith(5, 'intent');
    unregister();
    prefetchPlayback(6, 'view');
    expect(prefetcher).toHaveBeenCalledTimes(1);
  });
});

describe('prefetchBytes', () => {
  const SEGMENT = 'http://localhost/media/hls/7/360p_000.ts?sig=a';
  const bytes = (n: number, status = 200) => Promise.resolve(new Response(new Uint8Array(n), { status }));

  it('fetches a segment once and hands it over once: the player transfers the bytes to its worker', async () => {
    fetchMock.mockReturnValueOnce(bytes(188));
    const first = prefetchBytes(SEGMENT);
    expect(prefetchBytes(SEGMENT)).toBe(first);
    expect((await takePrefetchedBytes(SEGMENT))?.data.byteLength).toBe(188);
    expect(takePrefetchedBytes(SEGMENT)).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fetches no segment the player took: the press on play is an intent too', async () => {
    fetchMock.mockReturnValueOnce(bytes(188));
    await prefetchBytes(SEGMENT);
    await takePrefetchedBytes(SEGMENT);
    expect(await prefetchBytes(SEGMENT)).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is taken while still on its way', async () => {
    let arrive!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (arrive = resolve)));
    prefetchBytes(SEGMENT);
    const taken = takePrefetchedBytes(SEGMENT);
    expect(taken).not.toBeNull();
    arrive(new Response(new Uint8Array(376)));
    expect((await taken)?.data.byteLength).toBe(376);
  });

  it('keeps no failure, and only the last three segments', async () => {
    fetchMock.mockReturnValueOnce(bytes(0, 403));
    expect(await prefetchBytes(SEGMENT)).toBeNull();
    expect(takePrefetchedBytes(SEGMENT)).toBeNull();
    fetchMock.mockImplementation(() => bytes(188));
    for (const n of [1, 2, 3, 4]) await prefetchBytes(`http://localhost/media/hls/${n}/360p_000.ts`);
    expect(takePrefetchedBytes('http://localhost/media/hls/1/360p_000.ts')).toBeNull();
    expect(takePrefetchedBytes('http://localhost/media/hls/4/360p_000.ts')).not.toBeNull();
  });

  it('forgets a segment after four minutes', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    fetchMock.mockReturnValue(bytes(188));
    await prefetchBytes(SEGMENT);
    vi.advanceTimersByTime(4 * 60_000 + 1);
    expect(takePrefetchedBytes(SEGMENT)).toBeNull();
  });
});
