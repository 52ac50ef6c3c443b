import path from 'node:path';
import { previewOutputArgs, previewSelectFilter } from './preview-stills';

// The ffmpeg that reads a live room's RTP tap (decision record 034). Two modes, one process per room, because the
// tap's UDP ports can be bound by one reader only:
// - preview: key frames only are decoded (-skip_frame nokey), one JPEG still every few seconds: nearly free;
// - hls: every frame is decoded and encoded to H.264/AAC fMP4 HLS with 1 s segments, and the stills come along.
// ffmpeg 5.1's HLS muxer has no LL-HLS parts, so "low latency" here is short segments (see the decision record).

export const HLS_PLAYLIST = 'index.m3u8';
export const HLS_INIT = 'init.mp4';
/** What a request may name in a room's HLS folder: only what ffmpeg writes there. */
export const HLS_FILE_PATTERN = /^(?:index\.m3u8|init\.mp4|seg-\d{1,9}\.m4s)$/;
export const HLS_SEGMENT_SECONDS = 1;
/** Segments kept in the playlist (and on disk, plus ffmpeg's two stale ones). */
export const HLS_LIST_SIZE = 6;

export interface TapReaderOutputs {
  sdpFile: string;
  /** The still, rewritten in place (atomically) every `previewEverySeconds`. */
  previewFile: string;
  previewEverySeconds: number;
  /** Present in hls mode: the folder of index.m3u8, init.mp4 and seg-N.m4s. */
  hlsDir?: string;
  /** Whether the tap carries audio (an m=audio line in its SDP). */
  hasAudio: boolean;
}

const INPUT_ARGS = (sdpFile: string) => [
  // The SDP names UDP ports: without the whitelist ffmpeg refuses to open them from a file.
  '-protocol_whitelist', 'file,udp,rtp', '-fflags', 'nobuffer', '-probesize', '65536', '-analyzeduration', '1000000',
  '-reorder_queue_size', '100',
  // 2 MB of socket buffer: a 720p key frame arriving while ffmpeg waits for a CPU is not dropped by the kernel.
  '-buffer_size', '2097152', '-i', sdpFile,
];

export function tapReaderArgs(outputs: TapReaderOutputs): string[] {
  if (!outputs.hlsDir) {
    return ['-skip_frame', 'nokey', ...INPUT_ARGS(outputs.sdpFile), '-map', '0:v:0', '-vf', previewSelectFilter(outputs.previewEverySeconds), ...previewOutputArgs(outputs.previewFile)];
  }
  const dir = outputs.hlsDir;
  return [
    ...INPUT_ARGS(outputs.sdpFile),
    '-filter_complex', `[0:v:0]split=2[hls][still];[still]${previewSelectFilter(outputs.previewEverySeconds)}[preview]`,
    '-map', '[hls]',
    ...(outputs.hasAudio ? ['-map', '0:a:0'] : []),
    '-c:v', 'libx264', '-threads', '1', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-crf', '23', '-maxrate', '3000k', '-bufsize', '3000k',
    // A key frame at every segment boundary: each segment starts one, so a player can join at any of them.
    '-force_key_frames', `expr:gte(t,n_forced*${HLS_SEGMENT_SECONDS})`, '-sc_threshold', '0',
    ...(outputs.hasAudio ? ['-c:a', 'aac', '-b:a', '96k', '-ar', '48000', '-ac', '2'] : []),
    '-fps_mode', 'vfr', '-f', 'hls', '-hls_time', String(HLS_SEGMENT_SECONDS), '-hls_list_size', String(HLS_LIST_SIZE),
    '-hls_flags', 'delete_segments+independent_segments+temp_file', '-hls_segment_type', 'fmp4',
    '-hls_fmp4_init_filename', HLS_INIT, '-hls_segment_filename', path.join(dir, 'seg-%d.m4s'), path.join(dir, HLS_PLAYLIST),
    '-map', '[preview]', ...previewOutputArgs(outputs.previewFile),
  ];
}

/** Whether a tap's SDP describes an audio stream. */
export const sdpHasAudio = (sdp: string) => /^m=audio /m.test(sdp);
