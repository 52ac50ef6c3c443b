import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route, type EndpointRouteExtras } from '../../http/register-endpoint';
import type { BackofficeVideosService } from './backoffice-videos.service';

export const backofficeVideosRoutes: FastifyPluginAsync<{ backofficeVideos: BackofficeVideosService }> = async (app, { backofficeVideos: videos }) => {
  // Each write is about one video, recorded as it stood before (its summary: no pictures in the audit log).
  const aboutVideo: EndpointRouteExtras = {
    audit: { before: async (request) => videos.snapshot((request.params as { id: number }).id) },
  };

  route(app, ENDPOINTS['backoffice.videos.list'], async (request) => videos.list(request.query));
  route(app, ENDPOINTS['backoffice.videos.get'], async (request) => videos.get(request.params.id));
  route(app, ENDPOINTS['backoffice.videos.models'], async () => videos.modelChoices());
  route(app, ENDPOINTS['backoffice.videos.frames'], async (request) => videos.frames(request.params.id));
  route(app, ENDPOINTS['backoffice.videos.coverImage'], async (request) => videos.coverImage(request.params.id));
  route(app, ENDPOINTS['backoffice.videos.create'], async (request) => videos.create(request.body), {
    audit: { subject: (_request, result) => ({ type: 'video', id: (result as { id: number }).id }) },
  });
  route(app, ENDPOINTS['backoffice.videos.update'], async (request) => videos.update(request.params.id, request.body), aboutVideo);
  route(app, ENDPOINTS['backoffice.videos.publish'], async (request) => videos.publish(request.params.id, request.body ?? {}), aboutVideo);
  route(app, ENDPOINTS['backoffice.videos.unpublish'], async (request) => videos.unpublish(request.params.id), aboutVideo);
  route(app, ENDPOINTS['backoffice.videos.cover'], async (request) => videos.setCover(request.params.id, request.body), aboutVideo);
};
