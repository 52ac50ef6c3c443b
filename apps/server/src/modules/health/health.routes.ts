import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS['health.get'], async () => ({ status: 'ok' as const }));
};
