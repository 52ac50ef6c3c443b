import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, Home } from '@velora/shared';
import { requireAuth } from '../../plugins/auth';
import type { HomeService } from './home.service';

export const homeRoutes: FastifyPluginAsyncZod<{ home: HomeService }> = async (app, { home }) => {
  app.get('/home', {
    config: { access: 'member' },
    schema: {
      tags: ['home'],
      summary: 'The member\'s home page: the 11 sections of SPEC §2 in order, each with up to 12 items (empty ones sent empty)',
      security: [{ bearer: [] }],
      response: { 200: Home, 401: ErrorBody },
    },
    handler: async (request) => home.home(requireAuth(request)),
  });
};
