import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangeAvatarBody,
  ChangeEmailBody,
  ChangeNotificationSettingsBody,
  ChangePasswordBody,
  ChangePersonalDataBody,
  ChangeUsernameBody,
  ConfirmEmailChangeBody,
  ErrorBody,
  PlaydateDescriptionBlockHiddenBody,
  UpcomingPlaydateBlockHiddenBody,
  Profile,
  RolesResponse,
  StatusOk,
  UserLangBody,
  SetOrganicDataBody,
  ValidateEmailBody,
  ValidateUsernameBody,
  ValidationResult,
} from '@velora/shared';
import type { Config } from '../../config';
import { requireAuth } from '../../plugins/auth';
import type { UsersSettingsService } from './users-settings.service';
import type { UsersService } from './users.service';

const errors = { 400: ErrorBody, 401: ErrorBody };

export interface UsersRoutesOptions {
  users: UsersService;
  usersSettings: UsersSettingsService;
  config: Pick<Config, 'disabledRoles'>;
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users, usersSettings: settings, config }) => {
  const ok = { status: 'ok' as const };
  const settingErrors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };

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

  // A /feature/* call of SPEC §7, here because the answers are the user's own data.
  app.post('/feature/set_organic_data', {
    config: { access: 'member' },
    schema: {
      tags: ['features'],
      summary: 'Store the answers of the organic popup: age, where the member heard of the site',
      security: [{ bearer: [] }],
      body: SetOrganicDataBody,
      response: { 200: StatusOk, ...errors },
    },
    handler: async (request) => {
      await users.setOrganicData(requireAuth(request).userId, request.body);
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
    // Every role held, also those switched off locally (the app lists them to switch back on); not those the deployment disabled.
    handler: async (request) =>
      request.auth ? (await users.roles(request.auth.userId)).filter((role) => !config.disabledRoles.includes(role.token)) : [],
  });

  // ---- Account and settings (SPEC §7 User) ----

  app.post('/user/change_password', {
    config: { access: 'member' },
    schema: {
      tags: ['user'],
      summary: 'Change the password (current and new); ends the other sessions of the user',
      security: [{ bearer: [] }],
      body: ChangePasswordBody,
      response: { 200: StatusOk, ...settingErrors },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      await settings.changePassword(auth.userId, auth.sessionId, request.body);
      return ok;
    },
  });

  app.post('/user/change_username', {
    config: { access: 'member' },
    schema: { tags: ['user'], summary: 'Change username and chat name (needs the password)', security: [{ bearer: [] }], body: ChangeUsernameBody, response: { 200: StatusOk, ...settingErrors } },
    handler: async (request) => {
      await settings.changeUsername(requireAuth(request).userId, request.body);
      return ok;
    },
  });

  app.post('/user/change_email', {
    config: { access: 'member' },
    schema: {
      tags: ['user'],
      summary: 'Ask to change the email address: a confirmation link goes to the new address',
      security: [{ bearer: [] }],
      body: ChangeEmailBody,
      response: { 200: StatusOk, ...settingErrors },
    },
    handler: async (request) => {
      await settings.changeEmail(requireAuth(request).userId, request.body);
      return ok;
    },
  });

  app.post('/user/confirm_email_change', {
    config: { access: 'public' },
    schema: { tags: ['user'], summary: 'Confirm a new email address with the token of the mailed link', body: ConfirmEmailChangeBody, response: { 200: StatusOk, 400: ErrorBody, 409: ErrorBody } },
    handler: async (request) => {
      await settings.confirmEmailChange(request.body.token);
      return ok;
    },
  });

  app.post('/user/change_personal_data', {
    config: { access: 'member' },
    schema: { tags: ['user'], summary: 'Change name and address', security: [{ bearer: [] }], body: ChangePersonalDataBody, response: { 200: StatusOk, ...settingErrors } },
    handler: async (request) => {
      await settings.changePersonalData(requireAuth(request).userId, request.body);
      return ok;
    },
  });

  app.post('/user/change_notification_settings', {
    config: { access: 'member' },
    schema: { tags: ['user'], summary: 'Playdate and camera mail notifications', security: [{ bearer: [] }], body: ChangeNotificationSettingsBody, response: { 200: StatusOk, ...errors } },
    handler: async (request) => {
      await settings.changeNotificationSettings(requireAuth(request).userId, request.body);
      return ok;
    },
  });

  app.post('/user/change_avatar', {
    config: { access: 'member' },
    schema: { tags: ['user'], summary: 'Avatar: null default, 0 the svg of the user id, 1–40 a chosen svg', security: [{ bearer: [] }], body: ChangeAvatarBody, response: { 200: StatusOk, ...errors } },
    handler: async (request) => {
      await settings.changeAvatar(requireAuth(request).userId, request.body.avatar);
      return ok;
    },
  });

  app.get('/user/subscribe_newsletter', {
    config: { access: 'member' },
    schema: { tags: ['user'], summary: 'Subscribe to the newsletter (undoes unsubscribe_mails)', security: [{ bearer: [] }], response: { 200: StatusOk, 401: ErrorBody } },
    handler: async (request) => {
      await settings.subscribeNewsletter(requireAuth(request).userId);
      return ok;
    },
  });

  app.post('/user/playdate_description_block_hidden', {
    config: { access: 'member' },
    schema: { tags: ['user'], summary: 'Hide or show the playdate description block', security: [{ bearer: [] }], body: PlaydateDescriptionBlockHiddenBody, response: { 200: StatusOk, ...errors } },
    handler: async (request) => {
      await settings.setPlaydateBlockHidden(requireAuth(request).userId, request.body.hideDescriptionBlock);
      return ok;
    },
  });

  app.post('/user/upcoming_playdate_block_hidden', {
    config: { access: 'member' },
    schema: { tags: ['user'], summary: 'Hide or show the upcoming playdate block', security: [{ bearer: [] }], body: UpcomingPlaydateBlockHiddenBody, response: { 200: StatusOk, ...errors } },
    handler: async (request) => {
      await settings.setUpcomingPlaydateBlockHidden(requireAuth(request).userId, request.body.hide);
      return ok;
    },
  });
};
