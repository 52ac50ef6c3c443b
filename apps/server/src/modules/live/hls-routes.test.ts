import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg } from '../../lib/ffmpeg';
import { errorsPlugin } from '../../plugins/errors';
import { fakeTapMedia } from '../../../test/rtp-receiver';
import { startDemoStreams, type DemoStreams } from './demo-streams';
import { createLiveHlsRooms, type LiveHlsRooms } from './hls-live-rooms';
import { registerLiveHlsRoutes } from './hls-routes';
import { signLiveToken } from './live-tokens';

// The real chain minus the SFU: a demo stream sends VP8/Opus RTP into a room; the room's tap (the same ports, as
// the SFU would forward them) is read by the real ffmpeg packager; the routes serve what it writes.

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const key = Buffer.from('test-live-signing-key');
const CAMERA = 5;
const hour = () => Math.floor(Date.now() / 1000) + 3600;
const token = (claims: Partial<Parameters<typeof signLiveToken>[1]> = {}) =>
  signLiveToken(key, { kind: 'hls', cameraId: CAMERA, userId: 1, exp: hour(), ...claims });

/** Width and height from a JPEG's start-of-frame marker. */
function jpegSize(jpeg: Buffer): { width: number; height: number } | null {
  for (let i = 2; i < jpeg.length - 9; ) {
    if (jpeg[i] !== 0xff) return null;
    const marker = jpeg[i + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) return { height: jpeg.readUInt16BE(i + 5), width: jpeg.readUInt16BE(i + 7) };
    i += 2 + jpeg.readUInt16BE(i + 2);
  }
  return null;
}

