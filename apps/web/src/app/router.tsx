import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, RouteObject, ShouldRevalidateFunction } from 'react-router';
import { redirect } from 'react-router';
import { cachedProfile } from '@/features/auth/session';
import { queuePopup } from '@/features/compliance/popup-queue';
import { hasLawLimitations } from '@/features/compliance/rules';
import { ageVerificationReturnOf } from '@/features/compliance/verification-return';
import { visitQueryOptions } from '@/features/tracking/api/get-visit';
import { getAccessToken } from '@/lib/storage';
import { loadTexts } from '@/locales/load-texts';
import type { Bootstrap } from './bootstrap';
import { urlWithoutCredentials } from './bootstrap';
import { RootLayout } from './layout/root-layout';
import { MEMBER_HEADER_TEXTS } from './layout/site-header';
import type { GuardContext } from './route-guards';
import { clampedPageUrl, guardRoute } from './route-guards';
import type { RouteName } from '@/paths';
import { routePath } from '@/paths';
import type { RouteDefinition, RouteHandle } from './route-types';
import { ROUTES, routeByName } from './routes';
import { RouteErrorScreen } from './screens/route-error';
import { StartupScreen } from './screens/startup-screen';

export interface RouterServices {
  queryClient: QueryClient;
  bootstrap: Bootstrap;
  now?: () => number;
  /** The route table: the main site's by default, the io variant's there (product §1, §2). */
  routes?: readonly RouteDefinition[];
}

/** The guard sent the user away only because the route is law-limited for them (product §4: say why). */
function skippedForLawLimits(route: RouteDefinition, url: URL, ctx: GuardContext): boolean {
  return route.lawLimited && hasLawLimitations(ctx.profile) && guardRoute({ ...route, lawLimited: false }, url, ctx) === null;
}

/**
 * Every route waits for the start-up, then asks the guards whether it may render (product §2).
 * The guards depend on the path, the page value and the session only, so a change of filters in
 * the query does not run them again (and the page answers at once).
 */
function guardedRoute(route: RouteDefinition, services: RouterServices): Pick<RouteObject, 'loader' | 'shouldRevalidate'> {
  let guardedFor: number | null | undefined;
  const sessionId = () => cachedProfile(services.queryClient)?.id ?? null;

  const loader: LoaderFunction = async ({ request }) => {
    const url = new URL(request.url);
    const homePath = routePath('home');
    const outcome = await services.bootstrap(url);
    const withoutCredentials = urlWithoutCredentials(url, outcome, homePath);
    if (withoutCredentials) throw redirect(withoutCredentials);
    // Back from the age-verification provider (product §2): the marker becomes a popup once, then leaves the URL.
    const verificationReturn = ageVerificationReturnOf(url);
    if (verificationReturn) {
      if (verificationReturn.result === 'success') queuePopup('age-verification-success');
      throw redirect(verificationReturn.cleanPath);
    }
    guardedFor = sessionId();
    const context: GuardContext = {
      profile: cachedProfile(services.queryClient),
      visitFeatures: services.queryClient.getQueryData(visitQueryOptions().queryKey)?.features,
      now: (services.now ?? Date.now)(),
      pathOf: (name) => routeByName(name as RouteName).path,
      homePath,
    };
    const target = guardRoute(route, url, context);
    if (target) {
      if (skippedForLawLimits(route, url, context)) queuePopup('law-limitation');
      throw redirect(target);
    }
    return null;
  };

  const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
    defaultShouldRevalidate &&
    (currentUrl.pathname !== nextUrl.pathname || clampedPageUrl(nextUrl) !== null || sessionId() !== guardedFor);

  return { loader, shouldRevalidate };
}

function toRouteObject(route: RouteDefinition, services: RouterServices): RouteObject {
  const handle: RouteHandle = { route };
  const load = route.screen;
  const common = {
    ...guardedRoute(route, services),
    handle,
    // A signed-in member's screen shows together with the header's member parts: it waits for their texts too, as it
    // waited for the one English file they shared before namespaces (decision 066).
    lazy: async () => {
      const [module] = await Promise.all([load(), getAccessToken() ? loadTexts(MEMBER_HEADER_TEXTS) : undefined]);
      return { Component: module.default };
    },
  };
  return route.path === '/' ? { index: true, ...common } : { path: route.path, ...common };
}

/** The router's tree: the root (start-up, layouts, global hosts) around every route of the table. */
export function createRouteObjects(services: RouterServices): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      loader: async ({ request }) => {
        await services.bootstrap(new URL(request.url));
        return null;
      },
      shouldRevalidate: () => false,
      Component: RootLayout,
      HydrateFallback: StartupScreen,
      ErrorBoundary: RouteErrorScreen,
      children: [{ ErrorBoundary: RouteErrorScreen, children: (services.routes ?? ROUTES).map((route) => toRouteObject(route, services)) }],
    },
  ];
}
