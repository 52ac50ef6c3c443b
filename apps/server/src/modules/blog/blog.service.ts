import {
  BLOG_ARTICLES_PER_PAGE,
  type BlogArticle,
  type BlogArticleSummary,
  type BlogCategory,
  type BlogList,
  type Language,
} from '@velora/shared';
import type { Platform } from '../../platform';
import { notFound } from '../../lib/http-error';
import { parseImageKey } from '../../lib/image-key';
import { capPage, offsetOf, pagesOf } from '../../lib/paging';
import { createHtmlSanitizer } from '../../lib/safe-html';
import type { MediaService } from '../media/media.service';
import type { AuthContext } from '../sessions/sessions.service';
import { blogRepository, type ArticleRow, type CategoryRow } from './blog.repository';

const toUnix = (date: Date) => Math.floor(new Date(date).getTime() / 1000);
const nameIn = (row: { name_en: string; name_de: string; name_fr: string }, language: Language) =>
  language === 'de' ? row.name_de : language === 'fr' ? row.name_fr : row.name_en;

export interface BlogListParams {
  lang: Language;
  title: string | null;
  category: string | null;
  page: number;
}

export function createBlogService(deps: Pick<Platform, 'config' | 'db' | 'now'> & { media: MediaService }) {
  const { db, now, media } = deps;
  const sanitize = createHtmlSanitizer(deps.config);

  const coverOf = (key: string | null, size: string, viewer: AuthContext | null) => {
    const image = parseImageKey(key);
    return image ? media.imageUrl(image.kind, image.id, size, viewer) : null;
  };

  const toCategory = (row: CategoryRow, language: Language): BlogCategory => ({ id: row.id, slug: row.slug, name: nameIn(row, language) });

  const toSummary = (row: ArticleRow, viewer: AuthContext | null): BlogArticleSummary => ({
    id: row.id,
    alias: row.alias,
    language: row.language,
    title: row.title,
    excerpt: row.excerpt,
    author: row.author,
    category: {
      slug: row.category_slug,
      name: nameIn({ name_en: row.category_name_en, name_de: row.category_name_de, name_fr: row.category_name_fr }, row.language),
    },
    published_at: toUnix(row.published_at),
    cover: coverOf(row.cover_image, '900x500', viewer),
    cover_small: coverOf(row.cover_image, '370x206', viewer),
  });

  return {
    /** A page of published articles in one language, newest first, optionally by part of the title and a category. */
    async list(params: BlogListParams, viewer: AuthContext | null): Promise<BlogList> {
      const page = capPage(params.page);
      const filter = { language: params.lang, title: params.title, category: params.category, now: now() };
      const [categories, total, rows] = await Promise.all([
        blogRepository.categories(db),
        blogRepository.count(db, filter),
        blogRepository.page(db, filter, BLOG_ARTICLES_PER_PAGE, offsetOf(page, BLOG_ARTICLES_PER_PAGE)),
      ]);
      return {
        articles: rows.map((r) => toSummary(r, viewer)),
        categories: categories.map((c) => toCategory(c, params.lang)),
        params: { lang: params.lang, title: params.title, category: params.category, page },
        total,
        per_page: BLOG_ARTICLES_PER_PAGE,
        pages: pagesOf(total, BLOG_ARTICLES_PER_PAGE),
      };
    },

    /** One published article with its sanitised body; 404 when there is none by that alias (in that language). */
    async get(alias: string, language: Language | null, viewer: AuthContext | null): Promise<BlogArticle> {
      const at = now();
      const row = await blogRepository.byAlias(db, alias, language, at);
      if (!row) throw notFound(`No blog article "${alias}"${language ? ` in ${language}` : ''}`);
      const translations = row.topic ? await blogRepository.translations(db, row.topic, row.id, at) : [];
      return { ...toSummary(row, viewer), body_html: sanitize(row.body_html), translations };
    },

    /** Title and excerpt for page meta; null when there is no such published article. */
    async summary(alias: string, language: Language | null): Promise<{ title: string; excerpt: string } | null> {
      const row = await blogRepository.byAlias(db, alias, language, now());
      return row ? { title: row.title, excerpt: row.excerpt } : null;
    },
  };
}
export type BlogService = ReturnType<typeof createBlogService>;
