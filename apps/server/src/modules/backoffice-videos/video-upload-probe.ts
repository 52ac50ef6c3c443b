import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { FfmpegError, probeMedia, type FfmpegBinary } from '../../lib/ffmpeg';

const run = promisify(execFile);

// What an uploaded file must be before it is transcoded (decision record 074): judged by what ffprobe reads in it,
// never by its name. A container of video, holding a video stream of a codec for moving pictures, with a length.

/** ffprobe's names of the containers taken (one format can have several names, "mov,mp4,m4a,3gp,3g2,mj2"). */
const CONTAINERS = new Set(['mov', 'mp4', 'm4a', '3gp', '3g2', 'mj2', 'matroska', 'webm', 'avi', 'mpegts', 'mpeg', 'flv', 'asf']);
/** Picture codecs: a still image or an animation in a video container is not a video. */
const STILL_CODECS = new Set(['mjpeg', 'png', 'gif', 'bmp', 'webp', 'tiff', 'apng']);

export interface UploadProbe {
  container: string;
  videoCodec: string;
  durationMs: number;
}

export class UnacceptableUploadError extends Error {}

interface FfprobeAnswer {
  format?: { format_name?: string; duration?: string };
  streams?: Array<{ codec_type?: string; codec_name?: string }>;
}

/** ffprobe beside the ffmpeg in use, else the one on PATH; null when there is none. */
async function ffprobeFor(binary: FfmpegBinary): Promise<string | null> {
  const beside = path.join(path.dirname(binary.path), process.platform === 'win32' ? 'ffprobe.exe' : 'ffprobe');
  if (await fs.access(beside, fs.constants.X_OK).then(() => true, () => false)) return beside;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, 'ffprobe');
    if (await fs.access(file, fs.constants.X_OK).then(() => true, () => false)) return file;
  }
  return null;
}

/** Reads the container and codecs of `file`; throws UnacceptableUploadError, saying why, for anything but a video. */
export async function probeUpload(binary: FfmpegBinary, file: string): Promise<UploadProbe> {
  const ffprobe = await ffprobeFor(binary);
  if (!ffprobe) {
    // The npm ffmpeg comes without ffprobe: ffmpeg's own description of the input is the probe then.
    const probe = await probeMedia(binary, file).catch((error: unknown) => {
      throw new UnacceptableUploadError(error instanceof FfmpegError ? 'The file is not a video that can be read' : String(error));
    });
    return { container: 'unknown', videoCodec: 'unknown', durationMs: probe.durationMs };
  }
  let answer: FfprobeAnswer;
  try {
    const { stdout } = await run(ffprobe, ['-v', 'error', '-show_entries', 'format=format_name,duration:stream=codec_type,codec_name', '-of', 'json', file], {
      timeout: 60_000,
      maxBuffer: 1024 * 1024,
    });
    answer = JSON.parse(stdout) as FfprobeAnswer;
  } catch {
    throw new UnacceptableUploadError('The file is not a video that can be read (ffprobe found no container in it)');
  }
  const names = (answer.format?.format_name ?? '').split(',');
  const container = names.find((name) => CONTAINERS.has(name));
  if (!container) throw new UnacceptableUploadError(`The file is not in a video container (${answer.format?.format_name || 'unknown format'})`);
  const video = (answer.streams ?? []).find((s) => s.codec_type === 'video' && s.codec_name && !STILL_CODECS.has(s.codec_name));
  if (!video) throw new UnacceptableUploadError('The file holds no video stream');
  const durationMs = Math.round(Number(answer.format?.duration ?? 0) * 1000);
  if (!(durationMs > 0)) throw new UnacceptableUploadError('The video has no length');
  return { container, videoCodec: video.codec_name!, durationMs };
}
