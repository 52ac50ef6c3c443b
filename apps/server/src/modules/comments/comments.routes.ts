import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import { requireAuth } from '../../plugins/auth';
import type { CommentsService } from './comments.service';

// These share the /videos prefix with the videos module; `:id` matches its parameter name, and no route of
// the videos module has a `comments` segment, so the two never conflict.
export const commentsRoutes: FastifyPluginAsync<{ comments: CommentsService }> = async (app, { comments }) => {
  route(app, ENDPOINTS['comments.list'], async (request) => comments.list(request.params.id, request.query.page, requireAuth(request)));

  route(app, ENDPOINTS['comments.post'], async (request) => comments.post(request.params.id, request.body.body, requireAuth(request)));

  route(app, ENDPOINTS['comments.delete'], async (request) => {
    await comments.remove(request.params.id, request.params.commentId, requireAuth(request));
  });
};
