import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { plainLine, plainLines } from './common';
import { PAGE_TYPES, PageMeta } from './pages';

// The back office's custom pages and page meta (issue 27, decision record 076): what an admin writes, checked here so
// a bad value is a 400 naming its field before anything is stored.

const MAX_DB_INT = 2_147_483_647;

/** The longest path a page or a meta entry may have (the pages table's CHECK). */
export const BACKOFFICE_PATH_MAX = 512;
/** A document's HTML, before sanitising: a long legal text fits many times over. */
export const PAGE_SOURCE_MAX = 200_000;
export const PAGE_TITLE_MAX = 200;
export const LINK_TARGET_MAX = 2048;
export const PAGE_PASSWORD_MIN = 4;
export const PAGE_PASSWORD_MAX = 128;

/** The robots values an admin may choose (null keeps the path's default). */
export const ROBOTS_VALUES = ['index, follow', 'noindex, follow', 'index, nofollow', 'noindex, nofollow'] as const;
export type RobotsValue = (typeof ROBOTS_VALUES)[number];

/** Hard limits of the meta fields; search engines cut titles near 60 and descriptions near 160 characters. */
export const META_TITLE_MAX = 120;
export const META_DESCRIPTION_MAX = 320;
export const META_KEYWORDS_MAX = 255;
export const META_TITLE_SHOWN = 60;
export const META_DESCRIPTION_SHOWN = 160;

/**
 * A path an admin may name: a slash, then letters, digits and - _ . ~ / (what a link can carry without encoding), no
 * empty segment and no slash at the end ("/" itself is the home page).
 */
const PATH_PATTERN = /^\/(?:[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*)?$/;
export const PATH_RULE = 'Must start with / and use only letters, digits, - _ . ~ and single slashes, not ending with /';

export const SitePath = z.string().max(BACKOFFICE_PATH_MAX, `Must be at most ${BACKOFFICE_PATH_MAX} characters`).regex(PATH_PATTERN, PATH_RULE);

/**
 * Where a transforming link may send a visitor: a path of this site (not `//host`, which a browser reads as another
 * site) or an http(s) URL. javascript:, data: and the like never.
 */
export function isSafeLinkTarget(target: string): boolean {
  // No whitespace or control character anywhere: a browser drops some of them from a URL, which a check then misreads.
  // eslint-disable-next-line no-control-regex
  if (target === '' || /[\s\u0000-\u001F\u007F]/.test(target)) return false;
  if (target.startsWith('/')) return !target.startsWith('//') && !target.startsWith('/\\');
  try {
    const url = new URL(target);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
export const LINK_TARGET_RULE = 'Must be a path of this site (/…) or an http(s) address';

const landingId = z.number().int('Must be a landing id').positive('Must be a landing id').max(MAX_DB_INT, 'Must be a landing id').nullable();

const PageFields = z.object({
  path: SitePath,
  type: z.enum(PAGE_TYPES, { message: `Must be one of ${PAGE_TYPES.join(', ')}` }),
  title: z.string().max(PAGE_TITLE_MAX, `Must be at most ${PAGE_TITLE_MAX} characters`).check(...plainLine()),
  /** A document's HTML (sanitised when stored) or a transforming link's target; ignored for a landing page. */
  source: z.string().max(PAGE_SOURCE_MAX, `Must be at most ${PAGE_SOURCE_MAX} characters`).check(...plainLines()).nullable(),
  landing_en: landingId.describe('The landing shown to everyone but German readers (landing pages)'),
  landing_de: landingId.describe('The landing shown to German readers (landing pages)'),
  published: z.boolean(),
  /** A new password (stored hashed); absent keeps the page's present one. */
  password: z
    .string()
    .min(PAGE_PASSWORD_MIN, `Must be at least ${PAGE_PASSWORD_MIN} characters`)
    .max(PAGE_PASSWORD_MAX, `Must be at most ${PAGE_PASSWORD_MAX} characters`)
    .check(...plainLine())
    .optional(),
  /** Removes the page's password. */
  remove_password: z.boolean().optional(),
});

type PageFieldsValue = z.infer<typeof PageFields>;

/** The rules of each type: what a document, a transforming link and a landing page need. */
function checkType(page: PageFieldsValue, ctx: z.RefinementCtx) {
  const source = page.source ?? '';
  if (page.type === 'document' && source.trim() === '') ctx.addIssue({ code: 'custom', path: ['source'], message: 'A document needs its text' });
  if (page.type === 'transforming_links') {
    if (source.length > LINK_TARGET_MAX) ctx.addIssue({ code: 'custom', path: ['source'], message: `Must be at most ${LINK_TARGET_MAX} characters` });
    else if (!isSafeLinkTarget(source)) ctx.addIssue({ code: 'custom', path: ['source'], message: LINK_TARGET_RULE });
  }
  if (page.type === 'landing' && page.landing_en === null && page.landing_de === null) {
    ctx.addIssue({ code: 'custom', path: ['landing_en'], message: 'Choose a landing for at least one audience' });
  }
  if (page.password !== undefined && page.remove_password) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: 'Either set a new password or remove it, not both' });
  }
}

