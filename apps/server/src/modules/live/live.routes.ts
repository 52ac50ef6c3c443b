import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LiveSource, WatchState } from '@velora/shared';
import { HttpError, badRequest, forbidden, notFound, unauthorized } from '../../lib/http-error';
import type { RateLimitStore } from '../../lib/rate-limit-store';
import { limitReached, RATE_LIMITS } from '../../lib/rate-limits';
import { verifyLiveToken } from './live-tokens';
import { isPrivateMediaRoom, MediaServerError, type MediaServer } from './media-server';
import { SDP_MAX_BYTES } from './sdp-offer';
import type { ViewerSessions } from './viewer-sessions';
import { mediaRefusal } from './watch-refusals';

// /live: the WHIP (RFC 9725) and WHEP handshakes of the media server, outside /api and its endpoint table (like
// /media): the bearer token is the permission, checked here before any SDP reaches the media server.

export interface LivePublisher {
  cameraId: number;
  source: LiveSource;
}

export interface LiveRoutesOptions {
  media: MediaServer;
  /** A publisher token or a stream key: the camera it may publish to, or null (supplied by the cameras module). */
  authorizePublisher: (bearer: string) => Promise<LivePublisher | null>;
  /** The key live tokens are signed with (liveSigningKey(config)). */
  liveKey: Buffer;
  rateLimits: RateLimitStore;
  now: () => number;
  /** Remembers each WHEP session's member, so his video can be cut off when his paid chat ends. */
  viewers?: ViewerSessions;
  /**
   * Whether the member a viewer token names may see the camera's video now (the cameras module answers, decision
   * record 061): a token taken during a paid session opens nothing after it. Rooms of playdates (private rooms) are
   * the token's alone. Without it, the token alone (the media path's own tests).
   */
  watchAccess?: (cameraId: number, userId: number) => Promise<WatchState>;
}

const SDP = 'application/sdp';
const SDP_FRAGMENT = 'application/trickle-ice-sdpfrag';
/** Resource ids as the media server makes them: a letter for the kind, then 24 base64url characters. */
const RESOURCE_ID = /^[pv][A-Za-z0-9_-]{10,64}$/;
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Location, ETag, Link, Accept-Patch',
};

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** The status and message a media server refusal answers with. */
function httpErrorOf(error: unknown): unknown {
  if (!(error instanceof MediaServerError)) return error;
  switch (error.code) {
    case 'bad-offer':
      return badRequest(error.message);
    case 'no-publisher':
      return notFound(error.message);
    case 'codec-mismatch':
      return new HttpError(422, 'CODEC_MISMATCH', error.message);
    case 'unknown-session':
      return notFound('No such session: it ended, or the address is wrong');
    case 'unsupported':
      return new HttpError(405, 'NOT_SUPPORTED', error.message);
    case 'unavailable':
      return new HttpError(503, 'MEDIA_SERVER_UNAVAILABLE', error.message);
  }
}

