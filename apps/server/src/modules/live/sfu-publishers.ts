import { randomBytes } from 'node:crypto';
import nodeDataChannel, { type Track } from 'node-datachannel';
import type { LiveSource } from '@velora/shared';
import { InboundStream } from './inbound-stream';
import { isRtcp, isRtp, splitRtcp } from './rtp-packets';
import { parseOffer, preferredVideoCodec } from './sdp-offer';
import { forwardAudio, forwardVideo, onPublisherRtcp } from './sfu-forwarding';
import { emit, RequestError } from './sfu-parent-link';
import { closeQuietly, completeAnswer, isGone, rtcConfig, takeOffer } from './sfu-peer-connections';
import type { SfuResult } from './sfu-protocol';
import { forgetRoomIfEmpty, newId, roomOf, sessions, type Publisher, type Room } from './sfu-rooms';

// A room's publisher: a browser or encoder through WHIP here, or a local ffmpeg through an RTP ingest
// (sfu-rtp-ingest.ts). One at a time: the next one takes the room.

export async function publish(roomId: number, sdp: string, source: LiveSource): Promise<SfuResult> {
  const sections = parseOffer(sdp);
  const videoSection = sections.find((s) => s.kind === 'video' && (s.direction === 'sendonly' || s.direction === 'sendrecv'));
  if (!videoSection) throw new RequestError('bad-offer', 'The offer sends no video: a WHIP offer needs a sendonly video section');
  const codec = preferredVideoCodec(videoSection);
  if (!codec) {
    const offered = [...new Set(videoSection.codecs.map((c) => c.name))].join(', ') || 'none';
    throw new RequestError('bad-offer', `The offer's video codecs (${offered}) include neither VP8 nor H264`);
  }
  const audioSection = sections.find((s) => s.kind === 'audio' && (s.direction === 'sendonly' || s.direction === 'sendrecv'));
  const opus = audioSection?.codecs.find((c) => c.name === 'OPUS');

  const resourceId = newId('p');
  const pc = new nodeDataChannel.PeerConnection(`publisher-${roomId}`, rtcConfig());
  takeOffer(pc, sdp);
  const video = new nodeDataChannel.Video(videoSection.mid, 'RecvOnly');
  if (codec.name === 'VP8') video.addVP8Codec(codec.payloadType);
  else video.addH264Codec(codec.payloadType, codec.fmtp);
  const videoTrack = pc.addTrack(video);
  let audioTrack: Track | undefined;
  if (audioSection && opus) {
    const audio = new nodeDataChannel.Audio(audioSection.mid, 'RecvOnly');
    audio.addOpusCodec(opus.payloadType, opus.fmtp);
    audioTrack = pc.addTrack(audio);
  }
  let answer: string;
  try {
    answer = await completeAnswer(pc);
  } catch (error) {
    pc.close();
    throw error;
  }

  const room = roomOf(roomId);
  const publisher: Publisher = {
    resourceId,
    source,
    codec: { name: codec.name, fmtp: codec.fmtp },
    pc,
    video: videoTrack,
    audio: audioTrack,
    ingest: undefined,
    inVideo: new InboundStream(),
    inAudio: new InboundStream(),
    up: false,
    startedMs: Date.now(),
    lastMediaMs: 0,
  };
  publisher.inVideo.ssrc = videoSection.ssrc;
  replacePublisher(room, publisher);
  videoTrack.onMessage((packet) => onPublisherPacket(room, publisher, 'video', packet));
  audioTrack?.onMessage((packet) => onPublisherPacket(room, publisher, 'audio', packet));
  pc.onStateChange((state) => {
    if (isGone(state) && room.publisher === publisher) dropPublisher(room, true);
  });
  const etag = `"${randomBytes(9).toString('base64url')}"`;
  sessions.set(resourceId, { room: roomId, kind: 'publisher', etag });
  return { sdp: answer, resourceId, etag };
}

/** A second publisher takes the room; viewers whose codec the new one does not send are let go. */
export function replacePublisher(room: Room, next: Publisher) {
  if (room.publisher) closePublisher(room.publisher);
  room.publisher = next;
  room.video.restart();
  room.audio.restart();
  for (const viewer of room.viewers.values()) viewer.waitingForKeyframe = true;
  for (const tap of room.taps.values()) tap.waitingForKeyframe = true;
}

function closePublisher(publisher: Publisher) {
  if (publisher.resourceId) sessions.delete(publisher.resourceId);
  closeQuietly(publisher.pc);
  for (const socket of publisher.ingest?.sockets ?? []) socket.close();
}

export function dropPublisher(room: Room, announce: boolean) {
  const publisher = room.publisher;
  if (!publisher) return;
  room.publisher = undefined;
  closePublisher(publisher);
  if (announce && publisher.up) emit({ type: 'publisher-down', room: room.id });
  forgetRoomIfEmpty(room);
}

export function onPublisherPacket(room: Room, publisher: Publisher, kind: 'video' | 'audio', packet: Buffer) {
  if (room.publisher !== publisher) return;
  if (isRtcp(packet)) {
    onPublisherRtcp(room, publisher, kind, splitRtcp(packet));
    return;
  }
  if (!isRtp(packet)) return;
  const now = Date.now();
  publisher.lastMediaMs = now;
  if (!publisher.up) {
    publisher.up = true;
    emit({ type: 'publisher-up', room: room.id, source: publisher.source });
  }
  if (kind === 'video') forwardVideo(room, publisher, packet, now);
  else forwardAudio(room, publisher, packet, now);
}
