import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { plainLine, plainLines } from './common';

// Custom pages, page meta, landings, the proof-of-work captcha and the contact and report forms (product §3, §5, §7 Pages).

export const PAGE_TYPES = ['landing', 'transforming_links', 'document'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** The alert text of a wrong custom-page password (product §5, §8); also the 403's message. */
export const INVALID_PAGE_PASSWORD = 'Invalid password!';
export const INVALID_PAGE_PASSWORD_CODE = 'INVALID_PASSWORD';
export const CAPTCHA_REQUIRED = 'Solve the captcha first';
export const CAPTCHA_INVALID = 'The captcha is invalid or expired';

const optionalLanguage = z.enum(LANGUAGES, { message: `Must be one of ${LANGUAGES.join(', ')}` }).optional();

export const CustomPageQuery = z.object({
  password: z.string().max(200, 'Must be at most 200 characters').check(...plainLine()).optional(),
});
export type CustomPageQuery = z.infer<typeof CustomPageQuery>;

/**
 * GET /pages{path}. `source` is the sanitised HTML of a document, or the path or URL a transforming link forwards
 * to (the client keeps the current query); null for a landing, and null while a password is needed and not given.
 */
export const CustomPage = z
  .object({
    type: z.enum(PAGE_TYPES),
    title: z.string(),
    has_password: z.boolean(),
    source: z.string().nullable(),
    landing_de: z.number().int().nullable().describe('Landing id shown to German visitors (landing pages)'),
    landing_en: z.number().int().nullable().describe('Landing id shown to everyone else (landing pages)'),
  })
  .meta({ id: 'CustomPage' });
export type CustomPage = z.infer<typeof CustomPage>;

export const PageMetaQuery = z.object({
  url: z.string().trim().min(1, 'Required').max(2048, 'Must be at most 2048 characters').check(...plainLine()),
  lang: optionalLanguage,
});
export type PageMetaQuery = z.infer<typeof PageMetaQuery>;

/** GET /pages/meta: for the title, description, keywords and robots meta tags and the canonical link. */
export const PageMeta = z
  .object({
    title: z.string(),
    description: z.string(),
    keywords: z.string(),
    robots: z.string(),
    canonical: z.string().describe('Absolute URL of the page without its query'),
  })
  .meta({ id: 'PageMeta' });
export type PageMeta = z.infer<typeof PageMeta>;

export const LandingQuery = z.object({ lang: optionalLanguage });

/** A landing page variant (/welcome/{id}, and landing-type custom pages), in the asked language or its default. */
export const Landing = z
  .object({
    id: z.number().int(),
    language: z.enum(LANGUAGES),
    default: z.boolean().describe('Whether this is the landing\'s default language version'),
    title: z.string(),
    subtitle: z.string(),
    body_html: z.string().describe('Sanitised HTML'),
    hero_image: z.string().nullable(),
    cta: z.object({ label: z.string(), url: z.string() }).nullable(),
  })
  .meta({ id: 'Landing' });
export type Landing = z.infer<typeof Landing>;

/**
 * An ALTCHA (v2) proof-of-work challenge, as the altcha widget and `altcha-lib`'s solver take it. The client finds
 * the counter, then submits base64(JSON.stringify({ challenge, solution })) as the form's `captcha`.
 */
export const CaptchaChallenge = z
  .object({
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional(),
    }),
    signature: z.string(),
  })
  .meta({ id: 'CaptchaChallenge' });
export type CaptchaChallenge = z.infer<typeof CaptchaChallenge>;

const captchaField = z
  .string({ error: CAPTCHA_REQUIRED })
  .trim()
  .min(1, CAPTCHA_REQUIRED)
  .max(8000, CAPTCHA_INVALID)
  .check(...plainLine())
  .describe('The solved captcha: base64 of {"challenge": …, "solution": …}');

const text = (min: number, max: number) =>
  z
    .string({ error: 'Required' })
    .trim()
    .min(min, min <= 1 ? 'Required' : `Must be at least ${min} characters`)
    .max(max, `Must be at most ${max} characters`);

// The checks of Email on a string that says 'Required' when it is missing; not a pipe, whose input schema (all the
// OpenAPI document shows) would be a bare string.
const email = z.string({ error: 'Required' }).trim().max(254).email('Must be a valid email address').check(...plainLine());

/** Form values may arrive as strings ("true", "on", "1") from a plain form; JSON booleans are the norm. */
const fromForm = (v: unknown) => (typeof v === 'string' ? ['true', 'on', '1', 'yes'].includes(v.toLowerCase()) : v);
const formBoolean = z.preprocess(fromForm, z.boolean({ error: 'Must be true or false' }));
/** A box that must be ticked: `const: true` in the document, not a refinement it cannot show (decision record 064). */
const formTicked = (message: string) => z.preprocess(fromForm, z.literal(true, { error: message }));

export const ContactBody = z.object({
  subject: text(1, 200).refine((s) => !/[\r\n]/.test(s), 'Must be a single line').check(...plainLine()),
  message: text(10, 5000).check(...plainLines()),
  email,
  captcha: captchaField,
});
export type ContactBody = z.infer<typeof ContactBody>;

/** What a content report is about; the form lists them in this order. */
export const REPORT_CATEGORIES = ['copyright', 'privacy', 'consent', 'underage', 'illegal', 'other'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

export const ContentReportBody = z.object({
  category: z.enum(REPORT_CATEGORIES, { message: `Must be one of ${REPORT_CATEGORIES.join(', ')}` }),
  name: text(1, 100).check(...plainLine()),
  email,
  url: z
    .string({ error: 'Required' })
    .trim()
    .max(2048, 'Must be at most 2048 characters')
    .check(...plainLine())
    // The URL parser's verdict, also as a pattern the document states (a host, an optional port, a path).
    .regex(/^https?:\/\/[A-Za-z0-9.-]+(:[0-9]{1,4})?([/?#]\S*)?$/i, 'Must be a web address starting with http:// or https://')
    .refine((v) => {
      try {
        return ['http:', 'https:'].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, 'Must be a web address starting with http:// or https://'),
  is_depicted: formBoolean,
  is_agreed: formTicked('Confirm that the information is accurate'),
  reason: text(10, 5000).check(...plainLines()),
  captcha: captchaField,
});
export type ContentReportBody = z.infer<typeof ContentReportBody>;

/** GET /pages/*: the wildcard is the custom page's path. */
export const CustomPagePathParam = z.object({ '*': z.string().check(...plainLine()) });
