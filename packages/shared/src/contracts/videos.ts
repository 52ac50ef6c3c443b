import { z } from 'zod';
import { idListText, plainLine, plainLines } from './common';
import { VIDEO_ORDERS } from '../constants';
import { clampPage, parseIntegerList } from '../rules/page-query';

export const Tag = z
  .object({
    id: z.number().int(),
    name_en: z.string(),
    name_de: z.string(),
    name_fr: z.string(),
    video_count: z.number().int(),
  })
  .meta({ id: 'Tag' });
export type Tag = z.infer<typeof Tag>;

export const ModelRef = z.object({ id: z.number().int(), name_en: z.string() });

export const Video = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    duration: z.number().int().describe('Seconds'),
    published_at: z.number().int().describe('Unix seconds'),
    rating: z.number(),
    views: z.number().int(),
    thumbnail: z.string().describe('URL of the 900x500 thumbnail'),
    thumbnail_small: z.string().describe('URL of the 370x206 thumbnail'),
    tags: z.array(Tag.omit({ video_count: true })),
    participated_models: z.array(ModelRef),
    total_comments: z.number().int(),
    /** In the viewer's favourite videos (false for a visitor): the heart on every card. */
    is_favourite: z.boolean(),
  })
  .meta({ id: 'Video' });
export type Video = z.infer<typeof Video>;

const MAX_TAG_ID = 2_147_483_647;

const tagList = z
  .union([idListText('tag'), z.array(idListText('tag'))])
  .optional()
  .superRefine((value, ctx) => {
    if (value == null) return;
    const parts = (Array.isArray(value) ? value.join(',') : value).split(',').filter((p) => p.trim() !== '');
    if (parts.some((p) => !/^\d+$/.test(p.trim()))) ctx.addIssue({ code: 'custom', message: 'Must be a comma-separated list of tag ids' });
    // Ids are PostgreSQL integers; a larger one names no tag and cannot be echoed back as a safe integer.
    else if (parts.some((p) => Number(p.trim()) > MAX_TAG_ID)) ctx.addIssue({ code: 'custom', message: `Tag ids are at most ${MAX_TAG_ID}` });
  })
  .transform((value) => (value == null ? [] : parseIntegerList(value)));

export const VideoListQuery = z.object({
  page: z
    .string()
    .regex(/^-?\d+$/, 'Must be a whole number')
    .optional()
    .transform((v) => clampPage(v)),
  order: z.enum(VIDEO_ORDERS).optional().default('newest'),
  tags: tagList,
  query: z.string().trim().max(100, 'Must be at most 100 characters').check(...plainLine()).optional().transform((v) => (v ? v : null)),
});
export type VideoListQueryInput = z.input<typeof VideoListQuery>;

export const VideoListParams = z.object({
  page: z.number().int(),
  order: z.enum(VIDEO_ORDERS),
  tags: z.array(z.number().int()),
  query: z.string().nullable(),
});
export type VideoListParams = z.infer<typeof VideoListParams>;

export const VideoList = z
  .object({
    videos: z.array(Video),
    params: VideoListParams,
    total: z.number().int(),
    per_page: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: 'VideoList' });
export type VideoList = z.infer<typeof VideoList>;

export const TagList = z.array(Tag);

/** GET /videos/{id}: the list item plus what the player needs. `hls_url` is present only when `playable`. */
export const VideoDetail = Video.extend({
  playable: z.boolean(),
  hls_url: z.string().nullable().describe('Signed, expiring URL of the HLS master playlist; null unless playable'),
  renditions: z.array(z.number().int()).describe('Heights of the available renditions, e.g. [360, 480, 720, 1080]'),
  shoot_id: z.number().int().nullable(),
}).meta({ id: 'VideoDetail' });
export type VideoDetail = z.infer<typeof VideoDetail>;

export const PlaybackBody = z.object({
  position: z.number().min(0, 'Must be 0 or more').max(86_400, 'Must be at most 86400 seconds'),
  duration: z.number().min(0).max(86_400).optional(),
});
export type PlaybackBody = z.infer<typeof PlaybackBody>;

export const Playbacks = z.object({
  video_id: z.number().int(),
  position: z.number().int().describe('Seconds'),
  duration: z.number().int().nullable(),
  play_count: z.number().int(),
  updated_at: z.number().int().nullable().describe('Unix seconds; null when never played'),
});
export type Playbacks = z.infer<typeof Playbacks>;

export const UnlockedContent = z.object({
  galleries: z.array(z.number().int()).describe('Unlocked shoot ids'),
  videos: z.array(z.number().int()),
});
export type UnlockedContent = z.infer<typeof UnlockedContent>;
const UnlockedItem = z.object({ id: z.number().int(), title: z.string() });
/** POST /videos/unlocked: the whole unlocked list, and what the redeemed token holds (to name it and link to it). */
export const UnlockRedemption = UnlockedContent.extend({
  redeemed: z
    .object({ galleries: z.array(UnlockedItem).describe('Shoots'), videos: z.array(UnlockedItem) })
    .describe("The token's shoots and videos that exist, by title, whether or not they were unlocked before"),
});
export type UnlockRedemption = z.infer<typeof UnlockRedemption>;
export const UnlockBody = z.object({ token: z.string().trim().min(1, 'Required').max(200).check(...plainLine()) });

export const FreeVideoQuery = z.object({ token: z.string().trim().min(1, 'Required').max(200).check(...plainLine()) });

export const TestVideo = z.object({
  id: z.number().int(),
  title: z.string(),
  hls_url: z.string(),
  renditions: z.array(z.number().int()),
});
export const TestVideoList = z.array(TestVideo);
export type TestVideo = z.infer<typeof TestVideo>;

export const Comment = z
  .object({
    id: z.number().int(),
    video_id: z.number().int(),
    body: z.string(),
    created_at: z.number().int().describe('Unix seconds'),
    author: z.object({ id: z.number().int(), username: z.string(), avatar: z.number().int().nullable() }),
    author_avatar: z.string().describe("Full URL of the author's avatar picture (product §3 avatar rule)"),
    is_own: z.boolean(),
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof Comment>;

export const CommentBody = z.object({
  body: z.string().trim().min(1, 'Write something first').max(2000, 'Must be at most 2000 characters').check(...plainLines()),
});

export const CommentList = z.object({
  comments: z.array(Comment),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type CommentList = z.infer<typeof CommentList>;

/** GET /videos/{id}/similar */
export const SimilarVideos = z.array(Video);

/** DELETE /videos/{id}/comments/{commentId} */
export const CommentParams = z.object({
  id: z.coerce.number().int().positive(),
  commentId: z.coerce.number().int().positive(),
});
