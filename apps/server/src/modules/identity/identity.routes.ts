import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import { notFound } from '../../lib/http-error';
import type { IdentityService } from './identity.service';

export const identityRoutes: FastifyPluginAsync<{ identity: IdentityService }> = async (app, { identity }) => {
  // Static /auth/* routes (login, register, …) take precedence over this parametric one.
  route(
    app,
    ENDPOINTS['auth.identity'],
    async (request) =>
      identity.signIn(request.params.provider, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        visitId: request.visitId,
      }),
    {
      // Before validation (the table's guardBeforeValidation): on another host, or for an unknown provider, the route does not exist at all.
      preValidation: async (request) => {
        const { provider } = request.params as { provider?: string };
        if (!identity.isAvailable(String(provider ?? ''), request.hostname || null)) throw notFound('Sign-in with this provider is not available here');
      },
    },
  );
};
