import { generatePath } from 'react-router';

// The path of every route of product §2 by its name: the one place a path is written. A leaf module
// (it imports nothing of the app), so the app's route table, the features and the domain UI all
// take their paths and links from here.

export const ROUTE_PATHS = {
  home: '/',
  // product §1: the landing page for women visitors (ladies layout), on the main site and the io variant.
  ladies: '/ladies',
  forgotPassword: '/forgot_password',
  resetPassword: '/reset_password',
  join: '/join',
  videos: '/videos',
  feeds: '/feeds',
  recentUpdates: '/recent_updates',
  update: '/update/:id',
  models: '/models',
  modelProfile: '/profile/:id',
  shoots: '/shoots',
  shoot: '/shoot/:id',
  shootImages: '/shoot/:galleryId/images/:chapterId',
  cameras: '/cameras',
  camera: '/camera/:name',
  cameraPhotos: '/camera/:name/photos',
  cameraVideos: '/camera/:name/videos',
  playdates: '/playdates',
  privatePlaydate: '/private-playdate/:id',
  publicPlaydate: '/public-playdate/:id',
  requestPrivatePlaydate: '/playdates/request-private-playdate/:id',
  extendPlaydate: '/playdates/extend-playdate/:id',
  netiquette: '/netiquette',
  playdateFaq: '/playdate-faq',
  playdateChatReplay: '/playdate-chat-replay',
  favouriteModels: '/favourite-models',
  favouriteShoots: '/favourite-shoots',
  favouriteVideos: '/favourite-videos',
  favouriteImages: '/favourite-images',
  favouriteCams: '/favourite-cams',
  userProfile: '/user-profile',
  userProfileSettings: '/user-profile/settings',
  // The model studio (decision 032): going live, show settings, OBS and schedule. Model accounts only.
  studio: '/studio',
  // Decisions 040–043: the model's side of a playdate room (her camera publishing, the member's video, the chat).
  studioPlaydateRoom: '/studio/playdates/:id',
  // Decisions 036–039: the answers of the camera-feedback popup, for the team (capability backoffice).
  teamCameraFeedback: '/team/camera-feedback',
  // Decisions 040–043: the limits models set their playdate offers within, for the team (capability backoffice).
  teamPlaydateLimits: '/team/playdate-limits',
  // Decision 070: the back office (the team's own screens, behind two-factor sign-in).
  backoffice: '/backoffice',
  backofficeAudit: '/backoffice/audit',
  backofficeTeam: '/backoffice/team',
  // Decision 071: the Retagger's screen and the tags in three languages.
  backofficeRetag: '/backoffice/retag',
  backofficeTags: '/backoffice/tags',
  // Decision 072: site settings (flags, prices and VAT) and the playdate limits, moved here from /team/playdate-limits.
  backofficeFlags: '/backoffice/flags',
  backofficePrices: '/backoffice/prices',
  backofficePlaydateLimits: '/backoffice/playdate-limits',
  // Decision 073: the writer's screens (capability blog.write).
  backofficeBlog: '/backoffice/blog',
  backofficeBlogNew: '/backoffice/blog/new',
  backofficeBlogArticle: '/backoffice/blog/:id',
  // Decision 076: custom pages and the meta of any path (capability admin.settings).
  backofficePages: '/backoffice/pages',
  backofficePage: '/backoffice/pages/:id',
  backofficeMeta: '/backoffice/meta',
  // Decision 074: the catalog's videos (upload, transcode, publish).
  backofficeVideos: '/backoffice/videos',
  backofficeVideoNew: '/backoffice/videos/new',
  backofficeVideo: '/backoffice/videos/:id',
  // Decision 075: the catalog's models and shoots with their galleries.
  backofficeModels: '/backoffice/models',
  backofficeModel: '/backoffice/models/:id',
  backofficeShoots: '/backoffice/shoots',
  backofficeShoot: '/backoffice/shoots/:id',
  messages: '/messages',
  // Also the provider's own inbox segment (product §2 omits its name).
  conversation: '/messages/:name',
  playdateMessages: '/playdate-messages/:id',
  freeChat: '/free-chat/:name',
  chat: '/chat/:name',
  paywall: '/paywall',
  communityGuidelines: '/community_guidelines',
  blog: '/blog',
  leckerBlog: '/lecker_blog',
  blogArticle: '/blog/:alias',
  leckerBlogArticle: '/lecker_blog/:alias',
  landing: '/welcome/:id',
  friends: '/friends',
  freeVideo: '/free-video',
  unsubscribeMails: '/unsubscribe_mails',
  contactUs: '/contact-us',
  agb: '/agb',
  report: '/report',
  dmca: '/dmca',
  prohibitedContent: '/prohibited_content',
  apply: '/apply',
  sitemap: '/sitemap',
  aboutUs: '/about_us',
  testVideos: '/test_videos',
  // Any other path is a custom page looked up by its path (GET /pages{path}).
  customPage: '*',
} as const;

export type RouteName = keyof typeof ROUTE_PATHS;
/** The names a link can be built for (the catch-all has no path of its own). */
export type LinkableRouteName = Exclude<RouteName, 'customPage'>;

type ParamNames<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;
export type RouteParams<N extends RouteName> = { [K in ParamNames<(typeof ROUTE_PATHS)[N]>]: string | number };

export type QueryInit = Record<string, string | number | readonly (string | number)[] | null | undefined>;

type PathArgs<N extends RouteName> = [ParamNames<(typeof ROUTE_PATHS)[N]>] extends [never]
  ? [params?: Record<string, never>, query?: QueryInit]
  : [params: RouteParams<N>, query?: QueryInit];

/** The path of a named route, with its params filled in and an optional query (empty values left out). */
export function routePath<N extends LinkableRouteName>(name: N, ...[params, query]: PathArgs<N>): string {
  const stringParams = Object.fromEntries(Object.entries(params ?? {}).map(([k, v]) => [k, String(v)]));
  const pattern: string = ROUTE_PATHS[name];
  const pathname = generatePath(pattern, stringParams);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined || value === '') continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const qs = search.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}
