import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import { requireAuth } from '../../plugins/auth';
import type { FavouritesService } from './favourites.service';

// Adding and removing; the filled-in lists are the favourite-lists module's. Favourite cams are law-limited (the table).
export const favouritesRoutes: FastifyPluginAsync<{ favourites: FavouritesService }> = async (app, { favourites }) => {
  route(app, ENDPOINTS['favourites.add'], async (request) => {
    await favourites.add(requireAuth(request).userId, request.params.kind, request.params.id);
  });

  route(app, ENDPOINTS['favourites.remove'], async (request) => {
    await favourites.remove(requireAuth(request).userId, request.params.kind, request.params.id);
  });
};
