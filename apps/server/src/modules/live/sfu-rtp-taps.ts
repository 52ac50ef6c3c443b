import dgram from 'node:dgram';
import { requestKeyframe } from './sfu-keyframe-requests';
import { freePortPair } from './sfu-loopback-udp';
import type { SfuResult } from './sfu-protocol';
import { AUDIO_PT_TAP, forgetRoomIfEmpty, newId, newSsrc, rooms, VIDEO_PT_TAP, type Tap } from './sfu-rooms';

// RTP taps: a local ffmpeg reads a room (the LL-HLS segments and the stills), from the SDP it is given here.

export async function openRtpTap(roomId: number): Promise<SfuResult> {
  const room = rooms.get(roomId);
  const publisher = room?.publisher;
  if (!room || !publisher) return null;
  const videoPort = await freePortPair();
  let audioPort = await freePortPair();
  while (audioPort === videoPort) audioPort = await freePortPair();
  const socket = dgram.createSocket('udp4');
  socket.on('error', () => undefined);
  const tap: Tap = { id: newId('t'), socket, videoPort, audioPort, videoSsrc: newSsrc(), audioSsrc: newSsrc(), waitingForKeyframe: true };
  room.taps.set(tap.id, tap);
  room.lastKeyframeRequestMs = 0;
  requestKeyframe(room);
  const videoRtpmap =
    publisher.codec.name === 'VP8'
      ? [`a=rtpmap:${VIDEO_PT_TAP} VP8/90000`]
      : [`a=rtpmap:${VIDEO_PT_TAP} H264/90000`, `a=fmtp:${VIDEO_PT_TAP} ${publisher.codec.fmtp ?? 'packetization-mode=1'}`];
  const sdp = [
    'v=0',
    `o=- 0 0 IN IP4 127.0.0.1`,
    `s=room ${roomId}`,
    'c=IN IP4 127.0.0.1',
    't=0 0',
    `m=video ${videoPort} RTP/AVP ${VIDEO_PT_TAP}`,
    ...videoRtpmap,
    `m=audio ${audioPort} RTP/AVP ${AUDIO_PT_TAP}`,
    `a=rtpmap:${AUDIO_PT_TAP} opus/48000/2`,
    '',
  ].join('\r\n');
  return { sdp, tapId: tap.id };
}

export function closeRtpTap(tapId: string) {
  for (const room of rooms.values()) {
    const tap = room.taps.get(tapId);
    if (!tap) continue;
    room.taps.delete(tapId);
    tap.socket.close();
    forgetRoomIfEmpty(room);
  }
}