export async function liveRoutes(app: FastifyInstance, opts: LiveRoutesOptions) {
  const { media, authorizePublisher, liveKey, rateLimits, now, viewers, watchAccess } = opts;

  // Not part of the API's OpenAPI document (like /media): the handshakes are WHIP and WHEP, specified elsewhere.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });

  // Only SDP here; any other body type gets Fastify's 415, named below.
  app.removeAllContentTypeParsers();
  const asText = (_request: FastifyRequest, body: string, done: (error: Error | null, body?: string) => void) => done(null, body);
  app.addContentTypeParser([SDP, SDP_FRAGMENT], { parseAs: 'string', bodyLimit: SDP_MAX_BYTES }, asText);

  app.setErrorHandler((error: Error & { code?: string; statusCode?: number }, request, reply) => {
    const mapped = httpErrorOf(error);
    if (mapped instanceof HttpError) {
      const retryAfter = (mapped as { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter) void reply.header('retry-after', String(retryAfter));
      return reply.status(mapped.statusCode).send({ error: { code: mapped.code, message: mapped.message } });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: `Send the offer as ${SDP} (an ICE fragment as ${SDP_FRAGMENT})` } });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ error: { code: 'BODY_TOO_LARGE', message: `The SDP is larger than ${SDP_MAX_BYTES / 1024} KB` } });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ error: { code: error.code ?? 'BAD_REQUEST', message: error.message } });
    }
    request.log.error({ err: error }, 'live handshake failed');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
  });

  app.addHook('onSend', async (_request, reply) => {
    void reply.headers(CORS_HEADERS).header('cache-control', 'no-store');
  });

  async function countHandshake(request: FastifyRequest) {
    const limit = RATE_LIMITS.liveHandshakesPerAddress;
    const decision = await rateLimits.consume(`live:address:${request.ip}`, limit);
    if (!decision.allowed) throw limitReached('live video handshakes', limit, decision.retryAfterMs);
  }

  function offerOf(request: FastifyRequest): string {
    const body = request.body;
    if (typeof body !== 'string' || body.trim() === '') throw badRequest(`The body is empty: send the SDP offer as ${SDP}`);
    if (!body.startsWith('v=0')) throw badRequest('The body is not an SDP offer: it must start with the line v=0');
    return body;
  }

  function answer(reply: FastifyReply, where: string, result: { sdp: string; resourceId: string; etag?: string }) {
    void reply.status(201).type(SDP).header('location', `${where}/${result.resourceId}`).header('accept-patch', SDP_FRAGMENT);
    if (result.etag) void reply.header('etag', result.etag);
    return reply.send(result.sdp);
  }

  /** The WHIP/WHEP preflight of a page on another origin (OBS and other encoders send none). */
  const preflight = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .status(204)
      .header('access-control-allow-methods', 'POST, PATCH, DELETE, OPTIONS')
      .header('access-control-allow-headers', 'Authorization, Content-Type, If-Match')
      .header('access-control-max-age', '600')
      .send();

  app.options('/live/whip', preflight);
  app.options('/live/whip/:resource', preflight);
  app.options('/live/whep/:cameraId', preflight);
  app.options('/live/whep/:cameraId/:resource', preflight);

  app.post('/live/whip', async (request, reply) => {
    await countHandshake(request);
    const bearer = bearerOf(request);
    if (!bearer) throw unauthorized('Send the publisher token or stream key as Authorization: Bearer <key>');
    const publisher = await authorizePublisher(bearer);
    if (!publisher) throw unauthorized('The publisher token or stream key is not valid (it may have expired or been rotated)');
    return answer(reply, '/live/whip', await media.publish(publisher.cameraId, offerOf(request), publisher.source).catch((e: unknown) => Promise.reject(httpErrorOf(e))));
  });

  app.post<{ Params: { cameraId: string } }>('/live/whep/:cameraId', async (request, reply) => {
    await countHandshake(request);
    const cameraId = Number(request.params.cameraId);
    if (!/^\d{1,15}$/.test(request.params.cameraId) || !Number.isSafeInteger(cameraId)) throw notFound(`No camera "${request.params.cameraId.slice(0, 40)}"`);
    const bearer = bearerOf(request);
    if (!bearer) throw unauthorized('Send the viewer token as Authorization: Bearer <token> (POST /api/cameras/{name}/watch gives one)');
    const verdict = verifyLiveToken(liveKey, bearer, { kind: 'view', cameraId }, now());
    if (!verdict.ok) {
      if (verdict.reason === 'wrong-camera') throw forbidden('This viewer token is for another camera');
      if (verdict.reason === 'wrong-kind') throw forbidden('This token is not a viewer token');
      if (verdict.reason === 'expired') throw unauthorized('The viewer token has expired: ask for a new one');
      throw unauthorized('The viewer token is not valid');
    }
    if (watchAccess && !isPrivateMediaRoom(cameraId)) {
      const refusal = mediaRefusal(cameraId, await watchAccess(cameraId, verdict.claims.userId));
      if (refusal) throw refusal;
    }
    const result = await media.view(cameraId, offerOf(request), `user:${verdict.claims.userId}`).catch((e: unknown) => Promise.reject(httpErrorOf(e)));
    viewers?.add(cameraId, verdict.claims.userId, result.resourceId);
    return answer(reply, `/live/whep/${cameraId}`, result);
  });

  function resourceOf(kind: 'whip' | 'whep', resource: string): string {
    if (!RESOURCE_ID.test(resource) || resource[0] !== (kind === 'whip' ? 'p' : 'v')) throw notFound('No such session: it ended, or the address is wrong');
    return resource;
  }

  async function patchSession(request: FastifyRequest, reply: FastifyReply, resourceId: string) {
    await countHandshake(request);
    if (request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() !== SDP_FRAGMENT) {
      return reply.status(415).send({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: `Send trickled candidates as ${SDP_FRAGMENT}` } });
    }
    const fragment = typeof request.body === 'string' ? request.body : '';
    if (/^a=ice-ufrag:/m.test(fragment)) {
      // An ICE restart needs a new answer; libdatachannel cannot restart ICE on a running connection.
      return reply.status(405).header('allow', 'POST, DELETE').send({ error: { code: 'NOT_SUPPORTED', message: 'ICE restarts are not supported: start a new session' } });
    }
    const supported = await media.patch(resourceId, fragment).catch((e: unknown) => Promise.reject(httpErrorOf(e)));
    if (!supported) return reply.status(405).header('allow', 'POST, DELETE').send({ error: { code: 'NOT_SUPPORTED', message: 'Trickle ICE is not supported here' } });
    return reply.status(204).send();
  }

  async function deleteSession(request: FastifyRequest, reply: FastifyReply, resourceId: string) {
    await countHandshake(request);
    await media.closeSession(resourceId).catch((e: unknown) => Promise.reject(httpErrorOf(e)));
    viewers?.remove(resourceId);
    return reply.status(200).send();
  }

  app.patch<{ Params: { resource: string } }>('/live/whip/:resource', async (request, reply) => patchSession(request, reply, resourceOf('whip', request.params.resource)));
  app.delete<{ Params: { resource: string } }>('/live/whip/:resource', async (request, reply) => deleteSession(request, reply, resourceOf('whip', request.params.resource)));
  app.patch<{ Params: { cameraId: string; resource: string } }>('/live/whep/:cameraId/:resource', async (request, reply) =>
    patchSession(request, reply, resourceOf('whep', request.params.resource)),
  );
  app.delete<{ Params: { cameraId: string; resource: string } }>('/live/whep/:cameraId/:resource', async (request, reply) =>
    deleteSession(request, reply, resourceOf('whep', request.params.resource)),
  );
}
