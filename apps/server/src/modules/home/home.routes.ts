import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, Home } from '@velora/shared';
import type { AppDeps } from '../../app-deps';
import { requireAuth } from '../../plugins/auth';
import { createHomeService } from './home.service';

export const homeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const home = createHomeService(deps);

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
