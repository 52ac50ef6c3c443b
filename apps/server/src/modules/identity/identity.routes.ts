import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccessTokenResponse, ErrorBody, IdentityProviderParam, IdentitySignInBody } from '@velora/shared';
import { notFound } from '../../lib/http-error';
import type { IdentityService } from './identity.service';

export const identityRoutes: FastifyPluginAsyncZod<{ identity: IdentityService }> = async (app, { identity }) => {
  // Static /auth/* routes (login, register, …) take precedence over this parametric one.
  app.post('/auth/:provider', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Sign in with an OpenID Connect ID token of an identity provider (e.g. google); creates or links the account',
      params: IdentityProviderParam,
      body: IdentitySignInBody,
      response: { 200: AccessTokenResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 503: ErrorBody },
    },
    // Before validation: on another host, or for an unknown provider, the route does not exist at all.
    preValidation: async (request) => {
      const { provider } = request.params as { provider?: string };
      if (!identity.isAvailable(String(provider ?? ''), request.hostname || null)) throw notFound('Sign-in with this provider is not available here');
    },
    handler: async (request) =>
      identity.signIn(request.params.provider, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        visitId: request.visitId,
      }),
  });
};
