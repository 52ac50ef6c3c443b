import type { Language } from '@velora/shared';
import type { Queryable } from '../../db/database';

export interface CategoryRow {
  id: number;
  slug: string;
  name_en: string;
  name_de: string;
  name_fr: string;
}

export interface ArticleRow {
  id: number;
  alias: string;
  language: Language;
  topic: string | null;
  title: string;
  excerpt: string;
  author: string;
  cover_image: string | null;
  published_at: Date;
  category_slug: string;
  category_name_en: string;
  category_name_de: string;
  category_name_fr: string;
}

export interface ArticleWithBody extends ArticleRow {
  body_html: string;
}

export interface ArticleFilter {
  language: Language;
  /** Part of the title, matched case-insensitively; null for any. */
  title: string | null;
  /** A category slug or id; null for any. */
  category: string | null;
  /** Articles published after this are scheduled, not shown. */
  now: Date;
}

const ARTICLE_COLUMNS = `
  a.id, a.alias, a.language, a.topic, a.title, a.excerpt, a.author, a.cover_image, a.published_at,
  c.slug AS category_slug, c.name_en AS category_name_en, c.name_de AS category_name_de, c.name_fr AS category_name_fr`;

/** LIKE treats % and _ as wildcards: a title search for "100%" means the characters. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(filter: ArticleFilter, params: unknown[]): string {
  params.push(filter.language, filter.now);
  const clauses = [`a.language = $${params.length - 1}`, `a.published_at <= $${params.length}`];
  if (filter.title !== null) {
    params.push(likePattern(filter.title));
    clauses.push(`a.title ILIKE $${params.length} ESCAPE '\\'`);
  }
  if (filter.category !== null) {
    params.push(filter.category);
    // A numeric value may be an id; a slug never is one (slugs are checked against their own column).
    clauses.push(`(c.slug = $${params.length} OR (c.id::text = $${params.length}))`);
  }
  return `WHERE ${clauses.join(' AND ')}`;
}

export const blogRepository = {
  categories(db: Queryable): Promise<CategoryRow[]> {
    return db.query<CategoryRow>('SELECT id, slug, name_en, name_de, name_fr FROM blog_categories ORDER BY position, id');
  },

  async count(db: Queryable, filter: ArticleFilter): Promise<number> {
    const params: unknown[] = [];
    const rows = await db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM blog_articles a JOIN blog_categories c ON c.id = a.category_id ${whereOf(filter, params)}`,
      params,
    );
    return rows[0]?.total ?? 0;
  },

  page(db: Queryable, filter: ArticleFilter, limit: number, offset: number): Promise<ArticleRow[]> {
    const params: unknown[] = [];
    const where = whereOf(filter, params);
    params.push(limit, offset);
    return db.query<ArticleRow>(
      `SELECT ${ARTICLE_COLUMNS}
         FROM blog_articles a JOIN blog_categories c ON c.id = a.category_id
         ${where}
        ORDER BY a.published_at DESC, a.id DESC
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
  },

  /** A published article by alias: in `language` when given, else in any language, English first. */
  async byAlias(db: Queryable, alias: string, language: Language | null, now: Date): Promise<ArticleWithBody | null> {
    const rows = await db.query<ArticleWithBody>(
      `SELECT ${ARTICLE_COLUMNS}, a.body_html
         FROM blog_articles a JOIN blog_categories c ON c.id = a.category_id
        WHERE a.alias = $1 AND ($2::text IS NULL OR a.language = $2) AND a.published_at <= $3
        ORDER BY (a.language = 'en') DESC, a.language
        LIMIT 1`,
      [alias, language, now],
    );
    return rows[0] ?? null;
  },

  /** The published versions of one topic in other languages than the article's own. */
  translations(db: Queryable, topic: string, exceptId: number, now: Date): Promise<Array<{ language: Language; alias: string }>> {
    return db.query<{ language: Language; alias: string }>(
      `SELECT language, alias FROM blog_articles
        WHERE topic = $1 AND id <> $2 AND published_at <= $3
        ORDER BY language`,
      [topic, exceptId, now],
    );
  },
};
