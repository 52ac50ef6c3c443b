import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  Profile,
  RolesResponse,
  StatusOk,
  UserLangBody,
  ValidateEmailBody,
  ValidateUsernameBody,
  ValidationResult,
} from '@velora/shared';
import type { AppDeps } from '../../app-deps';
import { requireAuth } from '../../plugins/auth';
import { createUsersService } from './users.service';

const errors = { 400: ErrorBody, 401: ErrorBody };

export const usersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const users = createUsersService(deps.db);

  app.get('/user/profile', {
    config: { access: 'member' },
    schema: {
      tags: ['user'],
      summary: 'The logged-in user (SPEC §3 user profile)',
      security: [{ bearer: [] }],
      response: { 200: Profile, 401: ErrorBody },
    },
    handler: async (request) => users.profile(requireAuth(request).userId, request.visitId),
  });

  app.post('/user/lang', {
    config: { access: 'member' },
    schema: { tags: ['user'], summary: 'Store the language the user chose', security: [{ bearer: [] }], body: UserLangBody, response: { 200: StatusOk, ...errors } },
    handler: async (request) => {
      await users.setLanguage(requireAuth(request).userId, request.body.lang);
      return { status: 'ok' as const };
    },
  });

  app.get('/user/unsubscribe_mails', {
    config: { access: 'member' },
    schema: { tags: ['user'], summary: 'Stop all non-essential mail to the user', security: [{ bearer: [] }], response: { 200: StatusOk, 401: ErrorBody } },
    handler: async (request) => {
      await users.unsubscribeMails(requireAuth(request).userId);
      return { status: 'ok' as const };
    },
  });

  app.post('/user/validate_username', {
    config: { access: 'public' },
    schema: { tags: ['user'], summary: 'Whether a username may be registered', body: ValidateUsernameBody, response: { 200: ValidationResult, 400: ErrorBody } },
    handler: async (request) => users.validateUsername(request.body.username),
  });

  app.post('/user/validate_email', {
    config: { access: 'public' },
    schema: { tags: ['user'], summary: 'Whether an email address may be registered', body: ValidateEmailBody, response: { 200: ValidationResult, 400: ErrorBody } },
    handler: async (request) => users.validateEmail(request.body.email),
  });

  app.get('/roles', {
    config: { access: 'optional' },
    schema: { tags: ['user'], summary: 'Role tokens of the user; empty for visitors', response: { 200: RolesResponse } },
    handler: async (request) => (request.auth ? users.roles(request.auth.userId) : []),
  });
};
