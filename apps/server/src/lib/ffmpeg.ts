import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { spawnChild } from './child-processes';

// A thin wrapper around the ffmpeg binary: find it, probe a file, transcode to HLS, grab a frame.
// Every command here must run on both the system ffmpeg (5.x and later) and the npm fallback
// (@ffmpeg-installer/ffmpeg, a 2018 build of 4.1): that build crashes on `-hls_playlist_type vod` together with
// `-master_pl_name` and rejects `name:` in `-var_stream_map`, so each rendition is its own HLS output of one
// process and the master playlist is written here.

export interface FfmpegBinary {
  path: string;
  /** Where it came from: the system (or PATH), or the npm package. */
  source: 'system' | 'npm';
  version: string;
}

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly stderr = '',
  ) {
    super(message);
    this.name = 'FfmpegError';
  }
}

export const FFMPEG_MISSING_MESSAGE =
  'ffmpeg was not found: install it (Debian/Ubuntu: apt-get install ffmpeg; macOS: brew install ffmpeg), or run npm install so that @ffmpeg-installer/ffmpeg provides one';

const SYSTEM_CANDIDATES = ['/usr/bin/ffmpeg', '/usr/local/bin/ffmpeg', '/opt/homebrew/bin/ffmpeg'];

interface Captured {
  code: number | null;
  stdout: string;
  stderr: string;
}

function capture(file: string, args: string[], timeoutMs = 15_000): Promise<Captured> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    const child = spawnChild(file, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', () => resolve({ code: -1, stdout, stderr }));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The binary at `file` when it runs and can encode H.264 and AAC, else null. */
async function check(file: string, source: FfmpegBinary['source']): Promise<FfmpegBinary | null> {
  const version = await capture(file, ['-hide_banner', '-version']);
  const match = /^ffmpeg version (\S+)/m.exec(version.stdout);
  if (version.code !== 0 || !match) return null;
  const encoders = await capture(file, ['-hide_banner', '-encoders']);
  if (!/\blibx264\b/.test(encoders.stdout) || !/\baac\b/.test(encoders.stdout)) return null;
  return { path: file, source, version: match[1]! };
}

async function onPath(name: string): Promise<string[]> {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const found: string[] = [];
  for (const dir of dirs) {
    const file = path.join(dir, name);
    if (await fs.access(file, fs.constants.X_OK).then(() => true, () => false)) found.push(file);
  }
  return found;
}

function npmBinaryPath(): string | null {
  try {
    const required = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path?: unknown };
    return typeof required.path === 'string' ? required.path : null;
  } catch {
    // Not installed, or no binary for this platform.
    return null;
  }
}

export interface FindFfmpegOptions {
  /** System locations tried first (default: /usr/bin/ffmpeg and friends, then PATH). */
  systemCandidates?: string[];
  searchPath?: boolean;
  /** Whether the npm binary may be used as the fallback (default true). */
  npm?: boolean;
}

const found = new Map<string, Promise<FfmpegBinary | null>>();

/** The ffmpeg to use: the system one when it works, else the npm package's binary, else null. Cached. */
export function findFfmpeg(options: FindFfmpegOptions = {}): Promise<FfmpegBinary | null> {
  const key = JSON.stringify(options);
  let result = found.get(key);
  if (!result) {
    result = (async () => {
      const system = [...(options.systemCandidates ?? SYSTEM_CANDIDATES), ...(options.searchPath === false ? [] : await onPath('ffmpeg'))];
      for (const file of new Set(system)) {
        const binary = await check(file, 'system');
        if (binary) return binary;
      }
      const npm = options.npm === false ? null : npmBinaryPath();
      return npm ? check(npm, 'npm') : null;
    })();
    found.set(key, result);
  }
  return result;
}

