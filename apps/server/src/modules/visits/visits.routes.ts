import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, StatusOk, TrackEventBody, Visit, VisitQuery, VISIT_ID_HEADER } from '@velora/shared';
import type { AppDeps } from '../../app-deps';
import { createVisitsService } from './visits.service';

export const visitsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const visits = createVisitsService(deps);

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
};
