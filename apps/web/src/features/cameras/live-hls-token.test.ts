import type { LoaderContext } from 'hls.js';
import { describe, expect, it } from 'vitest';
import { withNewestHlsToken } from './live-hls-token';

describe('withNewestHlsToken', () => {
  it.each([
    ['a segment', 'https://site.test/live/hls/7/old.tok/seg-12.m4s', '/live/hls/7/new.tok/index.m3u8', 'https://site.test/live/hls/7/new.tok/seg-12.m4s'],
    ['the playlist', 'https://site.test/live/hls/7/old.tok/index.m3u8', '/live/hls/7/new.tok/index.m3u8', 'https://site.test/live/hls/7/new.tok/index.m3u8'],
    ['an absolute newest URL', 'https://site.test/live/hls/7/old/init.mp4', 'https://site.test/live/hls/7/new/index.m3u8', 'https://site.test/live/hls/7/new/init.mp4'],
    ['the same token', 'https://site.test/live/hls/7/tok/seg-1.m4s', '/live/hls/7/tok/index.m3u8', 'https://site.test/live/hls/7/tok/seg-1.m4s'],
  ])('puts the newest token into %s', (_what, request, newest, expected) => {
    expect(withNewestHlsToken(request, newest)).toBe(expected);
  });

  it.each([
    ['another camera', 'https://site.test/live/hls/7/old/seg-1.m4s', '/live/hls/8/new/index.m3u8'],
    ['another host', 'https://site.test/live/hls/7/old/seg-1.m4s', 'https://cdn.test/live/hls/7/new/index.m3u8'],
    ['a URL of another shape', 'https://site.test/media/hls/7/seg-1.m4s', '/live/hls/7/new/index.m3u8'],
    ['a newest URL of another shape', 'https://site.test/live/hls/7/old/seg-1.m4s', 'not a url at all ::'],
  ])('leaves a request alone for %s', (_what, request, newest) => {
    expect(withNewestHlsToken(request, newest)).toBe(request);
  });
});

describe('hls.js with the player\'s xhrSetup', () => {
  // The installed hls.js, not a stand-in: its XHR loader must send the request the player opened in xhrSetup.
  it('requests the URL with the newest token, from a real server', async () => {
    const { createServer } = await import('node:http');
    const { default: Hls } = await import('hls.js');
    const asked: string[] = [];
    const server = createServer((request, response) => {
      asked.push(request.url ?? '');
      response.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'application/vnd.apple.mpegurl' });
      response.end('#EXTM3U\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const origin = `http://127.0.0.1:${port}`;
      const config = {
        ...Hls.DefaultConfig,
        xhrSetup: (xhr: XMLHttpRequest, url: string) => xhr.open('GET', withNewestHlsToken(url, '/live/hls/7/new-token/index.m3u8'), true),
      };
      const loader = new Hls.DefaultConfig.loader(config);
      const policy = { maxTimeToFirstByteMs: 5_000, maxLoadTimeMs: 5_000, timeoutRetry: null, errorRetry: null };
      const loaded = await new Promise<string>((resolve, reject) =>
        loader.load(
          { url: `${origin}/live/hls/7/old-token/seg-3.m4s`, responseType: 'text', type: 'media-fragment' as LoaderContext['type'] },
          { loadPolicy: policy, timeout: 5_000, maxRetry: 0, retryDelay: 0, maxRetryDelay: 0 },
          {
            onSuccess: (response) => resolve(String(response.data)),
            onError: (error) => reject(new Error(`hls.js failed: ${error.code} ${error.text}`)),
            onTimeout: () => reject(new Error('hls.js timed out')),
          },
        ),
      );
      expect(loaded).toBe('#EXTM3U\n');
      expect(asked).toEqual(['/live/hls/7/new-token/seg-3.m4s']);
    } finally {
      server.close();
    }
  });
});
