import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Comment, CommentBody, CommentList, ErrorBody, FeedQuery, IdParam } from '@velora/shared';
import { requireAuth } from '../../plugins/auth';
import type { CommentsService } from './comments.service';

// These share the /videos prefix with the videos module; `:id` matches its parameter name, and no route of
// the videos module has a `comments` segment, so the two never conflict.
const CommentParams = z.object({
  id: z.coerce.number().int().positive(),
  commentId: z.coerce.number().int().positive(),
});
const PageQuery = FeedQuery;

const errors = { 400: ErrorBody, 401: ErrorBody };

export const commentsRoutes: FastifyPluginAsyncZod<{ comments: CommentsService }> = async (app, { comments }) => {
  app.get('/videos/:id/comments', {
    config: { access: 'member' },
    schema: {
      tags: ['comments'],
      summary: 'A page of a video\'s comments, newest first, 20 per page',
      security: [{ bearer: [] }],
      params: IdParam,
      querystring: PageQuery,
      response: { 200: CommentList, ...errors, 404: ErrorBody },
    },
    handler: async (request) => comments.list(request.params.id, request.query.page, requireAuth(request)),
  });

  app.post('/videos/:id/comments', {
    config: { access: 'member' },
    schema: {
      tags: ['comments'],
      summary: 'Post a plain-text comment (1–2000 characters after trimming); at most 10 a minute per member',
      security: [{ bearer: [] }],
      params: IdParam,
      body: CommentBody,
      response: { 201: Comment, ...errors, 404: ErrorBody, 429: ErrorBody },
    },
    handler: async (request, reply) => {
      const comment = await comments.post(request.params.id, request.body.body, requireAuth(request));
      return reply.status(201).send(comment);
    },
  });

  app.delete('/videos/:id/comments/:commentId', {
    config: { access: 'member' },
    schema: {
      tags: ['comments'],
      summary: 'Delete a comment: its author or a team member only',
      security: [{ bearer: [] }],
      params: CommentParams,
      response: { 204: z.null(), ...errors, 403: ErrorBody, 404: ErrorBody },
    },
    handler: async (request, reply) => {
      await comments.remove(request.params.id, request.params.commentId, requireAuth(request));
      return reply.status(204).send(null);
    },
  });
};
