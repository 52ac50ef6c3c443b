import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GetCompanyResponse } from '@velora/shared';
import type { CompanyService } from './company.service';

export const companyRoutes: FastifyPluginAsyncZod<{ company: CompanyService }> = async (app, { company: companies }) => {
  app.post('/feature/get_company', {
    config: { access: 'optional' },
    schema: {
      tags: ['features'],
      summary: 'The company/brand values for this site: by domain suffix (net, de, ch), else profile, else visit features, else German',
      response: { 200: GetCompanyResponse },
    },
    handler: async (request) =>
      companies.companyFor({
        tld: request.tldSource,
        host: request.hostname || null,
        userId: request.auth?.userId ?? null,
        visitId: request.visitId,
      }),
  });
};
