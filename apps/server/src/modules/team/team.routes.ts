import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route, type EndpointRouteExtras } from '../../http/register-endpoint';
import type { TeamService } from './team.service';

export const teamRoutes: FastifyPluginAsync<{ team: TeamService }> = async (app, { team }) => {
  // Each write is about one person, recorded as they were before (decision record 070's audit entries).
  const person = (userIdOf: (request: { params: unknown; body: unknown }) => Promise<number | null>): EndpointRouteExtras => ({
    audit: {
      before: async (request) => {
        const userId = await userIdOf(request);
        return userId === null ? null : team.member(userId);
      },
      subject: (_request, result, before) => {
        const id = (result as { user_id?: number } | undefined)?.user_id ?? (before as { user_id?: number } | null)?.user_id;
        return id === undefined ? null : { type: 'user', id };
      },
    },
  });
  const byParam = person(async (request) => (request.params as { user_id: number }).user_id);

  route(app, ENDPOINTS['backoffice.team.list'], async () => team.list());
  route(app, ENDPOINTS['backoffice.team.add'], async (request) => team.add(request.body), person((request) => team.userIdByLogin((request.body as { login: string }).login)));
  route(app, ENDPOINTS['backoffice.team.update'], async (request) => team.update(request.params.user_id, request.body), byParam);
  route(
    app,
    ENDPOINTS['backoffice.team.resetSecondFactor'],
    async (request) => {
      await team.resetSecondFactor(request.params.user_id);
    },
    byParam,
  );
};
