import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChapterImages, ErrorBody, IdParam, ShootDetail, ShootList, ShootListQuery } from '@velora/shared';
import { requireAuth } from '../../plugins/auth';
import type { ShootsService } from './shoots.service';

const ChapterParams = z.object({
  shootId: z.coerce.number().int().positive(),
  chapterId: z.coerce.number().int().positive(),
});

const errors = { 400: ErrorBody, 401: ErrorBody };

export const shootsRoutes: FastifyPluginAsyncZod<{ shoots: ShootsService }> = async (app, { shoots }) => {
  app.get('/shoots', {
    config: { access: 'member' },
    schema: {
      tags: ['shoots'],
      summary: 'A page of shoots (photo and video sets)',
      security: [{ bearer: [] }],
      querystring: ShootListQuery,
      response: { 200: ShootList, ...errors },
    },
    handler: async (request) => shoots.list(request.query, requireAuth(request)),
  });

  app.get('/shoots/:id', {
    config: { access: 'member' },
    schema: {
      tags: ['shoots'],
      summary: 'One shoot with its videos and image chapters',
      security: [{ bearer: [] }],
      params: IdParam,
      response: { 200: ShootDetail, ...errors, 404: ErrorBody },
    },
    handler: async (request) => shoots.get(request.params.id, requireAuth(request)),
  });

  app.get('/shoots/:shootId/chapters/:chapterId', {
    config: { access: 'member' },
    schema: {
      tags: ['shoots'],
      summary: 'The images of one chapter of a shoot',
      description:
        'Premium members and members who unlocked the shoot get `url` at full size. Every other member still gets ' +
        'the list of images, but `url` then is the 400x400 thumbnail, the same as `thumbnail`: full-size images ' +
        'are never handed out without access. 404 when the chapter is not part of the shoot.',
      security: [{ bearer: [] }],
      params: ChapterParams,
      response: { 200: ChapterImages, ...errors, 404: ErrorBody },
    },
    handler: async (request) => shoots.chapterImages(request.params.shootId, request.params.chapterId, requireAuth(request)),
  });
};
