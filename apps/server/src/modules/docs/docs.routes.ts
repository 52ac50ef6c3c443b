import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';

/** The OpenAPI document, generated from the zod contracts the routes validate with. */
export const docsRoutes: FastifyPluginAsync = async (app) => {
  route(app, ENDPOINTS['docs.openapi'], async () => app.swagger() as unknown as Record<string, unknown>);
};
