import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ContactBody, ContentReportBody, CustomPage, CustomPageQuery, ErrorBody, PageMeta, PageMetaQuery, StatusOk } from '@velora/shared';
import type { PagesService } from './pages.service';

const WildcardPath = z.object({ '*': z.string() });

export const pagesRoutes: FastifyPluginAsyncZod<{ pages: PagesService }> = async (app, { pages }) => {
  // A static path: find-my-way always prefers it to the /pages/* wildcard below.
  app.get('/pages/meta', {
    config: { access: 'public' },
    schema: {
      tags: ['pages'],
      summary: 'Title, description, keywords, robots and canonical URL for any path of the site',
      description:
        '`url` is a path or an absolute URL. App routes get their defaults (a blog article or landing its own title), ' +
        'custom pages their stored meta; any other path gets the site\'s defaults with robots "noindex, follow": ' +
        'the answer is always 200, so the client always has meta to apply.',
      querystring: PageMetaQuery,
      response: { 200: PageMeta, 400: ErrorBody },
    },
    handler: async (request) => pages.meta(request.query.url, request.query.lang),
  });

  app.get('/pages/*', {
    config: { access: 'optional' },
    schema: {
      tags: ['pages'],
      summary: 'A custom page by its path: GET /pages/summer-special is the page at /summer-special',
      description:
        'For a page with a password: without `password` the answer is 200 with has_password true and source null; ' +
        'a wrong one is 403 INVALID_PASSWORD "Invalid password!" (10 wrong ones per address in 15 minutes, then 429); ' +
        'the right one gives the source. 404 for a path with no page.',
      params: WildcardPath,
      querystring: CustomPageQuery,
      response: { 200: CustomPage, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody },
    },
    handler: async (request, reply) => {
      const page = await pages.get(request.params['*'], request.query.password, request.ip);
      // A protected page's source must not sit in a shared cache.
      void reply.header('cache-control', page.has_password ? 'private, no-store' : 'no-cache');
      return page;
    },
  });

  app.post('/pages/contact_us', {
    config: { access: 'optional' },
    schema: {
      tags: ['pages'],
      summary: 'Send a message to support (needs a solved captcha from GET /captcha/challenge)',
      body: ContactBody,
      response: { 200: StatusOk, 400: ErrorBody, 429: ErrorBody },
    },
    handler: async (request) => {
      await pages.contact(request.body, { ip: request.ip, userId: request.auth?.userId ?? null });
      return { status: 'ok' as const };
    },
  });

  app.post('/pages/content_report', {
    config: { access: 'optional' },
    schema: {
      tags: ['pages'],
      summary: 'Report content for review or removal (needs a solved captcha from GET /captcha/challenge)',
      body: ContentReportBody,
      response: { 200: StatusOk, 400: ErrorBody, 429: ErrorBody },
    },
    handler: async (request) => {
      await pages.report(request.body, { ip: request.ip, userId: request.auth?.userId ?? null });
      return { status: 'ok' as const };
    },
  });
};
