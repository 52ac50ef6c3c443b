import dgram from 'node:dgram';
import type { LiveSource } from '@velora/shared';
import type { MediaServer, RtpIngest } from '../src/modules/live/media-server';

// Real UDP sockets standing in for the SFU's RTP ingest (it is another branch): what ffmpeg sends lands here.

export interface RtpPacketSeen {
  payloadType: number;
  ssrc: number;
  sequence: number;
  timestamp: number;
  marker: boolean;
  payload: Buffer;
  at: number;
}

export interface RtpReceiver {
  ingest: RtpIngest;
  video: RtpPacketSeen[];
  audio: RtpPacketSeen[];
  closed: boolean;
  /** The media server stopping under the ingest: its `lost` settles. */
  lose(): void;
  /** Resolves once `predicate` holds, checked on each packet (rejects after `timeoutMs`). */
  until(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  dispose(): Promise<void>;
}

const parse = (msg: Buffer): RtpPacketSeen | null => {
  if (msg.length < 12 || msg[0]! >> 6 !== 2) return null;
  const pt = msg[1]! & 0x7f;
  if (pt >= 72 && pt <= 79) return null; // RTCP on the RTP port (rtcp-mux) is not media.
  const cc = msg[0]! & 0x0f;
  return {
    payloadType: pt,
    marker: (msg[1]! & 0x80) !== 0,
    sequence: msg.readUInt16BE(2),
    timestamp: msg.readUInt32BE(4),
    ssrc: msg.readUInt32BE(8),
    payload: msg.subarray(12 + cc * 4),
    at: Date.now(),
  };
};

async function bindPair(): Promise<{ rtp: dgram.Socket; rtcp: dgram.Socket }> {
  // ffmpeg sends RTCP to port + 1: take an even port whose neighbour is free too.
  for (let attempt = 0; attempt < 50; attempt++) {
    const rtp = dgram.createSocket('udp4');
    await new Promise<void>((r) => rtp.bind(0, '127.0.0.1', r));
    const port = rtp.address().port;
    const rtcp = dgram.createSocket('udp4');
    const ok = await new Promise<boolean>((r) => {
      rtcp.once('error', () => r(false));
      rtcp.bind(port + 1, '127.0.0.1', () => r(true));
    });
    if (ok) return { rtp, rtcp };
    rtp.close();
    rtcp.close();
  }
  throw new Error('no free UDP port pair');
}

export async function createRtpReceiver(videoCodec: 'VP8' | 'H264'): Promise<RtpReceiver> {
  const v = await bindPair();
  const a = await bindPair();
  const waiters = new Set<() => void>();
  let lose!: () => void;
  const lost = new Promise<void>((resolve) => (lose = resolve));
  const receiver: RtpReceiver = {
    video: [],
    audio: [],
    closed: false,
    lose,
    ingest: {
      lost,
      host: '127.0.0.1',
      videoPort: v.rtp.address().port,
      audioPort: a.rtp.address().port,
      video: { codec: videoCodec, payloadType: videoCodec === 'VP8' ? 96 : 102, clockRate: 90000, ssrc: 0x9abcdef1 },
      audio: { codec: 'opus', payloadType: 111, clockRate: 48000, channels: 2, ssrc: 0x12345678 },
      close: async () => {
        receiver.closed = true;
        for (const w of waiters) w();
      },
    },
    until(predicate, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate()) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`not seen within ${timeoutMs} ms (video ${receiver.video.length}, audio ${receiver.audio.length} packets, closed ${receiver.closed})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async dispose() {
      for (const s of [v.rtp, v.rtcp, a.rtp, a.rtcp]) s.close();
    },
  };
  const on = (list: RtpPacketSeen[]) => (msg: Buffer) => {
    const p = parse(msg);
    if (p) list.push(p);
    for (const w of [...waiters]) w();
  };
  v.rtp.on('message', on(receiver.video));
  a.rtp.on('message', on(receiver.audio));
  return receiver;
}

/** A media server's openRtpIngest that hands out real receivers and records each call. */
export function fakeIngestMedia() {
  const calls: Array<{ room: number; source: LiveSource; videoCodec: 'VP8' | 'H264'; receiver: RtpReceiver }> = [];
  return {
    calls,
    async openRtpIngest(room: number, source: LiveSource, videoCodec: 'VP8' | 'H264') {
      const receiver = await createRtpReceiver(videoCodec);
      calls.push({ room, source, videoCodec, receiver });
      return receiver.ingest;
    },
    async dispose() {
      await Promise.all(calls.map((c) => c.receiver.dispose()));
    },
  };
}

/** Two free UDP ports, p and p + 1 (RTP and RTCP), released for ffmpeg to bind. */
async function freePortPair(): Promise<number> {
  const { rtp, rtcp } = await bindPair();
  const port = rtp.address().port;
  await Promise.all([new Promise<void>((r) => rtp.close(() => r())), new Promise<void>((r) => rtcp.close(() => r()))]);
  return port;
}

type Listener = Parameters<MediaServer['on']>[0];

/**
 * A stand-in for the SFU's RTP side (openRtpIngest, openRtpTap, stats, on): an ingest's ports are the tap's ports,
 * so what a sender sends into a room is what the tap reader receives, with the events the SFU would give.
 */
export function fakeTapMedia() {
  const rooms = new Map<number, { videoPort: number; audioPort: number; codec: 'VP8' | 'H264'; source: LiveSource }>();
  const listeners = new Set<Listener>();
  const emit = (event: Parameters<Listener>[0]) => listeners.forEach((l) => l(event));
  let taps = 0;
  return {
    get openTaps() {
      return taps;
    },
    async openRtpIngest(room: number, source: LiveSource, videoCodec: 'VP8' | 'H264'): Promise<RtpIngest> {
      const videoPort = await freePortPair();
      const audioPort = await freePortPair();
      rooms.set(room, { videoPort, audioPort, codec: videoCodec, source });
      emit({ type: 'publisher-up', room, source });
      let closed = false;
      return {
        host: '127.0.0.1',
        videoPort,
        audioPort,
        lost: new Promise<void>(() => undefined),
        video: { codec: videoCodec, payloadType: videoCodec === 'VP8' ? 96 : 102, clockRate: 90000, ssrc: 0x11111111 + room },
        audio: { codec: 'opus', payloadType: 111, clockRate: 48000, channels: 2, ssrc: 0x22222222 + room },
        async close() {
          if (closed) return;
          closed = true;
          rooms.delete(room);
          emit({ type: 'publisher-down', room });
        },
      };
    },
    async openRtpTap(room: number) {
      const r = rooms.get(room);
      if (!r) return null;
      taps++;
      const video = r.codec === 'VP8' ? 'a=rtpmap:96 VP8/90000' : 'a=rtpmap:102 H264/90000\na=fmtp:102 packetization-mode=1';
      const sdp = [
        'v=0', 'o=- 0 0 IN IP4 127.0.0.1', 's=tap', 'c=IN IP4 127.0.0.1', 't=0 0',
        `m=video ${r.videoPort} RTP/AVP ${r.codec === 'VP8' ? 96 : 102}`, video,
        `m=audio ${r.audioPort} RTP/AVP 111`, 'a=rtpmap:111 opus/48000/2', '',
      ].join('\n');
      return { sdp, close: async () => void taps-- };
    },
    stats(room: number) {
      const r = rooms.get(room);
      return { room, publishing: !!r, source: r?.source ?? null, viewers: 0, inboundBitrate: 0, inboundPacketsLost: 0 };
    },
    on(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
