import { describe, expect, it } from 'vitest';
import { ROUTE_PATHS } from '@/paths';
import { ROUTES, routeByName } from './routes';

// Every main-site path of product §2 (the provider inbox shares /messages/:name).
const PRODUCT_PATHS = [
  '/', '/forgot_password', '/reset_password', '/join', '/videos', '/feeds', '/recent_updates', '/update/:id', '/models',
  '/profile/:id', '/shoots', '/shoot/:id', '/shoot/:galleryId/images/:chapterId', '/cameras', '/camera/:name',
  '/camera/:name/photos', '/camera/:name/videos', '/playdates', '/private-playdate/:id', '/public-playdate/:id',
  '/playdates/request-private-playdate/:id', '/playdates/extend-playdate/:id', '/netiquette', '/playdate-faq',
  '/playdate-chat-replay', '/favourite-models', '/favourite-shoots', '/favourite-videos', '/favourite-images',
  '/favourite-cams', '/user-profile', '/user-profile/settings', '/messages', '/messages/:name', '/playdate-messages/:id',
  '/free-chat/:name', '/chat/:name', '/paywall', '/community_guidelines', '/blog', '/lecker_blog', '/blog/:alias',
  '/lecker_blog/:alias', '/welcome/:id', '/friends', '/free-video', '/unsubscribe_mails', '/contact-us', '/agb', '/report',
  '/dmca', '/prohibited_content', '/apply', '/sitemap', '/about_us', '/test_videos', '*',
  // product §1: the ladies page (ladies layout), on the main site as on the io variant.
  '/ladies',
  // Decision 032: the model studio (model accounts; the screen tells other members so).
  '/studio',
  // Decisions 040–043: the model's side of a playdate room.
  '/studio/playdates/:id',
  // Decisions 036–039: the team's camera feedback (team accounts; the screen tells other members so).
  '/team/camera-feedback',
  // Decisions 040–043: the team's playdate limits (team accounts; the screen tells other members so).
  '/team/playdate-limits',
  // The back office (decision 070).
  '/backoffice',
  '/backoffice/audit',
  '/backoffice/team',
  '/backoffice/retag',
  '/backoffice/tags',
  // Decision 072: site settings and the playdate limits in the back office.
  '/backoffice/flags',
  '/backoffice/prices',
  '/backoffice/playdate-limits',
  '/backoffice/blog',
  '/backoffice/blog/new',
  '/backoffice/blog/:id',
  '/backoffice/pages',
  '/backoffice/pages/:id',
  '/backoffice/meta',
  '/backoffice/models',
  '/backoffice/models/:id',
  '/backoffice/shoots',
  '/backoffice/shoots/:id',
  '/backoffice/videos',
  '/backoffice/videos/new',
  '/backoffice/videos/:id',
];

describe('route table', () => {
  it('holds every route of product §2, once', () => {
    expect(ROUTES.map((r) => r.path).sort()).toEqual([...PRODUCT_PATHS].sort());
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
  });

  it('flags the routes as product §2 says', () => {
    expect(routeByName('videos').requiresAuth).toBe(true);
    expect(routeByName('home').requiresAuth).toBe(false);
    for (const name of ['cameras', 'camera', 'cameraPhotos', 'cameraVideos', 'favouriteCams', 'requestPrivatePlaydate'] as const) {
      expect(routeByName(name).lawLimited, name).toBe(true);
    }
    for (const name of ['privatePlaydate', 'publicPlaydate', 'requestPrivatePlaydate', 'extendPlaydate'] as const) {
      expect(routeByName(name).requiresPremium, name).toBe(true);
    }
    expect(ROUTES.filter((r) => r.lawLimited).length).toBe(6);
    expect(ROUTES.filter((r) => r.requiresPremium).length).toBe(4);
    expect(routeByName('playdateChatReplay').requiresAuth).toBe(false);
  });

  it('gives legal pages the member layout when logged in, else the public one', () => {
    for (const name of ['contactUs', 'agb', 'report', 'dmca', 'prohibitedContent', 'apply', 'sitemap', 'aboutUs', 'testVideos'] as const) {
      expect(routeByName(name).layout, name).toBe('auto');
    }
    expect(routeByName('videos').layout).toBe('member-area');
    expect(routeByName('home').layout).toBe('main');
  });

  it('puts the studio behind log-in, not behind premium or the law limits', () => {
    expect(routeByName('studio')).toMatchObject({ path: '/studio', requiresAuth: true, requiresPremium: false, lawLimited: false, layout: 'member-area' });
    expect(routeByName('studioPlaydateRoom')).toMatchObject({ path: '/studio/playdates/:id', requiresAuth: true, requiresPremium: false, lawLimited: false });
  });

  it("puts the team's camera feedback behind log-in, not behind premium or the law limits", () => {
    expect(routeByName('teamCameraFeedback')).toMatchObject({ path: '/team/camera-feedback', requiresAuth: true, requiresPremium: false, lawLimited: false, layout: 'member-area' });
  });

  it("sends the team's old playdate-limits path to the back office's", () => {
    expect(routeByName('teamPlaydateLimits')).toMatchObject({ path: '/team/playdate-limits', requiresAuth: true, redirectTo: 'backofficePlaydateLimits' });
  });

  it('puts the back office behind log-in, not behind premium or the law limits', () => {
    for (const [name, path] of [
      ['backoffice', '/backoffice'],
      ['backofficeAudit', '/backoffice/audit'],
      ['backofficeTeam', '/backoffice/team'],
      ['backofficeModels', '/backoffice/models'],
      ['backofficeModel', '/backoffice/models/:id'],
      ['backofficeShoots', '/backoffice/shoots'],
      ['backofficeShoot', '/backoffice/shoots/:id'],
      ['backofficeVideos', '/backoffice/videos'],
      ['backofficeVideoNew', '/backoffice/videos/new'],
      ['backofficeVideo', '/backoffice/videos/:id'],
      ['backofficeFlags', '/backoffice/flags'],
      ['backofficePrices', '/backoffice/prices'],
      ['backofficePlaydateLimits', '/backoffice/playdate-limits'],
      ['backofficeRetag', '/backoffice/retag'],
      ['backofficeTags', '/backoffice/tags'],
      ['backofficeBlog', '/backoffice/blog'],
      ['backofficeBlogNew', '/backoffice/blog/new'],
      ['backofficeBlogArticle', '/backoffice/blog/:id'],
      ['backofficePages', '/backoffice/pages'],
      ['backofficePage', '/backoffice/pages/:id'],
      ['backofficeMeta', '/backoffice/meta'],
    ] as const) {
      expect(routeByName(name)).toMatchObject({ path, requiresAuth: true, requiresPremium: false, lawLimited: false, layout: 'member-area' });
    }
  });

  it('titles the extend-playdate screen as product §2 says', () => {
    expect(routeByName('extendPlaydate').titleKey).toBe('extendPlaydate');
  });
});

describe('route table and path table', () => {
  it('take every path from the path table, under the same names', () => {
    expect(Object.fromEntries(ROUTES.map((r) => [r.name, r.path]))).toEqual(ROUTE_PATHS);
  });
});
