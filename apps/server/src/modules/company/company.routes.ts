import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import type { CompanyService } from './company.service';

export const companyRoutes: FastifyPluginAsync<{ company: CompanyService }> = async (app, { company: companies }) => {
  route(app, ENDPOINTS['features.company'], async (request) =>
    companies.companyFor({
      tld: request.tldSource,
      host: request.hostname || null,
      userId: request.auth?.userId ?? null,
      visitId: request.visitId,
    }),
  );
};
