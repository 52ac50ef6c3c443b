import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, FeatureIdParam, StatusOk, TrackActionBody, TrackEventBody, Visit, VisitQuery, VISIT_ID_HEADER } from '@velora/shared';
import { requireAuth } from '../../plugins/auth';
import type { FeaturesService } from '../features/features.service';
import type { VisitsService } from './visits.service';

/** The event name under which feature actions are stored (events table). */
export const FEATURE_ACTION_EVENT = 'feature_action';

export const visitsRoutes: FastifyPluginAsyncZod<{ visits: VisitsService; features: FeaturesService }> = async (app, { visits, features }) => {
  app.get('/track/visit', {
    // 'optional', not 'public': a logged-in visitor's visit is tied to the account.
    config: { access: 'optional' },
    schema: {
      tags: ['visits'],
      summary: 'Record a visit: the page referrer plus every query parameter of the page URL',
      querystring: VisitQuery,
      response: { 200: Visit, 400: ErrorBody, 413: ErrorBody },
    },
    handler: async (request, reply) => {
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
    },
  });

  app.post('/track', {
    config: { access: 'optional' },
    schema: {
      tags: ['visits'],
      summary: 'Record an analytics event',
      body: TrackEventBody,
      response: { 200: StatusOk, 400: ErrorBody, 413: ErrorBody },
    },
    handler: async (request) => {
      await visits.trackEvent({ ...request.body, userId: request.auth?.userId ?? null, visitId: request.visitId });
      return { status: 'ok' as const };
    },
  });

  // A /feature/* call of SPEC §7, here because it records an event: a feature action is one.
  app.post('/feature/track_action/:id', {
    config: { access: 'member' },
    schema: {
      tags: ['features'],
      summary: `Record an action on a feature (stored as a ${FEATURE_ACTION_EVENT} event)`,
      security: [{ bearer: [] }],
      params: FeatureIdParam,
      body: TrackActionBody,
      response: { 204: z.null().describe('No content'), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
    },
    handler: async (request, reply) => {
      const feature = await features.resolve(request.params.id);
      await visits.trackEvent({
        name: FEATURE_ACTION_EVENT,
        properties: { feature: feature.name, action: request.body.action },
        userId: requireAuth(request).userId,
        visitId: request.visitId,
      });
      return reply.status(204).send(null);
    },
  });
};
