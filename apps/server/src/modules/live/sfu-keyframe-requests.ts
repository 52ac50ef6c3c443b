import { pictureLossIndication } from './rtp-packets';
import { sfuSsrc, type Room } from './sfu-rooms';

// A viewer and a tap start at a key frame, and a publisher's encoder sends one only when asked (a PLI): the SFU asks
// for the whole room, however many viewers want one.

/** Keyframe requests reach a publisher at most this often, however many viewers ask. */
const KEYFRAME_REQUEST_INTERVAL_MS = 500;

export function requestKeyframe(room: Room) {
  const publisher = room.publisher;
  const now = Date.now();
  if (!publisher?.video) return;
  const wait = room.lastKeyframeRequestMs + KEYFRAME_REQUEST_INTERVAL_MS - now;
  if (wait > 0) {
    // Inside the interval the request waits for its end, once for the room, rather than being dropped: the key frame
    // the last request brought may have gone by before this viewer's track opened, and its browser asks for one only
    // once packets come (none do before a key frame): dropped, it waited for the next viewer to join.
    room.keyframeTimer ??= setTimeout(() => {
      room.keyframeTimer = undefined;
      requestKeyframe(room);
    }, wait);
    return;
  }
  const ssrc = publisher.inVideo.ssrc;
  if (ssrc === undefined) return;
  room.lastKeyframeRequestMs = now;
  try {
    publisher.video.sendMessageBinary(pictureLossIndication(sfuSsrc, ssrc));
  } catch {
    // The track is not open yet: the publisher starts with a keyframe anyway.
  }
}
