import {
  CAPTCHA_INVALID,
  INVALID_PAGE_PASSWORD,
  INVALID_PAGE_PASSWORD_CODE,
  PRODUCT_NAME,
  hasControlCharacters,
  type ContactBody,
  type ContentReportBody,
  type CustomPage,
  type Language,
  type PageMeta,
} from '@velora/shared';
import type { Platform } from '../../platform';
import { HttpError, badRequest, notFound, tooManyRequests } from '../../lib/http-error';
import { RATE_LIMITS } from '../../lib/rate-limits';
import type { MailMessage } from '../../lib/mailer';
import { verifyPassword } from '../../lib/password';
import { createHtmlSanitizer } from '../../lib/safe-html';
import type { BlogService } from '../blog/blog.service';
import type { CaptchaService } from '../captcha/captcha.service';
import type { LandingsService } from '../landings/landings.service';
import { pathMetaRepository, type PathMetaFields, type PathMetaRow } from './path-meta.repository';
import { pagesRepository, type PageRow } from './pages.repository';
import {
  DEFAULT_DESCRIPTION,
  DEFAULT_KEYWORDS,
  DEFAULT_TAGLINE,
  INDEX,
  NO_INDEX,
  NO_INDEX_FOLLOW,
  routeMetaFor,
  titleFor,
} from './route-meta';

const MINUTE_MS = 60_000;

export const MAX_PAGE_PATH_LENGTH = 512;

export interface FormClient {
  ip: string;
  userId: number | null;
}

export interface ErrorLog {
  error(details: object, message: string): void;
}

const minutesText = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE_MS));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};
const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** "/a//b/" and "a/b" are both "/a/b"; null for a path too long to be a page. */
export function normalisePagePath(raw: string): string | null {
  let path = `/${raw}`.replace(/\/{2,}/g, '/');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return path.length <= MAX_PAGE_PATH_LENGTH ? path : null;
}

/** The path of a `url` meta is asked for: a path or an absolute URL; the query and hash are not part of it. */
export function pathOfUrl(url: string, base: string): string | null {
  try {
    const parsed = new URL(url, `${base}/`);
    const path = decodeURIComponent(parsed.pathname);
    // An encoded control character (`/%00`) names no page, and PostgreSQL refuses a NUL: the site's defaults.
    return hasControlCharacters(path) ? null : normalisePagePath(path);
  } catch {
    return null;
  }
}

