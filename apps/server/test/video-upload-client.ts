import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { VIDEO_UPLOAD_PATH } from '@velora/shared';

// The tus protocol as a client speaks it (tus.io 1.0.0), for the tests of the back office's video upload.

const run = promisify(execFile);

/** A short test-pattern clip made by ffmpeg (H.264 in MP4), of about `seconds`. */
export async function makeTestClip(seconds = 2, size = '320x240'): Promise<{ file: string; bytes: Buffer; cleanup: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-clip-'));
  const file = path.join(dir, 'clip.mp4');
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc=size=${size}:rate=25`, '-t', String(seconds), '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', file]);
  return { file, bytes: await fs.readFile(file), cleanup: () => fs.rm(dir, { recursive: true, force: true }) };
}

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** POST: creates an upload of `length` bytes for a video; the answer's Location names it. */
export function createUpload(app: FastifyInstance, headers: Record<string, string>, length: number, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: VIDEO_UPLOAD_PATH,
    headers: { ...headers, 'tus-resumable': '1.0.0', 'upload-length': String(length), 'upload-metadata': metadata(fields) },
  });
}

export function headUpload(app: FastifyInstance, headers: Record<string, string>, location: string) {
  return app.inject({ method: 'HEAD', url: location, headers: { ...headers, 'tus-resumable': '1.0.0' } });
}

export function patchUpload(app: FastifyInstance, headers: Record<string, string>, location: string, offset: number, chunk: Buffer) {
  return app.inject({
    method: 'PATCH',
    url: location,
    headers: { ...headers, 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload: chunk,
  });
}

/**
 * A PATCH over a real connection that announces the whole rest but sends only `sent` and then drops, as a browser
 * does when the network goes away mid-upload. Resolves once the server has noticed.
 */
export async function patchAndDrop(baseUrl: string, headers: Record<string, string>, location: string, offset: number, rest: Buffer, sent: number): Promise<void> {
  await new Promise<void>((resolve) => {
    const request = http.request(`${baseUrl}${location}`, {
      method: 'PATCH',
      headers: {
        ...headers,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(rest.length),
      },
    });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.write(rest.subarray(0, sent), () => setTimeout(() => request.destroy(), 200));
  });
}
