import { useTranslation } from 'react-i18next';
import type { SitemapGroup } from '@/features/pages/routes/sitemap';
import { SitemapPage } from '@/features/pages/routes/sitemap';
import { useSession } from '@/features/auth/session';
import { useContentLanguage } from '@/lib/content-language';
import { hasLawLimitations } from '../route-guards';
import type { RouteDefinition, RouteName } from '../routes';
import { ROUTES, blogPath } from '../routes';

const INFO: readonly RouteName[] = ['aboutUs', 'apply', 'friends', 'communityGuidelines', 'netiquette', 'playdateFaq', 'contactUs'];
const LEGAL: readonly RouteName[] = ['agb', 'prohibitedContent', 'dmca', 'report'];
/** Not pages to browse to: forms reached from a link, token pages, forwards, the blog (listed once, in the page language). */
const LEFT_OUT: readonly RouteName[] = [
  'forgotPassword', 'resetPassword', 'join', 'freeVideo', 'playdateChatReplay', 'testVideos', 'sitemap', 'unsubscribeMails',
  'blog', 'leckerBlog', 'customPage',
];

// Only paths without params are listed, so a route's path is its link.
const linkable = (route: RouteDefinition) => !route.path.includes(':') && route.path !== '*' && !route.redirectTo;

/** /sitemap: its groups come from the route table; members also see the members' pages they may open. */
export default function SitemapScreen() {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const { profile, isLoggedIn } = useSession();
  const lawLimited = hasLawLimitations(profile);
  const link = (route: RouteDefinition) => ({ href: route.path, label: t(`routes.${route.titleKey}`) });
  const named = (names: readonly RouteName[]) => ROUTES.filter((route) => names.includes(route.name)).map(link);

  const discover = ROUTES.filter(
    (route) => linkable(route) && !route.requiresAuth && ![...INFO, ...LEGAL, ...LEFT_OUT].includes(route.name as RouteName),
  ).map(link);
  discover.push({ href: blogPath(language), label: t('routes.blog') });
  const members = ROUTES.filter(
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
