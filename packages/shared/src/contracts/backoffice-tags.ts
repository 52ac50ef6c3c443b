import { z } from 'zod';
import { clampPage } from '../rules/page-query';
import { plainLine } from './common';
import { Tag } from './videos';

// The back office's tags (decision record 071): the catalog's tags in three languages, and the Retagger's screen that
// adds or removes tags on many videos in one call.

/** Videos on one page of the Retagger's list. */
export const RETAG_PAGE_SIZE = 48;
/** Videos one retag call may change: a few pages' worth selected at once. */
export const RETAG_MAX_VIDEOS = 200;
/** Tags one retag call may add or remove. */
export const RETAG_MAX_TAGS = 20;
/** Characters of a tag's name in each language. */
export const TAG_NAME_MAX = 60;

/** A PostgreSQL integer id: one past its range is a 400 naming the field, never a 500. */
const id = (message: string) => z.coerce.number().int(message).positive(message).max(2_147_483_647, message);
const bodyId = (message: string) => z.number().int(message).positive(message).max(2_147_483_647, message);

const tagName = z.string().trim().min(1, 'Required').max(TAG_NAME_MAX, `Must be at most ${TAG_NAME_MAX} characters`).check(...plainLine());

/** A tag's three names; none may be another tag's name in the same language (any case). */
export const TagNamesBody = z.object({ name_en: tagName, name_de: tagName, name_fr: tagName });
export type TagNamesBody = z.infer<typeof TagNamesBody>;

export const TagParams = z.object({ tag_id: id('Must be a tag id') });

export const BackofficeTagListQuery = z.object({
  /** Part of a name in any of the three languages. */
  query: z.string().trim().max(TAG_NAME_MAX, `Must be at most ${TAG_NAME_MAX} characters`).check(...plainLine()).optional().transform((v) => (v ? v : null)),
});

export const BackofficeTagList = z.object({ tags: z.array(Tag) }).meta({ id: 'BackofficeTagList' });
export type BackofficeTagList = z.infer<typeof BackofficeTagList>;

/** A tag as a video carries it. */
const VideoTag = Tag.omit({ video_count: true });

export const RetagVideo = z
  .object({
    id: z.number().int(),
    title: z.string(),
    /** Unix seconds. */
    published_at: z.number().int(),
    /** URL of the 370x206 cover picture. */
    thumbnail: z.string(),
    tags: z.array(VideoTag),
  })
  .meta({ id: 'RetagVideo' });
export type RetagVideo = z.infer<typeof RetagVideo>;

export const RetagVideoListQuery = z
  .object({
    page: z
      .string()
      .regex(/^-?\d+$/, 'Must be a whole number')
      .optional()
      .transform((v) => clampPage(v)),
    /** Part of the title. */
    query: z.string().trim().max(100, 'Must be at most 100 characters').check(...plainLine()).optional().transform((v) => (v ? v : null)),
    /** Only videos with this tag. */
    tag: id('Must be a tag id').optional(),
    /** Only videos without any tag. */
    untagged: z.enum(['true', 'false'], { message: 'Must be true or false' }).optional().transform((v) => v === 'true'),
  })
  .refine((q) => !(q.untagged && q.tag !== undefined), { message: 'Choose a tag or untagged videos, not both', path: ['untagged'] });

export const RetagVideoList = z
  .object({
    videos: z.array(RetagVideo),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: 'RetagVideoList' });
export type RetagVideoList = z.infer<typeof RetagVideoList>;

const distinct = (list: readonly number[]) => new Set(list).size === list.length;

/** Tags added to and removed from every selected video, all or nothing. */
export const RetagBody = z
  .object({
    video_ids: z
      .array(bodyId('Must be a video id'))
      .min(1, 'Select at least one video')
      .max(RETAG_MAX_VIDEOS, `At most ${RETAG_MAX_VIDEOS} videos at once`)
      .refine(distinct, 'Must not repeat a video')
      .meta({ uniqueItems: true }),
    add: z.array(bodyId('Must be a tag id')).max(RETAG_MAX_TAGS, `At most ${RETAG_MAX_TAGS} tags at once`).refine(distinct, 'Must not repeat a tag').meta({ uniqueItems: true }),
    remove: z.array(bodyId('Must be a tag id')).max(RETAG_MAX_TAGS, `At most ${RETAG_MAX_TAGS} tags at once`).refine(distinct, 'Must not repeat a tag').meta({ uniqueItems: true }),
  })
  .refine((b) => b.add.length + b.remove.length > 0, { message: 'Choose a tag to add or remove', path: ['add'] })
  .refine((b) => !b.add.some((tag) => b.remove.includes(tag)), { message: 'A tag cannot be added and removed at once', path: ['remove'] });
export type RetagBody = z.infer<typeof RetagBody>;

export const RetagResult = z
  .object({
    /** The selected videos with their tags after the change. */
    videos: z.array(RetagVideo),
    /** Tag links made and removed (a tag a video already had, or lacked, counts for nothing). */
    added: z.number().int(),
    removed: z.number().int(),
  })
  .meta({ id: 'RetagResult' });
export type RetagResult = z.infer<typeof RetagResult>;
