import { execFile } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore } from '../../lib/memory-rate-limit-store';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { createEmbeddedMediaServer } from './embedded-media-server';
import { signLiveToken, verifyLiveToken } from './live-tokens';
import { createPublisher, createViewer, FFMPEG, handshakeWithRetry, postOffer, relayIntoTrack, startTestPattern, until, type TestViewer } from './live-test-peers';
import { liveRoutes } from './live.routes';
import type { MediaServer, MediaServerEvent } from './media-server';
import { isRtcp, startsKeyframe } from './rtp-packets';
import { REAL_TIME_MEDIA } from '../../../test/real-time-media';

const key = Buffer.from('live-test-key-'.repeat(3));
const STREAM_KEY = 'stream-key-of-camera-7';
const nowSeconds = () => Math.floor(Date.now() / 1000);
const viewToken = (cameraId: number, exp = nowSeconds() + 60, userId = 42) => signLiveToken(key, { kind: 'view', cameraId, userId, exp });
const publishToken = (cameraId: number, exp = nowSeconds() + 60) => signLiveToken(key, { kind: 'publish', cameraId, userId: 9, exp });

let app: FastifyInstance;
let media: MediaServer;
let base: string;
const events: MediaServerEvent[] = [];
const cleanups: Array<() => unknown> = [];
const rateLimits = createMemoryRateLimitStore();

beforeAll(async () => {
  media = createEmbeddedMediaServer({ iceServers: [], rtcPorts: undefined, announcedIp: undefined }, console, { silenceMs: 1500, viewersThrottleMs: 100 });
  media.on((event) => events.push(event));
  app = Fastify();
  await app.register(liveRoutes, {
    media,
    liveKey: key,
    rateLimits,
    now: () => Date.now(),
    // The cameras module's part: a stream key or a publish token names the camera.
    authorizePublisher: async (bearer) => {
      if (bearer === STREAM_KEY) return { cameraId: 7, source: 'whip' };
      const verdict = verifyLiveToken(key, bearer, { kind: 'publish' }, Date.now());
      return verdict.ok ? { cameraId: verdict.claims.cameraId, source: 'browser' } : null;
    },
  });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  // Every test (and every retry of one) starts with the address's full handshake budget: the handshakes a busy
  // machine makes a test repeat (handshakeWithRetry) must not spend a later test's share of the minute.
  await rateLimits.reset('live:address:127.0.0.1', RATE_LIMITS.liveHandshakesPerAddress);
});

afterAll(async () => {
  await app.close();
  await media.close();
});

/** The SSRC and payload type a viewer was told about in the answer. */
function announced(answer: string) {
  const video = answer.slice(answer.indexOf('m=video'), answer.indexOf('m=audio') > answer.indexOf('m=video') ? answer.indexOf('m=audio') : undefined);
  return { ssrc: Number(/a=ssrc:(\d+)/.exec(video)?.[1]), payloadType: Number(/^m=video \d+ \S+ (\d+)/m.exec(video)?.[1]) };
}

async function publishVp8(cameraId: number, bearer = publishToken(cameraId)) {
  const { peer: publisher, reply } = await handshakeWithRetry(base, createPublisher, (offer) => postOffer(`${base}/live/whip`, offer, bearer));
  expect(reply.status).toBe(201);
  const relay = await relayIntoTrack(publisher.video);
  const source = startTestPattern({ host: '127.0.0.1', videoPort: relay.port, video: { payloadType: 96, ssrc: publisher.ssrc } });
  cleanups.push(() => publisher.close(), () => relay.close(), () => source.stop());
  return { publisher, reply, source };
}

async function watch(cameraId: number, name?: string): Promise<{ viewer: TestViewer; location: string; answer: string }> {
  const { peer: viewer, reply } = await handshakeWithRetry(base, () => createViewer(name), (offer) =>
    postOffer(`${base}/live/whep/${cameraId}`, offer, viewToken(cameraId)),
  );
  cleanups.push(() => viewer.close());
  expect(reply.status, reply.body).toBe(201);
  return { viewer, location: reply.location!, answer: reply.body };
}

