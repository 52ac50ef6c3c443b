import type { LiveSource } from '@velora/shared';

// The media server behind /live (decision record 032). The embedded SFU (a child process of this one) is the
// default; an external one (LiveKit, MediaMTX, OvenMediaEngine) is configuration. Rooms are cameras, named by the
// camera id. The API side (the cameras module) never touches media: it hands out tokens, and hears from here when a
// publisher arrives or goes and how many watch.

export type RoomId = number;

/**
 * Rooms numbered from here on are private (the rooms of playdates, decision record 041): far above any camera id, never
 * tapped for LL-HLS or preview stills, and never a camera's. Their video must not leave the room.
 */
export const PRIVATE_MEDIA_ROOM_BASE = 1_000_000_000_000;
export const isPrivateMediaRoom = (room: RoomId) => room >= PRIVATE_MEDIA_ROOM_BASE;

export interface SdpAnswer {
  /** The answer SDP, sent back as the body of the 201. */
  sdp: string;
  /** Identifies the WHIP/WHEP session: the Location of the 201 ends with it; DELETE ends the session. */
  resourceId: string;
  /** ETag of the ICE session (RFC 9725), for PATCH. */
  etag?: string;
}

/** Where an ffmpeg process sends RTP into a room (RTMP ingest, the demo's test patterns). */
export interface RtpIngest {
  host: string;
  videoPort: number;
  audioPort: number;
  /** What the room expects: the publisher side (ffmpeg) must encode this. */
  video: { codec: 'VP8' | 'H264'; payloadType: number; clockRate: 90000; ssrc: number };
  audio: { codec: 'opus'; payloadType: number; clockRate: 48000; channels: 2; ssrc: number };
  /** Ends the ingest: the room's publisher is gone (as a dropped WebRTC publisher is). */
  close(): Promise<void>;
  /**
   * Settles when the ingest ended without close(): the media server stopped under it (decision record 060). The sender
   * stops at once (the ports may be someone else's soon) and opens a new ingest, which waits for the restarted server.
   */
  readonly lost: Promise<void>;
}

/** Where a room's media can be read as RTP (for LL-HLS and preview stills): an SDP ffmpeg can open. */
export interface RtpTap {
  sdp: string;
  close(): Promise<void>;
}

export interface RoomStats {
  room: RoomId;
  publishing: boolean;
  source: LiveSource | null;
  viewers: number;
  /** Bits per second of the publisher's media as received, over the last few seconds. */
  inboundBitrate: number;
  /** Packets lost on the way in (RTCP receiver view), since the publisher arrived. */
  inboundPacketsLost: number;
}

/** How the media server is (decision record 060), for readiness and the operator. */
export interface MediaServerHealth {
  /**
   * idle: not started (it starts with the first room); up: running and answering; restarting: it stopped on its own
   * (a crash, a kill, a hang) and is being started again, its rooms' publishers and viewers reconnecting; down: closed
   * (the server is shutting down); external: another server (MEDIA_SERVER=external), not watched from here.
   */
  state: 'idle' | 'up' | 'restarting' | 'down' | 'external';
  /** How often it stopped on its own and was started again since this process started. */
  restarts: number;
}

export type MediaServerEvent =
  | { type: 'publisher-up'; room: RoomId; source: LiveSource }
  | { type: 'publisher-down'; room: RoomId }
  | { type: 'viewers'; room: RoomId; viewers: number };

export interface MediaServer {
  /** WHIP: a publisher's offer into a room (a second publisher replaces the first). */
  publish(room: RoomId, offerSdp: string, source: LiveSource): Promise<SdpAnswer>;
  /** WHEP: a viewer's offer; media flows from the room's publisher. 404-like error when the room has none. */
  view(room: RoomId, offerSdp: string, viewerKey: string): Promise<SdpAnswer>;
  /** Trickle ICE / ICE restart of a WHIP or WHEP session (RFC 9725 PATCH); false when unsupported or unknown. */
  patch(resourceId: string, sdpFragment: string): Promise<boolean>;
  /** DELETE of a WHIP or WHEP session. */
  closeSession(resourceId: string): Promise<void>;
  /**
   * Opens an RTP ingest into a room (the publisher of the room from then on). `videoCodec`: what the sender will
   * encode (H264 for a remuxed RTMP stream, VP8 for a transcoded one or a test pattern). While the media server is
   * restarting, waits for it (the server's own ffmpeg parts ask, not a client waiting on an HTTP answer).
   */
  openRtpIngest(room: RoomId, source: LiveSource, videoCodec: 'VP8' | 'H264'): Promise<RtpIngest>;
  /**
   * Copies a room's media as RTP to a local reader (one per room is enough: LL-HLS and stills share it). The reader
   * (hls-live-rooms.ts) holds it while the room has a publisher. Stills decode key frames only and LL-HLS starts on
   * one, so the SFU asks the publisher for a key frame (PLI) when the tap opens and every ~5 s while it is open.
   */
  openRtpTap(room: RoomId): Promise<RtpTap | null>;
  /** Drops the publisher and every viewer of a room (the model stopped, her key was rotated). */
  endRoom(room: RoomId): Promise<void>;
  stats(room: RoomId): RoomStats;
  /** What readiness reports (GET /api/health/ready). */
  health(): MediaServerHealth;
  on(listener: (event: MediaServerEvent) => void): () => void;
  close(): Promise<void>;
}

/** Why the media server refused a request; the /live routes answer each with its status (decision record 033). */
export class MediaServerError extends Error {
  constructor(
    readonly code: 'bad-offer' | 'no-publisher' | 'codec-mismatch' | 'unknown-session' | 'unsupported' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'MediaServerError';
  }
}
