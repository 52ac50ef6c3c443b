import { hashPassword } from '../../src/lib/password';
import { nextNumber, type FactoryContext } from './context';

// Custom pages, blog articles and landings are editorial content: the demo seed loads them and the app only reads
// them, so no service writes these rows and they are inserted here.

export interface PageOverrides {
  path?: string;
  type?: 'landing' | 'transforming_links' | 'document';
  title?: string;
  /** A document's HTML, or a transforming link's target. */
  source?: string | null;
  /** Protects the page (hashed with Argon2id, as the page service checks it). */
  password?: string;
  landingDe?: number | null;
  landingEn?: number | null;
}

export async function createPage(t: FactoryContext, o: PageOverrides = {}): Promise<{ id: number; path: string }> {
  const path = o.path ?? `/page-${nextNumber()}`;
  const [row] = await t.deps.db.query<{ id: number; path: string }>(
    `INSERT INTO pages (path, type, title, source, password_hash, landing_de, landing_en) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, path`,
    [path, o.type ?? 'document', o.title ?? 'Test', o.source ?? '<p>A page.</p>', o.password === undefined ? null : await hashPassword(o.password), o.landingDe ?? null, o.landingEn ?? null],
  );
  return row!;
}

export async function createBlogCategory(t: FactoryContext, o: { slug?: string; name?: string; position?: number } = {}): Promise<{ id: number; slug: string }> {
  const slug = o.slug ?? `category-${nextNumber()}`;
  const name = o.name ?? slug;
  const [row] = await t.deps.db.query<{ id: number; slug: string }>(
    'INSERT INTO blog_categories (slug, name_en, name_de, name_fr, position) VALUES ($1, $2, $2, $2, $3) RETURNING id, slug',
    [slug, name, o.position ?? 0],
  );
  return row!;
}

export interface BlogArticleOverrides {
  alias?: string;
  language?: 'en' | 'de' | 'fr';
  topic?: string | null;
  title?: string;
  excerpt?: string;
  bodyHtml?: string;
  /** A new category unless given. */
  categoryId?: number;
  author?: string;
  /** Default: the test clock. */
  publishedAt?: Date;
}

export async function createBlogArticle(t: FactoryContext, o: BlogArticleOverrides = {}): Promise<{ id: number; alias: string }> {
  const alias = o.alias ?? `article-${nextNumber()}`;
  const [row] = await t.deps.db.query<{ id: number; alias: string }>(
    `INSERT INTO blog_articles (alias, language, topic, title, excerpt, body_html, category_id, author, published_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id, alias`,
    [
      alias, o.language ?? 'en', o.topic ?? null, o.title ?? `Article ${alias}`, o.excerpt ?? '', o.bodyHtml ?? '<p>An article.</p>',
      o.categoryId ?? (await createBlogCategory(t)).id, o.author ?? 'Test', o.publishedAt ?? t.deps.now(),
    ],
  );
  return row!;
}

export interface LandingOverrides {
  /** Landings share an id across their languages; a new id unless given. */
  id?: number;
  language?: 'en' | 'de' | 'fr';
  isDefault?: boolean;
  title?: string;
  subtitle?: string;
  bodyHtml?: string;
}

export async function createLanding(t: FactoryContext, o: LandingOverrides = {}): Promise<{ id: number; language: string }> {
  const [row] = await t.deps.db.query<{ id: number; language: string }>(
    `INSERT INTO landings (id, language, is_default, title, subtitle, body_html) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, language`,
    [o.id ?? 1000 + nextNumber(), o.language ?? 'en', o.isDefault ?? false, o.title ?? 'A landing', o.subtitle ?? '', o.bodyHtml ?? '<p>Welcome</p>'],
  );
  return row!;
}
