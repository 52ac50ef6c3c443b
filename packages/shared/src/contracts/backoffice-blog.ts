import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { clampPage } from '../rules/page-query';
import { plainLine, plainLines, unixSeconds } from './common';

// The writer's screen (decision record 073): blog articles per language, written in Markdown, kept as drafts,
// published now or at a later time, and their categories. Capability blog.write (writers and admins).

export const BO_BLOG_PAGE_SIZE = 20;
/** The longest body a writer may save, in characters of Markdown. */
export const BO_BLOG_BODY_MAX = 100_000;

/** draft: no publication time; scheduled: a time still ahead; published: readers see it on /blog. */
export const BO_BLOG_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type BoBlogStatus = (typeof BO_BLOG_STATUSES)[number];

/** An article's alias: lower-case words joined by hyphens, as the blog's URLs take it. */
export const BLOG_ALIAS_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** A cover is a catalog picture by key ("shoot:12"), as the public blog reads it. */
export const BLOG_COVER_PATTERN = /^(video|model|shoot|image):[1-9]\d{0,9}$/;

const language = z.enum(LANGUAGES, { message: `Must be one of ${LANGUAGES.join(', ')}` });
const id = z.coerce.number().int('Must be an id').positive('Must be an id').max(2_147_483_647, 'Must be an id');

export const BoBlogArticleParams = z.object({ id });
export const BoBlogCategoryParams = z.object({ id });

export const BoBlogListQuery = z.object({
  lang: language.optional(),
  status: z.enum(BO_BLOG_STATUSES, { message: `Must be one of ${BO_BLOG_STATUSES.join(', ')}` }).optional(),
  /** Part of the title or alias, any case. */
  q: z
    .string()
    .trim()
    .max(100, 'Must be at most 100 characters')
    .check(...plainLine())
    .optional()
    .transform((v) => (v ? v : null)),
  page: z
    .string()
    .regex(/^-?\d+$/, 'Must be a whole number')
    .optional()
    .transform((v) => clampPage(v)),
});

export const BoBlogCategory = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    names: z.object({ en: z.string(), de: z.string(), fr: z.string() }),
    /** How many articles (any status) are in it. */
    articles: z.number().int(),
  })
  .meta({ id: 'BoBlogCategory' });
export type BoBlogCategory = z.infer<typeof BoBlogCategory>;

export const BoBlogCategoryList = z.object({ categories: z.array(BoBlogCategory) }).meta({ id: 'BoBlogCategoryList' });
export type BoBlogCategoryList = z.infer<typeof BoBlogCategoryList>;

const categoryName = z.string().trim().min(1, 'Required').max(80, 'Must be at most 80 characters').check(...plainLine());
export const BoBlogCategoryNames = z.object({ name_en: categoryName, name_de: categoryName, name_fr: categoryName });
export type BoBlogCategoryNames = z.infer<typeof BoBlogCategoryNames>;
export const BoBlogCategoryCreate = BoBlogCategoryNames.extend({
  slug: z
    .string()
    .trim()
    .min(1, 'Required')
    .max(64, 'Must be at most 64 characters')
    .regex(BLOG_ALIAS_PATTERN, 'Must be lower-case letters and digits joined by hyphens'),
});
export type BoBlogCategoryCreate = z.infer<typeof BoBlogCategoryCreate>;

export const BoBlogArticleSummary = z
  .object({
    id: z.number().int(),
    alias: z.string(),
    language,
    title: z.string(),
    category: z.object({ id: z.number().int(), name: z.string() }),
    status: z.enum(BO_BLOG_STATUSES),
    /** When readers see it (unix seconds); null for a draft. */
    publish_at: z.number().int().nullable(),
    updated_at: z.number().int().describe('Unix seconds'),
    author: z.string(),
  })
  .meta({ id: 'BoBlogArticleSummary' });
export type BoBlogArticleSummary = z.infer<typeof BoBlogArticleSummary>;

export const BoBlogList = z
  .object({
    articles: z.array(BoBlogArticleSummary),
    total: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
    per_page: z.number().int(),
  })
  .meta({ id: 'BoBlogList' });
export type BoBlogList = z.infer<typeof BoBlogList>;

export const BoBlogArticle = BoBlogArticleSummary.extend({
  excerpt: z.string(),
  body_markdown: z.string(),
  /** The body as readers get it: the Markdown rendered and sanitised on save. */
  body_html: z.string(),
  cover_image: z.string().nullable().describe('A catalog picture by key, e.g. shoot:12'),
  cover: z.string().nullable().describe('The cover at 900x500, as the public article shows it'),
  /** Each save, publish and unpublish moves it on; a write naming an older one is refused with 409. */
  version: z.number().int(),
}).meta({ id: 'BoBlogArticle' });
export type BoBlogArticle = z.infer<typeof BoBlogArticle>;

/** What the editor sends on create and save. */
export const BoBlogArticleFields = z.object({
  title: z.string().trim().min(1, 'Required').max(200, 'Must be at most 200 characters').check(...plainLine()),
  alias: z
    .string()
    .trim()
    .min(1, 'Required')
    .max(120, 'Must be at most 120 characters')
    .regex(BLOG_ALIAS_PATTERN, 'Must be lower-case letters and digits joined by hyphens'),
  language,
  category_id: z.number().int('Must be a category id').positive('Must be a category id').max(2_147_483_647, 'Must be a category id'),
  excerpt: z.string().trim().max(500, 'Must be at most 500 characters').check(...plainLines()),
  body_markdown: z.string().max(BO_BLOG_BODY_MAX, `Must be at most ${BO_BLOG_BODY_MAX} characters`).check(...plainLines()),
  cover_image: z
    .string()
    .regex(BLOG_COVER_PATTERN, 'Must be a picture key such as shoot:12')
    .nullable(),
});
export type BoBlogArticleFields = z.infer<typeof BoBlogArticleFields>;

const version = z.number().int('Must be a version').positive('Must be a version').max(2_147_483_647, 'Must be a version');

export const BoBlogArticleSave = BoBlogArticleFields.extend({ version });
export type BoBlogArticleSave = z.infer<typeof BoBlogArticleSave>;

/** Publish: at once without `publish_at`, else scheduled for that time (which must be ahead). */
export const BoBlogPublish = z.object({ version, publish_at: unixSeconds().optional() });
export type BoBlogPublish = z.infer<typeof BoBlogPublish>;

export const BoBlogUnpublish = z.object({ version });
export type BoBlogUnpublish = z.infer<typeof BoBlogUnpublish>;
