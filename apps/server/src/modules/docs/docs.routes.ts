import type { FastifyPluginAsync } from 'fastify';

/** The OpenAPI document, generated from the zod contracts the routes validate with. */
export const docsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/docs/json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
};
