import { randomBytes } from 'node:crypto';
import nodeDataChannel from 'node-datachannel';
import { asksForKeyframe, fractionLost, isRtcp, splitRtcp } from './rtp-packets';
import { matchingCodec, parseOffer } from './sdp-offer';
import { requestKeyframe } from './sfu-keyframe-requests';
import { emit, options, RequestError } from './sfu-parent-link';
import { closeQuietly, completeAnswer, isGone, rtcConfig, takeOffer } from './sfu-peer-connections';
import type { SfuResult } from './sfu-protocol';
import { forgetRoomIfEmpty, newId, newSsrc, rooms, sessions, type Outgoing, type Room, type Viewer } from './sfu-rooms';

// A room's viewers (WHEP): each gets the publisher's codec on the SSRC and payload type it negotiated, starts at a
// key frame, and is let go when its connection or video track ends.

/** A viewer reporting more loss than this (RTCP receiver report) gets no video for a while, then a keyframe. */
const SHED_FRACTION_LOST = 0.25;
const SHED_PAUSE_MS = 2000;

export async function view(roomId: number, sdp: string, viewerKey: string): Promise<SfuResult> {
  const sections = parseOffer(sdp);
  const room = rooms.get(roomId);
  const publisher = room?.publisher;
  if (!room || !publisher) throw new RequestError('no-publisher', `Camera ${roomId} is not on air`);
  const videoSection = sections.find((s) => s.kind === 'video' && (s.direction === 'recvonly' || s.direction === 'sendrecv'));
  if (!videoSection) throw new RequestError('bad-offer', 'The offer receives no video: a WHEP offer needs a recvonly video section');
  const videoCodec = matchingCodec(videoSection, publisher.codec);
  if (!videoCodec) {
    throw new RequestError('codec-mismatch', `This camera sends ${publisher.codec.name}, which the offer does not accept`);
  }
  const audioSection = sections.find((s) => s.kind === 'audio' && (s.direction === 'recvonly' || s.direction === 'sendrecv'));
  const opus = audioSection ? matchingCodec(audioSection, { name: 'OPUS', fmtp: undefined }) : undefined;

  const resourceId = newId('v');
  const pc = new nodeDataChannel.PeerConnection(`viewer-${roomId}`, rtcConfig());
  takeOffer(pc, sdp);
  const cname = `velora-${roomId}`;
  const stream = `room-${roomId}`;
  const videoSsrc = newSsrc();
  const video = new nodeDataChannel.Video(videoSection.mid, 'SendOnly');
  if (publisher.codec.name === 'VP8') video.addVP8Codec(videoCodec.payloadType);
  else video.addH264Codec(videoCodec.payloadType, videoCodec.fmtp);
  video.addSSRC(videoSsrc, cname, stream, 'video');
  const videoTrack = pc.addTrack(video);
  // Lost packets are sent again from the last ones this viewer got (libdatachannel keeps them).
  videoTrack.setMediaHandler(new nodeDataChannel.RtcpNackResponder(512));
  let audioOut: Outgoing | undefined;
  if (audioSection && opus) {
    const audioSsrc = newSsrc();
    const audio = new nodeDataChannel.Audio(audioSection.mid, 'SendOnly');
    audio.addOpusCodec(opus.payloadType, opus.fmtp);
    audio.addSSRC(audioSsrc, cname, stream, 'audio');
    audioOut = { track: pc.addTrack(audio), ssrc: audioSsrc, payloadType: opus.payloadType, open: false };
  }
  let answer: string;
  try {
    answer = await completeAnswer(pc);
  } catch (error) {
    pc.close();
    throw error;
  }
  const etag = `"${randomBytes(9).toString('base64url')}"`;
  const viewer: Viewer = {
    resourceId,
    key: viewerKey,
    etag,
    pc,
    video: { track: videoTrack, ssrc: videoSsrc, payloadType: videoCodec.payloadType, open: false },
    audio: audioOut,
    waitingForKeyframe: true,
    shedUntilMs: 0,
  };
  // One viewing per viewer key: a reload (or a token used twice) replaces the earlier one.
  for (const other of room.viewers.values()) if (other.key === viewerKey) removeViewer(room, other);
  room.viewers.set(resourceId, viewer);
  sessions.set(resourceId, { room: roomId, kind: 'viewer', etag });
  videoTrack.onOpen(() => {
    viewer.video!.open = true;
    requestKeyframe(room);
  });
  // Its video track closed: the viewer has gone (the connection's state may follow later).
  videoTrack.onClosed(() => {
    viewer.video!.open = false;
    if (room.viewers.get(resourceId) === viewer) removeViewer(room, viewer);
  });
  videoTrack.onMessage((packet) => {
    if (!isRtcp(packet)) return;
    const rtcp = splitRtcp(packet);
    if (asksForKeyframe(rtcp)) requestKeyframe(room);
    const lost = fractionLost(rtcp, videoSsrc);
    if (lost !== undefined && lost > SHED_FRACTION_LOST) shed(room, viewer);
  });
  audioOut?.track.onOpen(() => (audioOut.open = true));
  audioOut?.track.onClosed(() => (audioOut.open = false));
  pc.onStateChange((state) => {
    if (isGone(state) && room.viewers.get(resourceId) === viewer) removeViewer(room, viewer);
  });
  viewersChanged(room);
  return { sdp: answer, resourceId, etag };
}

export function removeViewer(room: Room, viewer: Viewer) {
  room.viewers.delete(viewer.resourceId);
  sessions.delete(viewer.resourceId);
  if (viewer.video) viewer.video.open = false;
  if (viewer.audio) viewer.audio.open = false;
  closeQuietly(viewer.pc);
  viewersChanged(room);
}

/** Viewer counts go out on change, at most once per throttle interval per room (the last count always goes out). */
function viewersChanged(room: Room) {
  if (room.viewersTimer) return;
  const wait = Math.max(0, room.lastViewersSentMs + options.viewersThrottleMs - Date.now());
  room.viewersTimer = setTimeout(() => {
    room.viewersTimer = undefined;
    room.lastViewersSentMs = Date.now();
    if (room.viewers.size !== room.sentViewers) {
      room.sentViewers = room.viewers.size;
      emit({ type: 'viewers', room: room.id, viewers: room.viewers.size });
    }
    forgetRoomIfEmpty(room);
  }, wait);
}

/**
 * libdatachannel sends whatever it is handed and tells nothing of a viewer's backlog (no buffered amount on a media
 * track, and bytesSent() counts no media): a viewer whose receiver reports tell of heavy loss gets no video for a
 * while, so what it cannot take is not sent at all, then starts again at a keyframe. Audio goes on.
 */
function shed(room: Room, viewer: Viewer) {
  const now = Date.now();
  if (viewer.shedUntilMs > now) return;
  viewer.shedUntilMs = now + SHED_PAUSE_MS;
  viewer.waitingForKeyframe = true;
  setTimeout(() => room.viewers.get(viewer.resourceId) === viewer && requestKeyframe(room), SHED_PAUSE_MS);
}
