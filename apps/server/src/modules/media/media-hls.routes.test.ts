import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContextOf, createMediaAsset } from '../../../test/factories';
import { buildTestApp, type TestApp, platformWith } from '../../../test/test-app';
import { createServices } from '../../composition/create-services';
import { loadConfig } from '../../config';
import { createMediaUrls } from '../../lib/media-url';
import type { AuthContext } from '../sessions/sessions.service';
import { mediaPaths } from './media-paths';
import { HLS_URL_TTL_SECONDS } from './media-signing';
import type { AssetKind, AssetStatus } from './media.repository';
import { createMediaService, signPlaylist } from './media.service';

const viewer = (roles: string[] = []): AuthContext => authContextOf({ roles });

const MASTER = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"
360p.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720,CODECS="avc1.4d401f,mp4a.40.2"
720p.m3u8
`;
const variant = (name: string) => `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:4
#EXT-X-PLAYLIST-TYPE:VOD
#EXTINF:4.000000,
${name}_000.ts
#EXTINF:2.000000,
${name}_001.ts
#EXT-X-ENDLIST
`;

/** Writes a small HLS asset as the transcoder lays it out. */
async function writeAsset(dataDir: string, id: number, marker: string) {
  const dir = mediaPaths(dataDir).hlsDir(id);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, 'master.m3u8'), MASTER);
  for (const name of ['360p', '720p']) {
    await fs.writeFile(path.join(dir, `${name}.m3u8`), variant(name));
    for (const n of ['000', '001']) await fs.writeFile(path.join(dir, `${name}_${n}.ts`), `${marker}:${name}_${n}`);
  }
}

async function insertAsset(t: TestApp, kind: AssetKind, status: AssetStatus, renditions: number[] = [360, 720]): Promise<number> {
  return (await createMediaAsset(t, { kind, title: `${kind} asset`, sourceName: 'x.mp4', status, renditions })).id;
}

describe('signed HLS URLs', () => {
  let t: TestApp;
  let clock = new Date('2030-05-01T12:00:00Z');
  let assetId: number;
  let otherId: number;
  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock });
    assetId = await insertAsset(t, 'video', 'ready');
    otherId = await insertAsset(t, 'video', 'ready');
    await writeAsset(t.deps.config.dataDir, assetId, 'asset');
    await writeAsset(t.deps.config.dataDir, otherId, 'other');
  });
  afterAll(() => t.close());

  const media = () => t.services.media;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  /** Resolves a URI of a playlist against the playlist's URL, as a player does. */
  const resolve = (uri: string, base: string) => {
    const u = new URL(uri, `http://x${base}`);
    return `${u.pathname}${u.search}`;
  };
  const urisOf = (playlist: string) => playlist.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));

  it('has the shape /media/hls/<id>/master.m3u8?exp=<unix>&sig=<hmac>, valid for about four hours', () => {
    const url = media().hlsUrl(assetId, null);
    const match = /^\/media\/hls\/(\d+)\/master\.m3u8\?exp=(\d+)&sig=([A-Za-z0-9_-]{43})$/.exec(url);
    expect(match?.[1]).toBe(String(assetId));
    const ttl = Number(match![2]) - clock.getTime() / 1000;
    expect(ttl).toBeGreaterThanOrEqual(HLS_URL_TTL_SECONDS);
    expect(ttl).toBeLessThanOrEqual(HLS_URL_TTL_SECONDS + 300);
  });

  it('serves the master, a variant and a segment, each playlist passing the signature on to every URI in it', async () => {
    const masterUrl = media().hlsUrl(assetId, null);
    const query = masterUrl.slice(masterUrl.indexOf('?') + 1);
    const master = await get(masterUrl);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(urisOf(master.body)).toEqual([`360p.m3u8?${query}`, `720p.m3u8?${query}`]);
    expect(master.body).toContain('RESOLUTION=640x360');

    const variantUrl = resolve(urisOf(master.body)[1]!, masterUrl);
    const playlist = await get(variantUrl);
    expect(playlist.statusCode).toBe(200);
    expect(urisOf(playlist.body)).toEqual([`720p_000.ts?${query}`, `720p_001.ts?${query}`]);

    const segment = await get(resolve(urisOf(playlist.body)[0]!, variantUrl));
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.body).toBe('asset:720p_000');
  });

  it('lets nothing be cached past the expiry', async () => {
    const url = media().hlsUrl(assetId, null);
    const exp = Number(/exp=(\d+)/.exec(url)![1]);
    const remaining = exp - clock.getTime() / 1000;
    const maxAge = (header: unknown) => Number(/max-age=(\d+)/.exec(String(header))![1]);
    expect(maxAge((await get(url)).headers['cache-control'])).toBeLessThanOrEqual(remaining);
    const segment = await get(url.replace('master.m3u8', '360p_000.ts'));
    expect(maxAge(segment.headers['cache-control'])).toBeLessThanOrEqual(remaining);
  });

  it('refuses playlists and segments without a signature, with a tampered one, or for another asset: 403', async () => {
    const url = media().hlsUrl(assetId, null);
    const [, exp, sig] = /exp=(\d+)&sig=(.+)$/.exec(url)!;
    const flipped = `${sig![0] === 'A' ? 'B' : 'A'}${sig!.slice(1)}`;
    for (const file of ['master.m3u8', '360p.m3u8', '360p_000.ts']) {
      const base = `/media/hls/${assetId}/${file}`;
      for (const bad of [
        base,
        `${base}?exp=${exp}`,
        `${base}?sig=${sig}`,
        `${base}?exp=${exp}&sig=${flipped}`,
        `${base}?exp=${Number(exp) + 300}&sig=${sig}`,
        `${base}?exp=${exp}&sig=${sig}x`,
        `${base}?exp=${exp}&sig=`,
        `${base}?exp=soon&sig=${sig}`,
        `/media/hls/${otherId}/${file}?exp=${exp}&sig=${sig}`,
      ]) {
        const res = await get(bad);
        expect(res.statusCode, bad).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
    }
  });

  it('refuses an expired signature: 403 for playlists and segments', async () => {
    const url = media().hlsUrl(assetId, null);
    const saved = clock;
    try {
      clock = new Date(saved.getTime() + (HLS_URL_TTL_SECONDS + 301) * 1000);
      for (const file of ['master.m3u8', '720p.m3u8', '720p_001.ts']) {
        const res = await get(url.replace('master.m3u8', file));
        expect(res.statusCode, file).toBe(403);
        expect(res.json().error.message).toMatch(/expired/);
      }
    } finally {
      clock = saved;
    }
  });

  it('cannot be led out of the asset folder', async () => {
    const url = media().hlsUrl(assetId, null);
    const query = url.slice(url.indexOf('?'));
    const key = await fs.readFile(mediaPaths(t.deps.config.dataDir).signingKey, 'utf8');
    for (const file of [
      '..%2F..%2F..%2Fsecrets%2Fmedia-signing.key',
      '..%2F' + otherId + '%2F360p_000.ts',
      '%2E%2E%2Fmaster.m3u8',
      'master.m3u8%00.ts',
      '.hidden.ts',
      'x.key',
    ]) {
      const res = await get(`/media/hls/${assetId}/${file}${query}`);
      expect(res.statusCode, file).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, file).toBeLessThan(500);
      expect(res.body).not.toContain(key);
      expect(res.body).not.toContain('other:');
    }
    expect((await get(`/media/hls/${assetId}/../../secrets/media-signing.key${query}`)).body).not.toContain(key);
    expect((await get(`/media/hls/..%2F..%2Fsecrets/media-signing.key${query}`)).statusCode).toBe(400);
    expect((await get(`/media/hls/${assetId}/missing.ts${query}`)).statusCode).toBe(404);
  });

  it('builds the URL on the CDN host when CDN_URL is set', () => {
    const cdn = createServices(platformWith(t.deps, { config: { cdnUrl: 'https://cdn.example.com' } })).media;
    expect(cdn.hlsUrl(assetId, null)).toMatch(new RegExp(`^https://cdn\\.example\\.com/media/hls/${assetId}/master\\.m3u8\\?exp=\\d+&sig=`));
  });

  it('gives a restricted viewer the censored placeholder clip instead, once one is ready', async () => {
    const url = media().hlsUrl(assetId, viewer(['censored']));
    expect(url).toMatch(/^\/media\/hls\/censored\/master\.m3u8\?exp=\d+&sig=/);
    // No placeholder clip yet.
    expect((await get(url)).statusCode).toBe(404);
    const censoredId = await insertAsset(t, 'censored', 'ready', [360]);
    await writeAsset(t.deps.config.dataDir, censoredId, 'censored');
    const master = await get(media().hlsUrl(assetId, viewer(['censored'])));
    expect(master.statusCode).toBe(200);
    const segment = await get(media().hlsUrl(assetId, viewer(['censored'])).replace('master.m3u8', '360p_000.ts'));
    expect(segment.body).toBe('censored:360p_000');
    // The placeholder's signature opens only the placeholder.
    const query = url.slice(url.indexOf('?'));
    expect((await get(`/media/hls/${assetId}/master.m3u8${query}`)).statusCode).toBe(403);
  });
});

