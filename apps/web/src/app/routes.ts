import { withTexts } from '@/locales/load-texts';
import { behindSecondFactor } from './screens/staff-screen';
import type { RouteName } from '@/paths';
import { ROUTE_PATHS } from '@/paths';
import type { RouteDefinition, RouteFlags, RouteTitleKey, ScreenLoader, ScreenModule } from './route-types';

// The route table of product §2 (main site): for each named path of '@/paths', its screen, layout,
// title and guard flags. The router, the guards, the layout choice and the page title are derived
// from it; paths and links come from '@/paths' alone.

const screens = {
  // The landing shows the price of the plans, which features/paywall loads.
  landing: () => import('./screens/landing-screen'),
  forgotPassword: withTexts(['auth'], () => import('@/features/auth/routes/forgot-password')),
  resetPassword: withTexts(['auth'], () => import('@/features/auth/routes/reset-password')),
  videos: withTexts(['videos', 'catalog'], () => import('@/features/videos/routes/videos')),
  // The members' landing pages carry the home sections; the app composes them (features stay apart).
  recentUpdates: withTexts(['videos', 'catalog'], () => import('./screens/recent-updates-screen')),
  feeds: withTexts(['videos', 'catalog'], () => import('./screens/feeds-screen')),
  update: withTexts(['videos', 'catalog'], () => import('@/features/catalog/routes/update')),
  models: withTexts(['videos', 'catalog'], () => import('@/features/catalog/routes/models')),
  modelProfile: withTexts(['videos', 'catalog', 'cameras', 'messages', 'money'], () => import('@/features/catalog/routes/model-profile')),
  shoots: withTexts(['videos', 'catalog'], () => import('@/features/catalog/routes/shoots')),
  shoot: withTexts(['videos', 'catalog'], () => import('@/features/catalog/routes/shoot')),
  shootImages: withTexts(['videos', 'catalog'], () => import('@/features/catalog/routes/shoot-images')),
  favouriteModels: withTexts(['videos', 'catalog', 'cameras'], () => import('@/features/catalog/routes/favourites').then((m) => ({ default: m.FavouriteModelsRoute }))),
  favouriteShoots: withTexts(['videos', 'catalog', 'cameras'], () => import('@/features/catalog/routes/favourites').then((m) => ({ default: m.FavouriteShootsRoute }))),
  favouriteVideos: withTexts(['videos', 'catalog', 'cameras'], () => import('@/features/catalog/routes/favourites').then((m) => ({ default: m.FavouriteVideosRoute }))),
  favouriteImages: withTexts(['videos', 'catalog', 'cameras'], () => import('@/features/catalog/routes/favourites').then((m) => ({ default: m.FavouriteImagesRoute }))),
  favouriteCams: withTexts(['videos', 'catalog', 'cameras'], () => import('@/features/catalog/routes/favourites').then((m) => ({ default: m.FavouriteCamsRoute }))),
  cameras: withTexts(['videos', 'catalog', 'cameras'], () => import('@/features/cameras/routes/cameras')),
  camera: withTexts(['videos', 'catalog', 'cameras', 'playdates', 'money'], () => import('@/features/cameras/routes/camera')),
  cameraPhotos: withTexts(['videos', 'catalog', 'cameras', 'playdates', 'money'], () => import('@/features/cameras/routes/camera').then((m) => ({ default: m.CameraPhotosRoute }))),
  cameraVideos: withTexts(['videos', 'catalog', 'cameras', 'playdates', 'money'], () => import('@/features/cameras/routes/camera').then((m) => ({ default: m.CameraVideosRoute }))),
  freeVideo: withTexts(['videos', 'player'], () => import('@/features/videos/routes/free-video')),
  testVideos: withTexts(['videos', 'catalog', 'player'], () => import('@/features/videos/routes/test-videos')),
  // Pages and blog (features/pages, features/blog); the io variant reuses the legal screens by their files.
  customPage: withTexts(['pages'], () => import('@/features/pages/routes/custom-page')),
  welcomeLanding: withTexts(['pages'], () => import('@/features/pages/routes/welcome-landing')),
  contactUs: withTexts(['pages'], () => import('@/features/pages/routes/contact-us')),
  agb: withTexts(['pages'], () => import('@/features/pages/routes/agb')),
  report: withTexts(['pages'], () => import('@/features/pages/routes/report')),
  dmca: withTexts(['pages'], () => import('@/features/pages/routes/dmca')),
  prohibitedContent: withTexts(['pages'], () => import('@/features/pages/routes/prohibited-content')),
  apply: withTexts(['pages'], () => import('@/features/pages/routes/apply')),
  aboutUs: withTexts(['pages'], () => import('@/features/pages/routes/about-us')),
  netiquette: withTexts(['pages'], () => import('@/features/pages/routes/netiquette')),
  playdateFaq: withTexts(['pages'], () => import('@/features/pages/routes/playdate-faq')),
  communityGuidelines: withTexts(['pages'], () => import('@/features/pages/routes/community-guidelines')),
  friends: withTexts(['pages'], () => import('@/features/pages/routes/friends')),
  // These two need the session or the route table, which only the app has.
  sitemap: withTexts(['pages'], (): Promise<ScreenModule> => import('./screens/sitemap-screen').then((m) => ({ default: m.sitemapScreen(ROUTES) }))),
  unsubscribeMails: withTexts(['pages'], () => import('./screens/unsubscribe-mails-screen')),
  // The profile overview and the paywall carry the money cards and the session (features/paywall stays apart).
  userProfile: withTexts(['profile', 'money'], () => import('./screens/user-profile-screen')),
  paywall: withTexts(['money'], () => import('./screens/paywall-screen')),
  userProfileSettings: withTexts(['auth', 'profile'], () => import('@/features/profile/routes/user-profile-settings')),
  blogList: withTexts(['videos', 'pages'], () => import('@/features/blog/routes/blog-list')),
  blogArticle: withTexts(['pages'], () => import('@/features/blog/routes/blog-article')),
  inbox: withTexts(['videos', 'messages'], () => import('@/features/messages/routes/inbox')),
  conversation: withTexts(['messages'], () => import('@/features/messages/routes/conversation')),
  playdateMessages: withTexts(['messages'], () => import('@/features/messages/routes/playdate-conversation')),
  // The studio screen tells a member who is not a model that it is for model accounts (capability studio).
  studio: withTexts(['cameras', 'studio', 'playdates'], behindSecondFactor(() => import('@/features/studio/routes/studio'))),
  // Playdate rooms (decisions 040–043): the member's or a viewer's, and the model's (capability studio, told on the screen).
  privatePlaydate: withTexts(['cameras', 'playdates'], () => import('@/features/playdate-room/routes/playdate-room').then((m) => ({ default: m.PrivatePlaydateRoute }))),
  publicPlaydate: withTexts(['cameras', 'playdates'], () => import('@/features/playdate-room/routes/playdate-room').then((m) => ({ default: m.PublicPlaydateRoute }))),
  studioPlaydateRoom: withTexts(['cameras', 'playdates'], behindSecondFactor(() => import('@/features/playdate-room/routes/studio-playdate-room'))),
  // The screen tells a member who is not on the team that it is for the team (capability backoffice).
  teamCameraFeedback: withTexts(['videos', 'studio'], behindSecondFactor(() => import('@/features/team/routes/camera-feedback'))),
  // The back office (decision 070): its own chunks, behind two-factor sign-in; each screen says who it is for.
  backoffice: withTexts(['backoffice'], behindSecondFactor(() => import('@/features/backoffice/routes/backoffice-home'))),
  backofficeAudit: withTexts(['backoffice', 'videos'], behindSecondFactor(() => import('@/features/backoffice/routes/audit-log'))),
  backofficeTeam: withTexts(['backoffice'], behindSecondFactor(() => import('@/features/backoffice/routes/team'))),
  backofficeRetag: withTexts(['backoffice', 'videos'], behindSecondFactor(() => import('@/features/backoffice/tags/routes/retag'))),
  backofficeTags: withTexts(['backoffice'], behindSecondFactor(() => import('@/features/backoffice/tags/routes/tags'))),
  backofficeFlags: withTexts(['backoffice'], behindSecondFactor(() => import('@/features/backoffice/routes/flags'))),
  backofficePrices: withTexts(['backoffice'], behindSecondFactor(() => import('@/features/backoffice/routes/prices'))),
  backofficePlaydateLimits: withTexts(['backoffice', 'studio'], behindSecondFactor(() => import('@/features/backoffice/routes/playdate-limits'))),
  backofficeBlog: withTexts(['backoffice', 'videos'], behindSecondFactor(() => import('@/features/backoffice/blog/routes/blog-articles'))),
  backofficeBlogNew: withTexts(['backoffice'], behindSecondFactor(() => import('@/features/backoffice/blog/routes/blog-editor').then((m) => ({ default: m.NewArticleRoute })))),
  backofficeBlogArticle: withTexts(['backoffice'], behindSecondFactor(() => import('@/features/backoffice/blog/routes/blog-editor').then((m) => ({ default: m.EditArticleRoute })))),
  backofficePages: withTexts(['backoffice'], behindSecondFactor(() => import('@/features/backoffice/pages/routes/pages-list'))),
  backofficePage: withTexts(['backoffice'], behindSecondFactor(() => import('@/features/backoffice/pages/routes/page-editor'))),
  backofficeMeta: withTexts(['backoffice'], behindSecondFactor(() => import('@/features/backoffice/pages/routes/meta-editor'))),
  backofficeVideos: withTexts(['backoffice'], behindSecondFactor(() => import('@/features/backoffice/videos/routes/videos-list'))),
  backofficeVideoNew: withTexts(['backoffice'], behindSecondFactor(() => import('@/features/backoffice/videos/routes/video-new'))),
  backofficeVideo: withTexts(['backoffice'], behindSecondFactor(() => import('@/features/backoffice/videos/routes/video-edit'))),
  backofficeModels: withTexts(['backoffice', 'videos'], behindSecondFactor(() => import('@/features/backoffice/catalog/routes/models'))),
  backofficeModel: withTexts(['backoffice'], behindSecondFactor(() => import('@/features/backoffice/catalog/routes/model'))),
  backofficeShoots: withTexts(['backoffice', 'videos'], behindSecondFactor(() => import('@/features/backoffice/catalog/routes/shoots'))),
  backofficeShoot: withTexts(['backoffice'], behindSecondFactor(() => import('@/features/backoffice/catalog/routes/shoot'))),
  // The chat screens carry the cameras feature's live player (features/camera-chat stays apart).
  freeChat: withTexts(['catalog', 'cameras', 'money'], () => import('./screens/camera-chat-screen').then((m) => ({ default: m.FreeChatScreen }))),
  chat: withTexts(['catalog', 'cameras', 'money'], () => import('./screens/camera-chat-screen').then((m) => ({ default: m.PaidChatScreen }))),
  // The overview reads product §4's playdate settings of the profile, which only the app has (features/playdates stays apart).
  playdates: withTexts(['videos', 'playdates'], () => import('./screens/playdates-screen')),
  requestPrivatePlaydate: withTexts(['playdates'], () => import('@/features/playdates/routes/request-private-playdate')),
  extendPlaydate: withTexts(['playdates'], () => import('@/features/playdates/routes/extend-playdate')),
  playdateChatReplay: withTexts(['playdates'], () => import('@/features/playdates/routes/playdate-chat-replay')),
} satisfies Record<string, ScreenLoader>;

