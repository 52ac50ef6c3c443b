import type { Language, Layout } from '@velora/shared';
import type { ComponentType } from 'react';
import { generatePath } from 'react-router';
import type { LocaleMessages } from '@/locales';

// The route table of SPEC §2 (main site) as data. The router, the guards, the layout choice, the
// page title and every link are derived from it; nothing else names a path.

/** `auto`: the member area for logged-in users, the public layout for visitors (legal pages). */
export type RouteLayout = Layout | 'auto';

export type RouteTitleKey = keyof LocaleMessages['routes'];

export type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

export interface RouteFlags {
  /** Visitors go to `/?redirect=<path>#log_in`. */
  requiresAuth: boolean;
  /** Non-premium users go to their landing URL with a `redirect` query. */
  requiresPremium: boolean;
  /** Skipped for users with law limitations. */
  lawLimited: boolean;
}

export interface RouteDefinition<Name extends string = string, Path extends string = string> extends RouteFlags {
  name: Name;
  /** A react-router pattern (`:param`), or `*` for the catch-all. */
  path: Path;
  titleKey: RouteTitleKey;
  layout: RouteLayout;
  screen: ScreenLoader;
  /** Logged-in users are sent on to their landing URL (the visitor landing page). */
  membersGoToLanding?: boolean;
  /** The name of a route this one only forwards to, keeping the query. */
  redirectTo?: string;
  /** Redirects to / while the age_verification feature is on (SPEC §2: blog paths). */
  hiddenDuringAgeVerification?: boolean;
  /** Route meta of SPEC §2: the path param holding the landing_id (sign-ups on this route belong to that landing). */
  landingIdParam?: string;
}

const screens = {
  landing: () => import('@/features/landing/routes/landing'),
  forgotPassword: () => import('@/features/auth/routes/forgot-password'),
  resetPassword: () => import('@/features/auth/routes/reset-password'),
  videos: () => import('@/features/videos/routes/videos'),
  // The members' landing pages carry the home sections; the app composes them (features stay apart).
  recentUpdates: () => import('./screens/recent-updates-screen'),
  feeds: () => import('./screens/feeds-screen'),
  update: () => import('@/features/catalog/routes/update'),
  models: () => import('@/features/catalog/routes/models'),
  modelProfile: () => import('@/features/catalog/routes/model-profile'),
  shoots: () => import('@/features/catalog/routes/shoots'),
  shoot: () => import('@/features/catalog/routes/shoot'),
  shootImages: () => import('@/features/catalog/routes/shoot-images'),
  favouriteModels: () => import('@/features/catalog/routes/favourites').then((m) => ({ default: m.FavouriteModelsRoute })),
  favouriteShoots: () => import('@/features/catalog/routes/favourites').then((m) => ({ default: m.FavouriteShootsRoute })),
  favouriteVideos: () => import('@/features/catalog/routes/favourites').then((m) => ({ default: m.FavouriteVideosRoute })),
  favouriteImages: () => import('@/features/catalog/routes/favourites').then((m) => ({ default: m.FavouriteImagesRoute })),
  favouriteCams: () => import('@/features/catalog/routes/favourites').then((m) => ({ default: m.FavouriteCamsRoute })),
  freeVideo: () => import('@/features/videos/routes/free-video'),
  testVideos: () => import('@/features/videos/routes/test-videos'),
  comingSoon: () => import('./screens/coming-soon'),
  // Pages and blog (features/pages, features/blog); the io variant reuses the legal screens by their files.
  customPage: () => import('@/features/pages/routes/custom-page'),
  welcomeLanding: () => import('@/features/pages/routes/welcome-landing'),
  contactUs: () => import('@/features/pages/routes/contact-us'),
  agb: () => import('@/features/pages/routes/agb'),
  report: () => import('@/features/pages/routes/report'),
  dmca: () => import('@/features/pages/routes/dmca'),
  prohibitedContent: () => import('@/features/pages/routes/prohibited-content'),
  apply: () => import('@/features/pages/routes/apply'),
  aboutUs: () => import('@/features/pages/routes/about-us'),
  netiquette: () => import('@/features/pages/routes/netiquette'),
  playdateFaq: () => import('@/features/pages/routes/playdate-faq'),
  communityGuidelines: () => import('@/features/pages/routes/community-guidelines'),
  friends: () => import('@/features/pages/routes/friends'),
  // These two need the session or the route table, which only the app has.
  sitemap: () => import('./screens/sitemap-screen'),
  unsubscribeMails: () => import('./screens/unsubscribe-mails-screen'),
  // The profile overview and the paywall carry the money cards and the session (features/paywall stays apart).
  userProfile: () => import('./screens/user-profile-screen'),
  paywall: () => import('./screens/paywall-screen'),
  userProfileSettings: () => import('@/features/profile/routes/user-profile-settings'),
  blogList: () => import('@/features/blog/routes/blog-list'),
  blogArticle: () => import('@/features/blog/routes/blog-article'),
  inbox: () => import('@/features/messages/routes/inbox'),
  conversation: () => import('@/features/messages/routes/conversation'),
  playdateMessages: () => import('@/features/messages/routes/playdate-conversation'),
} satisfies Record<string, ScreenLoader>;

