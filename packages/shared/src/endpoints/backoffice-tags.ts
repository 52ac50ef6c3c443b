import {
  BackofficeTagList,
  BackofficeTagListQuery,
  RetagBody,
  RetagResult,
  RetagVideoList,
  RetagVideoListQuery,
  TagNamesBody,
  TagParams,
} from '../contracts/backoffice-tags';
import { NoContent } from '../contracts/common';
import { Tag } from '../contracts/videos';
import { defineEndpoint } from './define-endpoint';

// The back office's tags (decision record 071). Reading tags, naming them and tagging videos is the Retagger's work
// (videos.retag); deleting a tag takes it off every video and out of members' filters, which only an admin may
// (admin.settings). Every write is audited by the route layer.

const tags = ['backoffice'];

export const backofficeTagsEndpoints = {
  'backoffice.tags.list': defineEndpoint({
    method: 'GET',
    path: '/backoffice/tags',
    query: BackofficeTagListQuery,
    response: BackofficeTagList,
    status: 200,
    answer: 'json',
    errors: [400, 401, 403],
    capability: 'videos.retag',
    summary: 'Every tag with its names in English, German and French and its number of videos, filtered by part of a name',
    tags,
  }),
  'backoffice.tags.create': defineEndpoint({
    method: 'POST',
    path: '/backoffice/tags',
    body: TagNamesBody,
    response: Tag,
    status: 201,
    answer: 'json',
    errors: [400, 401, 403, 409],
    capability: 'videos.retag',
    summary: 'Creates a tag with its three names; members see it in their filters at once',
    description: '409 DUPLICATE_TAG_NAME naming the field when another tag has that name in that language (any case).',
    tags,
  }),
  'backoffice.tags.update': defineEndpoint({
    method: 'PUT',
    path: '/backoffice/tags/:tag_id',
    params: TagParams,
    body: TagNamesBody,
    response: Tag,
    status: 200,
    answer: 'json',
    errors: [400, 401, 403, 404, 409],
    capability: 'videos.retag',
    summary: "Renames a tag in its three languages; members' lists and filters show the new names at once",
    description:
      '409 DUPLICATE_TAG_NAME naming the field when another tag has that name in that language; 409 PROTECTED_TAG when the English name of the Trailer tag would change (it marks trailers, product §1).',
    tags,
  }),
  'backoffice.tags.delete': defineEndpoint({
    method: 'DELETE',
    path: '/backoffice/tags/:tag_id',
    params: TagParams,
    response: NoContent,
    status: 204,
    answer: 'empty',
    errors: [400, 401, 403, 404, 409],
    capability: 'admin.settings',
    summary: 'Deletes a tag and takes it off every video (the audit entry keeps the tag and its videos)',
    description: '409 PROTECTED_TAG for the Trailer tag (it marks trailers, product §1).',
    tags,
  }),
  'backoffice.retag.videos': defineEndpoint({
    method: 'GET',
    path: '/backoffice/retag/videos',
    query: RetagVideoListQuery,
    response: RetagVideoList,
    status: 200,
    answer: 'json',
    errors: [400, 401, 403],
    capability: 'videos.retag',
    summary: 'A page of videos, newest first, with their tags and cover: by part of the title, with a tag, or untagged',
    tags,
  }),
  'backoffice.retag.apply': defineEndpoint({
    method: 'POST',
    path: '/backoffice/retag',
    body: RetagBody,
    response: RetagResult,
    status: 200,
    answer: 'json',
    errors: [400, 401, 403, 404],
    capability: 'videos.retag',
    summary: 'Adds and removes tags on many videos in one transaction: all of them change, or none',
    description: '404 naming video_ids, add or remove when a video or tag does not exist (any more); nothing changes then.',
    tags,
  }),
} as const;
