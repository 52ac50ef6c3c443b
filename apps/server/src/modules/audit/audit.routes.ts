import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import type { AuditService } from './audit.service';

export const auditRoutes: FastifyPluginAsync<{ audit: AuditService }> = async (app, { audit }) => {
  route(app, ENDPOINTS['backoffice.audit'], async (request) => audit.list(request.query));
};
