import type { BoBlogStatus, Language } from '@velora/shared';
import type { Queryable } from '../../db/database';

export interface WriterArticleRow {
  id: number;
  alias: string;
  language: Language;
  title: string;
  excerpt: string;
  author: string;
  category_id: number;
  category_name_en: string;
  category_name_de: string;
  category_name_fr: string;
  cover_image: string | null;
  published_at: Date | null;
  updated_at: Date;
  version: number;
  status: BoBlogStatus;
}

export interface WriterArticleWithBody extends WriterArticleRow {
  body_markdown: string | null;
  body_html: string;
}

export interface WriterCategoryRow {
  id: number;
  slug: string;
  name_en: string;
  name_de: string;
  name_fr: string;
  articles: number;
}

export interface WriterListFilter {
  language: Language | null;
  status: BoBlogStatus | null;
  /** Part of the title or alias, any case; null for any. */
  text: string | null;
  now: Date;
}

/** The stored fields of an article as the editor writes them. */
export interface ArticleWrite {
  title: string;
  alias: string;
  language: Language;
  categoryId: number;
  excerpt: string;
  bodyMarkdown: string;
  bodyHtml: string;
  coverImage: string | null;
  actorId: number | null;
}

// The status is derived from the publication time at the moment of reading, so a scheduled article becomes published
// without anything running at that time.
const STATUS = (nowParam: string) =>
  `CASE WHEN a.published_at IS NULL THEN 'draft' WHEN a.published_at > ${nowParam} THEN 'scheduled' ELSE 'published' END`;

const columns = (nowParam: string) => `
  a.id, a.alias, a.language, a.title, a.excerpt, a.author, a.category_id, a.cover_image, a.published_at, a.updated_at,
  a.version, c.name_en AS category_name_en, c.name_de AS category_name_de, c.name_fr AS category_name_fr,
  ${STATUS(nowParam)} AS status`;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The WHERE of a list; `params` may hold the reading time already (at `nowAt`), else it is added when a clause needs it. */
function whereOf(filter: WriterListFilter, params: unknown[], nowAt?: number): string {
  const clauses: string[] = [];
  if (filter.language !== null) {
    params.push(filter.language);
    clauses.push(`a.language = $${params.length}`);
  }
  if (filter.status !== null) {
    let at = nowAt;
    if (at === undefined) {
      params.push(filter.now);
      at = params.length;
    }
    params.push(filter.status);
    clauses.push(`${STATUS(`$${at}`)} = $${params.length}`);
  }
  if (filter.text !== null) {
    params.push(likePattern(filter.text));
    clauses.push(`(a.title ILIKE $${params.length} ESCAPE '\\' OR a.alias ILIKE $${params.length} ESCAPE '\\')`);
  }
  return clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
}

const FROM = 'FROM blog_articles a JOIN blog_categories c ON c.id = a.category_id';

