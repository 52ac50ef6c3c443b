import { spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import nodeDataChannel, { type PeerConnection, type Track } from 'node-datachannel';
import type { MediaServer, RoomId } from './media-server';
import { isRtcp } from './rtp-packets';

// Real WebRTC peers for the tests and the bench (libdatachannel, as a WHIP encoder or a WHEP player would be), and
// an ffmpeg that encodes a VP8 test pattern to RTP.

export const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';

export async function localOffer(pc: PeerConnection): Promise<string> {
  pc.setLocalDescription();
  await new Promise<void>((resolve) => {
    pc.onGatheringStateChange((state) => state === 'complete' && resolve());
    if (pc.gatheringState() === 'complete') resolve();
  });
  return pc.localDescription()!.sdp;
}

/**
 * Sets a WHEP/WHIP answer on an offering test peer. When libdatachannel refuses it ("Got a remote candidate without ICE
 * transport": the peer's ICE transport is gone, which happens only once the connection closed or failed), the error
 * says how the connection's state went and how long the answer took, so a failure in CI tells which it was.
 */
function setAnswer(pc: PeerConnection, answer: string, states: readonly string[], offeredAt: number): void {
  try {
    pc.setRemoteDescription(answer, 'answer');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message} (connection states before the answer: ${states.join(' → ') || 'none'}; answer after ${Date.now() - offeredAt} ms)`);
  }
}

export interface Handshake {
  status: number;
  location: string | null;
  etag: string | null;
  body: string;
}

export async function postOffer(url: string, sdp: string, bearer: string | undefined, contentType = 'application/sdp'): Promise<Handshake> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(bearer === undefined ? {} : { authorization: `Bearer ${bearer}` }) },
    body: sdp,
  });
  return { status: response.status, location: response.headers.get('location'), etag: response.headers.get('etag'), body: await response.text() };
}

export interface TestPublisher {
  pc: PeerConnection;
  video: Track;
  audio: Track;
  ssrc: number;
  offer: string;
  /** RTCP the SFU sent back on the video track (receiver reports, keyframe requests). */
  rtcp: Buffer[];
  connect(answer: string): Promise<void>;
  close(): void;
}

/** The video SSRC every test publisher announces (an encoder may start before its peer exists). */
export const TEST_PUBLISHER_SSRC = 0x1234_5678;

/** A WHIP encoder's side: VP8 (and H264 as a second choice) video and Opus audio, sendonly. */
export async function createPublisher(): Promise<TestPublisher> {
  const pc = new nodeDataChannel.PeerConnection('test-publisher', { iceServers: [] });
  const ssrc = TEST_PUBLISHER_SSRC;
  const video = new nodeDataChannel.Video('0', 'SendOnly');
  video.addVP8Codec(96);
  video.addH264Codec(102);
  video.addSSRC(ssrc, 'publisher', 'stream', 'video');
  const videoTrack = pc.addTrack(video);
  const audio = new nodeDataChannel.Audio('1', 'SendOnly');
  audio.addOpusCodec(111);
  audio.addSSRC(0x2345_6789, 'publisher', 'stream', 'audio');
  const audioTrack = pc.addTrack(audio);
  const rtcp: Buffer[] = [];
  const states: string[] = [];
  pc.onStateChange((state) => states.push(state));
  videoTrack.onMessage((message) => rtcp.push(Buffer.from(message)));
  const offer = await localOffer(pc);
  const offeredAt = Date.now();
  return {
    pc,
    video: videoTrack,
    audio: audioTrack,
    ssrc,
    offer,
    rtcp,
    async connect(answer) {
      setAnswer(pc, answer, states, offeredAt);
      await openOf(videoTrack);
    },
    close: () => pc.close(),
  };
}

export interface TestViewer {
  pc: PeerConnection;
  offer: string;
  video: Track;
  /** Held here: a track nothing refers to is collected, and its messages stop (node-datachannel drops the callback). */
  audio: Track;
  /** RTP (and RTCP) packets received on the video track. */
  videoPackets: Buffer[];
  audioPackets: Buffer[];
  states: string[];
  connect(answer: string): Promise<void>;
  close(): void;
}

/**
 * A WHEP player's side: recvonly video (VP8 at payload type 100, H264 at 102) and Opus at 109. `announcesClose`: a
 * data channel comes along, so closing the connection reaches the SFU at once (its SCTP shutdown), as a browser's
 * DTLS close_notify does; without one, libdatachannel's close mostly leaves the other side to notice on its own.
 */
export async function createViewer(name = 'test-viewer', keep = true, options: { announcesClose?: boolean } = {}): Promise<TestViewer> {
  const pc = new nodeDataChannel.PeerConnection(name, { iceServers: [] });
  const video = new nodeDataChannel.Video('0', 'RecvOnly');
  video.addVP8Codec(100);
  video.addH264Codec(102);
  const videoTrack = pc.addTrack(video);
  const audio = new nodeDataChannel.Audio('1', 'RecvOnly');
  audio.addOpusCodec(109);
  const audioTrack = pc.addTrack(audio);
  if (options.announcesClose) pc.createDataChannel('close-signal');
  const videoPackets: Buffer[] = [];
  const audioPackets: Buffer[] = [];
  const states: string[] = [];
  pc.onStateChange((state) => states.push(state));
  if (keep) {
    videoTrack.onMessage((message) => videoPackets.push(Buffer.from(message)));
    audioTrack.onMessage((message) => audioPackets.push(Buffer.from(message)));
  }
  const offer = await localOffer(pc);
  const offeredAt = Date.now();
  return {
    pc,
    offer,
    video: videoTrack,
    audio: audioTrack,
    videoPackets,
    audioPackets,
    states,
    async connect(answer) {
      setAnswer(pc, answer, states, offeredAt);
      await openOf(videoTrack);
    },
    close: () => pc.close(),
  };
}

export function openOf(track: Track, timeoutMs = 10_000): Promise<void> {
  if (track.isOpen()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the track did not open')), timeoutMs);
    track.onOpen(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export interface TestPattern {
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * ffmpeg encoding a moving test pattern (VP8, or H264 constrained baseline) and an Opus tone as RTP to the given ports. `ssrc` and the payload
 * types follow what an RTP ingest asks for.
 */
export function startTestPattern(target: {
  host: string;
  videoPort: number;
  audioPort?: number;
  video: { payloadType: number; ssrc: number };
  audio?: { payloadType: number; ssrc: number };
  size?: string;
  bitrate?: string;
  rate?: number;
  codec?: 'VP8' | 'H264';
}): TestPattern {
  const size = target.size ?? '320x240';
  const rate = target.rate ?? 15;
  const args = ['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${rate}`];
  if (target.audioPort && target.audio) args.push('-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000');
  args.push(
    '-map', '0:v', '-pix_fmt', 'yuv420p',
    ...(target.codec === 'H264'
      ? ['-c:v', 'libx264', '-profile:v', 'baseline', '-preset', 'ultrafast', '-tune', 'zerolatency']
      : ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8']),
    '-b:v', target.bitrate ?? '300k',
    '-g', String(rate * 2), '-payload_type', String(target.video.payloadType), '-ssrc', String(target.video.ssrc),
    '-f', 'rtp', `rtp://${target.host}:${target.videoPort}?rtcpport=${target.videoPort}&pkt_size=1200`,
  );
  if (target.audioPort && target.audio) {
    args.push(
      '-map', '1:a', '-c:a', 'libopus', '-ac', '2', '-b:a', '64k', '-payload_type', String(target.audio.payloadType),
      '-ssrc', String(target.audio.ssrc), '-f', 'rtp', `rtp://${target.host}:${target.audioPort}?rtcpport=${target.audioPort}&pkt_size=1200`,
    );
  }
  const child = spawn(FFMPEG, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  return {
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A UDP socket on 127.0.0.1 whose packets go into a publisher's track (ffmpeg → this → WebRTC). */
export async function relayIntoTrack(track: Track): Promise<{ port: number; close(): void }> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  socket.on('message', (packet) => {
    // RTCP ffmpeg sends along (its sender reports) goes into the track too, as an encoder's would.
    if (track.isOpen()) track.sendMessageBinary(packet);
  });
  return { port: socket.address().port, close: () => socket.close() };
}

/**
 * RTP into an ingest as fast as an encoder at full tilt sends it: `packetsPerSecond` packets of 1000 bytes, each the
 * start of a VP8 keyframe (a viewer starts at once). `repeatEvery`: every that many packets, one sent again from 3000
 * packets back, older than SRTP's replay window of 1024 (a faulty or hostile publisher).
 */
export function sendVp8Flood(target: { host: string; videoPort: number; video: { payloadType: number; ssrc: number } }, options: { packetsPerSecond: number; repeatEvery?: number }) {
  const socket = dgram.createSocket('udp4');
  const packet = Buffer.alloc(1000);
  packet[0] = 0x80;
  packet[1] = target.video.payloadType;
  packet.writeUInt32BE(target.video.ssrc, 8);
  // VP8 payload descriptor: start of partition 0; then a frame header whose lowest bit 0 says keyframe.
  packet[12] = 0x10;
  packet[13] = 0x00;
  let seq = 0;
  let sent = 0;
  const batch = Math.max(1, Math.round(options.packetsPerSecond / 100));
  const send = (sequence: number) => {
    packet.writeUInt16BE(sequence & 0xffff, 2);
    packet.writeUInt32BE((sequence * 300) >>> 0, 4);
    socket.send(packet, target.videoPort, target.host);
  };
  const timer = setInterval(() => {
    for (let i = 0; i < batch; i++) {
      send(seq++);
      sent++;
      if (options.repeatEvery && sent % options.repeatEvery === 0 && seq > 3000) send(seq - 3000);
    }
  }, 10);
  return {
    get sent() {
      return sent;
    },
    stop() {
      clearInterval(timer);
      socket.close();
    },
  };
}

export async function until(check: () => boolean, timeoutMs = 10_000, what: string | (() => string) = 'the condition'): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * A handshake from a libdatachannel offerer, retried: libdatachannel now and then refuses a well-formed answer with
 * "Got a remote candidate without ICE transport" when both peers are on one busy machine (a known race of the
 * library as the offering side; browsers and encoders, the real offerers, are not libdatachannel). The refused
 * attempt's session is deleted, as a client would.
 */
export async function handshakeWithRetry<P extends { offer: string; connect(answer: string): Promise<void>; close(): void }>(
  base: string,
  create: () => Promise<P>,
  post: (offer: string) => Promise<Handshake>,
): Promise<{ peer: P; reply: Handshake }> {
  for (let attempt = 1; ; attempt++) {
    const peer = await create();
    const reply = await post(peer.offer);
    if (reply.status !== 201) return { peer, reply };
    try {
      await peer.connect(reply.body);
      return { peer, reply };
    } catch (error) {
      peer.close();
      if (reply.location) await fetch(`${base}${reply.location}`, { method: 'DELETE' });
      if (attempt >= 5 || !(error instanceof Error) || !/without ICE transport|did not open/.test(error.message)) throw error;
      // The refusals come in bursts while the machine is busiest: the next try waits for it a little longer each time.
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

/** A viewer of a room through the media server's own WHEP call (the /live routes add only the token check). */
export async function viewDirectly(media: Pick<MediaServer, 'view'>, room: RoomId, name: string, options: { announcesClose?: boolean } = {}): Promise<TestViewer> {
  const { peer } = await handshakeWithRetry('', () => createViewer(name, true, options), async (offer) => {
    const answer = await media.view(room, offer, name);
    return { status: 201, location: null, etag: null, body: answer.sdp };
  });
  return peer;
}

/** How many RTP packets (not RTCP) a test peer received. */
export const rtpCount = (packets: Buffer[]) => packets.filter((p) => p.length >= 12 && !isRtcp(p)).length;

/** Whether a process runs (signal 0 asks without sending anything). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
