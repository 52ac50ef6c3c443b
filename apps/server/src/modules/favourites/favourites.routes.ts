import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, FavouriteTargetParams } from '@velora/shared';
import { requireAuth } from '../../plugins/auth';
import { isLawLimitedKind, type FavouritesService } from './favourites.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 451: ErrorBody };

const isCameraKind = (request: FastifyRequest) => isLawLimitedKind((request.params as { kind?: string }).kind);

// Adding and removing; the filled-in lists are the favourite-lists module's.
export const favouritesRoutes: FastifyPluginAsyncZod<{ favourites: FavouritesService }> = async (app, { favourites }) => {
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
