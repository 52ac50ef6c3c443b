import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { findFfmpeg, type FfmpegBinary } from '../../lib/ffmpeg';
import type { MediaServer, RtpIngest } from './media-server';
import {
  canRemuxH264, decodeAmf0, FLV_HEADER, flvTag, isSequenceHeader, isVideoKeyframe, MSG, type RtmpMessage, videoTrackInfo, type VideoTrackInfo,
} from './rtmp-protocol';
import {
  lastLine, OPUS_ENCODER_ARGS, rtpAudioOutput, rtpVideoOutput, spawnLiveFfmpeg, vp8EncoderArgs, type LiveProcess,
} from './rtmp-rtp-output';
import { startRtmpServer, type RtmpPublish, type RtmpServer } from './rtmp-server';

// RTMP ingest for older encoders (decision record 034): OBS and hardware encoders publish to
// rtmp://host:port/live/<stream key>; each accepted publish becomes one ffmpeg reading FLV from a pipe and sending
// RTP into the camera's room. Constrained/baseline H.264 is only repackaged; anything else becomes VP8. When the media
// server stops under the room (decision record 060), the encoder stays connected: a new ffmpeg sends into a new ingest,
// fed the stream's headers and then the live stream from its next key frame.

/** How long to wait for the encoder's video header before giving up on the publish. */
const FIRST_VIDEO_TIMEOUT_MS = 10_000;
/** After the video header, how long to wait for audio the metadata did not announce. */
const AUDIO_GRACE_MS = 1000;

export interface RtmpIngestOptions {
  config: Pick<Config, 'live'>;
  media: Pick<MediaServer, 'openRtpIngest'>;
  /** The camera a stream key belongs to, or null for an unknown (or rotated) key. */
  authorizeStreamKey(key: string): Promise<number | null>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Defaults to the ffmpeg findFfmpeg() finds; the ingest does not start without one. */
  ffmpeg?: FfmpegBinary;
  /** Address to listen on (default all). */
  host?: string;
}

export interface RtmpIngestSessionInfo {
  cameraId: number;
  remoteAddress: string;
  videoCodec: 'VP8' | 'H264' | null;
  startedAt: Date;
  /** The ingest ffmpeg's process id, once it runs. */
  pid?: number;
}

export interface RtmpIngestService {
  /** The port it listens on (config.live.rtmpPort, or the free one taken for 0). */
  port: number;
  /** Ends a camera's running RTMP session (her key was rotated, or she was stopped): the encoder is cut off. */
  endCamera(cameraId: number): Promise<void>;
  sessions(): RtmpIngestSessionInfo[];
  close(): Promise<void>;
}

/** The ffmpeg arguments turning the piped FLV into RTP for the room. */
export function rtmpToRtpArgs(ingest: RtpIngest, options: { remux: boolean; hasAudio: boolean }): string[] {
  const video = options.remux
    ? // Annex B with SPS/PPS before every key frame: a WebRTC player joining late needs them in-band.
      ['-c:v', 'copy', '-bsf:v', 'h264_mp4toannexb']
    : ['-vf', "scale=w='min(iw,1280)':h='min(ih,720)':force_original_aspect_ratio=decrease:force_divisible_by=2", ...vp8EncoderArgs({ bitrateK: 2000, fps: 30, keyframeSeconds: 2 })];
  return [
    // No -flags low_delay: it would make the H.264 decoder output B-frames out of order before a transcode.
    '-fflags', 'nobuffer', '-probesize', '65536', '-analyzeduration', '500000',
    '-f', 'flv', '-i', 'pipe:0',
    '-map', '0:v:0', ...video, ...rtpVideoOutput(ingest),
    ...(options.hasAudio ? ['-map', '0:a:0', ...OPUS_ENCODER_ARGS, ...rtpAudioOutput(ingest)] : []),
  ];
}

interface Session {
  cameraId: number;
  publish: RtmpPublish;
  info: RtmpIngestSessionInfo;
  /** Resolves when the session has fully ended (ffmpeg gone, ingest closed). */
  ended: Promise<void>;
}

