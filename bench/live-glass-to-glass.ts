// Glass-to-glass latency through the embedded SFU in headless Chromium (decision record 033): a page paints the time
// as black and white blocks on a canvas, publishes the canvas through WHIP, watches the room through WHEP and reads
// the time back from each frame it gets. Both ends share one clock (the page's). Printed, never asserted.
// Usage: npm run bench:live:latency [-- --seconds 15 --size 1280x720]
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { chromium } from 'playwright-core';
import { createMemoryRateLimitStore } from '../apps/server/src/lib/memory-rate-limit-store';
import { createEmbeddedMediaServer } from '../apps/server/src/modules/live/embedded-media-server';
import { signLiveToken } from '../apps/server/src/modules/live/live-tokens';
import { liveRoutes } from '../apps/server/src/modules/live/live.routes';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '15' }, size: { type: 'string', default: '1280x720' } } });
const SECONDS = Number(values.seconds);
const [WIDTH, HEIGHT] = values.size.split('x').map(Number) as [number, number];
const key = Buffer.from('glass-to-glass-bench-key');
const exp = Math.floor(Date.now() / 1000) + 600;
const publishToken = signLiveToken(key, { kind: 'publish', cameraId: 1, userId: 1, exp });
const viewToken = signLiveToken(key, { kind: 'view', cameraId: 1, userId: 2, exp });

const PAGE = `<!doctype html><meta charset="utf-8"><video id="v" muted playsinline autoplay></video><script>
const BITS = 24, BLOCK = Math.floor(${WIDTH} / BITS);
async function gathered(pc) {
  if (pc.iceGatheringState === 'complete') return;
  await new Promise((resolve) => pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve()));
}
async function handshake(pc, url, token) {
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/sdp', authorization: 'Bearer ' + token }, body: pc.localDescription.sdp });
  if (response.status !== 201) throw new Error(url + ': ' + response.status + ' ' + await response.text());
  await pc.setRemoteDescription({ type: 'answer', sdp: await response.text() });
}
window.run = async (seconds) => {
  const canvas = document.createElement('canvas');
  canvas.width = ${WIDTH}; canvas.height = ${HEIGHT};
  const ctx = canvas.getContext('2d');
  let hue = 0;
  const paint = () => {
    const t = Math.floor(performance.now()) & ((1 << BITS) - 1);
    ctx.fillStyle = 'hsl(' + (hue = (hue + 3) % 360) + ',60%,50%)';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    for (let i = 0; i < BITS; i++) { ctx.fillStyle = (t >> i) & 1 ? '#fff' : '#000'; ctx.fillRect(i * BLOCK, 0, BLOCK, 60); }
    requestAnimationFrame(paint);
  };
  paint();
  const publisher = new RTCPeerConnection();
  publisher.addTransceiver(canvas.captureStream(30).getVideoTracks()[0], { direction: 'sendonly' });
  await handshake(publisher, '/live/whip', '${publishToken}');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const viewer = new RTCPeerConnection();
  viewer.addTransceiver('video', { direction: 'recvonly' });
  const video = document.getElementById('v');
  viewer.ontrack = (event) => { video.srcObject = new MediaStream([event.track]); };
  await handshake(viewer, '/live/whep/1', '${viewToken}');
  const reader = document.createElement('canvas');
  reader.width = ${WIDTH}; reader.height = ${HEIGHT};
  const rctx = reader.getContext('2d', { willReadFrequently: true });
  const samples = [];
  let frames = 0;
  const onFrame = () => {
    frames++;
    const now = Math.floor(performance.now());
    // Scaled back to the painted size: the sender may have lowered the resolution.
    rctx.drawImage(video, 0, 0, ${WIDTH}, ${HEIGHT});
    const row = rctx.getImageData(0, 30, ${WIDTH}, 1).data;
    let t = 0;
    for (let i = 0; i < BITS; i++) if (row[(i * BLOCK + Math.floor(BLOCK / 2)) * 4] > 128) t |= 1 << i;
    const latency = (now - t) & ((1 << BITS) - 1);
    if (latency < 5000) samples.push(latency);
    video.requestVideoFrameCallback(onFrame);
  };
  await new Promise((resolve) => { video.onplaying = resolve; });
  video.requestVideoFrameCallback(onFrame);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const stats = await publisher.getStats();
  let sent = null;
  stats.forEach((s) => { if (s.type === 'outbound-rtp' && s.kind === 'video') sent = { codec: s.codecId, width: s.frameWidth, height: s.frameHeight, fps: s.framesPerSecond, bytes: s.bytesSent, limitation: s.qualityLimitationReason }; });
  publisher.close(); viewer.close();
  return { samples, frames, sent };
};
</script>`;

const media = createEmbeddedMediaServer({ iceServers: [], rtcPorts: undefined, announcedIp: undefined }, { error: console.error, warn: console.warn });
const app = Fastify();
await app.register(liveRoutes, {
  media,
  liveKey: key,
  rateLimits: createMemoryRateLimitStore(),
  now: () => Date.now(),
  authorizePublisher: async (bearer) => (bearer === publishToken ? { cameraId: 1, source: 'browser' } : null),
});
app.get('/', async (_request, reply) => reply.type('text/html').send(PAGE));
const base = await app.listen({ host: '127.0.0.1', port: 0 });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // Plain host candidates (no mDNS names, which libdatachannel does not resolve); frames painted while hidden.
  args: ['--disable-features=WebRtcHideLocalIpsWithMdns', '--autoplay-policy=no-user-gesture-required', '--disable-renderer-backgrounding', '--disable-background-timer-throttling'],
});
try {
  const page = await browser.newPage();
  page.on('console', (message) => message.type() === 'error' && console.error('page:', message.text()));
  await page.goto(base);
  const started = Date.now();
  const result = (await page.evaluate((seconds) => (globalThis as unknown as { run(s: number): Promise<unknown> }).run(seconds), SECONDS)) as {
    samples: number[];
    frames: number;
    sent: { width: number; height: number; fps: number; bytes: number; limitation: string } | null;
  };
  const sorted = [...result.samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  const seconds = (Date.now() - started) / 1000;
  console.log(`frames read: ${result.samples.length} of ${result.frames}; sent ${result.sent?.width}x${result.sent?.height} at ${result.sent?.fps} fps, ` +
    `${(((result.sent?.bytes ?? 0) * 8) / seconds / 1e6).toFixed(2)} Mbit/s on average, limited by: ${result.sent?.limitation}`);
  console.log(`glass-to-glass (canvas → WHIP → SFU → WHEP → video frame): median ${at(0.5)} ms, p95 ${at(0.95)} ms, min ${sorted[0]} ms`);
} finally {
  await browser.close();
  await app.close();
  await media.close();
}