const rtpOf = (packets: Buffer[]) => packets.filter((p) => p.length >= 12 && !isRtcp(p));

describe('/live handshakes with the embedded SFU', REAL_TIME_MEDIA, () => {
  it('carries a WHIP publisher\'s VP8 to a WHEP viewer, with the SSRC and payload type the viewer negotiated', async () => {
    const { reply } = await publishVp8(1);
    expect(reply.location).toMatch(/^\/live\/whip\/p[A-Za-z0-9_-]{20,}$/);
    expect(reply.etag).toMatch(/^".+"$/);
    await until(() => events.some((e) => e.type === 'publisher-up' && e.room === 1), 10_000, 'publisher-up');
    expect(events).toContainEqual({ type: 'publisher-up', room: 1, source: 'browser' });

    const { viewer, location, answer } = await watch(1);
    expect(location).toMatch(/^\/live\/whep\/1\/v[A-Za-z0-9_-]{20,}$/);
    const want = announced(answer);
    expect(want.payloadType).toBe(100);
    await until(() => rtpOf(viewer.videoPackets).length > 30, 10_000, 'video at the viewer');
    for (const packet of rtpOf(viewer.videoPackets)) {
      expect(packet.readUInt32BE(8)).toBe(want.ssrc);
      expect(packet[1]! & 0x7f).toBe(100);
    }
    // The first packet a viewer gets starts a VP8 keyframe (S bit, partition 0, key frame bit clear).
    const first = rtpOf(viewer.videoPackets)[0]!;
    expect(first[12]! & 0x10).toBe(0x10);
    await until(() => events.some((e) => e.type === 'viewers' && e.room === 1 && e.viewers === 1), 5000, 'viewers 1');
    await until(() => media.stats(1).viewers === 1 && media.stats(1).inboundBitrate > 0, 5000, 'stats');
    expect(media.stats(1)).toMatchObject({ room: 1, publishing: true, source: 'browser', viewers: 1 });

    // A viewer that cannot take the room's codec is told so.
    const h264Only = viewer.offer.replace(/^m=video (\d+) (\S+) 100 102/m, 'm=video $1 $2 102').replace(/^a=(rtpmap|rtcp-fb):100 .*\r\n/gm, '');
    const refused = await postOffer(`${base}/live/whep/1`, h264Only, viewToken(1, nowSeconds() + 60, 43));
    expect(refused.status).toBe(422);
    expect(JSON.parse(refused.body).error.message).toMatch(/VP8/);

    const deleted = await fetch(`${base}${location}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    await until(() => events.some((e) => e.type === 'viewers' && e.room === 1 && e.viewers === 0), 5000, 'viewers 0');
    expect((await fetch(`${base}${location}`, { method: 'DELETE' })).status).toBe(404);

    // One viewing per member: the same member watching again replaces the earlier viewing.
    const earlier = await watch(1);
    const again = await watch(1);
    await until(() => rtpOf(again.viewer.videoPackets).length > 5, 10_000, 'video at the second viewing');
    expect((await fetch(`${base}${earlier.location}`, { method: 'DELETE' })).status).toBe(404);
    await until(() => media.stats(1).viewers === 1, 5000, 'one viewer');
  });

  it('lets a second publisher replace the first, and the viewer keeps its numbering', async () => {
    await publishVp8(7, STREAM_KEY);
    const { viewer } = await watch(7);
    await until(() => rtpOf(viewer.videoPackets).length > 10, 10_000, 'first publisher');
    const firstCount = rtpOf(viewer.videoPackets).length;
    const second = await publishVp8(7);
    await until(() => rtpOf(viewer.videoPackets).length > firstCount + 30, 10_000, 'second publisher');
    const packets = rtpOf(viewer.videoPackets);
    expect(new Set(packets.map((p) => p.readUInt32BE(8))).size).toBe(1);
    // Sequence numbers stay continuous across the change (no jump a player would take for loss).
    const seqs = packets.map((p) => p.readUInt16BE(2));
    const jumps = seqs.slice(1).filter((s, i) => ((s - seqs[i]!) & 0xffff) > 100 && ((s - seqs[i]!) & 0xffff) < 0xff00);
    expect(jumps).toEqual([]);
    expect(events.some((e) => e.type === 'publisher-up' && e.room === 7 && e.source === 'browser')).toBe(true);
    second.publisher.close();
  });

  it('refuses WHIP without a bearer, with a wrong stream key and with an expired or viewer token', async () => {
    const publisher = await createPublisher();
    cleanups.push(() => publisher.close());
    expect((await postOffer(`${base}/live/whip`, publisher.offer, undefined)).status).toBe(401);
    expect((await postOffer(`${base}/live/whip`, publisher.offer, 'not-the-key')).status).toBe(401);
    expect((await postOffer(`${base}/live/whip`, publisher.offer, publishToken(3, nowSeconds() - 1))).status).toBe(401);
    expect((await postOffer(`${base}/live/whip`, publisher.offer, viewToken(3))).status).toBe(401);
  });

  it('refuses WHEP without a valid viewer token for that camera', async () => {
    const viewer = await createViewer();
    cleanups.push(() => viewer.close());
    const url = `${base}/live/whep/4`;
    expect((await postOffer(url, viewer.offer, undefined)).status).toBe(401);
    expect((await postOffer(url, viewer.offer, 'garbage')).status).toBe(401);
    expect((await postOffer(url, viewer.offer, viewToken(4, nowSeconds() - 1))).status).toBe(401);
    const other = await postOffer(url, viewer.offer, viewToken(5));
    expect(other.status).toBe(403);
    expect(JSON.parse(other.body).error.message).toMatch(/another camera/);
    expect((await postOffer(url, viewer.offer, publishToken(4))).status).toBe(403);
    // A valid token for a camera nobody publishes to.
    const empty = await postOffer(url, viewer.offer, viewToken(4));
    expect(empty.status).toBe(404);
    expect(JSON.parse(empty.body).error.message).toMatch(/not on air/);
  });

  it('answers bad bodies with 415, 400 and 413, never 500', async () => {
    const publisher = await createPublisher();
    cleanups.push(() => publisher.close());
    const url = `${base}/live/whip`;
    expect((await postOffer(url, publisher.offer, STREAM_KEY, 'text/plain')).status).toBe(415);
    expect((await postOffer(url, '{"sdp":1}', STREAM_KEY, 'application/json')).status).toBe(415);
    const notSdp = await postOffer(url, 'hello', STREAM_KEY);
    expect(notSdp.status).toBe(400);
    expect(JSON.parse(notSdp.body).error.message).toMatch(/v=0/);
    expect((await postOffer(url, '', STREAM_KEY)).status).toBe(400);
    expect((await postOffer(url, `v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=mid:0\r\n`, STREAM_KEY)).status).toBe(400);
    const audioOnly = publisher.offer.slice(0, publisher.offer.indexOf('m=video')) + publisher.offer.slice(publisher.offer.indexOf('m=audio'));
    const noVideo = await postOffer(url, audioOnly, STREAM_KEY);
    expect(noVideo.status).toBe(400);
    expect(JSON.parse(noVideo.body).error.message).toMatch(/video/);
    const vp9 = publisher.offer.replace(/VP8\/90000/g, 'VP9/90000').replace(/H264\/90000/g, 'AV1/90000');
    expect((await postOffer(url, vp9, STREAM_KEY)).status).toBe(400);
    expect((await postOffer(url, `v=0\r\n${'a=x\r\n'.repeat(20_000)}`, STREAM_KEY)).status).toBe(413);
  });

  it('answers the CORS preflight and trickled candidates; refuses an ICE restart and unknown sessions', async () => {
    const preflight = await fetch(`${base}/live/whep/1`, { method: 'OPTIONS', headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);

    const { reply } = await publishVp8(8);
    const patch = (body: string) =>
      fetch(`${base}${reply.location}`, { method: 'PATCH', headers: { 'content-type': 'application/trickle-ice-sdpfrag', 'if-match': reply.etag! }, body });
    expect((await patch('a=mid:0\r\na=candidate:1 1 UDP 2114977791 127.0.0.1 9 typ host\r\n')).status).toBe(204);
    expect((await patch('a=ice-ufrag:new1\r\na=ice-pwd:0123456789012345678901\r\n')).status).toBe(405);
    expect((await fetch(`${base}/live/whip/pAAAAAAAAAAAAAAAAAAAAAAAAAAAA`, { method: 'DELETE' })).status).toBe(404);
    expect((await fetch(`${base}/live/whip/x`, { method: 'DELETE' })).status).toBe(404);
  });

  it('tells when a publisher goes (DELETE) and ends a room with its viewers', async () => {
    const { reply } = await publishVp8(9);
    const { viewer } = await watch(9);
    await until(() => rtpOf(viewer.videoPackets).length > 5, 10_000, 'video');
    await media.endRoom(9);
    await until(() => events.some((e) => e.type === 'viewers' && e.room === 9 && e.viewers === 0), 5000, 'viewers 0 after endRoom');
    const count = viewer.videoPackets.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(rtpOf(viewer.videoPackets.slice(count))).toEqual([]);
    expect(media.stats(9).publishing).toBe(false);
    // The publisher's session ended with the room.
    expect((await fetch(`${base}${reply.location}`, { method: 'DELETE' })).status).toBe(404);

    const again = await publishVp8(10);
    await until(() => events.some((e) => e.type === 'publisher-up' && e.room === 10), 10_000, 'publisher-up 10');
    expect((await fetch(`${base}${again.reply.location}`, { method: 'DELETE' })).status).toBe(200);
    await until(() => events.some((e) => e.type === 'publisher-down' && e.room === 10), 5000, 'publisher-down 10');
  });
});

describe('RTP ingest and tap', REAL_TIME_MEDIA, () => {
  it('takes ffmpeg RTP as the room\'s publisher, says publisher-down when it goes silent, and taps the room for ffmpeg', async () => {
    const ingest = await media.openRtpIngest(11, 'demo', 'VP8');
    cleanups.push(() => ingest.close());
    expect(ingest).toMatchObject({ host: '127.0.0.1', video: { codec: 'VP8', clockRate: 90000 }, audio: { codec: 'opus', clockRate: 48000 } });
    const source = startTestPattern({ ...ingest, size: '320x240' });
    cleanups.push(() => source.stop());
    await until(() => events.some((e) => e.type === 'publisher-up' && e.room === 11 && e.source === 'demo'), 10_000, 'publisher-up');
    const { viewer, answer } = await watch(11);
    await until(() => rtpOf(viewer.videoPackets).length > 20 && rtpOf(viewer.audioPackets).length > 20, 15_000, () => `video and audio (${rtpOf(viewer.videoPackets).length} video, ${rtpOf(viewer.audioPackets).length} audio packets)`);
    expect(rtpOf(viewer.videoPackets)[0]!.readUInt32BE(8)).toBe(announced(answer).ssrc);
    expect(rtpOf(viewer.audioPackets)[0]![1]! & 0x7f).toBe(109);

    // ffmpeg reads the tap and decodes a picture of the room.
    const tap = await media.openRtpTap(11);
    expect(tap).not.toBeNull();
    cleanups.push(() => tap!.close());
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-tap-'));
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    await fs.writeFile(path.join(dir, 'room.sdp'), tap!.sdp);
    await new Promise<void>((resolve, reject) =>
      execFile(
        FFMPEG,
        ['-hide_banner', '-loglevel', 'error', '-protocol_whitelist', 'file,udp,rtp', '-i', path.join(dir, 'room.sdp'), '-frames:v', '1', '-y', path.join(dir, 'still.jpg')],
        { timeout: 15_000 },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    expect((await fs.stat(path.join(dir, 'still.jpg'))).size).toBeGreaterThan(1000);

    await source.stop();
    await until(() => events.some((e) => e.type === 'publisher-down' && e.room === 11), 5000, 'publisher-down after silence');
  });

  it('forwards an H264 ingest to a viewer at the viewer\'s H264 payload type, starting at a keyframe', async () => {
    const ingest = await media.openRtpIngest(16, 'rtmp', 'H264');
    cleanups.push(() => ingest.close());
    const source = startTestPattern({ ...ingest, codec: 'H264' });
    cleanups.push(() => source.stop());
    await until(() => events.some((e) => e.type === 'publisher-up' && e.room === 16 && e.source === 'rtmp'), 10_000, 'publisher-up');
    const { viewer, answer } = await watch(16);
    expect(announced(answer).payloadType).toBe(102);
    expect(answer).toMatch(/a=fmtp:102 .*packetization-mode=1/);
    await until(() => rtpOf(viewer.videoPackets).length > 20, 15_000, 'H264 at the viewer');
    const packets = rtpOf(viewer.videoPackets);
    expect(packets.every((p) => (p[1]! & 0x7f) === 102)).toBe(true);
    expect(startsKeyframe(packets[0]!, 'H264')).toBe(true);
  });

  it('keeps answering handshakes and the API thread while one room is flooded', async () => {
    const ingest = await media.openRtpIngest(12, 'demo', 'VP8');
    cleanups.push(() => ingest.close());
    await Promise.all(Array.from({ length: 5 }, (_, i) => watchWhenLive(12, i)));
    // 1000-byte packets as fast as this thread can send them, for two seconds.
    const socket = dgram.createSocket('udp4');
    cleanups.push(() => socket.close());
    const packet = Buffer.alloc(1000);
    packet[0] = 0x80;
    packet[1] = 96;
    packet.writeUInt32BE(ingest.video.ssrc, 8);
    let seq = 0;
    let flooding = true;
    const flood = async () => {
      while (flooding) {
        for (let i = 0; i < 200; i++) {
          packet.writeUInt16BE(seq++ & 0xffff, 2);
          socket.send(packet, ingest.videoPort, '127.0.0.1');
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const flooded = flood();
    await until(() => media.stats(12).inboundBitrate > 1_000_000, 5000, 'the flood to arrive');
    // The worker still answers a new publisher and refuses a viewer of an empty room. How fast, and how late the API
    // thread's timers fire meanwhile, are figures of `npm run bench:live-flood` (bench/README.md), not assertions
    // that a busy machine would fail by chance.
    const publisher = await createPublisher();
    cleanups.push(() => publisher.close());
    const reply = await postOffer(`${base}/live/whip`, publisher.offer, publishToken(15));
    expect(reply.status).toBe(201);
    const viewer = await createViewer('other-room');
    cleanups.push(() => viewer.close());
    expect((await postOffer(`${base}/live/whep/14`, viewer.offer, viewToken(14))).status).toBe(404);
    expect(media.stats(12).viewers).toBe(5);
    flooding = false;
    await flooded;
  });
});

/** A viewer of a room fed by an ingest that has not sent anything yet (the room has a publisher already). */
async function watchWhenLive(room: number, i: number) {
  const { peer: viewer, reply } = await handshakeWithRetry(base, () => createViewer(`flood-${i}`, false), (offer) =>
    postOffer(`${base}/live/whep/${room}`, offer, viewToken(room, nowSeconds() + 60, 100 + i)),
  );
  cleanups.push(() => viewer.close());
  expect(reply.status).toBe(201);
  return viewer;
}
