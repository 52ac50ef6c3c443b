import {
  BO_BLOG_PAGE_SIZE,
  type BoBlogArticle,
  type BoBlogArticleFields,
  type BoBlogArticleSave,
  type BoBlogArticleSummary,
  type BoBlogCategory,
  type BoBlogCategoryCreate,
  type BoBlogCategoryList,
  type BoBlogCategoryNames,
  type BoBlogList,
  type BoBlogPublish,
  type BoBlogStatus,
  type Language,
} from '@velora/shared';
import { isUniqueViolation, type Queryable } from '../../db/database';
import { HttpError, badRequest, notFound } from '../../lib/http-error';
import { parseImageKey } from '../../lib/image-key';
import { capPage, offsetOf, pagesOf } from '../../lib/paging';
import { createHtmlSanitizer } from '../../lib/safe-html';
import type { Platform } from '../../platform';
import type { MediaService } from '../media/media.service';
import { backofficeBlogRepository as repo, type ArticleWrite, type WriterArticleRow, type WriterArticleWithBody, type WriterCategoryRow } from './backoffice-blog.repository';
import { renderArticleBody } from './render-markdown';

// The writer's screen (decision record 073): drafts, publishing now or at a later time, unpublishing, categories.
// Every write of an article names the version it was read at; a write of a stale copy loses with 409 STALE_VERSION,
// decided by the UPDATE's condition, so of two parallel saves of one version exactly one wins.

const toUnix = (date: Date) => Math.floor(new Date(date).getTime() / 1000);
const nameIn = (row: { category_name_en: string; category_name_de: string; category_name_fr: string }, language: Language) =>
  language === 'de' ? row.category_name_de : language === 'fr' ? row.category_name_fr : row.category_name_en;

const stale = () =>
  new HttpError(409, 'STALE_VERSION', 'Someone saved this article after you opened it: reload it to see their changes', {
    version: 'Not the current version of the article',
  });
const aliasTaken = (language: Language) =>
  new HttpError(409, 'ALIAS_TAKEN', `An article in ${language} already has this alias`, { alias: 'Another article in this language has this alias' });

export interface BlogWriter {
  userId: number;
}

export interface WriterListParams {
  lang?: Language | undefined;
  status?: BoBlogStatus | undefined;
  q: string | null;
  page: number;
}

