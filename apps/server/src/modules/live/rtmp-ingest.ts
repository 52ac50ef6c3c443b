import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { findFfmpeg, type FfmpegBinary } from '../../lib/ffmpeg';
import type { MediaServer, RtpIngest } from './media-server';
import { canRemuxH264, decodeAmf0, FLV_HEADER, flvTag, MSG, type RtmpMessage, videoTrackInfo, type VideoTrackInfo } from './rtmp-protocol';
import {
  lastLine, OPUS_ENCODER_ARGS, rtpAudioOutput, rtpVideoOutput, spawnLiveFfmpeg, vp8EncoderArgs, type LiveProcess,
} from './rtmp-rtp-output';
import { startRtmpServer, type RtmpPublish, type RtmpServer } from './rtmp-server';

// RTMP ingest for older encoders (decision record 034): OBS and hardware encoders publish to
// rtmp://host:port/live/<stream key>; each accepted publish becomes one ffmpeg reading FLV from a pipe and sending
// RTP into the camera's room. Constrained/baseline H.264 is only repackaged; anything else becomes VP8.

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

    const start = async () => {
      if (decided || !video) return;
      decided = true;
      clearTimeout(audioTimer);
      const remux = canRemuxH264(video);
      const codec = remux ? 'H264' : 'VP8';
      info.videoCodec = codec;
      try {
        ingest = await media.openRtpIngest(cameraId, 'rtmp', codec);
      } catch (error) {
        log.error({ err: error, cameraId }, 'the room refused the RTMP ingest');
        return void end('ingest refused');
      }
      if (disconnected) return void end('encoder left');
      proc = spawnLiveFfmpeg(ffmpeg, rtmpToRtpArgs(ingest, { remux, hasAudio: metadataAudio ?? audioSeen }), { stdin: true });
      info.pid = proc.child.pid;
      const stdin = proc.child.stdin!;
      for (const chunk of buffered.splice(0)) stdin.write(chunk);
      // Backpressure: when ffmpeg falls behind, TCP slows the encoder down rather than memory growing here.
      stdin.on('drain', () => publish.resume());
      void proc.exited.then(({ code, signal, stderr }) => {
        if (!finishing) log.warn({ cameraId, code, signal, detail: lastLine(stderr) }, 'RTMP ffmpeg stopped');
        void end('ffmpeg exited');
      });
      log.info({ cameraId, codec, remux, remote: publish.remoteAddress }, 'RTMP publish started');
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
        }
      } else if (message.type === MSG.audio) {
        audioSeen = true;
        tag = flvTag(8, message.timestamp, message.payload);
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
      }
      if (!tag) return;
      if (audioSeen && video && !decided && audioTimer) void start();
      if (!proc) {
        buffered.push(tag);
        return;
      }
      if (!proc.child.stdin!.write(tag)) publish.pause();
    });
    publish.onClose(() => {
      disconnected = true;
      if (!decided || proc) void end('encoder left');
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
