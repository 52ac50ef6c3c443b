import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  FreeVideoQuery,
  IdParam,
  PlaybackBody,
  Playbacks,
  TagList,
  TestVideoList,
  UnlockBody,
  UnlockedContent,
  Video,
  VideoDetail,
  VideoList,
  VideoListQuery,
} from '@velora/shared';
import { requireAuth } from '../../plugins/auth';
import type { VideosService } from './videos.service';

// Static paths (/videos/tags, /unlocked, /random, /free, /test) win over /videos/:id in Fastify's router;
// the tests check each of them.

export const videosRoutes: FastifyPluginAsyncZod<{ videos: VideosService }> = async (app, { videos }) => {
  const security = [{ bearer: [] }];
  const errors = { 400: ErrorBody, 401: ErrorBody };
  const byId = { ...errors, 404: ErrorBody };

  app.get('/videos', {
    config: { access: 'member' },
    schema: {
      tags: ['videos'],
      summary: 'A page of videos, filtered by tags (all of them) and a search in titles and model names',
      security,
      querystring: VideoListQuery,
      response: { 200: VideoList, ...errors },
    },
    handler: async (request) => videos.list(request.query, request.auth),
  });

  app.get('/videos/tags', {
    config: { access: 'member' },
    schema: { tags: ['videos'], summary: 'Every tag with its number of videos, by name', security, response: { 200: TagList, 401: ErrorBody } },
    handler: async () => videos.tags(),
  });

  app.get('/videos/unlocked', {
    config: { access: 'member' },
    schema: {
      tags: ['videos'],
      summary: 'The shoots ("galleries") and videos the member has unlocked',
      security,
      response: { 200: UnlockedContent, 401: ErrorBody },
    },
    handler: async (request) => videos.unlocked(requireAuth(request)),
  });

  app.post('/videos/unlocked', {
    config: { access: 'member' },
    schema: {
      tags: ['videos'],
      summary: 'Redeem an unlock token: its shoots and videos join the member\'s unlocked list (idempotent); answers the whole list',
      security,
      body: UnlockBody,
      response: { 200: UnlockedContent, ...errors, 404: ErrorBody, 429: ErrorBody },
    },
    handler: async (request) => videos.redeemUnlockToken(request.body.token, requireAuth(request), { ip: request.ip }),
  });

  app.get('/videos/random', {
    config: { access: 'member' },
    schema: {
      tags: ['videos'],
      summary: 'A random video, one the member may play when there is any',
      security,
      response: { 200: Video, 401: ErrorBody, 404: ErrorBody },
    },
    handler: async (request) => videos.random(request.auth),
  });

  app.get('/videos/free', {
    config: { access: 'public' },
    schema: {
      tags: ['videos'],
      summary: 'The video of a free-video link: playable by anyone holding a valid token',
      querystring: FreeVideoQuery,
      response: { 200: VideoDetail, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
    },
    handler: async (request) => videos.freeVideo(request.query.token, request.auth, { ip: request.ip }),
  });

  app.get('/videos/test', {
    config: { access: 'public' },
    schema: { tags: ['videos'], summary: 'The test videos of /test_videos', response: { 200: TestVideoList } },
    handler: async (request) => videos.testVideos(request.auth),
  });

  app.get('/videos/:id', {
    config: { access: 'member' },
    schema: {
      tags: ['videos'],
      summary: 'One video for the player: `playable` (SPEC §1) and, only when playable, a signed, expiring `hls_url`',
      security,
      params: IdParam,
      response: { 200: VideoDetail, ...byId },
    },
    handler: async (request) => videos.detail(request.params.id, request.auth),
  });

  app.post('/videos/:id/playback', {
    config: { access: 'member' },
    schema: {
      tags: ['videos'],
      summary: 'Store how far the member watched (whole seconds); 403 for a video the member may not play',
      security,
      params: IdParam,
      body: PlaybackBody,
      response: { 204: z.null().describe('Stored'), ...byId, 403: ErrorBody },
    },
    handler: async (request, reply) => {
      await videos.recordPlayback(request.params.id, request.body, requireAuth(request));
      return reply.status(204).send(null);
    },
  });

  app.get('/videos/:id/playbacks', {
    config: { access: 'member' },
    schema: {
      tags: ['videos'],
      summary: 'The member\'s progress in a video (zeros and nulls when never played)',
      security,
      params: IdParam,
      response: { 200: Playbacks, ...byId },
    },
    handler: async (request) => videos.playbacks(request.params.id, requireAuth(request)),
  });

  app.get('/videos/:id/similar', {
    config: { access: 'member' },
    schema: {
      tags: ['videos'],
      summary: 'Up to 12 other videos sharing tags and models, most alike first',
      security,
      params: IdParam,
      response: { 200: z.array(Video), ...byId },
    },
    handler: async (request) => videos.similar(request.params.id, request.auth),
  });
};
