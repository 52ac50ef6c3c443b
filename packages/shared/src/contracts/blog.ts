import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../constants';
import { clampPage } from '../rules/page-query';
import { plainLine } from './common';

// The blog (product §2 /blog and /lecker_blog): articles per language, three categories.

export const BLOG_ARTICLES_PER_PAGE = 6;

const language = z.enum(LANGUAGES, { message: `Must be one of ${LANGUAGES.join(', ')}` });

export const BlogListQuery = z.object({
  lang: language.optional().default(DEFAULT_LANGUAGE),
  title: z
    .string()
    .trim()
    .max(100, 'Must be at most 100 characters')
    .check(...plainLine())
    .optional()
    .transform((v) => (v ? v : null)),
  category: z
    .string()
    .trim()
    .max(64, 'Must be at most 64 characters')
    .check(...plainLine())
    .optional()
    .transform((v) => (v ? v : null))
    .describe('A category slug (or id)'),
  page: z
    .string()
    .regex(/^-?\d+$/, 'Must be a whole number')
    .optional()
    .transform((v) => clampPage(v)),
});
export type BlogListQueryInput = z.input<typeof BlogListQuery>;

export const BlogArticleQuery = z.object({ lang: language.optional() });
export const BlogAliasParam = z.object({ alias: z.string().trim().min(1).max(200).check(...plainLine()) });

export const BlogCategory = z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).meta({ id: 'BlogCategory' });
export type BlogCategory = z.infer<typeof BlogCategory>;

export const BlogArticleSummary = z
  .object({
    id: z.number().int(),
    alias: z.string(),
    language: language,
    title: z.string(),
    excerpt: z.string(),
    author: z.string(),
    category: z.object({ slug: z.string(), name: z.string() }),
    published_at: z.number().int().describe('Unix seconds'),
    cover: z.string().nullable().describe('900x500'),
    cover_small: z.string().nullable().describe('370x206'),
  })
  .meta({ id: 'BlogArticleSummary' });
export type BlogArticleSummary = z.infer<typeof BlogArticleSummary>;

export const BlogList = z.object({
  articles: z.array(BlogArticleSummary),
  categories: z.array(BlogCategory),
  params: z.object({ lang: language, title: z.string().nullable(), category: z.string().nullable(), page: z.number().int() }),
  total: z.number().int(),
  per_page: z.number().int(),
  pages: z.number().int(),
});
export type BlogList = z.infer<typeof BlogList>;

export const BlogArticle = BlogArticleSummary.extend({
  body_html: z.string().describe('Sanitised HTML'),
  /** The same article in the other languages, for the language switch. */
  translations: z.array(z.object({ language: language, alias: z.string() })),
}).meta({ id: 'BlogArticle' });
export type BlogArticle = z.infer<typeof BlogArticle>;
