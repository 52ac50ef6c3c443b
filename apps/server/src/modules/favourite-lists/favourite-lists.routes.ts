import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, FavouriteKindParam, FavouriteList, FavouriteListQuery } from '@velora/shared';
import { requireAuth } from '../../plugins/auth';
import { isLawLimitedKind } from '../favourites/favourites.service';
import type { FavouriteListsService } from './favourite-lists.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 451: ErrorBody };

const isCameraKind = (request: FastifyRequest) => isLawLimitedKind((request.params as { kind?: string }).kind);

export const favouriteListsRoutes: FastifyPluginAsyncZod<{ favouriteLists: FavouriteListsService }> = async (app, { favouriteLists: lists }) => {
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
};