export async function createRtmpIngest(options: RtmpIngestOptions): Promise<RtmpIngestService> {
  const { media, log } = options;
  const ffmpeg = options.ffmpeg ?? (await findFfmpeg());
  if (!ffmpeg) throw new Error('RTMP ingest needs ffmpeg: install it (Debian/Ubuntu: apt-get install ffmpeg) or set RTMP_ENABLED=false');
  const sessions = new Map<number, Session>();

  const run = (cameraId: number, publish: RtmpPublish): Session => {
    const info: RtmpIngestSessionInfo = { cameraId, remoteAddress: publish.remoteAddress, videoCodec: null, startedAt: new Date() };
    const buffered: Buffer[] = [FLV_HEADER];
    let video: VideoTrackInfo | null = null;
    let audioSeen = false;
    let metadataAudio: boolean | null = null;
    let decided = false;
    let disconnected = false;
    let proc: LiveProcess | null = null;
    let ingest: RtpIngest | null = null;
    let codec: 'VP8' | 'H264' = 'VP8';
    let hasAudio = false;
    /** The room was lost and a new one is being opened: the live tags are dropped meanwhile. */
    let resuming = false;
    /** A new ffmpeg starts at a key frame (what came before it cannot be decoded). */
    let waitForKeyframe = false;
    /** What a new ffmpeg is fed before the live stream: the metadata and each codec's sequence header. */
    const headers: { metadata?: Buffer; video?: Buffer; audio?: Buffer } = {};
    let resolveEnded!: () => void;
    const ended = new Promise<void>((r) => (resolveEnded = r));

    const finish = async (reason: string) => {
      clearTimeout(firstVideoTimer);
      clearTimeout(audioTimer);
      publish.close();
      if (proc) {
        proc.child.stdin?.end();
        await proc.stop(3000);
      }
      if (sessions.get(cameraId)?.publish === publish) sessions.delete(cameraId);
      if (ingest) await ingest.close().catch((error: unknown) => log.warn({ err: error, cameraId }, 'closing the RTMP ingest failed'));
      log.info({ cameraId, reason }, 'RTMP publish ended');
      resolveEnded();
    };
    let finishing: Promise<void> | null = null;
    const end = (reason: string) => (finishing ??= finish(reason));

    /** An ffmpeg sending into `into`, fed `first` before the live tags. */
    const launch = (into: RtpIngest, first: Buffer[]) => {
      const started = spawnLiveFfmpeg(ffmpeg, rtmpToRtpArgs(into, { remux: codec === 'H264', hasAudio }), { stdin: true });
      proc = started;
      info.pid = started.child.pid;
      const stdin = started.child.stdin!;
      for (const chunk of first) stdin.write(chunk);
      // Backpressure: when ffmpeg falls behind, TCP slows the encoder down rather than memory growing here.
      stdin.on('drain', () => publish.resume());
      void started.exited.then(({ code, signal, stderr }) => {
        // Stopped because its room was lost: a new one has taken over.
        if (proc !== started) return;
        if (!finishing) log.warn({ cameraId, code, signal, detail: lastLine(stderr) }, 'RTMP ffmpeg stopped');
        void end('ffmpeg exited');
      });
      void into.lost.then(() => resume(into));
    };

    const openIngest = async (): Promise<RtpIngest | null> => {
      try {
        return await media.openRtpIngest(cameraId, 'rtmp', codec);
      } catch (error) {
        log.error({ err: error, cameraId }, 'the room refused the RTMP ingest');
        void end('ingest refused');
        return null;
      }
    };

    const start = async () => {
      if (decided || !video) return;
      decided = true;
      clearTimeout(audioTimer);
      codec = canRemuxH264(video) ? 'H264' : 'VP8';
      hasAudio = metadataAudio ?? audioSeen;
      info.videoCodec = codec;
      ingest = await openIngest();
      if (!ingest) return;
      if (disconnected) return void end('encoder left');
      launch(ingest, buffered.splice(0));
      log.info({ cameraId, codec, remote: publish.remoteAddress }, 'RTMP publish started');
    };

    /** The media server stopped under the room: the encoder stays, a new ffmpeg sends into a new ingest. */
    const resume = async (lost: RtpIngest) => {
      if (finishing || ingest !== lost) return;
      log.warn({ cameraId }, 'RTMP publish lost its room (the media server stopped): sending into a new one');
      resuming = true;
      ingest = null;
      const old = proc;
      proc = null;
      old?.child.stdin?.end();
      await old?.stop(1000);
      // Waits while the media server restarts.
      const next = await openIngest();
      if (!next) return;
      if (finishing) return void (await next.close().catch(() => undefined));
      ingest = next;
      resuming = false;
      waitForKeyframe = true;
      launch(next, [FLV_HEADER, ...[headers.metadata, headers.video, headers.audio].filter((t): t is Buffer => t !== undefined)]);
    };
    const firstVideoTimer = setTimeout(() => {
      if (!video) void end('no video within 10 s');
    }, FIRST_VIDEO_TIMEOUT_MS);
    let audioTimer: NodeJS.Timeout | undefined;

    publish.onMessage((message: RtmpMessage) => {
      let tag: Buffer | null = null;
      if (message.type === MSG.dataAmf0) {
        // "@setDataFrame", "onMetaData", {...}: the FLV script tag is the part after the first string.
        const values = safeAmf(message.payload);
        if (values[0] === '@setDataFrame' && values[1] === 'onMetaData') {
          const meta = values[2];
          if (meta && typeof meta === 'object' && !Array.isArray(meta)) {
            metadataAudio = 'audiocodecid' in meta || metadataAudio;
          }
          tag = flvTag(18, 0, message.payload.subarray(3 + '@setDataFrame'.length));
          headers.metadata = tag;
        }
      } else if (message.type === MSG.audio) {
        audioSeen = true;
        tag = flvTag(8, message.timestamp, message.payload);
        if (isSequenceHeader('audio', message.payload)) headers.audio = tag;
      } else if (message.type === MSG.video) {
        if (!video) {
          const found = videoTrackInfo(message.payload);
          if (found) {
            video = found;
            clearTimeout(firstVideoTimer);
            if (metadataAudio !== null || audioSeen) void start();
            else audioTimer = setTimeout(() => void start(), AUDIO_GRACE_MS);
          }
        }
        tag = flvTag(9, message.timestamp, message.payload);
        if (isSequenceHeader('video', message.payload)) headers.video = tag;
      }
      if (!tag) return;
      if (audioSeen && video && !decided && audioTimer) void start();
      if (resuming) return;
      if (!proc) {
        buffered.push(tag);
        return;
      }
      if (waitForKeyframe) {
        if (message.type !== MSG.video || !isVideoKeyframe(message.payload)) return;
        waitForKeyframe = false;
      }
      if (!proc.child.stdin!.write(tag)) publish.pause();
    });
    publish.onClose(() => {
      disconnected = true;
      if (!decided || proc || resuming) void end('encoder left');
    });
    return { cameraId, publish, info, ended };
  };

  const server: RtmpServer = await startRtmpServer({
    host: options.host,
    port: options.config.live.rtmpPort,
    onError: (error, remote) => log.warn({ err: error, remote }, 'RTMP connection dropped'),
    onPublish: async (publish) => {
      const cameraId = publish.key ? await options.authorizeStreamKey(publish.key) : null;
      if (cameraId === null) {
        log.warn({ remote: publish.remoteAddress }, 'RTMP publish refused: unknown stream key');
        return false;
      }
      const previous = sessions.get(cameraId);
      if (previous) {
        // A second encoder on the same key replaces the first (as a second WHIP publisher does).
        previous.publish.close();
        await previous.ended;
      }
      sessions.set(cameraId, run(cameraId, publish));
      return true;
    },
  });
  log.info({ port: server.port }, 'RTMP ingest listening');

  return {
    port: server.port,
    sessions: () => [...sessions.values()].map((s) => ({ ...s.info })),
    async endCamera(cameraId) {
      const session = sessions.get(cameraId);
      if (!session) return;
      session.publish.close();
      await session.ended;
    },
    async close() {
      const running = [...sessions.values()];
      for (const s of running) s.publish.close();
      await Promise.all(running.map((s) => s.ended));
      await server.close();
    },
  };
}

function safeAmf(payload: Buffer) {
  try {
    return decodeAmf0(payload);
  } catch {
    return [];
  }
}
