import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS, VISIT_ID_HEADER } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import { requireAuth } from '../../plugins/auth';
import type { FeaturesService } from '../features/features.service';
import type { VisitsService } from './visits.service';

/** The event name under which feature actions are stored (events table). */
export const FEATURE_ACTION_EVENT = 'feature_action';

export const visitsRoutes: FastifyPluginAsync<{ visits: VisitsService; features: FeaturesService }> = async (app, { visits, features }) => {
  // Public, yet the session is read: a logged-in visitor's visit is tied to the account.
  route(app, ENDPOINTS['visits.track'], async (request, reply) => {
    const visit = await visits.trackVisit({
      query: request.query,
      previousVisitId: request.visitId,
      userId: request.auth?.userId ?? null,
      userAgent: request.headers['user-agent'],
      tld: request.tldSource,
      geo: { ip: request.ip, headers: request.headers },
    });
    void reply.header(VISIT_ID_HEADER, visit.id);
    return visit;
  });

  route(app, ENDPOINTS['visits.event'], async (request) => {
    await visits.trackClientEvent({ ...request.body, userId: request.auth?.userId ?? null, visitId: request.visitId }, { ip: request.ip });
    return { status: 'ok' as const };
  });

  // A /feature/* call of product §7, here because it records an event: a feature action is one.
  route(app, ENDPOINTS['features.trackAction'], async (request) => {
    const feature = await features.resolve(request.params.id);
    await visits.trackEvent({
      name: FEATURE_ACTION_EVENT,
      properties: { feature: feature.name, action: request.body.action },
      userId: requireAuth(request).userId,
      visitId: request.visitId,
    });
  });
};
