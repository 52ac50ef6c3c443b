import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import { requireAuth } from '../../plugins/auth';
import type { ModelsService } from './models.service';

export const modelsRoutes: FastifyPluginAsync<{ models: ModelsService }> = async (app, { models }) => {
  route(app, ENDPOINTS['models.list'], async (request) => models.list(request.query, requireAuth(request)));
  route(app, ENDPOINTS['models.detail'], async (request) => models.get(request.params.id, requireAuth(request)));
  route(app, ENDPOINTS['models.videos'], async (request) => models.videos(request.params.id, request.query.page, requireAuth(request)));
  route(app, ENDPOINTS['models.shoots'], async (request) => models.shoots(request.params.id, request.query, requireAuth(request)));
};
