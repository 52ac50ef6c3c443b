import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, FavouriteKindParam, FavouriteList, FavouriteListQuery, FavouriteTargetParams } from '@velora/shared';
import type { AppDeps } from '../../app-deps';
import { requireAuth } from '../../plugins/auth';
import { createFavouritesListService } from './favourites-list.service';
import { createFavouritesService } from './favourites.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 451: ErrorBody };

/** Favourite cams are law-limited (SPEC §2 /favourite-cams); the other kinds are not. */
const isCameraKind = (request: FastifyRequest) => (request.params as { kind?: string }).kind === 'camera';

export const favouritesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const favourites = createFavouritesService(deps);
  const lists = createFavouritesListService(deps);

  app.get('/favourites/:kind', {
    config: { access: 'member', lawLimited: isCameraKind },
    schema: {
      tags: ['favourites'],
      summary: 'A page of the member\'s favourites of one kind, most recent first, each with its item',
      security: [{ bearer: [] }],
      params: FavouriteKindParam,
      querystring: FavouriteListQuery,
      response: { 200: FavouriteList, ...errors },
    },
    handler: async (request) => lists.list(request.params.kind, request.query.page, requireAuth(request)),
  });

  app.post('/favourites/:kind/:id', {
    config: { access: 'member', lawLimited: isCameraKind },
    schema: {
      tags: ['favourites'],
      summary: 'Add a favourite (idempotent); 404 when the target does not exist',
      security: [{ bearer: [] }],
      params: FavouriteTargetParams,
      response: { 204: z.null(), ...errors, 404: ErrorBody },
    },
    handler: async (request, reply) => {
      await favourites.add(requireAuth(request).userId, request.params.kind, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.delete('/favourites/:kind/:id', {
    config: { access: 'member', lawLimited: isCameraKind },
    schema: {
      tags: ['favourites'],
      summary: 'Remove a favourite (idempotent)',
      security: [{ bearer: [] }],
      params: FavouriteTargetParams,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await favourites.remove(requireAuth(request).userId, request.params.kind, request.params.id);
      return reply.status(204).send(null);
    },
  });
};
