import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, IdParam, Landing, LandingQuery } from '@velora/shared';
import type { LandingsService } from './landings.service';

export const landingsRoutes: FastifyPluginAsyncZod<{ landings: LandingsService }> = async (app, { landings }) => {
  app.get('/landings/:id', {
    config: { access: 'optional' },
    schema: {
      tags: ['pages'],
      summary: 'A landing page variant (/welcome/{id}) in the asked language',
      description: 'Falls back to the landing\'s default language when it has no version in `lang`. 404 for an unknown id.',
      params: IdParam,
      querystring: LandingQuery,
      response: { 200: Landing, 400: ErrorBody, 404: ErrorBody },
    },
    handler: async (request) => landings.get(request.params.id, request.query.lang, request.auth),
  });
};
