import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import { requireAuth } from '../../plugins/auth';
import type { SecondFactorService } from './second-factor.service';

export const secondFactorRoutes: FastifyPluginAsync<{ secondFactor: SecondFactorService }> = async (app, { secondFactor }) => {
  route(app, ENDPOINTS['secondFactor.state'], async (request) => secondFactor.state(requireAuth(request)));

  route(app, ENDPOINTS['secondFactor.setup'], async (request) => secondFactor.setup(requireAuth(request)));

  route(app, ENDPOINTS['secondFactor.confirm'], async (request) => secondFactor.confirm(requireAuth(request), request.body.code));

  route(app, ENDPOINTS['secondFactor.verify'], async (request) => secondFactor.verify(requireAuth(request), request.body.code));

  route(app, ENDPOINTS['secondFactor.recoveryCodes'], async (request) => secondFactor.newRecoveryCodes(requireAuth(request), request.body.code));
};
