import { z } from 'zod';
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
  })
  .meta({ id: 'Video' });
export type Video = z.infer<typeof Video>;

const MAX_TAG_ID = 2_147_483_647;

const tagList = z
  .union([z.string(), z.array(z.string())])
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
  query: z.string().trim().max(100, 'Must be at most 100 characters').optional().transform((v) => (v ? v : null)),
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
