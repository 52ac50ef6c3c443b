import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, IdParam, ModelDetail, ModelList, ModelListQuery, ShootList, ShootListQuery, VideoList } from '@velora/shared';
import { requireAuth } from '../../plugins/auth';
import type { ModelsService } from './models.service';

const PageQuery = ModelListQuery.pick({ page: true });
const errors = { 400: ErrorBody, 401: ErrorBody };

export const modelsRoutes: FastifyPluginAsyncZod<{ models: ModelsService }> = async (app, { models }) => {
  app.get('/models', {
    config: { access: 'member' },
    schema: {
      tags: ['models'],
      summary: 'A page of models; order newest, name, popular (most favourited) or most_videos',
      security: [{ bearer: [] }],
      querystring: ModelListQuery,
      response: { 200: ModelList, ...errors },
    },
    handler: async (request) => models.list(request.query, requireAuth(request)),
  });

  app.get('/models/:id', {
    config: { access: 'member' },
    schema: {
      tags: ['models'],
      summary: 'One model (profile)',
      security: [{ bearer: [] }],
      params: IdParam,
      response: { 200: ModelDetail, ...errors, 404: ErrorBody },
    },
    handler: async (request) => models.get(request.params.id, requireAuth(request)),
  });

  app.get('/models/:id/videos', {
    config: { access: 'member' },
    schema: {
      tags: ['models'],
      summary: 'A page of the videos a model takes part in, newest first',
      security: [{ bearer: [] }],
      params: IdParam,
      querystring: PageQuery,
      response: { 200: VideoList, ...errors, 404: ErrorBody },
    },
    handler: async (request) => models.videos(request.params.id, request.query.page, requireAuth(request)),
  });

  app.get('/models/:id/shoots', {
    config: { access: 'member' },
    schema: {
      tags: ['models'],
      summary: 'A page of a model\'s shoots',
      security: [{ bearer: [] }],
      params: IdParam,
      querystring: ShootListQuery,
      response: { 200: ShootList, ...errors, 404: ErrorBody },
    },
    handler: async (request) => models.shoots(request.params.id, request.query, requireAuth(request)),
  });
};
