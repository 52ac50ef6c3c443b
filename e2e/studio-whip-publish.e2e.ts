import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { transformWithEsbuild } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';

// The studio's WHIP client and health reading in real Chromium with a fake camera (decision record 035). The WHIP
// server is stood in for by a second RTCPeerConnection in the same page, behind the client's fetch seam: what is
// checked is the browser side — the offer Chromium makes, the codec it picks unforced, the bitrate ceiling held, and
// the stats the health card reads. The SFU end to end is the live-cams e2e (server branch).

const WEB_SRC = fileURLToPath(new URL('../apps/web/src/', import.meta.url));
const MODULES = {
  '/whip-client.js': 'lib/webrtc/whip-client.ts',
  '/connection-health.js': 'features/studio/media/connection-health.ts',
};

/**
 * Runs in the page (plain JavaScript, kept out of the test runner's transforms): publishes the fake camera through
 * publishWhip to an in-page answering peer and reports what the studio would show.
 */
const PAGE_SCRIPT = `
import * as whip from '/whip-client.js';
import * as health from '/connection-health.js';
window.runPublish = async () => {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 } }, audio: true });
  const server = new RTCPeerConnection();
  let authorization = '';
  let offerHasSendonly = false;
  let deleted = false;
  const fakeFetch = async (_url, init) => {
    if (init.method === 'DELETE') { deleted = true; return new Response(null, { status: 200 }); }
    authorization = init.headers.Authorization || '';
    const offer = String(init.body);
    offerHasSendonly = (offer.match(/a=sendonly/g) || []).length === 2;
    await server.setRemoteDescription({ type: 'offer', sdp: offer });
    await server.setLocalDescription(await server.createAnswer());
    await new Promise((resolve) => {
      if (server.iceGatheringState === 'complete') resolve();
      server.addEventListener('icegatheringstatechange', () => server.iceGatheringState === 'complete' && resolve());
    });
    return new Response(server.localDescription.sdp, { status: 201, headers: { Location: '/whip/session-1' } });
  };
  const session = await whip.publishWhip({ url: 'http://localhost/whip/anna', token: 'tok-e2e', stream, maxVideoBitrate: 2500000, startVideoBitrate: 1500000, fetch: fakeFetch });
  const pc = session.peerConnection;
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('not connected: ' + pc.connectionState)), 10000);
    const check = () => { if (pc.connectionState === 'connected') { clearTimeout(timer); resolve(); } };
    pc.addEventListener('connectionstatechange', check);
    check();
  });
  // The studio's reading every two seconds, as the bandwidth estimate ramps up from its start value.
  const timeline = [];
  let previous = null;
  let second = null;
  let report = null;
  for (let i = 0; i < Number(window.SAMPLES || 8); i += 1) {
    await new Promise((r) => setTimeout(r, 2000));
    report = await pc.getStats();
    second = health.readHealth(report, previous);
    previous = second.sample;
    timeline.push([(i + 1) * 2, Math.round((second.health.bitrate || 0) / 1000), second.health.width, second.health.framesPerSecond, second.health.limitation]);
  }
  let codec = '';
  report.forEach((entry) => {
    if (entry.type === 'outbound-rtp' && entry.kind === 'video' && entry.codecId) codec = report.get(entry.codecId).mimeType;
  });
  const sender = pc.getSenders().find((s) => s.track && s.track.kind === 'video');
  const maxBitrate = sender ? sender.getParameters().encodings[0].maxBitrate : null;
  const connection = pc.connectionState;
  await session.stop();
  server.close();
  stream.getTracks().forEach((t) => t.stop());
  return { timeline, connection, codec, offerHasSendonly, authorization, maxBitrate, health: second.health, verdict: health.verdictOf(second.health, 2500000, { warmingUp: true }), deleted };
};
window.SAMPLES = 6;
window.publishReady = true;
`;

let browser: Browser;

beforeAll(async () => {
  // Chromium's generated camera, at the 720p the page asks for: the picture's size under the ceiling is what this
  // checks, so it does not get the other live tests' small one.
  browser = await launchBrowser({ fakeMedia: true, camera: { kind: 'generated' } });
});
afterAll(async () => {
  await browser?.close();
});

interface PublishResult {
  /** [seconds, kbit/s, width, fps, limitation] every two seconds. */
  timeline: [number, number, number | null, number | null, string | null][];
  connection: string;
  codec: string;
  offerHasSendonly: boolean;
  authorization: string;
  maxBitrate: number | null;
  health: { bitrate: number | null; framesPerSecond: number | null; width: number | null; height: number | null; packetLoss: number | null; roundTripTime: number | null; limitation: string | null };
  verdict: string;
  deleted: boolean;
}

describe('WHIP publishing in Chromium', () => {
  it('publishes the fake camera under the 720p ceiling with the codec Chromium prefers, and reads its health', async () => {
    const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
    const page = await context.newPage();
    // Served from http://localhost so getUserMedia has its secure context; nothing leaves the browser.
    await page.route('http://localhost/**', async (route) => {
      const path = new URL(route.request().url()).pathname as keyof typeof MODULES | '/';
      if (path === '/') return route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>whip</title><script type="module">${PAGE_SCRIPT}</script>` });
      const file = MODULES[path];
      if (!file) return route.fulfill({ status: 404, body: '' });
      const { code } = await transformWithEsbuild(await readFile(`${WEB_SRC}${file}`, 'utf8'), file, { loader: 'ts', format: 'esm' });
      return route.fulfill({ contentType: 'text/javascript', body: code });
    });
    await page.goto('http://localhost/');

    await page.waitForFunction('window.publishReady === true');
    const result = (await page.evaluate('window.runPublish()')) as PublishResult;

    console.log('whip publish in chromium:', JSON.stringify(result));
    expect(result.connection).toBe('connected');
    expect(result.offerHasSendonly).toBe(true);
    expect(result.authorization).toBe('Bearer tok-e2e');
    // Not forced: whichever Chromium offers first (VP8 today); the SFU takes VP8 and H.264.
    expect(['video/VP8', 'video/H264']).toContain(result.codec);
    expect(result.maxBitrate).toBe(2_500_000);
    // The fake camera gives 20 fps. With the estimate started at 1.5 Mbit/s the picture is 720p from the start on an
    // idle machine; from ~300 kbit/s (no start hint) it took about 20 s, scaled down for bandwidth meanwhile. Chromium's
    // delay-based estimate can still back off for a few seconds when the machine is busy (one CI run: 960 px and
    // ~500 kbit/s for 10 s, 1280 px at 12 s), so what is held is the end of the 12 s window, which a publish without
    // the hint does not reach: no bandwidth limit and full width. Only a busy CPU may still scale it down.
    expect(result.health.framesPerSecond).toBeGreaterThan(10);
    expect(result.timeline.at(-1)?.[4]).not.toBe('bandwidth');
    if (result.health.limitation !== 'cpu') expect(result.health.width).toBe(1280);
    expect(result.health.bitrate).toBeGreaterThan(100_000);
    expect(result.health.bitrate).toBeLessThan(2_500_000 * 1.15);
    expect(result.health.packetLoss).toBe(0);
    expect(result.health.roundTripTime).toBeLessThan(0.1);
    expect(result.verdict).toBe('good');
    expect(result.deleted).toBe(true);
    await context.close();
  });
});
