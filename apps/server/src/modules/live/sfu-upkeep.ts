import { receiverReport } from './inbound-stream';
import type { RoomStats } from './media-server';
import { requestKeyframe } from './sfu-keyframe-requests';
import { emit, options, send } from './sfu-parent-link';
import { dropPublisher } from './sfu-publishers';
import { rooms, sfuSsrc } from './sfu-rooms';

// Once a second, for every room: a silent publisher is gone, a WebRTC publisher hears the SFU's receiver report, a
// tapped room's publisher is asked for a key frame, and the server gets the room's stats (its watchdog counts on them).

/** What the SFU lets a publisher send (REMB): 720p at a good quality with room to spare. */
const PUBLISHER_MAX_BITRATE = 4_000_000;
/** While a tap is open the publisher is asked for a keyframe this often: stills decode keyframes only. */
const TAP_KEYFRAME_INTERVAL_MS = 5000;

export function tick() {
  const now = Date.now();
  const stats: RoomStats[] = [];
  for (const room of rooms.values()) {
    const publisher = room.publisher;
    if (publisher) {
      const lastSign = publisher.lastMediaMs || publisher.startedMs;
      if (now - lastSign > options.silenceMs) {
        if (publisher.ingest) {
          // An ingest stays open (its ffmpeg may come back); only the room hears that nothing arrives.
          if (publisher.up) {
            publisher.up = false;
            emit({ type: 'publisher-down', room: room.id });
          }
        } else {
          dropPublisher(room, true);
        }
      } else if (publisher.video) {
        const blocks = [publisher.inVideo.reportBlock(now), publisher.inAudio.reportBlock(now)].filter((b): b is Buffer => b !== undefined);
        const ssrcs = publisher.inVideo.ssrc === undefined ? [] : [publisher.inVideo.ssrc];
        try {
          publisher.video.sendMessageBinary(receiverReport(sfuSsrc, blocks, { bitrate: PUBLISHER_MAX_BITRATE, ssrcs }));
        } catch {
          // Not connected yet.
        }
      }
    }
    if (room.taps.size > 0 && now - room.lastTapKeyframeMs >= TAP_KEYFRAME_INTERVAL_MS) {
      room.lastTapKeyframeMs = now;
      requestKeyframe(room);
    }
    const bytes = publisher ? publisher.inVideo.bytes + publisher.inAudio.bytes : 0;
    room.bitrate = publisher && bytes >= room.bytesAtTick ? (bytes - room.bytesAtTick) * 8 : 0;
    room.bytesAtTick = bytes;
    stats.push({
      room: room.id,
      publishing: Boolean(room.publisher?.up),
      source: room.publisher?.source ?? null,
      viewers: room.viewers.size,
      inboundBitrate: room.bitrate,
      inboundPacketsLost: room.publisher ? room.publisher.inVideo.packetsLost + room.publisher.inAudio.packetsLost : 0,
    });
  }
  send({ type: 'stats', rooms: stats });
}
