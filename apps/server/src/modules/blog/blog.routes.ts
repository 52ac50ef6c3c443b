import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import type { BlogService } from './blog.service';

export const blogRoutes: FastifyPluginAsync<{ blog: BlogService }> = async (app, { blog }) => {
  route(app, ENDPOINTS['blog.list'], async (request) => blog.list(request.query, request.auth));
  route(app, ENDPOINTS['blog.article'], async (request) => blog.get(request.params.alias, request.query.lang ?? null, request.auth));
};
