import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { spawnChild } from '../../lib/child-processes';
import type { FfmpegBinary } from '../../lib/ffmpeg';
import type { RtpIngest } from './media-server';

// The long-running ffmpeg processes of /live (RTMP ingest, demo patterns, LL-HLS, stills) and the RTP outputs that
// send into a room: one RTP output per stream (ffmpeg's RTP muxer carries one), with the payload type and SSRC
// the room expects, packets small enough for any path (1200 bytes, as WebRTC uses).

/** ffmpeg's -ssrc is a signed 32-bit option. */
const signed32 = (n: number) => String(n | 0);

export function rtpVideoOutput(ingest: RtpIngest): string[] {
  return [
    '-f', 'rtp', '-payload_type', String(ingest.video.payloadType), '-ssrc', signed32(ingest.video.ssrc),
    `rtp://${ingest.host}:${ingest.videoPort}?pkt_size=1200`,
  ];
}

export function rtpAudioOutput(ingest: RtpIngest): string[] {
  return [
    '-f', 'rtp', '-payload_type', String(ingest.audio.payloadType), '-ssrc', signed32(ingest.audio.ssrc),
    `rtp://${ingest.host}:${ingest.audioPort}?pkt_size=1200`,
  ];
}

/** VP8 for WebRTC players: realtime, no look-ahead (no added delay), a key frame every `keyframeSeconds`. */
export function vp8EncoderArgs(options: { bitrateK: number; fps: number; keyframeSeconds: number }): string[] {
  const gop = String(Math.max(1, Math.round(options.fps * options.keyframeSeconds)));
  return [
    // One thread: libvpx's VP8 threads spin-wait, and on busy cores they cost 4-7x the CPU for no gain (measured).
    '-c:v', 'libvpx', '-threads', '1', '-deadline', 'realtime', '-cpu-used', '8', '-lag-in-frames', '0', '-auto-alt-ref', '0',
    '-error-resilient', '1', '-b:v', `${options.bitrateK}k`, '-maxrate', `${options.bitrateK}k`, '-bufsize', `${options.bitrateK}k`,
    '-g', gop, '-keyint_min', gop, '-pix_fmt', 'yuv420p',
  ];
}

export const OPUS_ENCODER_ARGS = ['-c:a', 'libopus', '-ar', '48000', '-ac', '2', '-b:a', '64k', '-application', 'lowdelay', '-frame_duration', '20'];

export interface LiveProcess {
  readonly child: ChildProcess;
  /** Resolves when the process has ended, with the end of its stderr (for the log). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
  /** Asks it to end (SIGTERM), then kills it after `graceMs`; resolves once it is gone (its ports are free). */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts ffmpeg for a live job at a lower CPU priority (the API keeps answering under load), dying with the server.
 * stdin is a pipe when `stdin` is true (RTMP ingest feeds FLV through it), else closed.
 */
export function spawnLiveFfmpeg(binary: FfmpegBinary, args: string[], options: { stdin?: boolean } = {}): LiveProcess {
  const child = spawnChild(binary.path, ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-nostats', ...args], {
    stdio: [options.stdin ? 'pipe' : 'ignore', 'ignore', 'pipe'],
  });
  try {
    if (child.pid) os.setPriority(child.pid, 5);
  } catch {
    // Not permitted here: run at normal priority.
  }
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (d: string) => {
    stderr = (stderr + d).slice(-2000);
  });
  // A write after ffmpeg died raises EPIPE on stdin: the exit handler reports the failure instead.
  child.stdin?.on('error', () => undefined);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) => {
    child.on('error', (error) => {
      stderr += `\n${error.message}`;
    });
    child.on('close', (code, signal) => resolve({ code, signal, stderr: stderr.trim() }));
  });
  return {
    child,
    exited,
    async stop(graceMs = 2000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      // ffmpeg waiting on a silent UDP input may ignore SIGTERM for long: kill it.
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The last line of ffmpeg's stderr, for a log message. */
export const lastLine = (stderr: string) => stderr.split('\n').filter(Boolean).slice(-1)[0] ?? '';