export interface RunOptions {
  /** The length of the output, for progress as a fraction; without it progress is not reported. */
  durationMs?: number;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Runs ffmpeg with `args` (inputs and outputs), at a lower CPU priority so that a server running beside it stays
 * responsive. Progress comes from `-progress pipe:1`; on failure the error carries the end of stderr.
 */
export function runFfmpeg(binary: FfmpegBinary, args: string[], options: RunOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(options.signal.reason);
    const child = spawnChild(binary.path, ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-nostats', '-progress', 'pipe:1', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      if (child.pid) os.setPriority(child.pid, 10);
    } catch {
      // Not permitted here: run at normal priority.
    }
    let stderr = '';
    let pending = '';
    child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      stderr = (stderr + d).slice(-4000);
    });
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      pending += d;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        // out_time_us on recent builds; out_time_ms (also microseconds, despite the name) on old ones.
        const m = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (m && options.durationMs && options.onProgress) options.onProgress(Math.min(1, Number(m[1]) / 1000 / options.durationMs));
      }
    });
    const abort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (error) => {
      options.signal?.removeEventListener('abort', abort);
      reject(new FfmpegError(`ffmpeg could not be started (${binary.path}): ${error.message}`));
    });
    child.on('close', (code, signal) => {
      options.signal?.removeEventListener('abort', abort);
      if (options.signal?.aborted) return reject(options.signal.reason);
      if (code === 0) {
        options.onProgress?.(1);
        return resolve();
      }
      const detail = stderr.trim().split('\n').slice(-3).join(' / ') || `exit ${code ?? signal}`;
      reject(new FfmpegError(`ffmpeg failed: ${detail}`, stderr));
    });
  });
}

export interface MediaProbe {
  durationMs: number;
  /** Display size, rotation applied. */
  width: number;
  height: number;
  fps: number;
  hasAudio: boolean;
}

/** Reads duration, size, frame rate and audio presence from ffmpeg's description of the input (no ffprobe needed). */
export function parseProbe(stderr: string): MediaProbe | null {
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const video = /Stream #\d+:\d+.*?: Video: (.*)/.exec(stderr);
  if (!duration || !video) return null;
  const size = /(?:^|[\s,])(\d{2,5})x(\d{2,5})(?=[\s,[]|$)/.exec(video[1]!);
  if (!size) return null;
  let width = Number(size[1]);
  let height = Number(size[2]);
  const rotation = /rotate\s*:\s*(-?\d+)/.exec(stderr)?.[1] ?? /rotation of (-?\d+(?:\.\d+)?) degrees/.exec(stderr)?.[1];
  if (rotation && Math.abs(Math.round(Number(rotation))) % 180 === 90) [width, height] = [height, width];
  const fps = Number(/([\d.]+) fps/.exec(video[1]!)?.[1] ?? /([\d.]+) tbr/.exec(video[1]!)?.[1] ?? 25);
  return {
    durationMs: Math.round((Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])) * 1000),
    width,
    height,
    fps: Number.isFinite(fps) && fps > 0 ? fps : 25,
    hasAudio: /Stream #\d+:\d+.*?: Audio: /.test(stderr),
  };
}

export async function probeMedia(binary: FfmpegBinary, file: string): Promise<MediaProbe> {
  // With an input and no output ffmpeg describes the input and exits 1: that description is the probe.
  const { stderr } = await capture(binary.path, ['-hide_banner', '-nostdin', '-i', file], 60_000);
  const probe = parseProbe(stderr);
  if (!probe) {
    const reason = stderr.trim().split('\n').slice(-1)[0] ?? '';
    throw new FfmpegError(`Not a readable video file: ${file}${reason ? ` (${reason})` : ''}`, stderr);
  }
  return probe;
}