describe('the signing key', () => {
  it('is generated once in DATA_DIR/secrets with mode 600, and kept', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-key-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      const deps = { config, db: null as never, now: () => new Date(), mediaUrls: createMediaUrls(config) };
      const first = createMediaService(deps).hlsUrl(1, null);
      expect((await fs.stat(mediaPaths(dataDir).signingKey)).mode & 0o777).toBe(0o600);
      expect(createMediaService(deps).hlsUrl(1, null)).toBe(first);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('is MEDIA_SIGNING_SECRET when that is set: URLs signed by one instance open on another', async () => {
    const secret = 'a-shared-secret-of-at-least-32-characters';
    const t = await buildTestApp({ env: { MEDIA_SIGNING_SECRET: secret } });
    const elsewhere = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-key-'));
    try {
      const id = await insertAsset(t, 'video', 'ready');
      await writeAsset(t.deps.config.dataDir, id, 'b');
      const other = createServices(platformWith(t.deps, { config: loadConfig({ DATA_DIR: elsewhere, MEDIA_SIGNING_SECRET: secret }) })).media;
      expect((await t.app.inject({ method: 'GET', url: other.hlsUrl(id, null) })).statusCode).toBe(200);
      const unshared = createServices(platformWith(t.deps, { config: loadConfig({ DATA_DIR: elsewhere }) })).media;
      expect((await t.app.inject({ method: 'GET', url: unshared.hlsUrl(id, null) })).statusCode).toBe(403);
      await expect(fs.access(mediaPaths(t.deps.config.dataDir).signingKey)).rejects.toThrow();
    } finally {
      await t.close();
      await fs.rm(elsewhere, { recursive: true, force: true });
    }
  });
});

describe('assetInfo and testVideos', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('tells each asset\'s status and renditions, leaving out ids that name none', async () => {
    const ready = await insertAsset(t, 'video', 'ready', [360, 480, 720]);
    const pending = await insertAsset(t, 'video', 'pending', []);
    const info = await t.services.media.assetInfo([ready, pending, 999_999, ready]);
    expect([...info.entries()].sort((x, y) => x[0] - y[0])).toEqual([
      [ready, { status: 'ready', renditions: [360, 480, 720] }],
      [pending, { status: 'pending', renditions: [] }],
    ]);
    expect((await t.services.media.assetInfo([])).size).toBe(0);
  });

  it('lists the ready about-us videos with signed URLs', async () => {
    const about = await insertAsset(t, 'about_us', 'ready', [160, 240, 360]);
    await insertAsset(t, 'about_us', 'processing', []);
    const videos = await t.services.media.testVideos();
    expect(videos).toEqual([{ id: about, title: 'about_us asset', hls_url: expect.stringMatching(new RegExp(`^/media/hls/${about}/master\\.m3u8\\?exp=\\d+&sig=`)), renditions: [160, 240, 360] }]);
  });
});

describe('signPlaylist', () => {
  it('signs URI lines and URI attributes, and leaves absolute URLs and tags alone', () => {
    const text = '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4,\nseg_000.m4s\nseg_001.m4s?x=1\nhttps://elsewhere.example/seg.ts\n';
    expect(signPlaylist(text, 'exp=1&sig=s')).toBe(
      '#EXTM3U\n#EXT-X-MAP:URI="init.mp4?exp=1&sig=s"\n#EXTINF:4,\nseg_000.m4s?exp=1&sig=s\nseg_001.m4s?x=1&exp=1&sig=s\nhttps://elsewhere.example/seg.ts\n',
    );
  });
});
