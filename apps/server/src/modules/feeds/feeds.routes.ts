import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import { requireAuth } from '../../plugins/auth';
import type { FeedsService } from './feeds.service';

export const feedsRoutes: FastifyPluginAsync<{ feeds: FeedsService }> = async (app, { feeds }) => {
  route(app, ENDPOINTS['feeds.updates'], async (request) => feeds.updates(request.query.page, requireAuth(request)));
  route(app, ENDPOINTS['feeds.update'], async (request) => feeds.update(request.params.id, requireAuth(request)));
  route(app, ENDPOINTS['feeds.feed'], async (request) => feeds.feed(request.query.page, requireAuth(request)));
};
