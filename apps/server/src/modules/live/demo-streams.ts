import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { findFfmpeg, type FfmpegBinary } from '../../lib/ffmpeg';
import { clockBlocksFilter } from './demo-streams-clock';
import type { MediaServer, RtpIngest } from './media-server';
import {
  lastLine, OPUS_ENCODER_ARGS, rtpAudioOutput, rtpVideoOutput, spawnLiveFfmpeg, vp8EncoderArgs, type LiveProcess,
} from './rtmp-rtp-output';

// The demo's live cams (decision record 034): a moving test pattern with a clock and a quiet tone per camera, sent
// as VP8/Opus RTP into its room as if a model were on air. Neutral by construction: ffmpeg's own test sources.

const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/System/Library/Fonts/Supplemental/Arial.ttf',
];
const BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000, 60_000];

export interface DemoStreamOptions {
  width?: number;
  height?: number;
  fps?: number;
  bitrateK?: number;
  /** Paints the wall clock as machine-readable blocks in the top strip (the latency bench). */
  clockBlocks?: boolean;
  /** A label drawn under the clock (when a font exists). */
  label?: string;
}

export interface DemoStreamsOptions extends DemoStreamOptions {
  media: Pick<MediaServer, 'openRtpIngest'>;
  cameraIds: readonly number[];
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  ffmpeg?: FfmpegBinary;
  /** Default: the first of the usual system fonts found; null: no text (the pattern alone). */
  fontFile?: string | null;
}

export interface DemoStreams {
  /** Cameras currently sending, with their ffmpeg's process id. */
  running(): Array<{ cameraId: number; pid: number | undefined }>;
  stop(): Promise<void>;
}

export function findFontFile(): string | null {
  return FONT_CANDIDATES.find((f) => fs.existsSync(f)) ?? null;
}

/** The ffmpeg arguments of one demo stream sending into `ingest`. */
export function demoStreamArgs(ingest: RtpIngest, options: DemoStreamOptions & { fontFile: string | null }): string[] {
  const width = options.width ?? 1280;
  const height = options.height ?? 720;
  const fps = options.fps ?? 30;
  const video: string[] = [];
  if (options.fontFile) {
    // Colons and backslashes are the filter syntax's own: the font path and label are escaped for it.
    const esc = (s: string) => s.replace(/[\\:']/g, (c) => `\\${c}`);
    const font = `fontfile='${esc(options.fontFile)}'`;
    video.push(`drawtext=${font}:text='%{localtime}':fontsize=${Math.round(height / 12)}:fontcolor=white:box=1:boxcolor=black@0.5:boxborderw=12:x=(w-tw)/2:y=h*0.62`);
    if (options.label) video.push(`drawtext=${font}:text='${esc(options.label)}':fontsize=${Math.round(height / 20)}:fontcolor=white:box=1:boxcolor=black@0.5:boxborderw=8:x=(w-tw)/2:y=h*0.78`);
  }
  if (options.clockBlocks) video.push(clockBlocksFilter(fps));
  return [
    '-re', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}`,
    '-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-filter_complex', `[0:v]${video.length ? video.join(',') : 'null'}[v];[1:a]volume=0.05[a]`,
    '-map', '[v]', ...vp8EncoderArgs({ bitrateK: options.bitrateK ?? 1000, fps, keyframeSeconds: 1 }), ...rtpVideoOutput(ingest),
    '-map', '[a]', ...OPUS_ENCODER_ARGS, ...rtpAudioOutput(ingest),
  ];
}

export async function startDemoStreams(options: DemoStreamsOptions): Promise<DemoStreams> {
  const { media, log } = options;
  const ffmpeg = options.ffmpeg ?? (await findFfmpeg());
  if (!ffmpeg) throw new Error('The demo streams need ffmpeg: install it (Debian/Ubuntu: apt-get install ffmpeg) or set DEMO_STREAMS=off');
  const fontFile = options.fontFile === undefined ? findFontFile() : options.fontFile;
  let stopped = false;
  const procs = new Map<number, LiveProcess>();
  const loops: Promise<void>[] = [];
  let wake = () => undefined as void;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      const previous = wake;
      wake = () => {
        clearTimeout(timer);
        previous();
        resolve();
      };
    });

  const run = async (cameraId: number) => {
    let failures = 0;
    while (!stopped) {
      let ingest: RtpIngest | null = null;
      let lost = false;
      const startedAt = Date.now();
      try {
        // While the media server restarts this waits for it: the room is back on air as soon as it runs.
        ingest = await media.openRtpIngest(cameraId, 'demo', 'VP8');
        if (stopped) break;
        const proc = spawnLiveFfmpeg(ffmpeg, demoStreamArgs(ingest, { ...options, label: options.label ?? `Demo camera ${cameraId}`, fontFile }));
        procs.set(cameraId, proc);
        const ended = await Promise.race([proc.exited, ingest.lost.then(() => null)]);
        // The media server stopped under the ingest: this encoder sends into ports that are no one's now.
        lost = ended === null;
        if (lost) await proc.stop();
        procs.delete(cameraId);
        if (stopped) break;
        if (ended) log.warn({ cameraId, code: ended.code, signal: ended.signal, detail: lastLine(ended.stderr) }, 'demo stream stopped');
        else log.warn({ cameraId }, 'demo stream lost its room (the media server stopped): sending into a new one');
      } catch (error) {
        if (!stopped) log.warn({ err: error, cameraId }, 'demo stream could not start');
      } finally {
        await ingest?.close().catch(() => undefined);
      }
      if (stopped) break;
      // Not this stream's failure: a new ingest at once.
      if (lost) continue;
      // A stream that ran a while died of something passing: retry soon. Repeated quick deaths back off.
      if (Date.now() - startedAt > 60_000) failures = 0;
      await sleep(BACKOFF_MS[Math.min(failures++, BACKOFF_MS.length - 1)]!);
    }
  };

  for (const id of options.cameraIds) loops.push(run(id));
  log.info({ cameras: options.cameraIds, font: fontFile }, 'demo streams started');
  return {
    running: () => [...procs].map(([cameraId, p]) => ({ cameraId, pid: p.child.pid })),
    async stop() {
      stopped = true;
      wake();
      await Promise.all([...procs.values()].map((p) => p.stop()));
      await Promise.all(loops);
    },
  };
}
