import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFfmpeg, runFfmpeg } from '../../apps/server/src/lib/ffmpeg';

// A small camera picture for the live-media browser tests that check that media flows, not how good it is: Chromium's
// generated camera follows the app's constraints (720p at 30 fps by default), and encoding that in the studio, the
// SFU forwarding it and the viewers decoding it on two cores made the live tests fail by chance. A file-backed fake
// camera gives only the file's size and rate; the app's constraints are "ideal", so it takes what the camera has.

export const FAKE_CAMERA = { width: 320, height: 180, fps: 15 } as const;

/** Chromium loops the file: two seconds of a moving test pattern, so the encoder sends real changes. */
const SECONDS = 2;

let made: Promise<string> | undefined;

/** The y4m file Chromium's fake camera plays (`--use-file-for-fake-video-capture`), made once per machine. */
export function fakeCameraFile(): Promise<string> {
  made ??= makeFakeCameraFile();
  return made;
}

async function makeFakeCameraFile(): Promise<string> {
  const { width, height, fps } = FAKE_CAMERA;
  const file = path.join(os.tmpdir(), `velora-e2e-fake-camera-${width}x${height}-${fps}fps-${SECONDS}s.y4m`);
  if (await fs.stat(file).then((s) => s.size > 0, () => false)) return file;
  const binary = await findFfmpeg();
  if (!binary) throw new Error('ffmpeg is needed for the fake camera file');
  // Written aside and renamed in whole: two test workers may make it at once.
  const partial = `${file}.${process.pid}.partial.y4m`;
  await runFfmpeg(binary, ['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}`, '-t', String(SECONDS), '-pix_fmt', 'yuv420p', '-f', 'yuv4mpegpipe', partial]);
  await fs.rename(partial, file);
  return file;
}
