import {
  LANGUAGES,
  ROBOTS_VALUES,
  type BackofficeLandingList,
  type BackofficePage,
  type BackofficePageList,
  type BackofficePageSummary,
  type CreatePageBody,
  type Language,
  type PathMeta,
  type PathMetaDetail,
  type PathMetaList,
  type RobotsValue,
  type SavePathMetaBody,
  type UpdatePageBody,
} from '@velora/shared';
import { isUniqueViolation } from '../../db/database';
import type { Platform } from '../../platform';
import { HttpError, badRequest, notFound } from '../../lib/http-error';
import { hashPassword } from '../../lib/password';
import { createHtmlSanitizer } from '../../lib/safe-html';
import type { PagesService } from '../pages/pages.service';
import { routeMetaFor } from '../pages/route-meta';
import { backofficePagesRepository, type BackofficePageRow, type PageWrite } from './backoffice-pages.repository';

// Custom pages and page meta in the back office (issue 27, decision record 076). Writes are audited by the route
// layer; nothing here is cached, so the public GET /pages/* and GET /pages/meta answer with a save at once.

/** Paths that are never a custom page: the API, media, the back office and studio, and the built app's files. */
const RESERVED_PREFIXES = ['/api', '/media', '/backoffice', '/studio', '/team', '/assets', '/socket.io'];

const seconds = (date: Date) => Math.floor(new Date(date).getTime() / 1000);

const toSummary = (row: BackofficePageRow): BackofficePageSummary => ({
  id: row.id,
  path: row.path,
  type: row.type,
  title: row.title,
  published: row.published,
  has_password: row.has_password,
  version: row.version,
  updated_at: seconds(row.updated_at),
});

const toPage = (row: BackofficePageRow): BackofficePage => ({
  ...toSummary(row),
  source: row.source,
  landing_en: row.landing_en,
  landing_de: row.landing_de,
  created_at: seconds(row.created_at),
});

const isRobots = (value: string | null): value is RobotsValue => value !== null && (ROBOTS_VALUES as readonly string[]).includes(value);

type PathMetaRow = NonNullable<Awaited<ReturnType<PagesService['pathMeta']['byId']>>>;

export const toPathMeta = (row: PathMetaRow): PathMeta => ({
  id: row.id,
  path: row.path,
  robots: isRobots(row.robots) ? row.robots : null,
  texts: Object.fromEntries(
    LANGUAGES.map((language) => [language, { title: row[`title_${language}`], description: row[`description_${language}`], keywords: row[`keywords_${language}`] }]),
  ) as PathMeta['texts'],
  version: row.version,
  updated_at: seconds(row.updated_at),
});

const pathTaken = () => new HttpError(409, 'PATH_TAKEN', 'Another page has this path', { path: 'Another page has this path' });
const pageChanged = () => new HttpError(409, 'PAGE_CHANGED', 'Someone saved this page since you opened it: reload it and make your change again');
const metaChanged = () => new HttpError(409, 'META_CHANGED', 'Someone saved the meta of this path since you opened it: reload it and make your change again');

