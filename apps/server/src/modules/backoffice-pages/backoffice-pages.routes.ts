import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route, type EndpointRouteExtras } from '../../http/register-endpoint';
import type { BackofficePagesService } from './backoffice-pages.service';

export const backofficePagesRoutes: FastifyPluginAsync<{ backofficePages: BackofficePagesService }> = async (app, { backofficePages: pages }) => {
  // Each page write is recorded with the page as it was (decision record 070's audit entries).
  const page: EndpointRouteExtras = {
    audit: {
      before: async (request) => pages.find((request.params as { id: number }).id),
      subject: (request) => ({ type: 'page', id: (request.params as { id: number }).id }),
    },
  };
  // Meta entries are about a path, which outlives any one row of them.
  const metaSubject = (path: string | undefined) => (path === undefined ? null : { type: 'path', id: path });

  route(app, ENDPOINTS['backoffice.pages.list'], async () => pages.list());
  route(app, ENDPOINTS['backoffice.pages.get'], async (request) => pages.get(request.params.id));
  route(app, ENDPOINTS['backoffice.pages.create'], async (request) => pages.create(request.body), {
    audit: { subject: (_request, result) => ({ type: 'page', id: (result as { id: number }).id }) },
  });
  route(app, ENDPOINTS['backoffice.pages.update'], async (request) => pages.update(request.params.id, request.body), page);
  route(app, ENDPOINTS['backoffice.pages.publish'], async (request) => pages.setPublished(request.params.id, request.body.published), page);
  route(
    app,
    ENDPOINTS['backoffice.pages.delete'],
    async (request) => {
      await pages.delete(request.params.id);
    },
    page,
  );
  route(app, ENDPOINTS['backoffice.landings.list'], async () => pages.landings());

  route(app, ENDPOINTS['backoffice.meta.list'], async () => pages.metaList());
  route(app, ENDPOINTS['backoffice.meta.get'], async (request) => pages.metaOf(request.query.path));
  route(app, ENDPOINTS['backoffice.meta.save'], async (request) => pages.saveMeta(request.body), {
    audit: {
      before: async (request) => pages.findMeta((request.body as { path: string }).path),
      subject: (request) => metaSubject((request.body as { path: string }).path),
    },
  });
  route(
    app,
    ENDPOINTS['backoffice.meta.delete'],
    async (request) => {
      await pages.deleteMeta(request.params.id);
    },
    {
      audit: {
        before: async (request) => pages.findMetaById((request.params as { id: number }).id),
        subject: (_request, _result, before) => metaSubject((before as { path?: string } | null)?.path),
      },
    },
  );
};
