import { randomBytes, randomInt } from 'node:crypto';
import dgram from 'node:dgram';
import nodeDataChannel, { type PeerConnection, type RtcConfig, type Track } from 'node-datachannel';
import type { LiveSource } from '@velora/shared';
import { InboundStream, receiverReport } from './inbound-stream';
import type { MediaServerEvent, RoomStats } from './media-server';
import {
  asksForKeyframe,
  fractionLost,
  isRtcp,
  isRtp,
  pictureLossIndication,
  rewriteRtp,
  rewriteSenderReport,
  senderReportSsrc,
  splitRtcp,
  startsKeyframe,
  StreamContinuity,
  type RtcpPacket,
} from './rtp-packets';
import { candidatesOf, matchingCodec, parseOffer, preferredVideoCodec, SdpError, type VideoCodecName } from './sdp-offer';
import type { SfuErrorCode, SfuMessage, SfuRequest, SfuResult, SfuOptions } from './sfu-protocol';

// The embedded SFU (decision record 033): a child process of the server, rooms keyed by camera id. A publisher
// (WebRTC through WHIP, or RTP from a local ffmpeg) sends to the room; each viewer gets every packet rewritten to the
// SSRC and payload type it negotiated. libdatachannel does ICE, DTLS and SRTP on its own threads; the JavaScript
// thread here only moves packets. A process, not a worker thread: node-datachannel's native state is per process
// (a second thread using it crashes the process), and a fault in native code must not take the API down.

if (!process.send) throw new Error('The SFU runs as a child process of the server (embedded-media-server.ts)');
const options = JSON.parse(process.env.VELORA_SFU_OPTIONS ?? '{}') as SfuOptions;
// The server went away: so does its SFU.
process.on('disconnect', () => process.exit(0));

class RequestError extends Error {
  constructor(
    readonly code: SfuErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const VIDEO_PT_TAP = 96;
const AUDIO_PT_TAP = 111;
/** Keyframe requests reach a publisher at most this often, however many viewers ask. */
const KEYFRAME_REQUEST_INTERVAL_MS = 500;
/** What the SFU lets a publisher send (REMB): 720p at a good quality with room to spare. */
const PUBLISHER_MAX_BITRATE = 4_000_000;
/** A viewer reporting more loss than this (RTCP receiver report) gets no video for a while, then a keyframe. */
const SHED_FRACTION_LOST = 0.25;
const SHED_PAUSE_MS = 2000;
const GATHERING_TIMEOUT_MS = 5000;
/** While a tap is open the publisher is asked for a keyframe this often: stills decode keyframes only. */
const TAP_KEYFRAME_INTERVAL_MS = 5000;

interface RoomCodec {
  name: VideoCodecName;
  fmtp: string | undefined;
}

interface Publisher {
  resourceId: string | undefined;
  source: LiveSource;
  codec: RoomCodec;
  pc: PeerConnection | undefined;
  video: Track | undefined;
  audio: Track | undefined;
  ingest: { id: string; sockets: dgram.Socket[] } | undefined;
  inVideo: InboundStream;
  inAudio: InboundStream;
  up: boolean;
  startedMs: number;
  lastMediaMs: number;
}

interface Outgoing {
  track: Track;
  ssrc: number;
  payloadType: number;
  open: boolean;
}

interface Viewer {
  resourceId: string;
  key: string;
  etag: string;
  pc: PeerConnection;
  video: Outgoing | undefined;
  audio: Outgoing | undefined;
  waitingForKeyframe: boolean;
  /** Until when this viewer gets no video (it could not take what it got). */
  shedUntilMs: number;
}

interface Tap {
  id: string;
  socket: dgram.Socket;
  videoPort: number;
  audioPort: number;
  videoSsrc: number;
  audioSsrc: number;
  waitingForKeyframe: boolean;
}

interface Room {
  id: number;
  publisher: Publisher | undefined;
  viewers: Map<string, Viewer>;
  taps: Map<string, Tap>;
  video: StreamContinuity;
  audio: StreamContinuity;
  lastKeyframeRequestMs: number;
  lastTapKeyframeMs: number;
  sentViewers: number;
  viewersTimer: NodeJS.Timeout | undefined;
  lastViewersSentMs: number;
  bitrate: number;
  bytesAtTick: number;
}

const rooms = new Map<number, Room>();
/** WHIP and WHEP sessions by resource id. */
const sessions = new Map<string, { room: number; kind: 'publisher' | 'viewer'; etag: string }>();
const sfuSsrc = randomInt(1, 0xffffffff);

const send = (message: SfuMessage) => void process.send!(message);
const emit = (event: MediaServerEvent) => send({ type: 'event', event });
const newId = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;
// Below 2^31: ffmpeg's -ssrc option is a signed 32-bit number, and an ingest's SSRC is what ffmpeg is told to use.
const newSsrc = () => randomInt(1, 0x7fffffff);

function roomOf(id: number): Room {
  let room = rooms.get(id);
  if (!room) {
    room = {
      id,
      publisher: undefined,
      viewers: new Map(),
      taps: new Map(),
      video: new StreamContinuity(90000),
      audio: new StreamContinuity(48000),
      lastKeyframeRequestMs: 0,
      lastTapKeyframeMs: 0,
      sentViewers: 0,
      viewersTimer: undefined,
      lastViewersSentMs: 0,
      bitrate: 0,
      bytesAtTick: 0,
    };
    rooms.set(id, room);
  }
  return room;
}

function forgetRoomIfEmpty(room: Room) {
  if (!room.publisher && room.viewers.size === 0 && room.taps.size === 0 && !room.viewersTimer && room.sentViewers === 0) rooms.delete(room.id);
}

// ---------------------------------------------------------------------------------------------------------------
// Peer connections

function rtcConfig(): RtcConfig {
  const iceServers: string[] = [];
  for (const server of options.iceServers) {
    for (const url of Array.isArray(server.urls) ? server.urls : [server.urls]) {
      const match = /^(stuns?|turns?):(.*)$/.exec(url);
      if (!match) continue;
      const credentials = server.username ? `${encodeURIComponent(server.username)}:${encodeURIComponent(server.credential ?? '')}@` : '';
      iceServers.push(`${match[1]}:${match[1]!.startsWith('turn') ? credentials : ''}${match[2]}`);
    }
  }
  return {
    iceServers,
    disableAutoNegotiation: true,
    ...(options.rtcPorts ? { portRangeBegin: options.rtcPorts.begin, portRangeEnd: options.rtcPorts.end } : {}),
  };
}

/** The answer with every candidate gathered (WHIP and WHEP answers are not trickled); behind NAT, the announced IP. */
async function completeAnswer(pc: PeerConnection): Promise<string> {
  pc.setLocalDescription('answer');
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, GATHERING_TIMEOUT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    pc.onGatheringStateChange((state) => state === 'complete' && done());
    if (pc.gatheringState() === 'complete') done();
  });
  const sdp = pc.localDescription()?.sdp;
  if (!sdp) throw new Error('libdatachannel gave no local description');
  return options.announcedIp ? announce(sdp, options.announcedIp) : sdp;
}