/** Writes into a temporary file beside `output` and renames it into place, so a reader never sees half a file. */
async function atomically(output: string, write: (tmp: string) => Promise<void>): Promise<void> {
  await fs.mkdir(path.dirname(output), { recursive: true });
  const tmp = path.join(path.dirname(output), `.${path.basename(output, path.extname(output))}.${randomBytes(4).toString('hex')}.tmp${path.extname(output)}`);
  try {
    await write(tmp);
    await fs.rename(tmp, output);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
}

export interface LavfiClip {
  output: string;
  /** A lavfi video source, e.g. `testsrc2=size=1280x720:rate=25`. */
  video: string;
  /** A lavfi audio source, e.g. `sine=frequency=440:sample_rate=48000`; none for a silent clip. */
  audio?: string;
  /** Filters applied to the video source. */
  filters?: string;
  seconds: number;
}

/** Generates a neutral H.264/AAC MP4 from ffmpeg's built-in test sources (the demo clips). */
export function renderLavfiClip(binary: FfmpegBinary, clip: LavfiClip, options: RunOptions = {}): Promise<void> {
  return atomically(clip.output, (tmp) =>
    runFfmpeg(
      binary,
      [
        '-f', 'lavfi', '-i', clip.video,
        ...(clip.audio ? ['-f', 'lavfi', '-i', clip.audio] : []),
        ...(clip.filters ? ['-vf', clip.filters] : []),
        '-t', String(clip.seconds),
        '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p',
        ...(clip.audio ? ['-c:a', 'aac', '-b:a', '128k'] : []),
        '-movflags', '+faststart', tmp,
      ],
      { ...options, durationMs: clip.seconds * 1000 },
    ),
  );
}

/** One frame at `atSeconds`, as a JPEG at the source's size (a video's cover). */
export function grabFrame(binary: FfmpegBinary, input: string, output: string, atSeconds: number): Promise<void> {
  return atomically(output, (tmp) =>
    runFfmpeg(binary, ['-ss', atSeconds.toFixed(3), '-i', input, '-frames:v', '1', '-q:v', '2', '-f', 'image2', tmp]),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// HLS

/** Video bitrate cap and audio bitrate per rendition (named by the short side of the picture). */
const LADDER: Record<number, { maxrateK: number; audioK: number }> = {
  160: { maxrateK: 200, audioK: 64 },
  240: { maxrateK: 400, audioK: 64 },
  360: { maxrateK: 800, audioK: 96 },
  480: { maxrateK: 1400, audioK: 128 },
  720: { maxrateK: 2800, audioK: 128 },
  1080: { maxrateK: 5000, audioK: 128 },
};

const ladderFor = (rung: number) => {
  const known = Object.keys(LADDER).map(Number).filter((r) => r >= rung);
  return LADDER[known.length ? Math.min(...known) : 1080]!;
};

/** The renditions of a source whose short side is `shortSide`: every rung that fits (never upscale), at least one. */
export function pickRenditions(shortSide: number, rungs: readonly number[]): number[] {
  const fit = rungs.filter((r) => r <= shortSide);
  return fit.length > 0 ? fit : [Math.max(2, shortSide - (shortSide % 2))];
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** H.264 levels (Table A-1): the largest frame in macroblocks and the macroblock rate each allows. */
const LEVELS: ReadonlyArray<{ level: number; frame: number; rate: number }> = [
  { level: 30, frame: 1620, rate: 40_500 },
  { level: 31, frame: 3600, rate: 108_000 },
  { level: 32, frame: 5120, rate: 216_000 },
  { level: 40, frame: 8192, rate: 245_760 },
  { level: 42, frame: 8704, rate: 522_240 },
  { level: 51, frame: 36_864, rate: 983_040 },
];

/** H.264 profile and level for a picture size and frame rate, with the RFC 6381 codec string that names them. */
export function h264For(width: number, height: number, fps: number) {
  const frame = Math.ceil(width / 16) * Math.ceil(height / 16);
  const level = (LEVELS.find((l) => frame <= l.frame && frame * fps <= l.rate) ?? LEVELS[LEVELS.length - 1]!).level;
  // Main up to 720p for the oldest players; High above, where every device that shows 1080p decodes it.
  const high = frame > 3600;
  return {
    profile: high ? 'high' : 'main',
    level: (level / 10).toFixed(1),
    codec: `avc1.${high ? '6400' : '4d40'}${level.toString(16).padStart(2, '0')}`,
  };
}

export interface HlsRendition {
  /** The rung: the short side of the picture, e.g. 720. */
  rung: number;
  width: number;
  height: number;
  playlist: string;
  bandwidth: number;
  averageBandwidth: number;
  codecs: string;
}

export interface TranscodeHlsOptions extends RunOptions {
  input: string;
  outDir: string;
  probe: MediaProbe;
  /** Rungs to produce (see pickRenditions). */
  renditions: readonly number[];
  segmentSeconds?: number;
}

async function measure(outDir: string, playlist: string): Promise<{ bandwidth: number; averageBandwidth: number }> {
  const lines = (await fs.readFile(path.join(outDir, playlist), 'utf8')).split('\n');
  let peak = 0;
  let bits = 0;
  let seconds = 0;
  for (let i = 0; i < lines.length; i++) {
    const m = /^#EXTINF:([\d.]+)/.exec(lines[i]!);
    const uri = lines[i + 1]?.trim();
    if (!m || !uri) continue;
    const duration = Number(m[1]);
    const size = (await fs.stat(path.join(outDir, uri))).size * 8;
    bits += size;
    seconds += duration;
    if (duration > 0) peak = Math.max(peak, size / Math.max(duration, 0.5));
  }
  const average = seconds > 0 ? bits / seconds : 0;
  return { bandwidth: Math.ceil(Math.max(peak, average)), averageBandwidth: Math.ceil(average) };
}

export function masterPlaylist(renditions: readonly HlsRendition[], fps: number): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of renditions) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},AVERAGE-BANDWIDTH=${r.averageBandwidth},RESOLUTION=${r.width}x${r.height},FRAME-RATE=${fps.toFixed(3)},CODECS="${r.codecs}"`,
      r.playlist,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Transcodes `input` into HLS renditions in `outDir` (one decode, one encoder per rendition, aligned keyframes) and
 * writes `master.m3u8` listing each with BANDWIDTH (measured peak), RESOLUTION and CODECS. H.264 + AAC, yuv420p.
 */
export async function transcodeHls(binary: FfmpegBinary, options: TranscodeHlsOptions): Promise<HlsRendition[]> {
  const { probe, outDir } = options;
  const segment = options.segmentSeconds ?? 4;
  const portrait = probe.height > probe.width;
  const fps = Math.min(probe.fps, 60);
  await fs.mkdir(outDir, { recursive: true });

  const outputs = options.renditions.map((rung) => {
    const scale = rung / Math.min(probe.width, probe.height);
    const width = portrait ? even(rung) : even(probe.width * scale);
    const height = portrait ? even(probe.height * scale) : even(rung);
    const h264 = h264For(width, height, fps);
    const { maxrateK, audioK } = ladderFor(rung);
    return { rung, width, height, h264, maxrateK, audioK, name: `${rung}p` };
  });

  const labels = outputs.map((_, i) => `[s${i}]`).join('');
  const filter = [
    `[0:v]split=${outputs.length}${labels}`,
    ...outputs.map((o, i) => `[s${i}]scale=${o.width}:${o.height},setsar=1[o${i}]`),
  ].join(';');

  const args = ['-i', options.input, '-filter_complex', filter];
  for (const [i, o] of outputs.entries()) {
    args.push(
      '-map', `[o${i}]`,
      ...(probe.hasAudio ? ['-map', '0:a:0'] : []),
      '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', o.h264.profile, '-level:v', o.h264.level,
      '-crf', '23', '-maxrate', `${o.maxrateK}k`, '-bufsize', `${o.maxrateK * 2}k`, '-pix_fmt', 'yuv420p',
      // A key frame every half segment, the same instants in every rendition, so the player can switch anywhere.
      '-force_key_frames', `expr:gte(t,n_forced*${segment / 2})`, '-sc_threshold', '0',
      ...(probe.hasAudio ? ['-c:a', 'aac', '-b:a', `${o.audioK}k`, '-ac', '2', '-ar', '48000'] : ['-an']),
      '-f', 'hls', '-hls_time', String(segment), '-hls_playlist_type', 'vod', '-hls_list_size', '0',
      '-hls_segment_filename', path.join(outDir, `${o.name}_%03d.ts`), path.join(outDir, `${o.name}.m3u8`),
    );
  }
  await runFfmpeg(binary, args, { durationMs: probe.durationMs, onProgress: options.onProgress, signal: options.signal });

  const renditions: HlsRendition[] = [];
  for (const o of outputs) {
    const playlist = `${o.name}.m3u8`;
    renditions.push({
      rung: o.rung,
      width: o.width,
      height: o.height,
      playlist,
      ...(await measure(outDir, playlist)),
      codecs: probe.hasAudio ? `${o.h264.codec},mp4a.40.2` : o.h264.codec,
    });
  }
  await fs.writeFile(path.join(outDir, 'master.m3u8'), masterPlaylist(renditions, fps));
  return renditions;
}
