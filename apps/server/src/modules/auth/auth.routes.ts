import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import { requireAuth } from '../../plugins/auth';
import type { AuthLinksService } from './auth-links.service';
import type { AuthService, ClientInfo } from './auth.service';

const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
  visitId: request.visitId,
});

export const authRoutes: FastifyPluginAsync<{ auth: AuthService; authLinks: AuthLinksService }> = async (app, { auth, authLinks }) => {
  route(app, ENDPOINTS['auth.register'], async (request) => auth.register(request.body, clientOf(request)));

  route(app, ENDPOINTS['auth.login'], async (request) => auth.login(request.body, clientOf(request)));

  route(app, ENDPOINTS['auth.logout'], async (request) => {
    await auth.logout(requireAuth(request).sessionId);
  });

  route(app, ENDPOINTS['auth.forgotPassword'], async (request) => {
    await auth.forgotPassword(request.body, clientOf(request));
    return { status: 'ok' as const };
  });

  route(app, ENDPOINTS['auth.resetPassword'], async (request) => {
    await auth.resetPassword(request.body);
    return { status: 'ok' as const };
  });

  route(app, ENDPOINTS['auth.loginByHash'], async (request) => auth.loginByHash(request.body, clientOf(request)));

  route(app, ENDPOINTS['auth.loginHashOwner'], async (request) => authLinks.loginHashOwner(request.body.hash, clientOf(request)));

  route(app, ENDPOINTS['auth.createHandOver'], async (request) => authLinks.createHandOver(requireAuth(request).userId));

  route(app, ENDPOINTS['auth.handOverOwner'], async (request) => authLinks.handOverOwner(request.body.code, clientOf(request)));

  route(app, ENDPOINTS['auth.exchangeHandOver'], async (request) => authLinks.exchangeHandOver(request.body.code, clientOf(request)));
};
