import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider, hashKey } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { PROFILE_QUERY_KEY } from '@/features/auth/api/get-profile';
import { cachedProfile, endSession } from '@/features/auth/session';
import type * as RealtimeModuleType from '@/lib/realtime';
import { getAccessToken } from '@/lib/storage';
import { paths } from '@/paths';
import { createBootstrap } from './bootstrap';
import { createI18n } from './i18n';
import { applyStoredTheme } from './layout/theme';
import { createQueryClient } from './query-client';
import { logInRedirect } from './route-guards';
import { createRouteObjects } from './router';
import { IO_ROUTES } from './routes-io';
import type { SiteConfig } from './site-config';
import { SiteConfigProvider, currentSiteConfig } from './site-config';

export type AppRouter = ReturnType<typeof createBrowserRouter>;
type RealtimeModule = typeof RealtimeModuleType;

export interface VeloraApp {
  router: AppRouter;
  queryClient: QueryClient;
  i18n: I18n;
  site: SiteConfig;
}

export interface CreateAppOptions {
  /** Tests pass createMemoryRouter with their own entries. */
  createRouter?: (routes: RouteObject[]) => AppRouter;
  referrer?: () => string;
  /** This page's site variant, domains and third parties; by default from the host and the build. */
  site?: SiteConfig;
}

/** Wires the app: one query client, one i18n instance, one router over the route table. */
export function createVeloraApp(options: CreateAppOptions = {}): VeloraApp {
  const i18n = createI18n();
  const site = options.site ?? currentSiteConfig();
  applyStoredTheme();
  let router: AppRouter | null = null;
  let loggingOut = false;

  // product §4: an unhandled 401 for a logged-in user logs out and asks for a log-in, then returns.
  const onUnauthorized = () => {
    if (loggingOut || !router || !cachedProfile(queryClient)) return;
    loggingOut = true;
    const { pathname, search } = router.state.location;
    const target = logInRedirect(paths.home(), `${pathname}${search}`);
    void endSession(queryClient, { notifyServer: false, navigate: () => router?.navigate(target) }).finally(() => {
      loggingOut = false;
    });
  };

  const queryClient = createQueryClient({ onUnauthorized });
  // The realtime channel follows the session: every log-in, log-out and dropped token ends in a profile update. Its
  // client (socket.io) loads with the first token, so a visitor's page never carries it (decision record 052).
  const profileHash = hashKey(PROFILE_QUERY_KEY);
  let realtime: Promise<RealtimeModule> | null = null;
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== profileHash) return;
    if (!realtime && !getAccessToken()) return;
    realtime ??= import('@/lib/realtime');
    realtime.then(
      (module) => module.refreshRealtimeConnection(),
      // A chunk that failed to load is tried again at the next profile update; meanwhile the pages poll.
      () => (realtime = null),
    );
  });
  const bootstrap = createBootstrap(queryClient, i18n, options.referrer);
  // product §1, §2: the io top-level domain gets its own, reduced route table.
  const routes = createRouteObjects({ queryClient, bootstrap, ...(site.variant === 'io' ? { routes: IO_ROUTES } : {}) });
  router = (options.createRouter ?? createBrowserRouter)(routes);
  return { router, queryClient, i18n, site };
}

export function AppRoot({ app }: { app: VeloraApp }) {
  return (
    <StrictMode>
      <QueryClientProvider client={app.queryClient}>
        <I18nextProvider i18n={app.i18n}>
          <SiteConfigProvider config={app.site}>
            <RouterProvider router={app.router} />
          </SiteConfigProvider>
        </I18nextProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
