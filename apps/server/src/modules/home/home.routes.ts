import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import { requireAuth } from '../../plugins/auth';
import type { HomeService } from './home.service';

export const homeRoutes: FastifyPluginAsync<{ home: HomeService }> = async (app, { home }) => {
  route(app, ENDPOINTS['home.get'], async (request) => home.home(requireAuth(request)));
  route(app, ENDPOINTS['home.showcase'], async (request) => home.showcase(request.auth));
  route(app, ENDPOINTS['home.showcaseTrailer'], async (request) => home.trailer(request.params.id, request.auth));
};