/** Why a path cannot be a custom page, or null when it can. */
export function reservedPathReason(path: string): string | null {
  const lower = path.toLowerCase();
  if (RESERVED_PREFIXES.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`))) return 'This path belongs to the site itself';
  if (routeMetaFor(lower)) return 'This path is a screen of the app';
  return null;
}

export function createBackofficePagesService(deps: Pick<Platform, 'db' | 'config' | 'now'> & { pages: Pick<PagesService, 'defaultMeta' | 'pathMeta'> }) {
  const { db, now, pages } = deps;
  const sanitize = createHtmlSanitizer(deps.config);

  /** What the pages table stores for a body: only what the type uses, a document's HTML sanitised. */
  async function toWrite(body: CreatePageBody): Promise<PageWrite> {
    const reason = reservedPathReason(body.path);
    if (reason) throw badRequest(`${body.path}: ${reason}`, { path: reason });
    for (const field of ['landing_en', 'landing_de'] as const) {
      const id = body.type === 'landing' ? body[field] : null;
      if (id !== null && !(await backofficePagesRepository.landingExists(db, id))) throw badRequest(`No landing with id ${id}`, { [field]: 'No landing has this id' });
    }
    let source: string | null = null;
    if (body.type === 'document') {
      source = sanitize(body.source ?? '');
      if (source.trim() === '') throw badRequest('Nothing of the document is left once scripts and unsafe markup are removed', { source: 'Nothing is left once unsafe markup is removed' });
    } else if (body.type === 'transforming_links') {
      source = body.source;
    }
    let passwordHash: string | null | undefined;
    if (body.password !== undefined) passwordHash = await hashPassword(body.password);
    else if (body.remove_password) passwordHash = null;
    return {
      path: body.path,
      type: body.type,
      title: body.title.trim(),
      source,
      landingEn: body.type === 'landing' ? body.landing_en : null,
      landingDe: body.type === 'landing' ? body.landing_de : null,
      published: body.published,
      passwordHash,
    };
  }

  async function requirePage(id: number): Promise<BackofficePageRow> {
    const row = await backofficePagesRepository.byId(db, id);
    if (!row) throw notFound(`No page with id ${id}`);
    return row;
  }

  return {
    async list(): Promise<BackofficePageList> {
      return { pages: (await backofficePagesRepository.list(db)).map(toSummary) };
    },

    async get(id: number): Promise<BackofficePage> {
      return toPage(await requirePage(id));
    },

    /** The page as the back office shows it, or null (an audit entry's state before a change). */
    async find(id: number): Promise<BackofficePage | null> {
      const row = await backofficePagesRepository.byId(db, id);
      return row ? toPage(row) : null;
    },

    async create(body: CreatePageBody): Promise<BackofficePage> {
      const write = await toWrite(body);
      const row = await backofficePagesRepository.insert(db, write, now());
      if (!row) throw pathTaken();
      return toPage(row);
    },

    async update(id: number, body: UpdatePageBody): Promise<BackofficePage> {
      const write = await toWrite(body);
      return db.transaction(async (tx) => {
        const current = await backofficePagesRepository.byId(tx, id);
        if (!current) throw notFound(`No page with id ${id}`);
        if (current.version !== body.version) throw pageChanged();
        if ((await backofficePagesRepository.idAtPath(tx, write.path, id)) !== null) throw pathTaken();
        try {
          const row = await backofficePagesRepository.update(tx, id, body.version, write, now());
          if (!row) throw pageChanged();
          return toPage(row);
        } catch (error) {
          // Another admin took the path between the check and the save.
          if (error instanceof HttpError) throw error;
          if (isUniqueViolation(error)) throw pathTaken();
          throw error;
        }
      });
    },

    async setPublished(id: number, published: boolean): Promise<BackofficePage> {
      const row = await backofficePagesRepository.setPublished(db, id, published, now());
      if (!row) throw notFound(`No page with id ${id}`);
      return toPage(row);
    },

    async delete(id: number): Promise<void> {
      if (!(await backofficePagesRepository.delete(db, id))) throw notFound(`No page with id ${id}`);
    },

    async landings(): Promise<BackofficeLandingList> {
      return { landings: await backofficePagesRepository.landings(db) };
    },

    async metaList(): Promise<PathMetaList> {
      return { items: (await pages.pathMeta.list()).map(toPathMeta) };
    },

    async metaOf(path: string): Promise<PathMetaDetail> {
      const own = await pages.pathMeta.byPath(path);
      const defaults = {} as PathMetaDetail['defaults'];
      let robotsLocked = false;
      for (const language of LANGUAGES as readonly Language[]) {
        const { meta, robotsLocked: locked } = await pages.defaultMeta(path, language);
        defaults[language] = meta;
        robotsLocked = locked;
      }
      return { path: own?.path ?? path, override: own ? toPathMeta(own) : null, defaults, robots_locked: robotsLocked };
    },

    /** The meta row of a path as the back office shows it, or null (an audit entry's state before a change). */
    async findMeta(path: string): Promise<PathMeta | null> {
      const row = await pages.pathMeta.byPath(path);
      return row ? toPathMeta(row) : null;
    },

    async findMetaById(id: number): Promise<PathMeta | null> {
      const row = await pages.pathMeta.byId(id);
      return row ? toPathMeta(row) : null;
    },

    async saveMeta(body: SavePathMetaBody): Promise<PathMeta> {
      const trimmed = (t: SavePathMetaBody['texts']['en']) => ({ title: t.title.trim(), description: t.description.trim(), keywords: t.keywords.trim() });
      const fields = { robots: body.robots, texts: { en: trimmed(body.texts.en), de: trimmed(body.texts.de), fr: trimmed(body.texts.fr) } };
      const row =
        body.version === null
          ? await pages.pathMeta.insert(body.path, fields)
          : await pages.pathMeta.update(body.path, body.version, fields);
      if (!row) throw metaChanged();
      return toPathMeta(row);
    },

    async deleteMeta(id: number): Promise<void> {
      if (!(await pages.pathMeta.delete(id))) throw notFound(`No meta with id ${id}`);
    },
  };
}

export type BackofficePagesService = ReturnType<typeof createBackofficePagesService>;
