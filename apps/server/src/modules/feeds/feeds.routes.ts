import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, Feed, FeedQuery, IdParam, ShootDetail } from '@velora/shared';
import { requireAuth } from '../../plugins/auth';
import type { FeedsService } from './feeds.service';

const errors = { 400: ErrorBody, 401: ErrorBody };

export const feedsRoutes: FastifyPluginAsyncZod<{ feeds: FeedsService }> = async (app, { feeds }) => {
  app.get('/updates', {
    config: { access: 'member' },
    schema: {
      tags: ['feeds'],
      summary: 'Recent updates: every release (shoot), newest first',
      security: [{ bearer: [] }],
      querystring: FeedQuery,
      response: { 200: Feed, ...errors },
    },
    handler: async (request) => feeds.updates(request.query.page, requireAuth(request)),
  });

  app.get('/updates/:id', {
    config: { access: 'member' },
    schema: {
      tags: ['feeds'],
      summary: 'One update: the shoot released with it',
      security: [{ bearer: [] }],
      params: IdParam,
      response: { 200: ShootDetail, ...errors, 404: ErrorBody },
    },
    handler: async (request) => feeds.update(request.params.id, requireAuth(request)),
  });

  app.get('/feeds', {
    config: { access: 'member' },
    schema: {
      tags: ['feeds'],
      summary: 'The member\'s feed: releases of their favourite models (personal), else every release',
      security: [{ bearer: [] }],
      querystring: FeedQuery,
      response: { 200: Feed, ...errors },
    },
    handler: async (request) => feeds.feed(request.query.page, requireAuth(request)),
  });
};
