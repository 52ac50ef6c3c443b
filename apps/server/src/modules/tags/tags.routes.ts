import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS, type RetagBody } from '@velora/shared';
import { route } from '../../http/register-endpoint';
import type { TagsService } from './tags.service';

export const tagsRoutes: FastifyPluginAsync<{ tags: TagsService }> = async (app, { tags }) => {
  const tagId = (request: { params: unknown }) => (request.params as { tag_id: number }).tag_id;

  route(app, ENDPOINTS['backoffice.tags.list'], async (request) => tags.list(request.query.query));
  route(app, ENDPOINTS['backoffice.tags.create'], async (request) => tags.create(request.body), {
    audit: { subject: (_request, result) => ({ type: 'tag', id: (result as { id: number }).id }) },
  });
  route(app, ENDPOINTS['backoffice.tags.update'], async (request) => tags.rename(request.params.tag_id, request.body), {
    audit: { before: (request) => tags.get(tagId(request)) },
  });
  // The entry keeps the videos the tag was on: deleting it takes it off them all.
  route(
    app,
    ENDPOINTS['backoffice.tags.delete'],
    async (request) => {
      await tags.remove(request.params.tag_id);
    },
    { audit: { before: (request) => tags.withVideos(tagId(request)) } },
  );

  route(app, ENDPOINTS['backoffice.retag.videos'], async (request) => tags.videos(request.query));
  // One entry per call, with every selected video before and after (decision record 071).
  route(app, ENDPOINTS['backoffice.retag.apply'], async (request) => tags.retag(request.body), {
    audit: {
      before: async (request) => ({ videos: await tags.selection((request.body as RetagBody).video_ids) }),
      subject: (request) => ({ type: 'videos', id: (request.body as RetagBody).video_ids.join(',') }),
    },
  });
};
