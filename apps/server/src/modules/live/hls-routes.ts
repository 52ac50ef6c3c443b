import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { WatchState } from '@velora/shared';
import { forbidden, notFound, unauthorized } from '../../lib/http-error';
import { HLS_FILE_PATTERN, HLS_PLAYLIST, HLS_SEGMENT_SECONDS } from './hls-tap-reader';
import type { LiveHlsRooms } from './hls-live-rooms';
import { verifyLiveToken } from './live-tokens';
import { mediaRefusal } from './watch-refusals';

// /live/hls/:cameraId/:token/<file> and /live/preview/:cameraId.jpg (decision record 034). The HLS token is a path
// segment so that the player's relative URLs of segments carry it; it is checked on every request, and so is whether
// the member it names may still see the camera (decision record 061: paid video ends with the paid session).

/** How long a first playlist request waits for ffmpeg's first segment before answering 503. */
export const HLS_START_WAIT_MS = 4000;
const PREVIEW_MAX_AGE_SECONDS = 5;
/** Segments never change once listed; a restart of the reader reuses names, so they are cached briefly only. */
const SEGMENT_MAX_AGE_SECONDS = 6 * HLS_SEGMENT_SECONDS;

export interface LiveHlsRoutesOptions {
  rooms: LiveHlsRooms;
  /** liveSigningKey(config) */
  signingKey: Buffer;
  startWaitMs?: number;
  now?: () => number;
  /** Whether the member the token names may see the camera now (the cameras module's answer, kept a second). */
  watchAccess: (cameraId: number, userId: number) => Promise<WatchState>;
  /** A member was served a playlist or segment (he counts as watching). */
  onServed?: (cameraId: number, userId: number) => void;
}

const CAMERA_ID = /^[1-9]\d{0,11}$/;

/** The playlist URL path the camera API hands out with an HLS token (signLiveToken kind 'hls'). */
export const liveHlsPlaylistPath = (cameraId: number, token: string) => `/live/hls/${cameraId}/${encodeURIComponent(token)}/${HLS_PLAYLIST}`;
/** The still of a live camera (public: the camera list shows it). */
export const livePreviewPath = (cameraId: number) => `/live/preview/${cameraId}.jpg`;

const contentType = (file: string) =>
  file.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : file.endsWith('.m4s') ? 'video/iso.segment' : 'video/mp4';

export async function registerLiveHlsRoutes(app: FastifyInstance, options: LiveHlsRoutesOptions): Promise<void> {
  const { rooms, signingKey, watchAccess, onServed } = options;
  const now = options.now ?? Date.now;
  const startWaitMs = options.startWaitMs ?? HLS_START_WAIT_MS;

  app.get<{ Params: { cameraId: string; token: string; file: string } }>('/live/hls/:cameraId/:token/:file', {
    schema: { hide: true },
    // The signed URL is the permission: any origin may fetch, and a player on another origin sees the 401/404 too
    // (set on send, as the error handler starts a fresh set of headers).
    onSend: async (_request, reply, payload) => {
      void reply.header('access-control-allow-origin', '*');
      return payload;
    },
    handler: async (request, reply) => {
      const { cameraId: rawId, token, file } = request.params;
      if (!CAMERA_ID.test(rawId)) throw notFound(`No live camera "${rawId}": the path is /live/hls/<camera id>/<token>/index.m3u8`);
      const cameraId = Number(rawId);
      const verdict = verifyLiveToken(signingKey, token, { kind: 'hls', cameraId }, now());
      if (!verdict.ok) {
        if (verdict.reason === 'wrong-camera' || verdict.reason === 'wrong-kind') {
          throw forbidden(`This token is not for the LL-HLS stream of camera ${cameraId}`);
        }
        throw unauthorized(verdict.reason === 'expired' ? 'The LL-HLS token has expired: ask for a new one' : 'The LL-HLS token is not valid');
      }
      // Only names ffmpeg writes: no path of the request reaches the file system otherwise.
      if (!HLS_FILE_PATTERN.test(file)) throw notFound(`No file "${file}" in a live stream: index.m3u8, init.mp4 and seg-<n>.m4s`);
      const refusal = mediaRefusal(cameraId, await watchAccess(cameraId, verdict.claims.userId));
      if (refusal) throw refusal;

      if (file === HLS_PLAYLIST) {
        const state = await rooms.requestPlaylist(cameraId, startWaitMs);
        if (state === 'not-live') throw notFound(`Camera ${cameraId} is not live`);
        if (state === 'starting') {
          return reply
            .status(503)
            .header('retry-after', '1')
            .header('cache-control', 'no-store')
            .send({ error: { code: 'STREAM_STARTING', message: `The stream of camera ${cameraId} is starting: try again in a second` } });
        }
      } else if (!rooms.touch(cameraId)) {
        throw notFound(`Camera ${cameraId} has no LL-HLS stream running: load index.m3u8 first`);
      }

      const full = path.join(rooms.hlsDir(cameraId), file);
      let body: Buffer | null = null;
      let size = 0;
      try {
        if (file === HLS_PLAYLIST) body = await fs.readFile(full);
        else size = (await fs.stat(full)).size;
      } catch {
        // Deleted between listing and fetching (the player fell behind the six listed segments).
        throw notFound(`${file} is no longer available: reload index.m3u8`);
      }
      onServed?.(cameraId, verdict.claims.userId);
      if (body) return reply.type(contentType(file)).header('cache-control', 'no-cache').send(body);
      return reply
        .type(contentType(file))
        .header('cache-control', `private, max-age=${SEGMENT_MAX_AGE_SECONDS}`)
        .header('content-length', size)
        .send(createReadStream(full));
    },
  });

  app.get<{ Params: { file: string } }>('/live/preview/:file', {
    schema: { hide: true },
    handler: async (request, reply) => {
      const match = /^([1-9]\d{0,11})\.jpg$/.exec(request.params.file);
      if (!match) throw notFound(`No preview "${request.params.file}": the path is /live/preview/<camera id>.jpg`);
      const cameraId = Number(match[1]);
      const file = await rooms.previewFile(cameraId);
      if (!file) throw notFound(`Camera ${cameraId} is not live`);
      let body: Buffer;
      try {
        body = await fs.readFile(file);
      } catch {
        throw notFound(`Camera ${cameraId} is not live`);
      }
      return reply.type('image/jpeg').header('cache-control', `public, max-age=${PREVIEW_MAX_AGE_SECONDS}`).send(body);
    },
  });
}
