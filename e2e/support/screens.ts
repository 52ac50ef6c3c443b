import { ROUTE_PATHS, type RouteName } from '../../apps/web/src/paths/route-paths';
import { getJson, loginToken } from './api';

// Every screen of the app (the route table of apps/web/src/app/routes.ts, whose paths are
// apps/web/src/paths/route-paths.ts) with a concrete path on the demo seed, and the user who sees it.
// Ids and names are asked of the API at test time, so a change of the seed does not break the list.

export type Viewer = 'visitor' | 'member' | 'premium' | 'model' | 'admin';
export type Lang = 'en' | 'de' | 'fr';
export const LANGS: readonly Lang[] = ['en', 'de', 'fr'];

/** The demo account of each viewer (README, "Demo accounts"); the visitor has none. */
export const VIEWER_ACCOUNTS: Record<Exclude<Viewer, 'visitor'>, string> = {
  member: 'member',
  premium: 'premium',
  model: 'model',
  admin: 'admin',
};

export interface Screen {
  /** The route of the table this path shows (the catch-all `customPage` for custom pages and Not Found). */
  route: RouteName;
  /** A short name for messages: the route, and what the path shows when a route has several entries. */
  name: string;
  path: string;
  /** A path per language where the content differs (the German blog lives under /lecker_blog). */
  pathIn?: Partial<Record<Lang, string>>;
  viewer: Viewer;
  /** Long text or many labels: also checked with axe in German and French. */
  textHeavy?: boolean;
  /** Where the screen may end up (a guard's or the screen's own redirect); by default the path itself. */
  landsOn?: (url: URL) => boolean;
}

export function pathOf(screen: Screen, lang: Lang): string {
  return screen.pathIn?.[lang] ?? screen.path;
}

interface Item {
  id: number;
}
interface Named {
  name: string;
}
interface Conversation {
  with: { kind: string; name: string };
  playdate_id: number | null;
}
interface Playdate extends Item {
  kind: 'public' | 'private';
  status: string;
  replay_path: string | null;
}
interface Article {
  id: number;
  alias: string;
}

function first<T>(what: string, list: readonly T[] | undefined): T {
  const found = list?.[0];
  if (found === undefined) throw new Error(`the demo seed has no ${what}`);
  return found;
}

function firstWhere<T>(what: string, list: readonly T[] | undefined, test: (item: T) => boolean): T {
  return first(what, list?.filter(test));
}

