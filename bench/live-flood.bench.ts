// The API beside a flooded room (decision record 033): one room takes 1000-byte RTP packets as fast as this thread can
// send them while five viewers watch it; meanwhile a new publisher's WHIP handshake is timed and the API thread's
// event-loop delay is sampled. The same two figures without the flood, in the same run, are the baseline. Printed,
// never asserted (the suite checks only that the handshakes are answered: live.routes.test.ts).
// Usage: npm run bench:live-flood [-- --seconds 2 --rounds 5]
import dgram from 'node:dgram';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { createMemoryRateLimitStore } from '../apps/server/src/lib/memory-rate-limit-store';
import { createEmbeddedMediaServer } from '../apps/server/src/modules/live/embedded-media-server';
import { signLiveToken, verifyLiveToken } from '../apps/server/src/modules/live/live-tokens';
import { createPublisher, createViewer, handshakeWithRetry, postOffer, until } from '../apps/server/src/modules/live/live-test-peers';
import { liveRoutes } from '../apps/server/src/modules/live/live.routes';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '2' }, rounds: { type: 'string', default: '5' } } });
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const FLOODED_ROOM = 12;

const key = Buffer.from('live-bench-key-'.repeat(3));
const exp = () => Math.floor(Date.now() / 1000) + 600;
const media = createEmbeddedMediaServer({ iceServers: [], rtcPorts: undefined, announcedIp: undefined }, console);
const app = Fastify();
await app.register(liveRoutes, {
  media,
  liveKey: key,
  rateLimits: createMemoryRateLimitStore(),
  now: () => Date.now(),
  authorizePublisher: async (bearer) => {
    const verdict = verifyLiveToken(key, bearer, { kind: 'publish' }, Date.now());
    return verdict.ok ? { cameraId: verdict.claims.cameraId, source: 'browser' } : null;
  },
});
const base = await app.listen({ host: '127.0.0.1', port: 0 });
const closers: Array<() => unknown> = [];

const ingest = await media.openRtpIngest(FLOODED_ROOM, 'demo', 'VP8');
closers.push(() => ingest.close());
for (let i = 0; i < 5; i++) {
  const { peer } = await handshakeWithRetry(base, () => createViewer(`flood-${i}`, false), (offer) =>
    postOffer(`${base}/live/whep/${FLOODED_ROOM}`, offer, signLiveToken(key, { kind: 'view', cameraId: FLOODED_ROOM, userId: 100 + i, exp: exp() })),
  );
  closers.push(() => peer.close());
}

/** One round: a WHIP handshake of a new publisher (to another room) and the event-loop delay while it runs. */
async function round(room: number): Promise<{ handshakeMs: number; delayP99Ms: number; delayMaxMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const publisher = await createPublisher();
  const started = performance.now();
  const reply = await postOffer(`${base}/live/whip`, publisher.offer, signLiveToken(key, { kind: 'publish', cameraId: room, userId: 9, exp: exp() }));
  const handshakeMs = performance.now() - started;
  if (reply.status !== 201) throw new Error(`WHIP answered ${reply.status}: ${reply.body}`);
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  delay.disable();
  publisher.close();
  return { handshakeMs, delayP99Ms: delay.percentile(99) / 1e6, delayMaxMs: delay.max / 1e6 };
}

async function rounds(label: string, firstRoom: number) {
  const results: Awaited<ReturnType<typeof round>>[] = [];
  for (let i = 0; i < ROUNDS; i++) results.push(await round(firstRoom + i));
  const median = (pick: (r: (typeof results)[number]) => number) => results.map(pick).sort((a, b) => a - b)[Math.floor(results.length / 2)]!;
  const worst = (pick: (r: (typeof results)[number]) => number) => Math.max(...results.map(pick));
  return `| ${label} | ${median((r) => r.handshakeMs).toFixed(1)} ms | ${worst((r) => r.handshakeMs).toFixed(1)} ms | ${median((r) => r.delayP99Ms).toFixed(1)} ms | ${worst((r) => r.delayMaxMs).toFixed(1)} ms |`;
}

const quiet = await rounds('no flood (baseline)', 100);

const socket = dgram.createSocket('udp4');
const packet = Buffer.alloc(1000);
packet[0] = 0x80;
packet[1] = 96;
packet.writeUInt32BE(ingest.video.ssrc, 8);
let seq = 0;
let flooding = true;
const flooded = (async () => {
  while (flooding) {
    for (let i = 0; i < 200; i++) {
      packet.writeUInt16BE(seq++ & 0xffff, 2);
      socket.send(packet, ingest.videoPort, '127.0.0.1');
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
})();
await until(() => media.stats(FLOODED_ROOM).inboundBitrate > 1_000_000, 5000, 'the flood to arrive');
const inbound = media.stats(FLOODED_ROOM).inboundBitrate;
const loud = await rounds(`room ${FLOODED_ROOM} flooded (${(inbound / 1e6).toFixed(0)} Mbit/s in, 5 viewers)`, 200);
flooding = false;
await flooded;
socket.close();

console.log(`\n${ROUNDS} rounds of ${SECONDS} s each; the flood's sender shares the API's thread, as a second process would not.`);
console.log('| | WHIP handshake, median | worst | event-loop delay p99, median | worst delay |');
console.log('|---|---|---|---|---|');
console.log(quiet);
console.log(loud);

for (const close of closers.reverse()) await close();
await app.close();
await media.close();
process.exit(0);
