import type { LiveSource } from '@velora/shared';
import { InboundStream } from './inbound-stream';
import type { VideoCodecName } from './sdp-offer';
import { bindLoopback } from './sfu-loopback-udp';
import type { SfuResult } from './sfu-protocol';
import { dropPublisher, onPublisherPacket, replacePublisher } from './sfu-publishers';
import { newId, newSsrc, roomOf, rooms, type Publisher } from './sfu-rooms';

// RTP ingest: a local ffmpeg as a room's publisher (the demo streams, RTMP), sending plain RTP to two loopback ports.

export async function openRtpIngest(roomId: number, source: LiveSource, videoCodec: VideoCodecName): Promise<SfuResult> {
  const videoSocket = await bindLoopback();
  const audioSocket = await bindLoopback();
  const ingestId = newId('i');
  const videoPt = 96;
  const audioPt = 111;
  const room = roomOf(roomId);
  const publisher: Publisher = {
    resourceId: undefined,
    source,
    codec: { name: videoCodec, fmtp: videoCodec === 'H264' ? 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f' : undefined },
    pc: undefined,
    video: undefined,
    audio: undefined,
    ingest: { id: ingestId, sockets: [videoSocket, audioSocket] },
    inVideo: new InboundStream(),
    inAudio: new InboundStream(),
    up: false,
    startedMs: Date.now(),
    lastMediaMs: 0,
  };
  replacePublisher(room, publisher);
  videoSocket.on('message', (packet) => onPublisherPacket(room, publisher, 'video', packet));
  audioSocket.on('message', (packet) => onPublisherPacket(room, publisher, 'audio', packet));
  videoSocket.on('error', () => undefined);
  audioSocket.on('error', () => undefined);
  return {
    ingestId,
    host: '127.0.0.1',
    videoPort: videoSocket.address().port,
    audioPort: audioSocket.address().port,
    video: { codec: videoCodec, payloadType: videoPt, clockRate: 90000, ssrc: newSsrc() },
    audio: { codec: 'opus', payloadType: audioPt, clockRate: 48000, channels: 2, ssrc: newSsrc() },
  };
}

export function closeRtpIngest(ingestId: string) {
  for (const room of rooms.values()) {
    if (room.publisher?.ingest?.id === ingestId) dropPublisher(room, true);
  }
}
