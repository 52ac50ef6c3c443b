import { randomBytes, randomInt } from 'node:crypto';
import type dgram from 'node:dgram';
import type { PeerConnection, Track } from 'node-datachannel';
import type { LiveSource } from '@velora/shared';
import type { InboundStream } from './inbound-stream';
import { StreamContinuity } from './rtp-packets';
import type { VideoCodecName } from './sdp-offer';

// The SFU's state (decision record 033): rooms keyed by camera id, each with at most one publisher, its viewers and
// its taps, and the WHIP and WHEP sessions that lead to them.

export const VIDEO_PT_TAP = 96;
export const AUDIO_PT_TAP = 111;

export interface RoomCodec {
  name: VideoCodecName;
  fmtp: string | undefined;
}

export interface Publisher {
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

export interface Outgoing {
  track: Track;
  ssrc: number;
  payloadType: number;
  open: boolean;
}

export interface Viewer {
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

export interface Tap {
  id: string;
  socket: dgram.Socket;
  videoPort: number;
  audioPort: number;
  videoSsrc: number;
  audioSsrc: number;
  waitingForKeyframe: boolean;
}

export interface Room {
  id: number;
  publisher: Publisher | undefined;
  viewers: Map<string, Viewer>;
  taps: Map<string, Tap>;
  video: StreamContinuity;
  audio: StreamContinuity;
  lastKeyframeRequestMs: number;
  /** A keyframe request waiting for the end of the interval since the last one. */
  keyframeTimer: NodeJS.Timeout | undefined;
  lastTapKeyframeMs: number;
  sentViewers: number;
  viewersTimer: NodeJS.Timeout | undefined;
  lastViewersSentMs: number;
  bitrate: number;
  bytesAtTick: number;
}

export const rooms = new Map<number, Room>();
/** WHIP and WHEP sessions by resource id. */
export const sessions = new Map<string, { room: number; kind: 'publisher' | 'viewer'; etag: string }>();
export const sfuSsrc = randomInt(1, 0xffffffff);

export const newId = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;
// Below 2^31: ffmpeg's -ssrc option is a signed 32-bit number, and an ingest's SSRC is what ffmpeg is told to use.
export const newSsrc = () => randomInt(1, 0x7fffffff);

export function roomOf(id: number): Room {
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
      keyframeTimer: undefined,
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

export function forgetRoomIfEmpty(room: Room) {
  if (!room.publisher && room.viewers.size === 0 && room.taps.size === 0 && !room.viewersTimer && room.sentViewers === 0) rooms.delete(room.id);
}
