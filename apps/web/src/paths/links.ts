import type { FavouriteKind, Language } from '@velora/shared';
import type { LinkableRouteName } from './route-paths';
import { routePath } from './route-paths';

// Typed link builders for the places the app links to: `paths.shoot(7, 3)` instead of a name and a
// params object. Anything not listed here is `routePath(name, params, query)`.

/** The legal pages that link to each other (all of them exist on every site variant). */
export type LegalPageName = Extract<LinkableRouteName, 'contactUs' | 'report' | 'agb' | 'dmca' | 'prohibitedContent'>;

const FAVOURITES_ROUTE: Record<FavouriteKind, LinkableRouteName & `favourite${string}`> = {
  model: 'favouriteModels',
  shoot: 'favouriteShoots',
  video: 'favouriteVideos',
  image: 'favouriteImages',
  camera: 'favouriteCams',
};

export const paths = {
  home: () => routePath('home'),
  forgotPassword: () => routePath('forgotPassword'),
  recentUpdates: () => routePath('recentUpdates'),
  videos: () => routePath('videos'),
  feeds: () => routePath('feeds'),
  models: () => routePath('models'),
  shoots: () => routePath('shoots'),
  cameras: () => routePath('cameras'),
  modelProfile: (id: number) => routePath('modelProfile', { id }),
  /** A shoot; with a video id, the hash `#video-{id}` selects that video (product §2). */
  shoot: (id: number, videoId?: number) => `${routePath('shoot', { id })}${videoId === undefined ? '' : `#video-${videoId}`}`,
  update: (id: number) => routePath('update', { id }),
  shootImages: (shootId: number, chapterId: number) => routePath('shootImages', { galleryId: shootId, chapterId }),
  camera: (name: string) => routePath('camera', { name }),
  favourites: (kind: FavouriteKind) => routePath(FAVOURITES_ROUTE[kind]),
  legal: (name: LegalPageName) => routePath(name),
  /** The member's profile overview and account settings. */
  userProfile: () => routePath('userProfile'),
  userProfileSettings: () => routePath('userProfileSettings'),
  /** The model studio (model accounts). */
  studio: () => routePath('studio'),
  /** The team's list of camera feedback; a page past the first, only rated answers. */
  teamCameraFeedback: ({ page, rated }: { page?: number; rated?: boolean } = {}) =>
    routePath('teamCameraFeedback', {}, { page: page && page > 1 ? page : null, rated: rated ? 'true' : null }),
  /** The team's playdate limits (decisions 040–043), in the back office (decision 072). */
  backofficePlaydateLimits: () => routePath('backofficePlaydateLimits'),
  /** The back office's overview (decision 070). */
  backoffice: () => routePath('backoffice'),
  /** The audit log; a page past the first and the filters. */
  backofficeAudit: (query: Partial<Record<'page' | 'actor' | 'action' | 'subject_type' | 'subject_id' | 'from' | 'to', string | number>> = {}) =>
    routePath('backofficeAudit', {}, { ...query, page: query.page && Number(query.page) > 1 ? query.page : null }),
  /** The team: who works on the site and what they may do. */
  backofficeTeam: () => routePath('backofficeTeam'),
  backofficeRetag: (query: { page?: number; query?: string; tag?: string | number } = {}) =>
    routePath('backofficeRetag', {}, { query: query.query || null, tag: query.tag || null, page: query.page && query.page > 1 ? query.page : null }),
  backofficeTags: () => routePath('backofficeTags'),
  /** Feature flags, site-wide and per campaign (decision 072). */
  backofficeFlags: () => routePath('backofficeFlags'),
  /** Plans, coin packages and VAT rates (decision 072). */
  backofficePrices: () => routePath('backofficePrices'),
  /** The writer's list of articles (decision 073); a page past the first and the filters. */
  backofficeBlog: (query: Partial<Record<'page' | 'lang' | 'status' | 'q', string | number>> = {}) =>
    routePath('backofficeBlog', {}, { lang: query.lang || null, status: query.status || null, q: query.q || null, page: query.page && Number(query.page) > 1 ? query.page : null }),
  /** A new article in the editor. */
  backofficeBlogNew: () => routePath('backofficeBlogNew'),
  /** One article in the editor. */
  backofficeBlogArticle: (id: number) => routePath('backofficeBlogArticle', { id }),
  backofficePages: () => routePath('backofficePages'),
  /** A page's editor; 'new' for a page not written yet. */
  backofficePage: (id: number | 'new') => routePath('backofficePage', { id }),
  backofficeMeta: (path?: string) => routePath('backofficeMeta', {}, { path: path ?? null }),
  /** The catalog's videos in the back office (decision 074); a page past the first, a search and a status. */
  backofficeVideos: (query: { page?: number; query?: string; status?: string } = {}) =>
    routePath('backofficeVideos', {}, { page: query.page && query.page > 1 ? query.page : null, query: query.query || null, status: query.status || null }),
  backofficeVideoNew: () => routePath('backofficeVideoNew'),
  backofficeVideo: (id: number) => routePath('backofficeVideo', { id }),
  /** The catalog's models (decision 075); a search and a page past the first. */
  backofficeModels: (query: { q?: string; page?: number } = {}) =>
    routePath('backofficeModels', {}, { q: query.q || null, page: query.page && query.page > 1 ? query.page : null }),
  backofficeModel: (id: number) => routePath('backofficeModel', { id }),
  /** The catalog's shoots (decision 075), filtered by title, model and state. */
  backofficeShoots: (query: { q?: string; model_id?: number; state?: string; page?: number } = {}) =>
    routePath('backofficeShoots', {}, { q: query.q || null, model_id: query.model_id ?? null, state: query.state || null, page: query.page && query.page > 1 ? query.page : null }),
  backofficeShoot: (id: number) => routePath('backofficeShoot', { id }),
  /** Membership activation (product §2). */
  paywall: () => routePath('paywall'),
  /** product §2: the blog lives under /lecker_blog for German and /blog otherwise; with an alias, one article. */
  blog: (language: Language, alias?: string) => {
    const german = language === 'de';
    if (alias === undefined) return routePath(german ? 'leckerBlog' : 'blog');
    return routePath(german ? 'leckerBlogArticle' : 'blogArticle', { alias });
  },
  /** The inbox; a page of it past the first. */
  messages: (page?: number) => routePath('messages', {}, { page: page && page > 1 ? page : null }),
  /** A conversation, by the other party's segment. */
  conversation: (name: string) => routePath('conversation', { name }),
  /** The model's side of a playdate room. */
  studioPlaydateRoom: (id: number) => routePath('studioPlaydateRoom', { id }),
  /** A playdate's offline messages. */
  playdateMessages: (id: number) => routePath('playdateMessages', { id }),
  /** The playdate overview. */
  playdates: (page?: number) => routePath('playdates', {}, { page: page && page > 1 ? page : null }),
  /** The rooms of a private and a public playdate. */
  privatePlaydate: (id: number) => routePath('privatePlaydate', { id }),
  publicPlaydate: (id: number) => routePath('publicPlaydate', { id }),
  /** A playdate's room by its kind. */
  playdateRoom: (kind: 'public' | 'private', id: number) => routePath(kind === 'public' ? 'publicPlaydate' : 'privatePlaydate', { id }),
  /** Requesting a private playdate with a camera (by the camera's id). */
  requestPrivatePlaydate: (cameraId: number) => routePath('requestPrivatePlaydate', { id: cameraId }),
  /** Extending a private playdate that just ended (where its member lands when the time is up). */
  extendPlaydate: (id: number) => routePath('extendPlaydate', { id }),
  /** The public replay of a public playdate's chat. */
  playdateChatReplay: (token: string) => routePath('playdateChatReplay', {}, { token }),
  netiquette: () => routePath('netiquette'),
  playdateFaq: () => routePath('playdateFaq'),
} as const;