/** Reads the ids and names the paths need from the API of a running demo server. */
export async function resolveScreens(baseUrl: string): Promise<Screen[]> {
  const [member, premium, model] = await Promise.all([loginToken(baseUrl, 'member'), loginToken(baseUrl, 'premium'), loginToken(baseUrl, 'model')]);
  const as = <T>(token: string, path: string) => getJson<T>(baseUrl, path, token);

  const [models, shoots, updates, cameras, memberInbox, premiumInbox, publicPlaydates, privatePlaydates, privateCameras, studio] = await Promise.all([
    as<{ models: Item[] }>(member, '/models?page=1'),
    as<{ shoots: Item[] }>(member, '/shoots?page=1'),
    as<{ items: Item[] }>(member, '/updates?page=1'),
    as<{ cameras: (Item & Named & { chat_mode: string })[] }>(member, '/cameras'),
    as<{ conversations: Conversation[] }>(member, '/messages'),
    as<{ conversations: Conversation[] }>(premium, '/messages'),
    as<{ items: Playdate[] }>(premium, '/playdates/public/list'),
    as<{ items: Playdate[] }>(premium, '/playdates/private/list'),
    as<{ items: { camera_id: number }[] }>(premium, '/playdates/private/cameras'),
    as<{ upcoming: Item[] }>(model, '/studio/playdates'),
  ]);
  const blogs = Object.fromEntries(
    await Promise.all(LANGS.map(async (lang) => [lang, first(`${lang} blog article`, (await getJson<{ articles: Article[] }>(baseUrl, `/blog?lang=${lang}`)).articles)] as const)),
  ) as Record<Lang, Article>;

  const shoot = first('shoot with a gallery', (await Promise.all(shoots.shoots.slice(0, 5).map((s) => as<Item & { chapters: Item[] }>(member, `/shoots/${s.id}`)))).filter((s) => s.chapters.length > 0));
  const catalogVideo = first('video', (await as<{ videos: Item[] }>(member, '/videos')).videos);
  const camera = first('camera', cameras.cameras);
  const freeCamera = firstWhere('free-chat camera', cameras.cameras, (c) => c.chat_mode === 'free');
  const paidCamera = firstWhere('paid-chat camera', cameras.cameras, (c) => c.chat_mode !== 'free');
  const modelConversation = firstWhere('conversation with a model', memberInbox.conversations, (c) => c.with.kind === 'model' && c.playdate_id === null);
  const playdateConversation = firstWhere('playdate conversation', premiumInbox.conversations, (c) => c.playdate_id !== null);
  const publicPlaydate = first('public playdate', publicPlaydates.items);
  const replay = firstWhere('public playdate with a replay', publicPlaydates.items, (p) => p.replay_path !== null);
  const privatePlaydate = first('private playdate of premium', privatePlaydates.items);

  const at = (route: RouteName, params: Record<string, string | number> = {}): string =>
    Object.entries(params).reduce<string>((path, [key, value]) => path.replace(`:${key}`, encodeURIComponent(String(value))), ROUTE_PATHS[route]);
  const blogArticle = (lang: Lang) => (lang === 'de' ? at('leckerBlogArticle', { alias: blogs.de.alias }) : at('blogArticle', { alias: blogs[lang].alias }));

  const screens: Screen[] = [
    // Visitors: the landing, the public and legal pages, the custom pages.
    { route: 'home', name: 'home', path: at('home'), viewer: 'visitor', textHeavy: true },
    { route: 'home', name: 'log-in dialog', path: `${at('home')}#log_in`, viewer: 'visitor' },
    { route: 'home', name: 'sign-up dialog', path: `${at('home')}#sign_up`, viewer: 'visitor' },
    { route: 'ladies', name: 'ladies', path: at('ladies'), viewer: 'visitor' },
    { route: 'join', name: 'join', path: at('join'), viewer: 'visitor', landsOn: (u) => u.pathname === '/' },
    { route: 'forgotPassword', name: 'forgotPassword', path: at('forgotPassword'), viewer: 'visitor' },
    { route: 'resetPassword', name: 'resetPassword', path: `${at('resetPassword')}?token=not-a-real-token`, viewer: 'visitor' },
    { route: 'landing', name: 'landing (welcome 1)', path: at('landing', { id: 1 }), viewer: 'visitor', textHeavy: true },
    { route: 'blog', name: 'blog', path: at('blog'), pathIn: { de: at('leckerBlog') }, viewer: 'visitor' },
    { route: 'leckerBlog', name: 'leckerBlog', path: at('leckerBlog'), viewer: 'visitor', landsOn: () => true },
    { route: 'blogArticle', name: 'blogArticle', path: blogArticle('en'), pathIn: { de: blogArticle('de'), fr: blogArticle('fr') }, viewer: 'visitor', textHeavy: true },
    { route: 'leckerBlogArticle', name: 'leckerBlogArticle', path: blogArticle('de'), viewer: 'visitor', landsOn: () => true },
    { route: 'netiquette', name: 'netiquette', path: at('netiquette'), viewer: 'visitor', textHeavy: true },
    { route: 'playdateFaq', name: 'playdateFaq', path: at('playdateFaq'), viewer: 'visitor', textHeavy: true },
    { route: 'playdateChatReplay', name: 'playdateChatReplay', path: replay.replay_path!, viewer: 'visitor' },
    { route: 'communityGuidelines', name: 'communityGuidelines', path: at('communityGuidelines'), viewer: 'visitor', textHeavy: true },
    { route: 'friends', name: 'friends', path: at('friends'), viewer: 'visitor' },
    { route: 'freeVideo', name: 'freeVideo', path: `${at('freeVideo')}?token=demo-free-video`, viewer: 'visitor' },
    { route: 'unsubscribeMails', name: 'unsubscribeMails', path: at('unsubscribeMails'), viewer: 'visitor' },
    { route: 'contactUs', name: 'contactUs', path: at('contactUs'), viewer: 'visitor', textHeavy: true },
    { route: 'agb', name: 'agb', path: at('agb'), viewer: 'visitor', textHeavy: true },
    { route: 'report', name: 'report', path: at('report'), viewer: 'visitor', textHeavy: true },
    { route: 'dmca', name: 'dmca', path: at('dmca'), viewer: 'visitor', textHeavy: true },
    { route: 'prohibitedContent', name: 'prohibitedContent', path: at('prohibitedContent'), viewer: 'visitor' },
    { route: 'apply', name: 'apply', path: at('apply'), viewer: 'visitor' },
    { route: 'sitemap', name: 'sitemap', path: at('sitemap'), viewer: 'visitor' },
    { route: 'aboutUs', name: 'aboutUs', path: at('aboutUs'), viewer: 'visitor', textHeavy: true },
    { route: 'testVideos', name: 'testVideos', path: at('testVideos'), viewer: 'visitor' },
    { route: 'customPage', name: 'custom page (document)', path: '/press', viewer: 'visitor' },
    { route: 'customPage', name: 'custom page (password)', path: '/members-preview', viewer: 'visitor' },
    { route: 'customPage', name: 'custom page (landing)', path: '/summer-special', viewer: 'visitor' },
    { route: 'customPage', name: 'Not Found', path: '/no-such-page', viewer: 'visitor' },

    // Members (free): the catalog, the cams, the member area.
    { route: 'recentUpdates', name: 'recentUpdates', path: at('recentUpdates'), viewer: 'member' },
    { route: 'feeds', name: 'feeds', path: at('feeds'), viewer: 'member' },
    { route: 'videos', name: 'videos', path: at('videos'), viewer: 'member', textHeavy: true },
    { route: 'update', name: 'update', path: at('update', { id: first('update', updates.items).id }), viewer: 'member' },
    { route: 'models', name: 'models', path: at('models'), viewer: 'member' },
    { route: 'modelProfile', name: 'modelProfile', path: at('modelProfile', { id: first('model', models.models).id }), viewer: 'member', textHeavy: true },
    { route: 'shoots', name: 'shoots', path: at('shoots'), viewer: 'member' },
    { route: 'shoot', name: 'shoot', path: at('shoot', { id: shoot.id }), viewer: 'member', textHeavy: true },
    { route: 'shootImages', name: 'shootImages', path: at('shootImages', { galleryId: shoot.id, chapterId: first('gallery chapter', shoot.chapters).id }), viewer: 'member' },
    { route: 'cameras', name: 'cameras', path: at('cameras'), viewer: 'member' },
    { route: 'camera', name: 'camera', path: at('camera', { name: camera.name }), viewer: 'member' },
    { route: 'cameraPhotos', name: 'cameraPhotos', path: at('cameraPhotos', { name: camera.name }), viewer: 'member' },
    { route: 'cameraVideos', name: 'cameraVideos', path: at('cameraVideos', { name: camera.name }), viewer: 'member' },
    { route: 'freeChat', name: 'freeChat', path: at('freeChat', { name: freeCamera.name }), viewer: 'member' },
    { route: 'chat', name: 'chat', path: at('chat', { name: paidCamera.name }), viewer: 'member' },
    { route: 'playdates', name: 'playdates', path: at('playdates'), viewer: 'member', textHeavy: true },
    { route: 'favouriteModels', name: 'favouriteModels', path: at('favouriteModels'), viewer: 'member' },
    { route: 'favouriteShoots', name: 'favouriteShoots', path: at('favouriteShoots'), viewer: 'member' },
    { route: 'favouriteVideos', name: 'favouriteVideos', path: at('favouriteVideos'), viewer: 'member' },
    { route: 'favouriteImages', name: 'favouriteImages', path: at('favouriteImages'), viewer: 'member' },
    { route: 'favouriteCams', name: 'favouriteCams', path: at('favouriteCams'), viewer: 'member' },
    { route: 'userProfile', name: 'userProfile', path: at('userProfile'), viewer: 'member', textHeavy: true },
    { route: 'userProfileSettings', name: 'userProfileSettings', path: at('userProfileSettings'), viewer: 'member', textHeavy: true },
    { route: 'messages', name: 'messages', path: at('messages'), viewer: 'member' },
    { route: 'conversation', name: 'conversation (model)', path: at('conversation', { name: modelConversation.with.name }), viewer: 'member' },
    { route: 'conversation', name: 'conversation (site inbox)', path: at('conversation', { name: 'velora' }), viewer: 'member' },
    { route: 'paywall', name: 'paywall', path: at('paywall'), viewer: 'member', textHeavy: true },
    // The public pages in the member layout.
    { route: 'agb', name: 'agb (member layout)', path: at('agb'), viewer: 'member' },

    // Premium members: what only they may open, and the catalog as they see it (unlocked).
    { route: 'shoot', name: 'shoot (premium)', path: at('shoot', { id: shoot.id }), viewer: 'premium' },
    { route: 'userProfile', name: 'userProfile (premium)', path: at('userProfile'), viewer: 'premium' },
    { route: 'publicPlaydate', name: 'publicPlaydate', path: at('publicPlaydate', { id: publicPlaydate.id }), viewer: 'premium' },
    { route: 'privatePlaydate', name: 'privatePlaydate', path: at('privatePlaydate', { id: privatePlaydate.id }), viewer: 'premium',
      // A finished one hands over to the extension screen.
      landsOn: (u) => /^\/(private-playdate|playdates\/extend-playdate)\//.test(u.pathname) },
    { route: 'requestPrivatePlaydate', name: 'requestPrivatePlaydate', path: at('requestPrivatePlaydate', { id: first('private playdate camera', privateCameras.items).camera_id }), viewer: 'premium' },
    { route: 'extendPlaydate', name: 'extendPlaydate', path: at('extendPlaydate', { id: privatePlaydate.id }), viewer: 'premium' },
    { route: 'playdateMessages', name: 'playdateMessages', path: at('playdateMessages', { id: playdateConversation.playdate_id! }), viewer: 'premium' },

    // The model's studio and the team's screens.
    { route: 'studio', name: 'studio', path: at('studio'), viewer: 'model', textHeavy: true },
    { route: 'studioPlaydateRoom', name: 'studioPlaydateRoom', path: at('studioPlaydateRoom', { id: first('playdate of model', studio.upcoming).id }), viewer: 'model' },
    { route: 'teamCameraFeedback', name: 'teamCameraFeedback', path: at('teamCameraFeedback'), viewer: 'admin' },
    // Moved into the back office (decision 072): the old path lands there.
    { route: 'teamPlaydateLimits', name: 'teamPlaydateLimits', path: at('teamPlaydateLimits'), viewer: 'admin', landsOn: (u) => u.pathname === at('backofficePlaydateLimits') },
    // The back office (decision 070).
    { route: 'backoffice', name: 'backoffice', path: at('backoffice'), viewer: 'admin' },
    { route: 'backofficeAudit', name: 'backofficeAudit', path: at('backofficeAudit'), viewer: 'admin', textHeavy: true },
    { route: 'backofficeTeam', name: 'backofficeTeam', path: at('backofficeTeam'), viewer: 'admin' },
    // Decision 071: the Retagger's screen and the tags.
    { route: 'backofficeRetag', name: 'backofficeRetag', path: at('backofficeRetag'), viewer: 'admin', textHeavy: true },
    { route: 'backofficeTags', name: 'backofficeTags', path: at('backofficeTags'), viewer: 'admin', textHeavy: true },
    // Site settings and the playdate limits (decision 072).
    { route: 'backofficeFlags', name: 'backofficeFlags', path: at('backofficeFlags'), viewer: 'admin', textHeavy: true },
    { route: 'backofficePrices', name: 'backofficePrices', path: at('backofficePrices'), viewer: 'admin', textHeavy: true },
    { route: 'backofficePlaydateLimits', name: 'backofficePlaydateLimits', path: at('backofficePlaydateLimits'), viewer: 'admin' },
    // The writer's screens (decision 073): an admin holds blog.write too; the editor opens a published demo article.
    { route: 'backofficeBlog', name: 'backofficeBlog', path: at('backofficeBlog'), viewer: 'admin', textHeavy: true },
    { route: 'backofficeBlogNew', name: 'backofficeBlogNew', path: at('backofficeBlogNew'), viewer: 'admin' },
    { route: 'backofficeBlogArticle', name: 'backofficeBlogArticle', path: at('backofficeBlogArticle', { id: blogs.en.id }), viewer: 'admin', textHeavy: true },
    // Custom pages and page meta (decision 076): the editor of a new page (an existing page's id would need an admin's
    // API session, a second code of the app per run), and the meta editor of a path with its search-result preview.
    { route: 'backofficePages', name: 'backofficePages', path: at('backofficePages'), viewer: 'admin' },
    { route: 'backofficePage', name: 'backofficePage (new)', path: at('backofficePage', { id: 'new' }), viewer: 'admin', textHeavy: true },
    { route: 'backofficeMeta', name: 'backofficeMeta (/models)', path: `${at('backofficeMeta')}?path=/models`, viewer: 'admin', textHeavy: true },
    // Its videos (decision 074).
    { route: 'backofficeVideos', name: 'backofficeVideos', path: at('backofficeVideos'), viewer: 'admin' },
    { route: 'backofficeVideoNew', name: 'backofficeVideoNew', path: at('backofficeVideoNew'), viewer: 'admin' },
    { route: 'backofficeVideo', name: 'backofficeVideo', path: at('backofficeVideo', { id: catalogVideo.id }), viewer: 'admin' },
    // The catalog (decision 075): the demo's models and shoots, as the team edits them.
    { route: 'backofficeModels', name: 'backofficeModels', path: at('backofficeModels'), viewer: 'admin' },
    { route: 'backofficeModel', name: 'backofficeModel', path: at('backofficeModel', { id: first('model', models.models).id }), viewer: 'admin', textHeavy: true },
    { route: 'backofficeShoots', name: 'backofficeShoots', path: at('backofficeShoots'), viewer: 'admin' },
    { route: 'backofficeShoot', name: 'backofficeShoot', path: at('backofficeShoot', { id: shoot.id }), viewer: 'admin', textHeavy: true },
  ];
  return screens;
}

/** The routes of the table no screen of the list shows (the test fails naming them). */
export function routesWithoutScreen(screens: readonly Screen[]): RouteName[] {
  const covered = new Set(screens.map((s) => s.route));
  return (Object.keys(ROUTE_PATHS) as RouteName[]).filter((name) => !covered.has(name));
}