const PUBLIC: RouteFlags = { requiresAuth: false, requiresPremium: false, lawLimited: false };
const MEMBER: RouteFlags = { requiresAuth: true, requiresPremium: false, lawLimited: false };
const MEMBER_LAW: RouteFlags = { requiresAuth: true, requiresPremium: false, lawLimited: true };
const PREMIUM: RouteFlags = { requiresAuth: true, requiresPremium: true, lawLimited: false };
const PREMIUM_LAW: RouteFlags = { requiresAuth: true, requiresPremium: true, lawLimited: true };

type Options = Partial<Pick<RouteDefinition, 'layout' | 'titleKey' | 'membersGoToLanding' | 'redirectTo' | 'hiddenDuringAgeVerification' | 'landingIdParam'>>;

function route<const Name extends RouteTitleKey | 'customPage', const Path extends string>(
  name: Name,
  path: Path,
  flags: RouteFlags,
  screen: ScreenLoader,
  options: Options = {},
): RouteDefinition<Name, Path> {
  return {
    name,
    path,
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

const soon = screens.comingSoon;
const blog = { layout: 'v2-blog', hiddenDuringAgeVerification: true } as const;

export const ROUTES = [
  route('home', '/', PUBLIC, screens.landing, { layout: 'main', membersGoToLanding: true }),
  // The landing page for women visitors (SPEC §1: ladies layout; also on the io variant). Not one of SPEC §2's
  // titled sections, so it carries the landing title and is written out instead of going through route().
  {
    name: 'ladies',
    path: '/ladies',
    ...PUBLIC,
    titleKey: 'landing',
    layout: 'ladies',
    screen: () => import('@/features/site-variant/routes/ladies'),
  },
  route('forgotPassword', '/forgot_password', PUBLIC, screens.forgotPassword, { layout: 'main' }),
  route('resetPassword', '/reset_password', PUBLIC, screens.resetPassword, { layout: 'main' }),
  route('join', '/join', PUBLIC, screens.landing, { layout: 'main', redirectTo: 'home' }),
  route('videos', '/videos', MEMBER, screens.videos),
  route('feeds', '/feeds', MEMBER, screens.feeds),
  route('recentUpdates', '/recent_updates', MEMBER, screens.recentUpdates),
  route('update', '/update/:id', MEMBER, screens.update),
  route('models', '/models', MEMBER, screens.models),
  route('modelProfile', '/profile/:id', MEMBER, screens.modelProfile),
  route('shoots', '/shoots', MEMBER, screens.shoots),
  route('shoot', '/shoot/:id', MEMBER, screens.shoot),
  route('shootImages', '/shoot/:galleryId/images/:chapterId', MEMBER, screens.shootImages),
  route('cameras', '/cameras', MEMBER_LAW, soon),
  route('camera', '/camera/:name', MEMBER_LAW, soon),
  route('cameraPhotos', '/camera/:name/photos', MEMBER_LAW, soon),
  route('cameraVideos', '/camera/:name/videos', MEMBER_LAW, soon),
  route('playdates', '/playdates', MEMBER, soon),
  route('privatePlaydate', '/private-playdate/:id', PREMIUM, soon),
  route('publicPlaydate', '/public-playdate/:id', PREMIUM, soon),
  route('requestPrivatePlaydate', '/playdates/request-private-playdate/:id', PREMIUM_LAW, soon),
  route('extendPlaydate', '/playdates/extend-playdate/:id', PREMIUM, soon),
  route('netiquette', '/netiquette', PUBLIC, screens.netiquette),
  route('playdateFaq', '/playdate-faq', PUBLIC, screens.playdateFaq),
  route('playdateChatReplay', '/playdate-chat-replay', PUBLIC, soon, { layout: 'main' }),
  route('favouriteModels', '/favourite-models', MEMBER, screens.favouriteModels),
  route('favouriteShoots', '/favourite-shoots', MEMBER, screens.favouriteShoots),
  route('favouriteVideos', '/favourite-videos', MEMBER, screens.favouriteVideos),
  route('favouriteImages', '/favourite-images', MEMBER, screens.favouriteImages),
  route('favouriteCams', '/favourite-cams', MEMBER_LAW, screens.favouriteCams),
  route('userProfile', '/user-profile', MEMBER, screens.userProfile),
  route('userProfileSettings', '/user-profile/settings', MEMBER, screens.userProfileSettings),
  route('messages', '/messages', MEMBER, screens.inbox),
  // Also the provider's own inbox segment (SPEC §2 omits its name).
  route('conversation', '/messages/:name', MEMBER, screens.conversation),
  route('playdateMessages', '/playdate-messages/:id', MEMBER, screens.playdateMessages),
  route('freeChat', '/free-chat/:name', MEMBER, soon),
  route('chat', '/chat/:name', MEMBER, soon),
  route('paywall', '/paywall', MEMBER, screens.paywall),
  route('communityGuidelines', '/community_guidelines', PUBLIC, screens.communityGuidelines),
  route('blog', '/blog', PUBLIC, screens.blogList, blog),
  route('leckerBlog', '/lecker_blog', PUBLIC, screens.blogList, blog),
  route('blogArticle', '/blog/:alias', PUBLIC, screens.blogArticle, blog),
  route('leckerBlogArticle', '/lecker_blog/:alias', PUBLIC, screens.blogArticle, blog),
  route('landing', '/welcome/:id', PUBLIC, screens.welcomeLanding, { layout: 'main', landingIdParam: 'id' }),
  route('friends', '/friends', PUBLIC, screens.friends),
  route('freeVideo', '/free-video', PUBLIC, screens.freeVideo),
  route('unsubscribeMails', '/unsubscribe_mails', PUBLIC, screens.unsubscribeMails),
  route('contactUs', '/contact-us', PUBLIC, screens.contactUs),
  route('agb', '/agb', PUBLIC, screens.agb),
  route('report', '/report', PUBLIC, screens.report),
  route('dmca', '/dmca', PUBLIC, screens.dmca),
  route('prohibitedContent', '/prohibited_content', PUBLIC, screens.prohibitedContent),
  route('apply', '/apply', PUBLIC, screens.apply),
  route('sitemap', '/sitemap', PUBLIC, screens.sitemap),
  route('aboutUs', '/about_us', PUBLIC, screens.aboutUs),
  route('testVideos', '/test_videos', PUBLIC, screens.testVideos),
  // Any other path is a custom page looked up by its path (GET /pages{path}); a 404 shows Not Found.
  route('customPage', '*', PUBLIC, screens.customPage, { titleKey: 'notFound' }),
] as const;

export type AppRoute = (typeof ROUTES)[number];
export type RouteName = AppRoute['name'];
type PathOf<N extends RouteName> = Extract<AppRoute, { name: N }>['path'];

type ParamNames<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;
export type RouteParams<N extends RouteName> = { [K in ParamNames<PathOf<N>>]: string | number };

export type QueryInit = Record<string, string | number | readonly (string | number)[] | null | undefined>;

type PathArgs<N extends RouteName> = [ParamNames<PathOf<N>>] extends [never]
  ? [params?: Record<string, never>, query?: QueryInit]
  : [params: RouteParams<N>, query?: QueryInit];

const BY_NAME = new Map<string, AppRoute>(ROUTES.map((r) => [r.name, r]));

/** SPEC §2: the blog lives under /lecker_blog for German and /blog otherwise; with an alias, one article. */
export function blogPath(language: Language, alias?: string): string {
  const german = language === 'de';
  if (alias === undefined) return routePath(german ? 'leckerBlog' : 'blog');
  return routePath(german ? 'leckerBlogArticle' : 'blogArticle', { alias });
}

/** The landing_id of route meta (SPEC §2), from the matched route and its params; null where the route has none. */
export function landingIdOf(route: RouteDefinition | undefined, params: Readonly<Record<string, string | undefined>>): string | null {
  const param = route?.landingIdParam;
  return (param && params[param]) || null;
}

export function routeByName(name: RouteName): AppRoute {
  const found = BY_NAME.get(name);
  if (!found) throw new Error(`Unknown route ${name}`);
  return found;
}

/** The path of a named route, with its params filled in and an optional query. */
export function routePath<N extends Exclude<RouteName, 'customPage'>>(name: N, ...[params, query]: PathArgs<N>): string {
  const { path } = routeByName(name);
  const stringParams = Object.fromEntries(Object.entries(params ?? {}).map(([k, v]) => [k, String(v)]));
  const pathname = generatePath(path, stringParams);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined || value === '') continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const qs = search.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}