/** Host candidates carry the announced address (1:1 NAT: the same ports forwarded to this machine). */
function announce(sdp: string, ip: string): string {
  return sdp
    .split('\r\n')
    .filter((line) => !(line.startsWith('a=candidate:') && line.includes(' typ host') && line.split(' ')[4]?.includes(':')))
    .map((line) => {
      if (line.startsWith('c=IN IP4 ')) return `c=IN IP4 ${ip}`;
      if (!line.startsWith('a=candidate:') || !line.includes(' typ host')) return line;
      const parts = line.split(' ');
      parts[4] = ip;
      return parts.join(' ');
    })
    .join('\r\n');
}

function takeOffer(pc: PeerConnection, sdp: string) {
  try {
    pc.setRemoteDescription(sdp, 'offer');
  } catch (error) {
    pc.close();
    throw new RequestError('bad-offer', `The offer was refused: ${error instanceof Error ? error.message : String(error)}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Publishers

async function publish(roomId: number, sdp: string, source: LiveSource): Promise<SfuResult> {
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
    if ((state === 'failed' || state === 'closed') && room.publisher === publisher) dropPublisher(room, true);
  });
  const etag = `"${randomBytes(9).toString('base64url')}"`;
  sessions.set(resourceId, { room: roomId, kind: 'publisher', etag });
  return { sdp: answer, resourceId, etag };
}

/** A second publisher takes the room; viewers whose codec the new one does not send are let go. */
function replacePublisher(room: Room, next: Publisher) {
  if (room.publisher) closePublisher(room.publisher);
  room.publisher = next;
  room.video.restart();
  room.audio.restart();
  for (const viewer of room.viewers.values()) viewer.waitingForKeyframe = true;
  for (const tap of room.taps.values()) tap.waitingForKeyframe = true;
}

function closePublisher(publisher: Publisher) {
  if (publisher.resourceId) sessions.delete(publisher.resourceId);
  publisher.pc?.close();
  for (const socket of publisher.ingest?.sockets ?? []) socket.close();
}

function dropPublisher(room: Room, announce: boolean) {
  const publisher = room.publisher;
  if (!publisher) return;
  room.publisher = undefined;
  closePublisher(publisher);
  if (announce && publisher.up) emit({ type: 'publisher-down', room: room.id });
  forgetRoomIfEmpty(room);
}

function onPublisherPacket(room: Room, publisher: Publisher, kind: 'video' | 'audio', packet: Buffer) {
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

function onPublisherRtcp(room: Room, publisher: Publisher, kind: 'video' | 'audio', packets: RtcpPacket[]) {
  const ssrc = senderReportSsrc(packets);
  if (ssrc === undefined) return;
  const inbound = kind === 'video' ? publisher.inVideo : publisher.inAudio;
  const sr = packets.find((p) => p.type === 200);
  if (sr) inbound.onSenderReport(sr.body, Date.now());
  const continuity = kind === 'video' ? room.video : room.audio;
  const mapTs = (s: number, ts: number) => continuity.mapTimestamp(s, ts);
  // Sender reports pass through (rewritten) so every viewer can line audio up with video.
  for (const viewer of room.viewers.values()) {
    const out = kind === 'video' ? viewer.video : viewer.audio;
    if (!out?.open) continue;
    const report = rewriteSenderReport(packets, { ssrc: out.ssrc, mapTs });
    if (report) out.track.sendMessageBinary(report);
  }
  for (const tap of room.taps.values()) {
    const report = rewriteSenderReport(packets, { ssrc: kind === 'video' ? tap.videoSsrc : tap.audioSsrc, mapTs });
    if (report) tap.socket.send(report, (kind === 'video' ? tap.videoPort : tap.audioPort) + 1, '127.0.0.1');
  }
}

function forwardVideo(room: Room, publisher: Publisher, packet: Buffer, now: number) {
  publisher.inVideo.onRtp(packet);
  const { seq, ts } = room.video.map(packet, now);
  let keyframe: boolean | undefined;
  const isKeyframe = () => (keyframe ??= startsKeyframe(packet, publisher.codec.name));
  for (const viewer of room.viewers.values()) {
    const out = viewer.video;
    if (!out?.open || viewer.shedUntilMs > now) continue;
    if (viewer.waitingForKeyframe) {
      if (!isKeyframe()) continue;
      viewer.waitingForKeyframe = false;
    }
    out.track.sendMessageBinary(rewriteRtp(packet, { ssrc: out.ssrc, payloadType: out.payloadType, seq, ts }));
  }
  for (const tap of room.taps.values()) {
    if (tap.waitingForKeyframe) {
      if (!isKeyframe()) continue;
      tap.waitingForKeyframe = false;
    }
    tap.socket.send(rewriteRtp(packet, { ssrc: tap.videoSsrc, payloadType: VIDEO_PT_TAP, seq, ts }), tap.videoPort, '127.0.0.1');
  }
}

function forwardAudio(room: Room, publisher: Publisher, packet: Buffer, now: number) {
  publisher.inAudio.onRtp(packet);
  const { seq, ts } = room.audio.map(packet, now);
  for (const viewer of room.viewers.values()) {
    const out = viewer.audio;
    if (!out?.open) continue;
    out.track.sendMessageBinary(rewriteRtp(packet, { ssrc: out.ssrc, payloadType: out.payloadType, seq, ts }));
  }
  for (const tap of room.taps.values()) {
    tap.socket.send(rewriteRtp(packet, { ssrc: tap.audioSsrc, payloadType: AUDIO_PT_TAP, seq, ts }), tap.audioPort, '127.0.0.1');
  }
}

function requestKeyframe(room: Room) {
  const publisher = room.publisher;
  const now = Date.now();
  if (!publisher?.video || now - room.lastKeyframeRequestMs < KEYFRAME_REQUEST_INTERVAL_MS) return;
  const ssrc = publisher.inVideo.ssrc;
  if (ssrc === undefined) return;
  room.lastKeyframeRequestMs = now;
  try {
    publisher.video.sendMessageBinary(pictureLossIndication(sfuSsrc, ssrc));
  } catch {
    // The track is not open yet: the publisher starts with a keyframe anyway.
  }
}

// ---------------------------------------------------------------------------------------------------------------
// RTP ingest (a local ffmpeg as the publisher)

async function bindLoopback(portNumber = 0): Promise<dgram.Socket> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(portNumber, '127.0.0.1', () => {
      socket.off('error', reject);
      resolve();
    });
  });
  return socket;
}

async function openRtpIngest(roomId: number, source: LiveSource, videoCodec: VideoCodecName): Promise<SfuResult> {
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

function closeRtpIngest(ingestId: string) {
  for (const room of rooms.values()) {
    if (room.publisher?.ingest?.id === ingestId) dropPublisher(room, true);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// RTP tap (a local ffmpeg reads the room)

/** An even port whose next port is free too (ffmpeg reads RTCP on port + 1). */
async function freePortPair(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const probe = await bindLoopback();
    const candidate = probe.address().port & ~1;
    probe.close();
    try {
      const a = await bindLoopback(candidate);
      const b = await bindLoopback(candidate + 1);
      a.close();
      b.close();
      return candidate;
    } catch {
      // Taken: try another.
    }
  }
  throw new Error('No free UDP port pair on 127.0.0.1 for the RTP tap');
}

async function openRtpTap(roomId: number): Promise<SfuResult> {
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

function closeRtpTap(tapId: string) {
  for (const room of rooms.values()) {
    const tap = room.taps.get(tapId);
    if (!tap) continue;
    room.taps.delete(tapId);
    tap.socket.close();
    forgetRoomIfEmpty(room);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Viewers

async function view(roomId: number, sdp: string, viewerKey: string): Promise<SfuResult> {
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
  videoTrack.onMessage((packet) => {
    if (!isRtcp(packet)) return;
    const rtcp = splitRtcp(packet);
    if (asksForKeyframe(rtcp)) requestKeyframe(room);
    const lost = fractionLost(rtcp, videoSsrc);
    if (lost !== undefined && lost > SHED_FRACTION_LOST) shed(room, viewer);
  });
  audioOut?.track.onOpen(() => (audioOut.open = true));
  pc.onStateChange((state) => {
    if ((state === 'failed' || state === 'closed') && room.viewers.get(resourceId) === viewer) removeViewer(room, viewer);
  });
  viewersChanged(room);
  return { sdp: answer, resourceId, etag };
}

function removeViewer(room: Room, viewer: Viewer) {
  room.viewers.delete(viewer.resourceId);
  sessions.delete(viewer.resourceId);
  viewer.pc.close();
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

// ---------------------------------------------------------------------------------------------------------------
// Sessions, rooms, upkeep

function patch(resourceId: string, fragment: string): boolean {
  const session = sessions.get(resourceId);
  if (!session) throw new RequestError('unknown-session', 'No such WHIP or WHEP session');
  const room = rooms.get(session.room);
  const pc = session.kind === 'publisher' ? room?.publisher?.pc : room?.viewers.get(resourceId)?.pc;
  if (!pc) throw new RequestError('unknown-session', 'No such WHIP or WHEP session');
  const candidates = candidatesOf(fragment);
  for (const { candidate, mid } of candidates) {
    try {
      pc.addRemoteCandidate(candidate, mid);
    } catch (error) {
      throw new RequestError('bad-offer', `The candidate was refused: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return true;
}

function closeSession(resourceId: string) {
  const session = sessions.get(resourceId);
  if (!session) throw new RequestError('unknown-session', 'No such WHIP or WHEP session');
  const room = rooms.get(session.room);
  if (!room) return;
  if (session.kind === 'publisher') {
    if (room.publisher?.resourceId === resourceId) dropPublisher(room, true);
  } else {
    const viewer = room.viewers.get(resourceId);
    if (viewer) removeViewer(room, viewer);
  }
}

function endRoom(roomId: number) {
  const room = rooms.get(roomId);
  if (!room) return;
  dropPublisher(room, false);
  for (const viewer of [...room.viewers.values()]) removeViewer(room, viewer);
  for (const tapId of [...room.taps.keys()]) closeRtpTap(tapId);
}

function tick() {
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

const upkeep = setInterval(tick, 1000);

async function handle(request: SfuRequest): Promise<SfuResult> {
  switch (request.op) {
    case 'publish':
      return publish(request.room, request.sdp, request.source);
    case 'view':
      return view(request.room, request.sdp, request.viewerKey);
    case 'patch':
      return patch(request.resourceId, request.fragment);
    case 'closeSession':
      closeSession(request.resourceId);
      return undefined;
    case 'openRtpIngest':
      return openRtpIngest(request.room, request.source, request.videoCodec);
    case 'closeRtpIngest':
      closeRtpIngest(request.ingestId);
      return undefined;
    case 'openRtpTap':
      return openRtpTap(request.room);
    case 'closeRtpTap':
      closeRtpTap(request.tapId);
      return undefined;
    case 'endRoom':
      endRoom(request.room);
      return undefined;
    case 'close':
      clearInterval(upkeep);
      for (const roomId of [...rooms.keys()]) endRoom(roomId);
      return undefined;
  }
}

process.on('message', (message: { id: number; request: SfuRequest }) => {
  handle(message.request).then(
    (result) => send({ type: 'reply', id: message.id, ok: true, result }),
    (error: unknown) => {
      if (error instanceof RequestError) send({ type: 'reply', id: message.id, ok: false, code: error.code, message: error.message });
      else if (error instanceof SdpError) send({ type: 'reply', id: message.id, ok: false, code: 'bad-offer', message: error.message });
      else send({ type: 'reply', id: message.id, ok: false, code: 'internal', message: error instanceof Error ? error.message : String(error) });
    },
  );
});