export const CreatePageBody = PageFields.superRefine(checkType).meta({ id: 'CreatePageBody' });
export type CreatePageBody = z.infer<typeof CreatePageBody>;

export const UpdatePageBody = PageFields.extend({
  /** The version the editor read: a page saved since is a 409, never overwritten unseen. */
  version: z.number().int('Must be a version').positive('Must be a version').max(MAX_DB_INT, 'Must be a version'),
})
  .superRefine(checkType)
  .meta({ id: 'UpdatePageBody' });
export type UpdatePageBody = z.infer<typeof UpdatePageBody>;

export const PagePublishedBody = z.object({ published: z.boolean() });
export type PagePublishedBody = z.infer<typeof PagePublishedBody>;

export const PageIdParams = z.object({ id: z.coerce.number().int('Must be a page id').positive('Must be a page id').max(MAX_DB_INT, 'Must be a page id') });

export const BackofficePageSummary = z
  .object({
    id: z.number().int(),
    path: z.string(),
    type: z.enum(PAGE_TYPES),
    title: z.string(),
    published: z.boolean(),
    has_password: z.boolean(),
    version: z.number().int(),
    updated_at: z.number().int().describe('Unix seconds'),
  })
  .meta({ id: 'BackofficePageSummary' });
export type BackofficePageSummary = z.infer<typeof BackofficePageSummary>;

export const BackofficePage = BackofficePageSummary.extend({
  /** As stored: a document's sanitised HTML, or a link's target. */
  source: z.string().nullable(),
  landing_en: z.number().int().nullable(),
  landing_de: z.number().int().nullable(),
  created_at: z.number().int().describe('Unix seconds'),
}).meta({ id: 'BackofficePage' });
export type BackofficePage = z.infer<typeof BackofficePage>;

export const BackofficePageList = z.object({ pages: z.array(BackofficePageSummary) }).meta({ id: 'BackofficePageList' });
export type BackofficePageList = z.infer<typeof BackofficePageList>;

/** A landing a landing page can show: its id, the languages it is written in and its title in its default one. */
export const BackofficeLandingChoice = z
  .object({ id: z.number().int(), title: z.string(), languages: z.array(z.enum(LANGUAGES)) })
  .meta({ id: 'BackofficeLandingChoice' });
export type BackofficeLandingChoice = z.infer<typeof BackofficeLandingChoice>;
export const BackofficeLandingList = z.object({ landings: z.array(BackofficeLandingChoice) }).meta({ id: 'BackofficeLandingList' });
export type BackofficeLandingList = z.infer<typeof BackofficeLandingList>;

// Page meta per path.

export const MetaTexts = z
  .object({
    title: z.string().max(META_TITLE_MAX, `Must be at most ${META_TITLE_MAX} characters`).check(...plainLine()),
    description: z.string().max(META_DESCRIPTION_MAX, `Must be at most ${META_DESCRIPTION_MAX} characters`).check(...plainLine()),
    keywords: z.string().max(META_KEYWORDS_MAX, `Must be at most ${META_KEYWORDS_MAX} characters`).check(...plainLine()),
  })
  .meta({ id: 'MetaTexts', description: 'An empty field keeps what the path shows by default' });
export type MetaTexts = z.infer<typeof MetaTexts>;

const MetaTextsByLanguage = z.object({ en: MetaTexts, de: MetaTexts, fr: MetaTexts });

export const SavePathMetaBody = z
  .object({
    path: SitePath,
    robots: z.enum(ROBOTS_VALUES, { message: `Must be one of ${ROBOTS_VALUES.join('; ')}` }).nullable(),
    texts: MetaTextsByLanguage,
    /** The version the editor read, or null for a path with no meta of its own yet: a lost race is a 409. */
    version: z.number().int('Must be a version').positive('Must be a version').max(MAX_DB_INT, 'Must be a version').nullable(),
  })
  .meta({ id: 'SavePathMetaBody' });
export type SavePathMetaBody = z.infer<typeof SavePathMetaBody>;

export const PathMeta = z
  .object({
    id: z.number().int(),
    path: z.string(),
    robots: z.enum(ROBOTS_VALUES).nullable(),
    texts: MetaTextsByLanguage,
    version: z.number().int(),
    updated_at: z.number().int().describe('Unix seconds'),
  })
  .meta({ id: 'PathMeta' });
export type PathMeta = z.infer<typeof PathMeta>;

export const PathMetaList = z.object({ items: z.array(PathMeta) }).meta({ id: 'PathMetaList' });
export type PathMetaList = z.infer<typeof PathMetaList>;

export const PathMetaQuery = z.object({ path: SitePath });

/** A path's meta of its own (if any) and, per language, what it shows without it. */
export const PathMetaDetail = z
  .object({
    path: z.string(),
    override: PathMeta.nullable(),
    defaults: z.object({ en: PageMeta, de: PageMeta, fr: PageMeta }),
    /** A page behind a password is never indexed, whatever robots says here. */
    robots_locked: z.boolean(),
  })
  .meta({ id: 'PathMetaDetail' });
export type PathMetaDetail = z.infer<typeof PathMetaDetail>;

export const PathMetaIdParams = z.object({ id: z.coerce.number().int('Must be a meta id').positive('Must be a meta id').max(MAX_DB_INT, 'Must be a meta id') });
