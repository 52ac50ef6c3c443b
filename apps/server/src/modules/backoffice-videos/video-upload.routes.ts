import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { FileStore } from '@tus/file-store';
import { EVENTS, Server as TusServer } from '@tus/server';
import { VIDEO_UPLOAD_PATH, type Capability } from '@velora/shared';
import type { Config } from '../../config';
import { UploadRefusal, type BackofficeVideosService } from './backoffice-videos.service';

// The resumable upload of a video's source (decision record 074): the tus protocol (tus.io) by @tus/server, mounted
// at /api/backoffice/uploads. It is not an entry of the endpoint table, whose entries are JSON calls validated by zod:
// tus speaks in headers and raw bytes (POST creates, HEAD tells the offset, PATCH appends, DELETE abandons). Its routes
// still carry the capability, so the auth hook asks the same session, capability and second factor as the endpoints.

/** Who may upload: the capability that makes and publishes catalog videos. */
export const VIDEO_UPLOAD_CAPABILITY: Capability = 'admin.settings';

const UPLOAD_ID = /^[a-f0-9]{32}$/;

/** Who sent each request in flight, for the tus hooks (which see the web request tus made of it) and their audit entries. */
interface Sender {
  userId: number | null;
  ip: string | null;
  requestId: string | null;
}
const senders = new WeakMap<IncomingMessage, Sender>();
const senderOf = (req: unknown): Sender => senders.get(nodeRequestOf(req)!) ?? { userId: null, ip: null, requestId: null };
const nodeRequestOf = (req: unknown): IncomingMessage | undefined => (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;

/** tus answers a hook's refusal with its status and body. */
const refusal = (status: number, message: string) => ({ status_code: status, body: `${message}\n` });

export const videoUploadRoutes: FastifyPluginAsync<{ backofficeVideos: BackofficeVideosService; config: Config }> = async (app, { backofficeVideos, config }) => {
  // Outside the endpoint table, so outside the route layer's audit (decision record 070): each step that writes says
  // itself who gave which video its source. A failure to record is logged with the entry; the write has happened.
  const audit = async (req: unknown, action: string, videoId: number | null, after: unknown) => {
    const sender = senderOf(req);
    const entry = {
      actorId: sender.userId,
      action,
      subjectType: videoId === null ? null : 'video',
      subjectId: videoId === null ? null : String(videoId),
      before: null,
      after,
      ip: sender.ip,
      requestId: sender.requestId,
    };
    await app.auditLog(entry).catch((err: unknown) => app.log.error({ err, entry }, 'an upload could not write its audit entry'));
  };
  const tus = new TusServer({
    path: VIDEO_UPLOAD_PATH,
    datastore: new FileStore({ directory: backofficeVideos.uploadDir }),
    maxSize: config.videoUploadMaxBytes,
    relativeLocation: true,
    respectForwardedHeaders: false,
    namingFunction: () => randomBytes(16).toString('hex'),
    // The id in a path is the one namingFunction made: anything else names no upload.
    getFileIdFromRequest: (req, lastPath) => (lastPath && UPLOAD_ID.test(lastPath) ? lastPath : undefined),
    async onUploadCreate(req, upload) {
      const videoId = Number(upload.metadata?.video_id);
      if (!Number.isInteger(videoId) || videoId < 1 || videoId > 2_147_483_647) {
        throw refusal(400, 'Upload-Metadata: video_id must name a video');
      }
      // A deferred length would let a file past the limit start; the size is known before the first byte.
      if (upload.size === undefined) throw refusal(400, 'Upload-Length is required');
      const fileName = [...(upload.metadata?.filename ?? '')].filter((c) => c >= ' ' && c !== '\u007f').join('').slice(0, 200);
      try {
        await backofficeVideos.beginUpload({ id: upload.id, videoId, userId: senderOf(req).userId, fileName, size: upload.size });
      } catch (error) {
        if (error instanceof UploadRefusal) throw refusal(error.status, error.message);
        throw error;
      }
      await audit(req, 'backoffice.uploads.create', videoId, { upload_id: upload.id, file_name: fileName, size: upload.size });
      return {};
    },
    async onUploadFinish(req, upload) {
      try {
        const { videoId, assetId } = await backofficeVideos.finishUpload(upload.id, path.join(backofficeVideos.uploadDir, upload.id));
        await audit(req, 'backoffice.uploads.finish', videoId, { upload_id: upload.id, asset_id: assetId });
        return { status_code: 204, headers: { 'Video-Id': videoId } };
      } catch (error) {
        if (error instanceof UploadRefusal) throw refusal(error.status, error.message);
        throw error;
      } finally {
        // The tus store's description of the upload is no longer needed either way.
        await backofficeVideos.forgetUploadInfo(upload.id);
      }
    },
  });

  tus.on(EVENTS.POST_TERMINATE, (req: unknown, _res: unknown, id: string) => {
    void backofficeVideos
      .abandonUpload(id)
      .then(() => audit(req, 'backoffice.uploads.abandon', null, { upload_id: id }))
      .catch(() => undefined);
  });

  // tus reads the body itself: leave its bytes unread.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    senders.set(request.raw, { userId: request.auth?.userId ?? null, ip: request.ip, requestId: request.id });
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  const routeConfig = { capability: VIDEO_UPLOAD_CAPABILITY };
  // Kept out of the OpenAPI document, which describes the table's JSON calls; tus documents its own protocol.
  const schema = { hide: true };
  app.route({ method: 'POST', url: VIDEO_UPLOAD_PATH, config: routeConfig, schema, handler: handle });
  for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
    app.route({ method, url: `${VIDEO_UPLOAD_PATH}/:uploadId`, config: routeConfig, schema, handler: handle });
  }
};
