import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import { requireAuth } from '../../plugins/auth';
import type { ShootsService } from './shoots.service';

export const shootsRoutes: FastifyPluginAsync<{ shoots: ShootsService }> = async (app, { shoots }) => {
  route(app, ENDPOINTS['shoots.list'], async (request) => shoots.list(request.query, requireAuth(request)));
  route(app, ENDPOINTS['shoots.detail'], async (request) => shoots.get(request.params.id, requireAuth(request)));
  route(app, ENDPOINTS['shoots.chapter'], async (request) =>
    shoots.chapterImages(request.params.shootId, request.params.chapterId, requireAuth(request)),
  );
};
