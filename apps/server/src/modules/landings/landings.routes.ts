import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import type { LandingsService } from './landings.service';

export const landingsRoutes: FastifyPluginAsync<{ landings: LandingsService }> = async (app, { landings }) => {
  route(app, ENDPOINTS['pages.landing'], async (request) => landings.get(request.params.id, request.query.lang, request.auth));
};