const PUBLIC: RouteFlags = { requiresAuth: false, requiresPremium: false, lawLimited: false };
const MEMBER: RouteFlags = { requiresAuth: true, requiresPremium: false, lawLimited: false };
const MEMBER_LAW: RouteFlags = { requiresAuth: true, requiresPremium: false, lawLimited: true };
const PREMIUM: RouteFlags = { requiresAuth: true, requiresPremium: true, lawLimited: false };
const PREMIUM_LAW: RouteFlags = { requiresAuth: true, requiresPremium: true, lawLimited: true };

type Options = Partial<Pick<RouteDefinition, 'layout' | 'titleKey' | 'membersGoToLanding' | 'redirectTo' | 'hiddenDuringAgeVerification' | 'landingIdParam'>>;

function route<const Name extends RouteName & (RouteTitleKey | 'customPage')>(
  name: Name,
  flags: RouteFlags,
  screen: ScreenLoader,
  options: Options = {},
): RouteDefinition<Name, (typeof ROUTE_PATHS)[Name]> {
  return {
    name,
    path: ROUTE_PATHS[name],
    ...flags,
    screen,
    titleKey: options.titleKey ?? (name === 'customPage' ? 'notFound' : (name as RouteTitleKey)),
    layout: options.layout ?? (flags.requiresAuth ? 'member-area' : 'auto'),
    ...(options.membersGoToLanding ? { membersGoToLanding: true } : {}),
    ...(options.redirectTo ? { redirectTo: options.redirectTo } : {}),
    ...(options.hiddenDuringAgeVerification ? { hiddenDuringAgeVerification: true } : {}),
    ...(options.landingIdParam ? { landingIdParam: options.landingIdParam } : {}),
  };
}