/** The spread of grey levels of a 16x9 thumbnail of the first picture of `file`: a test pattern has bars, grey has none. */
async function pictureContrast(ffmpegPath: string, file: string): Promise<number> {
  const raw = await new Promise<Buffer>((resolve, reject) =>
    execFile(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-i', file, '-frames:v', '1', '-vf', 'scale=16:9', '-pix_fmt', 'gray', '-f', 'rawvideo', 'pipe:1'], { encoding: 'buffer' }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    ),
  );
  return raw.length === 0 ? 0 : Math.max(...raw) - Math.min(...raw);
}

describe('LL-HLS and preview stills of a live room', () => {
  let dataDir: string;
  let app: FastifyInstance;
  let rooms: LiveHlsRooms;
  let demo: DemoStreams;
  let ffmpegPath: string;
  const media = fakeTapMedia();
  // The cameras module's answer stands in here (its own tests and the composition's prove it): members refused.
  const refused = new Set<number>();
  const served: Array<[number, number]> = [];

  beforeAll(async () => {
    const ffmpeg = await findFfmpeg();
    if (!ffmpeg) throw new Error('these tests need ffmpeg (apt-get install ffmpeg)');
    ffmpegPath = ffmpeg.path;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-hls-'));
    rooms = createLiveHlsRooms({ config: { dataDir }, media, ffmpeg, log: silentLog, idleMs: 4000, previewEverySeconds: 1 });
    app = Fastify();
    await app.register(errorsPlugin);
    await registerLiveHlsRoutes(app, {
      rooms,
      signingKey: key,
      startWaitMs: 6000,
      watchAccess: async (_cameraId, userId) => (refused.has(userId) ? 'paid_chat_required' : 'allowed'),
      onServed: (cameraId, userId) => void served.push([cameraId, userId]),
    });
    await app.ready();
    demo = await startDemoStreams({ media, cameraIds: [CAMERA], log: silentLog, ffmpeg, width: 640, height: 360, bitrateK: 400, fps: 25 });
  });
  afterAll(async () => {
    await demo?.stop();
    await rooms?.close();
    await app?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('serves a 640x360 JPEG still of a live room, and 404 for a camera that is not live', async () => {
    await expect.poll(async () => (await get(`/live/preview/${CAMERA}.jpg`)).statusCode, { timeout: 15_000, interval: 250 }).toBe(200);
    const res = await get(`/live/preview/${CAMERA}.jpg`);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=5');
    expect(jpegSize(res.rawPayload)).toEqual({ width: 640, height: 360 });
    await fs.writeFile(path.join(dataDir, 'still.jpg'), res.rawPayload);
    expect(await pictureContrast(ffmpegPath, path.join(dataDir, 'still.jpg'))).toBeGreaterThan(100);
    expect((await get('/live/preview/6.jpg')).statusCode).toBe(404);
    expect((await get('/live/preview/..%2F..%2Fsecrets.jpg')).statusCode).toBe(404);
    expect(rooms.status(CAMERA)?.mode).toBe('preview');
  });

  it('starts the packager on the first playlist request and serves a playlist, its init segment and fMP4 segments', async () => {
    let res = await get(`/live/hls/${CAMERA}/${token()}/index.m3u8`);
    for (let i = 0; i < 10 && res.statusCode === 503; i++) {
      expect(res.headers['retry-after']).toBe('1');
      res = await get(`/live/hls/${CAMERA}/${token()}/index.m3u8`);
    }
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('#EXT-X-MAP:URI="init.mp4"');
    expect(res.body).toMatch(/#EXT-X-TARGETDURATION:1\b/);
    expect(rooms.status(CAMERA)?.mode).toBe('hls');
    const segment = /^seg-\d+\.m4s$/m.exec(res.body)![0];

    const init = await get(`/live/hls/${CAMERA}/${token()}/init.mp4`);
    expect(init.statusCode).toBe(200);
    expect(init.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
    const seg = await get(`/live/hls/${CAMERA}/${token()}/${segment}`);
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['content-type']).toBe('video/iso.segment');
    expect(seg.headers['cache-control']).toBe('private, max-age=6');
    expect(seg.rawPayload.includes(Buffer.from('moof'))).toBe(true);
    // The segment plays: it decodes to the test pattern, not to grey.
    await fs.writeFile(path.join(dataDir, 'probe.mp4'), Buffer.concat([init.rawPayload, seg.rawPayload]));
    expect(await pictureContrast(ffmpegPath, path.join(dataDir, 'probe.mp4'))).toBeGreaterThan(100);
  });

  it('asks on every request whether the member may still watch, and counts only members it served', async () => {
    const member = 2;
    const playlist = await get(`/live/hls/${CAMERA}/${token({ userId: member })}/index.m3u8`);
    expect(playlist.statusCode, playlist.body).toBe(200);
    const segment = /^seg-\d+\.m4s$/m.exec(playlist.body)![0];
    expect((await get(`/live/hls/${CAMERA}/${token({ userId: member })}/${segment}`)).statusCode).toBe(200);
    expect(served.filter(([, userId]) => userId === member)).toEqual([
      [CAMERA, member],
      [CAMERA, member],
    ]);

    refused.add(member);
    for (const file of ['index.m3u8', 'init.mp4', segment]) {
      const res = await get(`/live/hls/${CAMERA}/${token({ userId: member })}/${file}`);
      expect({ file, status: res.statusCode }).toEqual({ file, status: 403 });
      expect(res.json()).toMatchObject({ error: { code: 'PAID_CHAT_REQUIRED' } });
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
    expect(served.filter(([, userId]) => userId === member)).toHaveLength(2);
  });

  it('refuses a bad, expired, other-camera or other-kind token, and any file ffmpeg did not write', async () => {
    const good = token();
    const cases: Array<[string, number]> = [
      [`/live/hls/${CAMERA}/not-a-token/index.m3u8`, 401],
      [`/live/hls/${CAMERA}/${good.slice(0, -2)}xx/index.m3u8`, 401],
      [`/live/hls/${CAMERA}/${token({ exp: Math.floor(Date.now() / 1000) - 1 })}/index.m3u8`, 401],
      [`/live/hls/${CAMERA}/${token({ cameraId: 6 })}/index.m3u8`, 403],
      [`/live/hls/${CAMERA}/${token({ kind: 'view' })}/index.m3u8`, 403],
      [`/live/hls/${CAMERA}/index.m3u8`, 404],
      [`/live/hls/${CAMERA}/${good}/..%2F..%2Fsecrets%2Flive-signing.key`, 404],
      [`/live/hls/${CAMERA}/${good}/%2e%2e`, 404],
      [`/live/hls/${CAMERA}/${good}/index.m3u8.tmp`, 404],
      [`/live/hls/${CAMERA}/${good}/seg-999999.m4s`, 404],
      [`/live/hls/abc/${good}/index.m3u8`, 404],
    ];
    for (const [url, status] of cases) {
      const res = await get(url);
      expect({ url, status: res.statusCode }).toEqual({ url, status });
      if (status !== 404) expect(res.headers['access-control-allow-origin'], url).toBe('*');
    }
    // A valid token of a camera that is not live.
    const other = await get(`/live/hls/6/${token({ cameraId: 6 })}/index.m3u8`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: 'Camera 6 is not live' } });
  });

  it('goes back to stills alone when nobody asks for HLS, and stops when the room ends', async () => {
    await expect.poll(() => rooms.status(CAMERA)?.mode, { timeout: 15_000, interval: 250 }).toBe('preview');
    await expect(fs.access(rooms.hlsDir(CAMERA))).rejects.toThrow();
    await demo.stop();
    await expect.poll(() => rooms.status(CAMERA), { timeout: 10_000 }).toBe(null);
    expect((await get(`/live/preview/${CAMERA}.jpg`)).statusCode).toBe(404);
    expect((await get(`/live/hls/${CAMERA}/${token()}/index.m3u8`)).statusCode).toBe(404);
    await expect.poll(() => media.openTaps).toBe(0);
  });
});
