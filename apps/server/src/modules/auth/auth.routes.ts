import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccessTokenResponse,
  ErrorBody,
  ForgotPasswordBody,
  LoginBody,
  LoginByHashBody,
  RegisterBody,
  ResetPasswordBody,
  StatusOk,
} from '@velora/shared';
import { requireAuth } from '../../plugins/auth';
import type { AuthService, ClientInfo } from './auth.service';

const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
  visitId: request.visitId,
});

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post('/auth/register', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Create an account and log in; mails a one-click log-in link',
      body: RegisterBody,
      response: { 201: AccessTokenResponse, 400: ErrorBody, 409: ErrorBody },
    },
    handler: async (request, reply) => reply.status(201).send(await auth.register(request.body, clientOf(request))),
  });

  app.post('/auth/login', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Log in with a username or email address and a password',
      body: LoginBody,
      response: { 200: AccessTokenResponse, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
    },
    handler: async (request) => auth.login(request.body, clientOf(request)),
  });

  app.post('/auth/logout', {
    config: { access: 'member' },
    schema: {
      tags: ['auth'],
      summary: 'End the current session; its token stops working everywhere',
      security: [{ bearer: [] }],
      response: { 204: z.null().describe('No content'), 401: ErrorBody },
    },
    handler: async (request, reply) => {
      await auth.logout(requireAuth(request).sessionId);
      return reply.status(204).send(null);
    },
  });

  app.post('/auth/forgot_password', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Mail a password reset link; answers the same whether or not an account matches',
      body: ForgotPasswordBody,
      response: { 200: StatusOk, 400: ErrorBody, 429: ErrorBody },
    },
    handler: async (request) => {
      await auth.forgotPassword(request.body, clientOf(request));
      return { status: 'ok' as const };
    },
  });

  app.post('/auth/reset_password', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Set a new password with the key of a reset link; ends every session of the account',
      body: ResetPasswordBody,
      response: { 200: StatusOk, 400: ErrorBody },
    },
    handler: async (request) => {
      await auth.resetPassword(request.body);
      return { status: 'ok' as const };
    },
  });

  app.post('/auth/login_by_hash', {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Log in with the one-click link of a mail (single use)',
      body: LoginByHashBody,
      response: { 200: AccessTokenResponse, 400: ErrorBody },
    },
    handler: async (request) => auth.loginByHash(request.body, clientOf(request)),
  });
};
