import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { BO_UPLOAD_MAX_BYTES, ENDPOINTS } from '@velora/shared';
import { route, type EndpointRouteExtras } from '../../http/register-endpoint';
import type { BackofficeCatalogService } from './backoffice-catalog.service';
import { readUploadedFiles } from './catalog-upload-files';

export const backofficeCatalogRoutes: FastifyPluginAsync<{ backofficeCatalog: BackofficeCatalogService }> = async (app, { backofficeCatalog: catalog }) => {
  // Multipart bodies only for these routes (this plugin's scope): the rest of the API takes JSON.
  await app.register(multipart, { limits: { fileSize: BO_UPLOAD_MAX_BYTES } });

  // Each write's audit entry names the model or shoot and keeps it as it was before (decision record 070).
  const idOf = (request: { params: unknown }) => (request.params as { id: number }).id;
  const model: EndpointRouteExtras = {
    audit: { before: (request) => catalog.modelDetail(idOf(request)).catch(() => null), subject: (request) => ({ type: 'model', id: idOf(request) }) },
  };
  const shoot: EndpointRouteExtras = {
    audit: { before: (request) => catalog.shootDetail(idOf(request)).catch(() => null), subject: (request) => ({ type: 'shoot', id: idOf(request) }) },
  };
  const made = (type: string): EndpointRouteExtras => ({ audit: { subject: (_request, result) => ({ type, id: (result as { id: number }).id }) } });

  route(app, ENDPOINTS['backoffice.models.list'], async (request) => catalog.listModels(request.query));
  route(app, ENDPOINTS['backoffice.models.detail'], async (request) => catalog.modelDetail(request.params.id));
  route(app, ENDPOINTS['backoffice.models.create'], async (request) => catalog.createModel(request.body), made('model'));
  route(app, ENDPOINTS['backoffice.models.update'], async (request) => catalog.updateModel(request.params.id, request.body), model);
  route(app, ENDPOINTS['backoffice.models.picture'], async (request) => {
    const [file] = await readUploadedFiles(request, 1);
    return catalog.setPicture(request.params.id, file!);
  }, model);
  route(app, ENDPOINTS['backoffice.models.account'], async (request) => catalog.setAccount(request.params.id, request.body), model);
  route(app, ENDPOINTS['backoffice.models.camera'], async (request) => catalog.setCamera(request.params.id, request.body, request.auth!), model);
  route(app, ENDPOINTS['backoffice.models.publish'], async (request) => catalog.setPublished(request.params.id, true), model);
  route(app, ENDPOINTS['backoffice.models.unpublish'], async (request) => catalog.setPublished(request.params.id, false), model);

  route(app, ENDPOINTS['backoffice.shoots.list'], async (request) => catalog.listShoots(request.query));
  route(app, ENDPOINTS['backoffice.shoots.detail'], async (request) => catalog.shootDetail(request.params.id));
  route(app, ENDPOINTS['backoffice.shoots.videoOptions'], async (request) => catalog.videoOptions(request.query.q));
  route(app, ENDPOINTS['backoffice.shoots.create'], async (request) => catalog.createShoot(request.body), made('shoot'));
  route(app, ENDPOINTS['backoffice.shoots.update'], async (request) => catalog.updateShoot(request.params.id, request.body), shoot);
  route(app, ENDPOINTS['backoffice.shoots.upload'], async (request) => catalog.upload(request.params.id, await readUploadedFiles(request)), shoot);
  route(app, ENDPOINTS['backoffice.shoots.order'], async (request) => catalog.order(request.params.id, request.body), shoot);
  route(app, ENDPOINTS['backoffice.shoots.removeImage'], async (request) => catalog.remove(request.params.id, request.params.image_id), shoot);
  route(app, ENDPOINTS['backoffice.shoots.cover'], async (request) => catalog.cover(request.params.id, request.body), shoot);
  route(app, ENDPOINTS['backoffice.shoots.publish'], async (request) => catalog.publish(request.params.id, request.body), shoot);
  route(app, ENDPOINTS['backoffice.shoots.unpublish'], async (request) => catalog.unpublish(request.params.id), shoot);
};