/** A transforming link forwards to a path of ours or an http(s) URL; anything else is not handed out. */
function safeTarget(target: string | null): string | null {
  if (!target) return null;
  if (target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')) return target;
  try {
    return ['http:', 'https:'].includes(new URL(target).protocol) ? target : null;
  } catch {
    return null;
  }
}

/** A path's meta with what an admin set for it: each empty field keeps the default; a locked robots value stays. */
export function withOwnMeta(meta: PageMeta, own: PathMetaRow, language: Language, robotsLocked: boolean): PageMeta {
  return {
    ...meta,
    title: own[`title_${language}`].trim() || meta.title,
    description: own[`description_${language}`].trim() || meta.description,
    keywords: own[`keywords_${language}`].trim() || meta.keywords,
    robots: robotsLocked || own.robots === null ? meta.robots : own.robots,
  };
}

export interface PagesDeps extends Pick<Platform, 'db' | 'config' | 'now' | 'rateLimits' | 'mailer'> {
  log: ErrorLog;
  captcha: CaptchaService;
  blog: BlogService;
  landings: LandingsService;
}

export function createPagesService(deps: PagesDeps) {
  const { db, config, now, rateLimits, log, captcha, blog, landings } = deps;
  const sanitize = createHtmlSanitizer(config);

  // Mail is sent after the message is stored and never awaited: a slow mail server must not fail the form.
  const deliver = (message: MailMessage) => {
    void deps.mailer.send(message).catch((err: unknown) => log.error({ err, subject: message.subject }, 'mail delivery failed'));
  };

  async function limitForm(kind: 'contact' | 'report', ip: string) {
    // Contact messages and content reports are counted apart, each against the same limit.
    const hits = await rateLimits.consume(`form:${kind}:${ip}`, RATE_LIMITS.formMessagesPerAddress);
    if (!hits.allowed) {
      throw tooManyRequests(`Too many messages from your address. Try again in ${minutesText(hits.retryAfterMs)}.`, retryAfterSeconds(hits.retryAfterMs));
    }
  }

  const captchaRejected = () => badRequest(CAPTCHA_INVALID, { captcha: CAPTCHA_INVALID });

  function pageMeta(row: PageRow, language: Language, canonical: string): PageMeta {
    return {
      title: row.meta_title || (row.title ? titleFor(row.title) : PRODUCT_NAME),
      description: row.meta_description || DEFAULT_DESCRIPTION[language],
      keywords: row.meta_keywords || DEFAULT_KEYWORDS[language],
      // A page behind a password is never indexed, whatever its row says.
      robots: row.password_hash ? NO_INDEX : row.meta_robots || INDEX,
      canonical,
    };
  }

  async function defaultMeta(path: string, language: Language): Promise<{ meta: PageMeta; robotsLocked: boolean }> {
    const canonical = `${config.publicUrl}${path === '/' ? '/' : path}`;
    const defaults = {
      title: titleFor(DEFAULT_TAGLINE[language]),
      description: DEFAULT_DESCRIPTION[language],
      keywords: DEFAULT_KEYWORDS[language],
      canonical,
    };
    const route = routeMetaFor(path);
    if (route) {
      const { meta, lastSegment } = route;
      const base = {
        ...defaults,
        title: titleFor(meta.section[language]),
        description: meta.description?.[language] ?? defaults.description,
        robots: meta.robots,
      };
      if (meta.lookup === 'blog_article') {
        const article = await blog.summary(lastSegment, path.startsWith('/lecker_blog') ? 'de' : null);
        const found = article ? { ...base, title: titleFor(article.title), description: article.excerpt || base.description } : { ...base, robots: NO_INDEX_FOLLOW };
        return { meta: found, robotsLocked: false };
      }
      if (meta.lookup === 'landing') {
        const id = /^\d{1,10}$/.test(lastSegment) ? Number(lastSegment) : 0;
        const landing = id ? await landings.summary(id, language) : null;
        const found = landing ? { ...base, title: titleFor(landing.title), description: landing.subtitle || base.description } : { ...base, robots: NO_INDEX_FOLLOW };
        return { meta: found, robotsLocked: false };
      }
      return { meta: base, robotsLocked: false };
    }
    const page = await pagesRepository.byPath(db, path);
    if (page) return { meta: pageMeta(page, language, canonical), robotsLocked: page.password_hash !== null };
    return { meta: { ...defaults, robots: NO_INDEX_FOLLOW }, robotsLocked: false };
  }

  return {
    /**
     * The custom page at `rawPath`. With a password set: without `password` the page is described but its source
     * withheld; a wrong one is a 403 (counted per address, 429 past the limit); the right one opens it.
     */
    async get(rawPath: string, password: string | undefined, ip: string): Promise<CustomPage> {
      const path = normalisePagePath(rawPath);
      const row = path ? await pagesRepository.byPath(db, path) : null;
      if (!row) throw notFound(`No page at ${path ?? 'that path'}`);
      const hasPassword = row.password_hash !== null;
      const locked = { type: row.type, title: row.title, has_password: hasPassword, source: null, landing_de: null, landing_en: null };
      if (row.password_hash !== null) {
        if (!password) return locked;
        // Counted before the check so parallel guesses cannot outrun the limit; the right password gives it back.
        const key = `page-password:${ip}`;
        const tried = await rateLimits.consume(key, RATE_LIMITS.pagePasswordFailuresPerAddress);
        if (!tried.allowed) {
          throw tooManyRequests(`Too many wrong passwords. Try again in ${minutesText(tried.retryAfterMs)}.`, retryAfterSeconds(tried.retryAfterMs));
        }
        if (!(await verifyPassword(row.password_hash, password))) throw new HttpError(403, INVALID_PAGE_PASSWORD_CODE, INVALID_PAGE_PASSWORD);
        await rateLimits.refund(key, RATE_LIMITS.pagePasswordFailuresPerAddress);
      }
      return {
        ...locked,
        source: row.type === 'document' ? sanitize(row.source ?? '') : row.type === 'transforming_links' ? safeTarget(row.source) : null,
        landing_de: row.type === 'landing' ? row.landing_de : null,
        landing_en: row.type === 'landing' ? row.landing_en : null,
      };
    },

    /**
     * Meta for any path: an app route's defaults, a blog article's or landing's own, a custom page's, or the site's;
     * then what an admin set for the path by hand (decision record 076), field by field.
     */
    async meta(url: string, lang: Language | undefined): Promise<PageMeta> {
      const path = pathOfUrl(url, config.publicUrl) ?? '/';
      // The German blog lives under /lecker_blog (product §2): its pages are German unless asked otherwise.
      const language: Language = lang ?? (path.startsWith('/lecker_blog') ? 'de' : 'en');
      const [{ meta, robotsLocked }, own] = await Promise.all([defaultMeta(path, language), pathMetaRepository.byPath(db, path)]);
      return own ? withOwnMeta(meta, own, language, robotsLocked) : meta;
    },

    /** What `path` shows without meta set by hand, and whether its robots value is fixed (a page behind a password). */
    defaultMeta,

    /** The meta set by hand per path, for the back office (decision record 076). */
    pathMeta: {
      byPath: (path: string) => pathMetaRepository.byPath(db, path),
      byId: (id: number) => pathMetaRepository.byId(db, id),
      list: () => pathMetaRepository.list(db),
      insert: (path: string, fields: PathMetaFields) => pathMetaRepository.insert(db, path, fields, now()),
      update: (path: string, version: number, fields: PathMetaFields) => pathMetaRepository.update(db, path, version, fields, now()),
      delete: (id: number) => pathMetaRepository.delete(db, id),
    },

    /** Stores a contact message and mails it to support. The captcha is checked and used up with the store. */
    async contact(body: ContactBody, client: FormClient): Promise<void> {
      await limitForm('contact', client.ip);
      const id = await db.transaction(async (tx) => {
        if (!(await captcha.verifyAndUse(body.captcha, tx))) throw captchaRejected();
        return pagesRepository.insertContactMessage(tx, { ...body, userId: client.userId, ip: client.ip, now: now() });
      });
      deliver({
        to: config.supportEmail,
        subject: `[${PRODUCT_NAME} contact #${id}] ${body.subject}`,
        text: [
          `A message from the contact form (#${id}).`,
          '',
          `From: ${body.email}`,
          `Member id: ${client.userId ?? 'not logged in'}`,
          `Subject: ${body.subject}`,
          '',
          body.message,
          '',
        ].join('\n'),
      });
    },

    /** Stores a content report and mails it to support. The captcha is checked and used up with the store. */
    async report(body: ContentReportBody, client: FormClient): Promise<void> {
      await limitForm('report', client.ip);
      const id = await db.transaction(async (tx) => {
        if (!(await captcha.verifyAndUse(body.captcha, tx))) throw captchaRejected();
        return pagesRepository.insertContentReport(tx, {
          category: body.category,
          name: body.name,
          email: body.email,
          url: body.url,
          isDepicted: body.is_depicted,
          isAgreed: body.is_agreed,
          reason: body.reason,
          userId: client.userId,
          ip: client.ip,
          now: now(),
        });
      });
      deliver({
        to: config.supportEmail,
        subject: `[${PRODUCT_NAME} content report #${id}] ${body.category}`,
        text: [
          `A content report (#${id}). Review it and answer the reporter.`,
          '',
          `Category: ${body.category}`,
          `Content: ${body.url}`,
          `Reporter: ${body.name} <${body.email}>`,
          `Member id: ${client.userId ?? 'not logged in'}`,
          `The reporter is depicted: ${body.is_depicted ? 'yes' : 'no'}`,
          '',
          'Reason:',
          body.reason,
          '',
        ].join('\n'),
      });
    },
  };
}
export type PagesService = ReturnType<typeof createPagesService>;
