import { useTranslation } from 'react-i18next';
import type { SitemapGroup } from '@/features/pages/routes/sitemap';
import { SitemapPage } from '@/features/pages/routes/sitemap';
import { useSession } from '@/features/auth/session';
import { useContentLanguage } from '@/lib/content-language';
import type { RouteName } from '@/paths';
import { paths } from '@/paths';
import { hasLawLimitations } from '../route-guards';
import type { RouteDefinition } from '../route-types';

const INFO: readonly RouteName[] = ['aboutUs', 'apply', 'friends', 'communityGuidelines', 'netiquette', 'playdateFaq', 'contactUs'];
const LEGAL: readonly RouteName[] = ['agb', 'prohibitedContent', 'dmca', 'report'];
/** Not pages to browse to: forms reached from a link, token pages, forwards, the blog (listed once, in the page language). */
const LEFT_OUT: readonly RouteName[] = [
  'forgotPassword', 'resetPassword', 'join', 'freeVideo', 'playdateChatReplay', 'testVideos', 'sitemap', 'unsubscribeMails',
  'blog', 'leckerBlog', 'customPage',
  // Model accounts only; they reach it from the header.
  'studio',
];

// Only paths without params are listed, so a route's path is its link.
const linkable = (route: RouteDefinition) => !route.path.includes(':') && route.path !== '*' && !route.redirectTo;

/**
 * /sitemap: its groups come from the route table; members also see the members' pages they may open.
 * The table hands itself in (routes.ts loads this screen), so this file does not import routes.ts back.
 */
export function sitemapScreen(routes: readonly RouteDefinition[]) {
  return function SitemapScreen() {
    return <Sitemap routes={routes} />;
  };
}

function Sitemap({ routes }: { routes: readonly RouteDefinition[] }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const { profile, isLoggedIn } = useSession();
  const lawLimited = hasLawLimitations(profile);
  const link = (route: RouteDefinition) => ({ href: route.path, label: t(`routes.${route.titleKey}`) });
  const named = (names: readonly RouteName[]) => routes.filter((route) => names.includes(route.name as RouteName)).map(link);

  const discover = routes.filter(
    (route) => linkable(route) && !route.requiresAuth && ![...INFO, ...LEGAL, ...LEFT_OUT].includes(route.name as RouteName),
  ).map(link);
  discover.push({ href: paths.blog(language), label: t('routes.blog') });
  const members = routes.filter(
    (route) => linkable(route) && route.requiresAuth && !route.requiresPremium && !(lawLimited && route.lawLimited),
  ).map(link);

  const groups: SitemapGroup[] = [
    { id: 'discover', title: t('pages.sitemap.groups.discover'), links: discover },
    ...(isLoggedIn ? [{ id: 'members', title: t('pages.sitemap.groups.members'), links: members }] : []),
    { id: 'info', title: t('pages.sitemap.groups.info'), links: named(INFO) },
    { id: 'legal', title: t('pages.sitemap.groups.legal'), links: named(LEGAL) },
  ];
  return <SitemapPage groups={groups} />;
}
