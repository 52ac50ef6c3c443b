import type { RouteName } from '@/paths';
import type { RouteDefinition } from './route-types';
import { routeByName } from './routes';

// The io variant's route table (product §1, §2): the landing page, the ladies page and the legal pages;
// any other path is 'Not Found'. The pages are the main site's own: each entry takes the screen, title
// and layout of the main table's route of the same name, so the legal screens arrive here with them.

const IO_PAGES = ['home', 'ladies', 'contactUs', 'agb', 'report', 'dmca', 'prohibitedContent'] as const satisfies readonly RouteName[];

function fromMainSite(name: (typeof IO_PAGES)[number]): RouteDefinition {
  const route: RouteDefinition = { ...routeByName(name) };
  // Members stay on the io landing page: the members' pages do not exist on this variant.
  delete route.membersGoToLanding;
  return route;
}

export const IO_ROUTES: readonly RouteDefinition[] = [
  ...IO_PAGES.map(fromMainSite),
  {
    name: 'ioNotFound',
    path: '*',
    requiresAuth: false,
    requiresPremium: false,
    lawLimited: false,
    titleKey: 'notFound',
    layout: 'main',
    screen: () => import('@/features/site-variant/routes/not-found'),
  },
];

export const IO_PATHS: readonly string[] = IO_ROUTES.map((route) => route.path);
