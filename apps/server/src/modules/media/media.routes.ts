import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AVATAR_MAX, IMAGE_CONTENT_TYPES, isImageFormat } from '@velora/shared';
import { notFound } from '../../lib/http-error';
import { avatarSvgFor, userAvatarSvgFor } from './media-avatars';
import type { MediaService } from './media.service';

// /media: sized pictures and censored placeholders as JPEG, WebP or AVIF (public, cached for a year: a name never
// changes its picture but by a new original, which drops every rendered file), and HLS playlists and segments
// (only with a valid signature). No session is read here: a signed URL is the permission, so a CDN can serve it.

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A preview of a picture not yet published (decision record 075): for the browser that asked, and not for long. */
const PREVIEW = 'private, max-age=300';

/** Sends a cached picture with a validator, answering a matching If-None-Match with 304. */
async function sendImage(request: FastifyRequest, reply: FastifyReply, file: string, cacheControl = IMMUTABLE) {
  const stat = await fs.stat(file);
  const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  void reply.header('cache-control', cacheControl).header('etag', etag).header('last-modified', stat.mtime.toUTCString());
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.status(304).send();
  // Pictures are small: sent whole, from one read. The format is the file's (the name was checked before).
  const extension = file.slice(file.lastIndexOf('.') + 1);
  return reply.type(isImageFormat(extension) ? IMAGE_CONTENT_TYPES[extension] : 'application/octet-stream').send(await fs.readFile(file));
}

/**
 * Sends a generated avatar (product §3): public like the pictures, cached for good (its name fixes its design). The
 * policy header keeps the SVG inert even when opened on its own, on our origin.
 */
function sendAvatar(request: FastifyRequest, reply: FastifyReply, svg: string | null, file: string) {
  if (svg === null) throw notFound(`No avatar "${file}": avatars are default.svg, 1.svg to ${AVATAR_MAX}.svg and users/<user id>.svg`);
  const etag = `"${createHash('sha1').update(svg).digest('hex').slice(0, 16)}"`;
  void reply
    .header('cache-control', IMMUTABLE)
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.status(304).send();
  return reply.type('image/svg+xml').send(svg);
}

export const mediaRoutes: FastifyPluginAsyncZod<{ media: MediaService }> = async (app, { media }) => {
  const hide = { hide: true } as const;

  app.get('/media/images/:kind/:id/:file', {
    schema: {
      ...hide,
      params: z.object({ kind: z.string(), id: z.string(), file: z.string() }),
      querystring: z.object({ exp: z.string().optional(), sig: z.string().optional() }),
    },
    handler: async (request, reply) => {
      const { kind, id, file } = request.params;
      const found = await media.imageFile(kind, id, file, request.query);
      return sendImage(request, reply, found.file, found.preview ? PREVIEW : IMMUTABLE);
    },
  });

  app.get('/media/avatars/:file', {
    schema: { ...hide, params: z.object({ file: z.string() }) },
    handler: async (request, reply) => sendAvatar(request, reply, avatarSvgFor(request.params.file), request.params.file),
  });

  app.get('/media/avatars/users/:file', {
    schema: { ...hide, params: z.object({ file: z.string() }) },
    handler: async (request, reply) => sendAvatar(request, reply, userAvatarSvgFor(request.params.file), `users/${request.params.file}`),
  });

  app.get('/media/censored/:n/:file', {
    schema: { ...hide, params: z.object({ n: z.string(), file: z.string() }) },
    handler: async (request, reply) => sendImage(request, reply, await media.censoredFile(request.params.n, request.params.file)),
  });

  app.get('/media/hls/:asset/:file', {
    schema: {
      ...hide,
      params: z.object({ asset: z.string(), file: z.string() }),
      querystring: z.object({ exp: z.string().optional(), sig: z.string().optional() }),
    },
    handler: async (request, reply) => {
      const found = await media.hlsFile(request.params.asset, request.params.file, request.query);
      // The signature is the permission: any origin may fetch (the player may sit on another host than the CDN).
      void reply.header('access-control-allow-origin', '*');
      if (found.kind === 'playlist') {
        return reply.type('application/vnd.apple.mpegurl').header('cache-control', `private, max-age=${found.maxAgeSeconds}`).send(found.body);
      }
      return reply
        .type(found.contentType)
        .header('cache-control', `public, max-age=${found.maxAgeSeconds}`)
        .header('content-length', found.size)
        .send(createReadStream(found.file));
    },
  });
};
