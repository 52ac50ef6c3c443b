import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS, type StudioCamera } from '@velora/shared';
import { route, type EndpointRouteExtras } from '../../http/register-endpoint';
import type { BindableRealtimeHub } from '../../lib/realtime-hub';
import { requireAuth } from '../../plugins/auth';
import type { CamerasService } from './cameras.service';

// Live cams (decision record 032). Law limits, capabilities and rate-limit declarations come from the table.
export const camerasRoutes: FastifyPluginAsync<{ cameras: CamerasService; realtime: BindableRealtimeHub }> = async (app, { cameras, realtime }) => {
  // The hub is the platform's: a second app over the same platform (tests) finds the kind declared already.
  if (!realtime.roomKind('camera')) realtime.defineRoomKind('camera', cameras.roomKind);

  route(app, ENDPOINTS['cameras.list'], async (request) => cameras.list(request.query, requireAuth(request)));
  route(app, ENDPOINTS['cameras.tags'], async () => cameras.tags());
  route(app, ENDPOINTS['cameras.detail'], async (request) => cameras.detail(request.params.name, requireAuth(request)));
  route(app, ENDPOINTS['cameras.photos'], async (request) => cameras.photos(request.params.name, request.query, requireAuth(request)));
  route(app, ENDPOINTS['cameras.videos'], async (request) => cameras.videos(request.params.name, request.query.page, requireAuth(request)));
  route(app, ENDPOINTS['cameras.watch'], async (request) => cameras.watch(request.params.name, requireAuth(request)));
  route(app, ENDPOINTS['cameras.feedback.ask'], async (request) => cameras.feedbackAsk(request.params.name, requireAuth(request)));
  route(app, ENDPOINTS['cameras.feedback.send'], async (request) => {
    await cameras.sendFeedback(request.params.name, request.body, requireAuth(request));
  });
  route(app, ENDPOINTS['team.cameraFeedback'], async (request) => cameras.feedbackList(request.query));

  route(app, ENDPOINTS['studio.camera.get'], async (request) => cameras.studio(requireAuth(request)));
  // Her writes are about her camera, as it was before (decision record 070's audit entries).
  const herCamera: EndpointRouteExtras = {
    audit: {
      before: (request) => cameras.studio(requireAuth(request)),
      subject: (_request, _result, before) => ({ type: 'camera', id: (before as StudioCamera).camera.id }),
    },
  };
  route(app, ENDPOINTS['studio.camera.update'], async (request) => cameras.updateStudio(requireAuth(request), request.body), herCamera);
  route(app, ENDPOINTS['studio.camera.streamKey'], async (request) => cameras.rotateStreamKey(requireAuth(request)), herCamera);
  route(app, ENDPOINTS['studio.camera.publish'], async (request) => cameras.publishTicket(requireAuth(request)), herCamera);
  route(
    app,
    ENDPOINTS['studio.camera.stop'],
    async (request) => {
      await cameras.stop(requireAuth(request));
    },
    herCamera,
  );
  route(app, ENDPOINTS['studio.camera.schedule.add'], async (request) => cameras.addShow(requireAuth(request), request.body), herCamera);
  route(app, ENDPOINTS['studio.camera.schedule.remove'], async (request) => cameras.removeShow(requireAuth(request), request.params.id), herCamera);

  // The one-click unsubscribe in a scope of its own: mail clients post a form (the table's bodyEncoding
  // 'json-or-form'), which only this route accepts. The token is in the query; the body carries nothing else.
  await app.register(async (unsubscribe) => {
    unsubscribe.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body.toString())));
    });
    route(unsubscribe, ENDPOINTS['cameras.mails.unsubscribe'], async (request) => cameras.unsubscribeMails(request.query.token, request.ip));
  });
};
