import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BlogAliasParam, BlogArticle, BlogArticleQuery, BlogList, BlogListQuery, ErrorBody } from '@velora/shared';
import type { BlogService } from './blog.service';

export const blogRoutes: FastifyPluginAsyncZod<{ blog: BlogService }> = async (app, { blog }) => {
  app.get('/blog', {
    config: { access: 'optional' },
    schema: {
      tags: ['blog'],
      summary: 'A page of blog articles in one language, newest first',
      description: '`title` matches part of the title (any case); `category` is a category slug or id. Also lists every category.',
      querystring: BlogListQuery,
      response: { 200: BlogList, 400: ErrorBody },
    },
    handler: async (request) => blog.list(request.query, request.auth),
  });

  app.get('/blog/:alias', {
    config: { access: 'optional' },
    schema: {
      tags: ['blog'],
      summary: 'One blog article by its alias, with its sanitised HTML',
      description: 'Without `lang`, the article with that alias in any language (English first). 404 when there is none.',
      params: BlogAliasParam,
      querystring: BlogArticleQuery,
      response: { 200: BlogArticle, 400: ErrorBody, 404: ErrorBody },
    },
    handler: async (request) => blog.get(request.params.alias, request.query.lang ?? null, request.auth),
  });
};