const blog = { layout: 'v2-blog', hiddenDuringAgeVerification: true } as const;

export const ROUTES = [
  route('home', PUBLIC, screens.landing, { layout: 'main', membersGoToLanding: true }),
  // The landing page for women visitors (product §1: ladies layout; also on the io variant). Not one of product §2's
  // titled sections, so it carries the landing title and is written out instead of going through route().
  {
    name: 'ladies',
    path: ROUTE_PATHS.ladies,
    ...PUBLIC,
    titleKey: 'landing',
    layout: 'ladies',
    screen: () => import('@/features/site-variant/routes/ladies'),
  } satisfies RouteDefinition<RouteName>,
  route('forgotPassword', PUBLIC, screens.forgotPassword, { layout: 'main' }),
  route('resetPassword', PUBLIC, screens.resetPassword, { layout: 'main' }),
  route('join', PUBLIC, screens.landing, { layout: 'main', redirectTo: 'home' }),
  route('videos', MEMBER, screens.videos),
  route('feeds', MEMBER, screens.feeds),
  route('recentUpdates', MEMBER, screens.recentUpdates),
  route('update', MEMBER, screens.update),
  route('models', MEMBER, screens.models),
  route('modelProfile', MEMBER, screens.modelProfile),
  route('shoots', MEMBER, screens.shoots),
  route('shoot', MEMBER, screens.shoot),
  route('shootImages', MEMBER, screens.shootImages),
  route('cameras', MEMBER_LAW, screens.cameras),
  route('camera', MEMBER_LAW, screens.camera),
  route('cameraPhotos', MEMBER_LAW, screens.cameraPhotos),
  route('cameraVideos', MEMBER_LAW, screens.cameraVideos),
  route('playdates', MEMBER, screens.playdates),
  route('privatePlaydate', PREMIUM, screens.privatePlaydate),
  route('publicPlaydate', PREMIUM, screens.publicPlaydate),
  route('requestPrivatePlaydate', PREMIUM_LAW, screens.requestPrivatePlaydate),
  route('extendPlaydate', PREMIUM, screens.extendPlaydate),
  route('netiquette', PUBLIC, screens.netiquette),
  route('playdateFaq', PUBLIC, screens.playdateFaq),
  route('playdateChatReplay', PUBLIC, screens.playdateChatReplay, { layout: 'main' }),
  route('favouriteModels', MEMBER, screens.favouriteModels),
  route('favouriteShoots', MEMBER, screens.favouriteShoots),
  route('favouriteVideos', MEMBER, screens.favouriteVideos),
  route('favouriteImages', MEMBER, screens.favouriteImages),
  route('favouriteCams', MEMBER_LAW, screens.favouriteCams),
  route('userProfile', MEMBER, screens.userProfile),
  route('userProfileSettings', MEMBER, screens.userProfileSettings),
  route('studio', MEMBER, screens.studio),
  route('studioPlaydateRoom', MEMBER, screens.studioPlaydateRoom),
  route('teamCameraFeedback', MEMBER, screens.teamCameraFeedback),
  // Moved into the back office (decision 072): old links and bookmarks land there.
  route('teamPlaydateLimits', MEMBER, screens.backofficePlaydateLimits, { redirectTo: 'backofficePlaydateLimits' }),
  route('backoffice', MEMBER, screens.backoffice),
  route('backofficeAudit', MEMBER, screens.backofficeAudit),
  route('backofficeTeam', MEMBER, screens.backofficeTeam),
  route('backofficeRetag', MEMBER, screens.backofficeRetag),
  route('backofficeTags', MEMBER, screens.backofficeTags),
  route('backofficeFlags', MEMBER, screens.backofficeFlags),
  route('backofficePrices', MEMBER, screens.backofficePrices),
  route('backofficePlaydateLimits', MEMBER, screens.backofficePlaydateLimits),
  route('backofficeBlog', MEMBER, screens.backofficeBlog),
  route('backofficeBlogNew', MEMBER, screens.backofficeBlogNew),
  route('backofficeBlogArticle', MEMBER, screens.backofficeBlogArticle),
  route('backofficePages', MEMBER, screens.backofficePages),
  route('backofficePage', MEMBER, screens.backofficePage),
  route('backofficeMeta', MEMBER, screens.backofficeMeta),
  route('backofficeVideos', MEMBER, screens.backofficeVideos),
  route('backofficeVideoNew', MEMBER, screens.backofficeVideoNew),
  route('backofficeVideo', MEMBER, screens.backofficeVideo),
  route('backofficeModels', MEMBER, screens.backofficeModels),
  route('backofficeModel', MEMBER, screens.backofficeModel),
  route('backofficeShoots', MEMBER, screens.backofficeShoots),
  route('backofficeShoot', MEMBER, screens.backofficeShoot),
  route('messages', MEMBER, screens.inbox),
  route('conversation', MEMBER, screens.conversation),
  route('playdateMessages', MEMBER, screens.playdateMessages),
  // Not law-limited in product §2's table; the server's chat calls are (451), and the screen says so.
  route('freeChat', MEMBER, screens.freeChat),
  route('chat', MEMBER, screens.chat),
  route('paywall', MEMBER, screens.paywall),
  route('communityGuidelines', PUBLIC, screens.communityGuidelines),
  route('blog', PUBLIC, screens.blogList, blog),
  route('leckerBlog', PUBLIC, screens.blogList, blog),
  route('blogArticle', PUBLIC, screens.blogArticle, blog),
  route('leckerBlogArticle', PUBLIC, screens.blogArticle, blog),
  route('landing', PUBLIC, screens.welcomeLanding, { layout: 'main', landingIdParam: 'id' }),
  route('friends', PUBLIC, screens.friends),
  route('freeVideo', PUBLIC, screens.freeVideo),
  route('unsubscribeMails', PUBLIC, screens.unsubscribeMails),
  route('contactUs', PUBLIC, screens.contactUs),
  route('agb', PUBLIC, screens.agb),
  route('report', PUBLIC, screens.report),
  route('dmca', PUBLIC, screens.dmca),
  route('prohibitedContent', PUBLIC, screens.prohibitedContent),
  route('apply', PUBLIC, screens.apply),
  route('sitemap', PUBLIC, screens.sitemap),
  route('aboutUs', PUBLIC, screens.aboutUs),
  route('testVideos', PUBLIC, screens.testVideos),
  // A custom page looked up by its path (GET /pages{path}); a 404 shows Not Found.
  route('customPage', PUBLIC, screens.customPage, { titleKey: 'notFound' }),
] as const;

export type AppRoute = (typeof ROUTES)[number];

// Every named path has a route: a name of '@/paths' missing here fails to compile, naming it
// (and route() accepts only names of '@/paths').
type Unrouted = Exclude<RouteName, AppRoute['name']>;
const _everyPathRouted: [Unrouted] extends [never] ? true : Unrouted = true;

const BY_NAME = new Map<string, AppRoute>(ROUTES.map((r) => [r.name, r]));

/** The landing_id of route meta (product §2), from the matched route and its params; null where the route has none. */
export function landingIdOf(route: RouteDefinition | undefined, params: Readonly<Record<string, string | undefined>>): string | null {
  const param = route?.landingIdParam;
  return (param && params[param]) || null;
}

export function routeByName(name: RouteName): AppRoute {
  const found = BY_NAME.get(name);
  if (!found) throw new Error(`Unknown route ${name}`);
  return found;
}
