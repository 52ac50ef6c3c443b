import type { LiveSource } from '@velora/shared';
import type { IceServer } from '@velora/shared';
import type { MediaServerEvent, RoomStats, RtpIngest, SdpAnswer } from './media-server';

// The messages between the API thread and the SFU process (sfu-process.ts). The server passes SDP and control
// messages only; media never crosses the process boundary.

export interface SfuOptions {
  iceServers: IceServer[];
  rtcPorts: { begin: number; end: number } | undefined;
  announcedIp: string | undefined;
  /** A publisher without media for this long is gone (publisher-down). */
  silenceMs: number;
  /** Viewer counts are sent at most this often per room. */
  viewersThrottleMs: number;
}

export type SfuRequest =
  | { op: 'publish'; room: number; sdp: string; source: LiveSource }
  | { op: 'view'; room: number; sdp: string; viewerKey: string }
  | { op: 'patch'; resourceId: string; fragment: string }
  | { op: 'closeSession'; resourceId: string }
  | { op: 'openRtpIngest'; room: number; source: LiveSource; videoCodec: 'VP8' | 'H264' }
  | { op: 'closeRtpIngest'; ingestId: string }
  | { op: 'openRtpTap'; room: number }
  | { op: 'closeRtpTap'; tapId: string }
  | { op: 'endRoom'; room: number }
  | { op: 'close' };

export type SfuResult = SdpAnswer | boolean | (Omit<RtpIngest, 'close' | 'lost'> & { ingestId: string }) | { sdp: string; tapId: string } | null | undefined;

export type SfuErrorCode = 'bad-offer' | 'no-publisher' | 'codec-mismatch' | 'unknown-session' | 'unsupported';

export type SfuMessage =
  | { type: 'reply'; id: number; ok: true; result: SfuResult }
  | { type: 'reply'; id: number; ok: false; code: SfuErrorCode | 'internal'; message: string }
  | { type: 'event'; event: MediaServerEvent }
  | { type: 'stats'; rooms: RoomStats[] }
  /** Loaded and taking requests. */
  | { type: 'ready' }
  /** An error nothing handled: the SFU exits after saying so (decision record 060). */
  | { type: 'fatal'; message: string; stack?: string };
