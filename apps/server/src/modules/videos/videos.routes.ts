import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, IdParam, TagList, Video, VideoList, VideoListQuery } from '@velora/shared';
import type { AppDeps } from '../../app-deps';
import { createVideosService } from './videos.service';

export const videosRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const videos = createVideosService(deps);
  const errors = { 400: ErrorBody, 401: ErrorBody };

  app.get('/videos', {
    config: { access: 'member' },
    schema: {
      tags: ['videos'],
      summary: 'A page of videos, filtered by tags (all of them) and a search in titles and model names',
      querystring: VideoListQuery,
      response: { 200: VideoList, ...errors },
    },
    handler: async (request) => videos.list(request.query),
  });

  app.get('/videos/tags', {
    config: { access: 'member' },
    schema: { tags: ['videos'], summary: 'Every tag with its number of videos, by name', response: { 200: TagList, 401: ErrorBody } },
    handler: async () => videos.tags(),
  });

  app.get('/videos/:id', {
    config: { access: 'member' },
    schema: { tags: ['videos'], summary: 'One video', params: IdParam, response: { 200: Video, ...errors, 404: ErrorBody } },
    handler: async (request) => videos.get(request.params.id),
  });
};
