import type { Layout } from '@velora/shared';
import type { ComponentType } from 'react';
import type { LocaleMessages } from '@/locales';

// The shapes of the route table, apart from the table itself: the layouts, the router, the guards
// and the screens read them without importing routes.ts (which imports the screens).

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
  /** Redirects to / while the age_verification feature is on (product §2: blog paths). */
  hiddenDuringAgeVerification?: boolean;
  /** Route meta of product §2: the path param holding the landing_id (sign-ups on this route belong to that landing). */
  landingIdParam?: string;
}

/** What the router attaches to each route object (read back through useMatches). */
export interface RouteHandle {
  route: RouteDefinition;
}
