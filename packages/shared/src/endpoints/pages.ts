import { IdParam, StatusOk } from '../contracts/common';
import {
  CaptchaChallenge,
  ContactBody,
  ContentReportBody,
  CustomPage,
  CustomPagePathParam,
  CustomPageQuery,
  Landing,
  LandingQuery,
  PageMeta,
  PageMetaQuery,
} from '../contracts/pages';
import { defineEndpoint } from './define-endpoint';

// Custom pages, page meta, landings, the captcha and the contact and report forms (product §3, §5, §7 Pages).

const tags = ['pages'];

export const pagesEndpoints = {
  // A static path: find-my-way always prefers it to the /pages/* wildcard.
  'pages.meta': defineEndpoint({
    method: 'GET',
    path: '/pages/meta',
    query: PageMetaQuery,
    response: PageMeta,
    status: 200,
    answer: 'json',
    errors: [400],
    capability: 'public',
    summary: 'Title, description, keywords, robots and canonical URL for any path of the site',
    description:
      '`url` is a path or an absolute URL. App routes get their defaults (a blog article or landing its own title), ' +
      "custom pages their stored meta; any other path gets the site's defaults with robots \"noindex, follow\": " +
      'the answer is always 200, so the client always has meta to apply.',
    tags,
  }),
  'pages.get': defineEndpoint({
    method: 'GET',
    path: '/pages/*',
    params: CustomPagePathParam,
    query: CustomPageQuery,
    response: CustomPage,
    status: 200,
    answer: 'json',
    errors: [400, 403, 404, 429],
    capability: 'public',
    summary: 'A custom page by its path: GET /pages/summer-special is the page at /summer-special',
    description:
      'For a page with a password: without `password` the answer is 200 with has_password true and source null; ' +
      'a wrong one is 403 INVALID_PASSWORD "Invalid password!" (10 wrong ones per address in 15 minutes, then 429); ' +
      'the right one gives the source. 404 for a path with no page.',
    tags,
    rateLimited: true,
  }),
  'pages.contact': defineEndpoint({
    method: 'POST',
    path: '/pages/contact_us',
    body: ContactBody,
    response: StatusOk,
    status: 200,
    answer: 'json',
    errors: [400, 429],
    capability: 'public',
    summary: 'Send a message to support (needs a solved captcha from GET /captcha/challenge)',
    tags,
    rateLimited: true,
  }),
  'pages.contentReport': defineEndpoint({
    method: 'POST',
    path: '/pages/content_report',
    body: ContentReportBody,
    response: StatusOk,
    status: 200,
    answer: 'json',
    errors: [400, 429],
    capability: 'public',
    summary: 'Report content for review or removal (needs a solved captcha from GET /captcha/challenge)',
    tags,
    rateLimited: true,
  }),
  'pages.landing': defineEndpoint({
    method: 'GET',
    path: '/landings/:id',
    params: IdParam,
    query: LandingQuery,
    response: Landing,
    status: 200,
    answer: 'json',
    errors: [400, 404],
    capability: 'public',
    summary: 'A landing page variant (/welcome/{id}) in the asked language',
    description: "Falls back to the landing's default language when it has no version in `lang`. 404 for an unknown id.",
    tags,
  }),
  'pages.captcha': defineEndpoint({
    method: 'GET',
    path: '/captcha/challenge',
    response: CaptchaChallenge,
    status: 200,
    answer: 'json',
    errors: [429],
    capability: 'public',
    summary: 'A self-hosted proof-of-work captcha challenge (ALTCHA v2)',
    description:
      "Solve it with the altcha widget or `altcha-lib`'s `solveChallenge` (algorithm SHA-256), then send " +
      'base64(JSON.stringify({ challenge, solution })) as `captcha` with the contact or report form. A challenge ' +
      'expires after 30 minutes and counts once.',
    tags,
    rateLimited: true,
  }),
};
