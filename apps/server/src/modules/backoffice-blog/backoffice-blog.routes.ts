import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route, type EndpointRouteExtras } from '../../http/register-endpoint';
import { requireAuth } from '../../plugins/auth';
import type { BackofficeBlogService } from './backoffice-blog.service';

export const backofficeBlogRoutes: FastifyPluginAsync<{ backofficeBlog: BackofficeBlogService }> = async (app, { backofficeBlog: blog }) => {
  // Each write is about one article (or category), recorded as it was before (decision record 070's audit entries).
  const subjectOf = (type: string): NonNullable<EndpointRouteExtras['audit']>['subject'] => (request, result) => {
    const id = (result as { id?: number } | undefined)?.id ?? (request.params as { id?: number } | undefined)?.id;
    return id === undefined ? null : { type, id };
  };
  const article: EndpointRouteExtras = {
    audit: { before: async (request) => blog.find((request.params as { id: number }).id), subject: subjectOf('blog_article') },
  };
  const category: EndpointRouteExtras = {
    audit: { before: async (request) => blog.category((request.params as { id: number }).id), subject: subjectOf('blog_category') },
  };

  route(app, ENDPOINTS['backoffice.blog.list'], async (request) => blog.list(request.query));
  route(app, ENDPOINTS['backoffice.blog.get'], async (request) => blog.get(request.params.id));
  route(app, ENDPOINTS['backoffice.blog.create'], async (request) => blog.create(request.body, { userId: requireAuth(request).userId }), { audit: { subject: subjectOf('blog_article') } });
  route(app, ENDPOINTS['backoffice.blog.save'], async (request) => blog.save(request.params.id, request.body, { userId: requireAuth(request).userId }), article);
  route(app, ENDPOINTS['backoffice.blog.publish'], async (request) => blog.publish(request.params.id, request.body, { userId: requireAuth(request).userId }), article);
  route(app, ENDPOINTS['backoffice.blog.unpublish'], async (request) => blog.unpublish(request.params.id, request.body.version, { userId: requireAuth(request).userId }), article);
  route(app, ENDPOINTS['backoffice.blog.categories'], async () => blog.categories());
  route(app, ENDPOINTS['backoffice.blog.categories.create'], async (request) => blog.createCategory(request.body), { audit: { subject: subjectOf('blog_category') } });
  route(app, ENDPOINTS['backoffice.blog.categories.rename'], async (request) => blog.renameCategory(request.params.id, request.body), category);
};