export const backofficeBlogRepository = {
  async count(db: Queryable, filter: WriterListFilter): Promise<number> {
    const params: unknown[] = [];
    const rows = await db.query<{ total: number }>(`SELECT count(*)::int AS total ${FROM} ${whereOf(filter, params)}`, params);
    return rows[0]?.total ?? 0;
  },

  page(db: Queryable, filter: WriterListFilter, limit: number, offset: number): Promise<WriterArticleRow[]> {
    const params: unknown[] = [filter.now];
    const where = whereOf(filter, params, 1);
    params.push(limit, offset);
    return db.query<WriterArticleRow>(
      `SELECT ${columns('$1')} ${FROM} ${where}
        ORDER BY a.updated_at DESC, a.id DESC
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
  },

  async byId(db: Queryable, id: number, now: Date, lock = false): Promise<WriterArticleWithBody | null> {
    const rows = await db.query<WriterArticleWithBody>(
      `SELECT ${columns('$2')}, a.body_markdown, a.body_html ${FROM} WHERE a.id = $1${lock ? ' FOR UPDATE OF a' : ''}`,
      [id, now],
    );
    return rows[0] ?? null;
  },

  async insert(db: Queryable, write: ArticleWrite & { author: string }, now: Date): Promise<number> {
    const rows = await db.query<{ id: number }>(
      `INSERT INTO blog_articles (alias, language, title, excerpt, body_markdown, body_html, category_id, author, cover_image,
                                  published_at, created_at, updated_at, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULL, $10, $10, $11, $11) RETURNING id`,
      [write.alias, write.language, write.title, write.excerpt, write.bodyMarkdown, write.bodyHtml, write.categoryId, write.author, write.coverImage, now, write.actorId],
    );
    return rows[0]!.id;
  },

  /** Writes the fields if the article is still at `version`; false when it is not (someone saved since). */
  async update(db: Queryable, id: number, version: number, write: ArticleWrite, now: Date): Promise<boolean> {
    const rows = await db.query<{ id: number }>(
      `UPDATE blog_articles
          SET alias = $3, language = $4, title = $5, excerpt = $6, body_markdown = $7, body_html = $8, category_id = $9,
              cover_image = $10, updated_at = $11, updated_by = $12, version = version + 1
        WHERE id = $1 AND version = $2 RETURNING id`,
      [id, version, write.alias, write.language, write.title, write.excerpt, write.bodyMarkdown, write.bodyHtml, write.categoryId, write.coverImage, now, write.actorId],
    );
    return rows.length === 1;
  },

  /** Sets the publication time (null: a draft again) if the article is still at `version`. */
  async setPublishedAt(db: Queryable, id: number, version: number, publishedAt: Date | null, actorId: number | null, now: Date): Promise<boolean> {
    const rows = await db.query<{ id: number }>(
      `UPDATE blog_articles SET published_at = $3, updated_at = $4, updated_by = $5, version = version + 1
        WHERE id = $1 AND version = $2 RETURNING id`,
      [id, version, publishedAt, now, actorId],
    );
    return rows.length === 1;
  },

  async exists(db: Queryable, id: number): Promise<boolean> {
    return (await db.query('SELECT 1 FROM blog_articles WHERE id = $1', [id])).length === 1;
  },

  categories(db: Queryable): Promise<WriterCategoryRow[]> {
    return db.query<WriterCategoryRow>(
      `SELECT c.id, c.slug, c.name_en, c.name_de, c.name_fr, (SELECT count(*)::int FROM blog_articles a WHERE a.category_id = c.id) AS articles
         FROM blog_categories c ORDER BY c.position, c.id`,
    );
  },

  async category(db: Queryable, id: number): Promise<WriterCategoryRow | null> {
    const rows = await db.query<WriterCategoryRow>(
      `SELECT c.id, c.slug, c.name_en, c.name_de, c.name_fr, (SELECT count(*)::int FROM blog_articles a WHERE a.category_id = c.id) AS articles
         FROM blog_categories c WHERE c.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  },

  /** A new category after the others; null when the slug is taken. */
  async insertCategory(db: Queryable, slug: string, names: { en: string; de: string; fr: string }): Promise<number | null> {
    const rows = await db.query<{ id: number }>(
      `INSERT INTO blog_categories (slug, name_en, name_de, name_fr, position)
       VALUES ($1, $2, $3, $4, (SELECT coalesce(max(position), 0) + 1 FROM blog_categories))
       ON CONFLICT (slug) DO NOTHING RETURNING id`,
      [slug, names.en, names.de, names.fr],
    );
    return rows[0]?.id ?? null;
  },

  async renameCategory(db: Queryable, id: number, names: { en: string; de: string; fr: string }): Promise<boolean> {
    const rows = await db.query('UPDATE blog_categories SET name_en = $2, name_de = $3, name_fr = $4 WHERE id = $1 RETURNING id', [id, names.en, names.de, names.fr]);
    return rows.length === 1;
  },

  /**
   * Whether a cover key names a picture of the catalog. Read here rather than through the catalog's services: it is
   * one existence check, and the public blog resolves the same key without them too (blog.service's coverOf).
   */
  async pictureExists(db: Queryable, kind: 'video' | 'model' | 'shoot' | 'image', id: number): Promise<boolean> {
    const table = { video: 'videos', model: 'models', shoot: 'shoots', image: 'shoot_images' }[kind];
    return (await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id])).length === 1;
  },
};