export function createBackofficeBlogService(
  deps: Pick<Platform, 'config' | 'db' | 'now'> & { media: Pick<MediaService, 'imageUrl'>; usernameOf: (userId: number) => Promise<string | null> },
) {
  const { db, now, media } = deps;
  const sanitize = createHtmlSanitizer(deps.config);

  const toSummary = (row: WriterArticleRow): BoBlogArticleSummary => ({
    id: row.id,
    alias: row.alias,
    language: row.language,
    title: row.title,
    category: { id: row.category_id, name: nameIn(row, row.language) },
    status: row.status,
    publish_at: row.published_at ? toUnix(row.published_at) : null,
    updated_at: toUnix(row.updated_at),
    author: row.author,
  });

  const toArticle = (row: WriterArticleWithBody): BoBlogArticle => {
    const cover = parseImageKey(row.cover_image);
    return {
      ...toSummary(row),
      excerpt: row.excerpt,
      // An article written as HTML before the editor existed is its own Markdown: Markdown passes HTML through.
      body_markdown: row.body_markdown ?? row.body_html,
      body_html: sanitize(row.body_html),
      cover_image: row.cover_image,
      cover: cover ? media.imageUrl(cover.kind, cover.id, '900x500', null) : null,
      version: row.version,
    };
  };

  const toCategory = (row: WriterCategoryRow): BoBlogCategory => ({
    id: row.id,
    slug: row.slug,
    names: { en: row.name_en, de: row.name_de, fr: row.name_fr },
    articles: row.articles,
  });

  async function read(tx: Queryable, id: number, lock = false): Promise<WriterArticleWithBody> {
    const row = await repo.byId(tx, id, now(), lock);
    if (!row) throw notFound(`No blog article ${id}`);
    return row;
  }

  /** The stored form of the editor's fields: the category and cover checked, the Markdown rendered and sanitised. */
  async function writeOf(tx: Queryable, fields: BoBlogArticleFields, writer: BlogWriter): Promise<ArticleWrite> {
    if (!(await repo.category(tx, fields.category_id))) throw badRequest('No such category', { category_id: 'No category has this id' });
    const cover = parseImageKey(fields.cover_image);
    if (fields.cover_image !== null && (!cover || !(await repo.pictureExists(tx, cover.kind, cover.id)))) {
      throw badRequest('No such picture', { cover_image: 'No picture of the catalog has this key' });
    }
    return {
      title: fields.title,
      alias: fields.alias,
      language: fields.language,
      categoryId: fields.category_id,
      excerpt: fields.excerpt,
      bodyMarkdown: fields.body_markdown,
      bodyHtml: renderArticleBody(fields.body_markdown, sanitize),
      coverImage: fields.cover_image,
      actorId: writer.userId,
    };
  }

  /** Runs a write; the unique (language, alias) refusing it is the writer's 409, not a 500. */
  async function guardAlias<T>(language: Language, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw aliasTaken(language);
      throw error;
    }
  }

  /** A versioned change of one article in one transaction: 404 when it is gone, 409 when `version` is not its own. */
  async function change(id: number, version: number, apply: (tx: Queryable, at: Date, current: WriterArticleWithBody) => Promise<boolean>): Promise<BoBlogArticle> {
    return db.transaction(async (tx) => {
      const current = await read(tx, id);
      if (current.version !== version) throw stale();
      if (!(await apply(tx, now(), current))) throw stale();
      return toArticle(await read(tx, id));
    });
  }

  return {
    async list(params: WriterListParams): Promise<BoBlogList> {
      const page = capPage(params.page);
      const filter = { language: params.lang ?? null, status: params.status ?? null, text: params.q, now: now() };
      const [total, rows] = await Promise.all([repo.count(db, filter), repo.page(db, filter, BO_BLOG_PAGE_SIZE, offsetOf(page, BO_BLOG_PAGE_SIZE))]);
      return { articles: rows.map(toSummary), total, page, pages: pagesOf(total, BO_BLOG_PAGE_SIZE), per_page: BO_BLOG_PAGE_SIZE };
    },

    async get(id: number): Promise<BoBlogArticle> {
      return toArticle(await read(db, id));
    },

    /** The article as the back office shows it, or null (an audit entry's state before a write). */
    async find(id: number): Promise<BoBlogArticle | null> {
      const row = await repo.byId(db, id, now());
      return row ? toArticle(row) : null;
    },

    /** A new draft, by the writer (their username is its author). */
    async create(fields: BoBlogArticleFields, writer: BlogWriter): Promise<BoBlogArticle> {
      const author = (await deps.usernameOf(writer.userId)) ?? '';
      return guardAlias(fields.language, () =>
        db.transaction(async (tx) => {
          const id = await repo.insert(tx, { ...(await writeOf(tx, fields, writer)), author }, now());
          return toArticle(await read(tx, id));
        }),
      );
    },

    async save(id: number, body: BoBlogArticleSave, writer: BlogWriter): Promise<BoBlogArticle> {
      return guardAlias(body.language, () =>
        change(id, body.version, async (tx, at) => repo.update(tx, id, body.version, await writeOf(tx, body, writer), at)),
      );
    },

    /** Publishes now, or schedules for `publish_at` (which must be ahead). An article without a body is not published. */
    async publish(id: number, body: BoBlogPublish, writer: BlogWriter): Promise<BoBlogArticle> {
      const at = now();
      if (body.publish_at !== undefined && body.publish_at * 1000 <= at.getTime()) {
        throw badRequest('A scheduled time must be ahead', { publish_at: 'Must be a time in the future' });
      }
      return change(id, body.version, async (tx, changedAt, current) => {
        if (current.body_html.trim() === '') throw new HttpError(409, 'EMPTY_ARTICLE', 'Write the article before publishing it', { body_markdown: 'Required to publish' });
        const publishAt = body.publish_at === undefined ? changedAt : new Date(body.publish_at * 1000);
        return repo.setPublishedAt(tx, id, body.version, publishAt, writer.userId, changedAt);
      });
    },

    /** Back to a draft: readers no longer see it (a scheduled one never appears). */
    async unpublish(id: number, version: number, writer: BlogWriter): Promise<BoBlogArticle> {
      return change(id, version, (tx, at) => repo.setPublishedAt(tx, id, version, null, writer.userId, at));
    },

    async categories(): Promise<BoBlogCategoryList> {
      return { categories: (await repo.categories(db)).map(toCategory) };
    },

    async category(id: number): Promise<BoBlogCategory | null> {
      const row = await repo.category(db, id);
      return row ? toCategory(row) : null;
    },

    async createCategory(body: BoBlogCategoryCreate): Promise<BoBlogCategory> {
      const id = await repo.insertCategory(db, body.slug, { en: body.name_en, de: body.name_de, fr: body.name_fr });
      if (id === null) throw new HttpError(409, 'SLUG_TAKEN', 'A category already has this slug', { slug: 'Another category has this slug' });
      return toCategory((await repo.category(db, id))!);
    },

    async renameCategory(id: number, names: BoBlogCategoryNames): Promise<BoBlogCategory> {
      if (!(await repo.renameCategory(db, id, { en: names.name_en, de: names.name_de, fr: names.name_fr }))) throw notFound(`No blog category ${id}`);
      return toCategory((await repo.category(db, id))!);
    },
  };
}
export type BackofficeBlogService = ReturnType<typeof createBackofficeBlogService>;
