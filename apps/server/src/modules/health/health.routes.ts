import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import type { HealthService } from './health.service';

export const healthRoutes: FastifyPluginAsync<{ health: HealthService }> = async (app, { health }) => {
  // Liveness: the process answers. It checks nothing else, so a dependency's outage never gets the process restarted.
  route(app, ENDPOINTS['health.get'], async () => ({ status: 'ok' as const }));
  route(app, ENDPOINTS['health.ready'], async (_request, reply) => {
    const readiness = await health.readiness();
    void reply.header('cache-control', 'no-store');
    if (readiness.status === 'unavailable') void reply.code(503);
    return readiness;
  });
};
