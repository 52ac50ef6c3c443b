import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import { requireAuth } from '../../plugins/auth';
import type { VideosService } from './videos.service';

// Static paths (/videos/tags, /unlocked, /random, /free, /test) win over /videos/:id in Fastify's router;
// the tests check each of them.

export const videosRoutes: FastifyPluginAsync<{ videos: VideosService }> = async (app, { videos }) => {
  route(app, ENDPOINTS['videos.list'], async (request) => videos.list(request.query, request.auth));
  route(app, ENDPOINTS['videos.tags'], async () => videos.tags());
  route(app, ENDPOINTS['videos.unlocked'], async (request) => videos.unlocked(requireAuth(request)));
  route(app, ENDPOINTS['videos.unlock'], async (request) =>
    videos.redeemUnlockToken(request.body.token, requireAuth(request), { ip: request.ip }),
  );
  route(app, ENDPOINTS['videos.random'], async (request) => videos.random(request.auth));
  route(app, ENDPOINTS['videos.free'], async (request) => videos.freeVideo(request.query.token, request.auth, { ip: request.ip }));
  route(app, ENDPOINTS['videos.test'], async (request) => videos.testVideos(request.auth));
  route(app, ENDPOINTS['videos.detail'], async (request) => videos.detail(request.params.id, request.auth));
  route(app, ENDPOINTS['videos.playback.record'], async (request) => {
    await videos.recordPlayback(request.params.id, request.body, requireAuth(request));
  });
  route(app, ENDPOINTS['videos.playbacks'], async (request) => videos.playbacks(request.params.id, requireAuth(request)));
  route(app, ENDPOINTS['videos.similar'], async (request) => videos.similar(request.params.id, request.auth));
};
