import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { createEmbeddedMediaServer } from './embedded-media-server';
import { createPublisher, createViewer, handshakeWithRetry, rtpCount, until, viewDirectly, type TestPublisher, type TestViewer } from './live-test-peers';
import type { MediaServerEvent, RoomId } from './media-server';
import { asksForKeyframe, isRtcp, pictureLossIndication, splitRtcp, startsKeyframe } from './rtp-packets';
import { REAL_TIME_MEDIA } from '../../../test/real-time-media';

// A viewer starts at a key frame, and a browser's encoder sends one only when asked (a PLI): the SFU asks when a
// viewer's video track opens, at most once per interval for the whole room. A viewer whose track opened inside that
// interval, after the key frame the last request brought had gone by, got nothing: the browser's own decoder asks
// only once packets come, so it waited for the next viewer to join (the live-room soak saw a viewer connected, no
// video packet in 5 s, and the player falling back to LL-HLS). A request inside the interval now goes at its end.

let media: ReturnType<typeof createEmbeddedMediaServer>;
const events: MediaServerEvent[] = [];
const cleanups: Array<() => unknown> = [];
const log = { error: () => undefined, warn: () => undefined };

beforeAll(() => {
  media = createEmbeddedMediaServer({ iceServers: [], rtcPorts: undefined, announcedIp: undefined }, log, { viewersThrottleMs: 100 });
  media.on((event) => events.push(event));
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(() => media?.close());

const keyframes = (viewer: TestViewer) => viewer.videoPackets.filter((p) => p.length > 12 && !isRtcp(p) && startsKeyframe(p, 'VP8')).length;

/**
 * A browser-like publisher: one VP8 frame (one packet) every 20 ms, a key frame only after a keyframe request came
 * in. Returns how many requests it has answered.
 */
async function publishAnsweringRequests(room: RoomId): Promise<{ publisher: TestPublisher; answered: () => number }> {
  const { peer: publisher } = await handshakeWithRetry('', createPublisher, async (offer) => {
    const answer = await media.publish(room, offer, 'browser');
    return { status: 201, location: null, etag: null, body: answer.sdp };
  });
  cleanups.push(() => publisher.close());
  let answered = 0;
  let seq = 0;
  const timer = setInterval(() => {
    if (!publisher.video.isOpen()) return;
    const requests = publisher.rtcp.filter((p) => isRtcp(p) && asksForKeyframe(splitRtcp(p))).length;
    const key = requests > answered;
    answered = requests;
    const packet = Buffer.alloc(200);
    packet[0] = 0x80;
    packet[1] = 0x80 | 96;
    packet.writeUInt16BE(seq & 0xffff, 2);
    packet.writeUInt32BE((seq * 1800) >>> 0, 4);
    packet.writeUInt32BE(publisher.ssrc, 8);
    // VP8 payload descriptor (start of partition 0), then the frame header's lowest bit: 0 key frame, 1 delta frame.
    packet[12] = 0x10;
    packet[13] = key ? 0x50 : 0x51;
    seq += 1;
    publisher.video.sendMessageBinary(packet);
  }, 20);
  cleanups.push(() => clearInterval(timer));
  await until(() => events.some((e) => e.type === 'publisher-up' && e.room === room), 10_000, 'publisher-up');
  return { publisher, answered: () => answered };
}

describe('keyframe requests of the embedded SFU', REAL_TIME_MEDIA, () => {
  it('asks again for a viewer whose track opened just after the last key frame went by', { timeout: 60_000 }, async () => {
    const room = 41;
    const { answered } = await publishAnsweringRequests(room);
    const first = await viewDirectly(media, room, 'first');
    cleanups.push(() => first.close());
    await until(() => keyframes(first) >= 1, 10_000, 'a key frame at the first viewer');
    const firstVideoSsrc = first.videoPackets.find((p) => p.length > 12 && !isRtcp(p))!.readUInt32BE(8);

    for (let attempt = 1; ; attempt++) {
      // While the second viewer connects, the first asks for a key frame every 550 ms (as after losses): each request
      // goes through, its key frame goes by, and the second viewer's track most likely opens inside the interval of
      // one of them. The asking stops once it is open: from then on only the SFU's own request can bring it a key frame.
      const second = await createViewer(`second-${attempt}`);
      cleanups.push(() => second.close());
      const answer = await media.view(room, second.offer, `second-${attempt}`);
      const before = answered();
      // For the SSRC the SFU sends this viewer's video from: libdatachannel routes RTCP to the track by it.
      const ask = () => first.video.sendMessageBinary(pictureLossIndication(1, firstVideoSsrc));
      ask();
      const asking = setInterval(ask, 550);
      try {
        await second.connect(answer.sdp);
      } catch (error) {
        // libdatachannel as the offerer now and then refuses a good answer on a busy machine (see handshakeWithRetry).
        if (attempt < 5 && error instanceof Error && /without ICE transport|did not open/.test(error.message)) continue;
        throw error;
      } finally {
        clearInterval(asking);
      }
      await until(() => keyframes(second) >= 1, 5000, () => `a key frame at the second viewer (${rtpCount(second.videoPackets)} packets; the publisher answered ${answered() - before} requests meanwhile)`);
      break;
    }
  });
});
