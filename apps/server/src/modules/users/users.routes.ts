import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import type { Config } from '../../config';
import { route } from '../../http/register-endpoint';
import { requireAuth } from '../../plugins/auth';
import type { UsersSettingsService } from './users-settings.service';
import type { UsersService } from './users.service';

export interface UsersRoutesOptions {
  users: UsersService;
  usersSettings: UsersSettingsService;
  config: Pick<Config, 'disabledRoles'>;
}

export const usersRoutes: FastifyPluginAsync<UsersRoutesOptions> = async (app, { users, usersSettings: settings, config }) => {
  const ok = { status: 'ok' as const };

  route(app, ENDPOINTS['user.profile'], async (request) => {
    const auth = requireAuth(request);
    return users.profile(auth.userId, request.visitId, auth);
  });

  route(app, ENDPOINTS['user.lang'], async (request) => {
    await users.setLanguage(requireAuth(request).userId, request.body.lang);
    return ok;
  });

  route(app, ENDPOINTS['user.unsubscribeMails'], async (request) => {
    await users.unsubscribeMails(requireAuth(request).userId);
    return ok;
  });

  // A /feature/* call of product §7, here because the answers are the user's own data.
  route(app, ENDPOINTS['features.setOrganicData'], async (request) => {
    await users.setOrganicData(requireAuth(request).userId, request.body);
    return ok;
  });

  route(app, ENDPOINTS['user.validateUsername'], async (request) => users.validateUsername(request.body.username, { ip: request.ip }));
  route(app, ENDPOINTS['user.validateEmail'], async (request) => users.validateEmail(request.body.email, { ip: request.ip }));

  // Every role held, also those switched off locally (the app lists them to switch back on); not those the deployment disabled.
  route(app, ENDPOINTS['user.roles'], async (request) =>
    request.auth ? (await users.roles(request.auth.userId)).filter((role) => !config.disabledRoles.includes(role.token)) : [],
  );

  // ---- Account and settings (product §7 User) ----

  route(app, ENDPOINTS['user.changePassword'], async (request) => {
    const auth = requireAuth(request);
    await settings.changePassword(auth.userId, auth.sessionId, request.body);
    return ok;
  });

  route(app, ENDPOINTS['user.changeUsername'], async (request) => {
    await settings.changeUsername(requireAuth(request).userId, request.body);
    return ok;
  });

  route(app, ENDPOINTS['user.changeEmail'], async (request) => {
    await settings.changeEmail(requireAuth(request).userId, request.body);
    return ok;
  });

  route(app, ENDPOINTS['user.confirmEmailChange'], async (request) => {
    await settings.confirmEmailChange(request.body.token);
    return ok;
  });

  route(app, ENDPOINTS['user.changePersonalData'], async (request) => {
    await settings.changePersonalData(requireAuth(request).userId, request.body);
    return ok;
  });

  route(app, ENDPOINTS['user.changeNotificationSettings'], async (request) => {
    await settings.changeNotificationSettings(requireAuth(request).userId, request.body);
    return ok;
  });

  route(app, ENDPOINTS['user.changeAvatar'], async (request) => {
    await settings.changeAvatar(requireAuth(request).userId, request.body.avatar);
    return ok;
  });

  route(app, ENDPOINTS['user.subscribeNewsletter'], async (request) => {
    await settings.subscribeNewsletter(requireAuth(request).userId);
    return ok;
  });

  route(app, ENDPOINTS['user.playdateDescriptionBlockHidden'], async (request) => {
    await settings.setPlaydateBlockHidden(requireAuth(request).userId, request.body.hideDescriptionBlock);
    return ok;
  });

  route(app, ENDPOINTS['user.upcomingPlaydateBlockHidden'], async (request) => {
    await settings.setUpcomingPlaydateBlockHidden(requireAuth(request).userId, request.body.hide);
    return ok;
  });
};
