import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import type { PagesService } from './pages.service';

export const pagesRoutes: FastifyPluginAsync<{ pages: PagesService }> = async (app, { pages }) => {
  // A static path: find-my-way always prefers it to the /pages/* wildcard below.
  route(app, ENDPOINTS['pages.meta'], async (request) => pages.meta(request.query.url, request.query.lang));

  route(app, ENDPOINTS['pages.get'], async (request, reply) => {
    const page = await pages.get(request.params['*'], request.query.password, request.ip);
    // A protected page's source must not sit in a shared cache.
    void reply.header('cache-control', page.has_password ? 'private, no-store' : 'no-cache');
    return page;
  });

  route(app, ENDPOINTS['pages.contact'], async (request) => {
    await pages.contact(request.body, { ip: request.ip, userId: request.auth?.userId ?? null });
    return { status: 'ok' as const };
  });

  route(app, ENDPOINTS['pages.contentReport'], async (request) => {
    await pages.report(request.body, { ip: request.ip, userId: request.auth?.userId ?? null });
    return { status: 'ok' as const };
  });
};
