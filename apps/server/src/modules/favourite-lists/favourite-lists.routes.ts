import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import { requireAuth } from '../../plugins/auth';
import type { FavouriteListsService } from './favourite-lists.service';

export const favouriteListsRoutes: FastifyPluginAsync<{ favouriteLists: FavouriteListsService }> = async (app, { favouriteLists: lists }) => {
  route(app, ENDPOINTS['favourites.list'], async (request) => lists.list(request.params.kind, request.query.page, requireAuth(request)));
};
