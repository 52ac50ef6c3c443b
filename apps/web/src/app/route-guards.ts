import type { Profile } from '@velora/shared';
import { CONFIRM_EMAIL_CHANGE_PARAM, DOUBLE_OPT_IN_PARAM, PAYMENT_RETURN_PARAM, can, clampPage, isFeatureActive, landingUrlFor } from '@velora/shared';
import { safeRedirectPath } from '@/features/auth/redirect';
import { capabilitySubject } from '@/lib/capabilities';
import type { RouteDefinition } from './route-types';

// The navigation guards of product §2 as one pure function: the router's loaders call it with the
// session, and it answers where to go instead (or null to render the route).

type FeatureLookup = Parameters<typeof isFeatureActive>[0];

export interface GuardContext {
  profile: Profile | null;
  /** Visit features (age verification and the like hold for visitors too). */
  visitFeatures: FeatureLookup;
  now: number;
  /** The path of a named route (for `redirectTo`). */
  pathOf: (name: string) => string;
  homePath: string;
}

/** `/?redirect=%2Fvideos#log_in`: the landing page with the log-in dialog open (product §2, §4). */
export function logInRedirect(homePath: string, pathWithSearch: string): string {
  return `${homePath}?redirect=${encodeURIComponent(pathWithSearch)}#log_in`;
}

/** The URL with `page` clamped to at least 1, or null when it already is (product §2, §5). */
export function clampedPageUrl(url: URL): string | null {
  const raw = url.searchParams.get('page');
  if (raw === null) return null;
  const clamped = String(clampPage(raw));
  if (clamped === raw) return null;
  const next = new URL(url);
  next.searchParams.set('page', clamped);
  return `${next.pathname}${next.search}`;
}

export function hasLawLimitations(profile: Profile | null): boolean {
  return (profile?.law_limitations.length ?? 0) > 0;
}

/** Query parameters a member's redirect to the landing URL keeps: one-time tokens the landing page acts on (and a coin payment's return). */
export const CARRIED_PARAMS = [DOUBLE_OPT_IN_PARAM, CONFIRM_EMAIL_CHANGE_PARAM, PAYMENT_RETURN_PARAM] as const;

/** `target` with the carried parameters of `url` added. */
export function withCarriedParams(target: string, url: URL): string {
  const carried = CARRIED_PARAMS.filter((name) => url.searchParams.has(name));
  if (carried.length === 0) return target;
  const next = new URL(target, url.origin);
  for (const name of carried) next.searchParams.set(name, url.searchParams.get(name) ?? '');
  return `${next.pathname}${next.search}${next.hash}`;
}

/** Where to send the user instead of `route`, or null to show it. */
export function guardRoute(route: RouteDefinition, url: URL, ctx: GuardContext): string | null {
  const here = `${url.pathname}${url.search}`;
  const clamped = clampedPageUrl(url);
  if (clamped) return clamped;

  if (route.redirectTo) return `${ctx.pathOf(route.redirectTo)}${url.search}`;

  const { profile } = ctx;
  // "Member" and "premium" are the capability table's `account` and `premium` (decision record 024), as on the server.
  const subject = capabilitySubject(profile);
  const loggedIn = can(subject, 'account', ctx.now);
  const features = profile?.features;
  if (route.hiddenDuringAgeVerification && (isFeatureActive(ctx.visitFeatures, 'age_verification') || isFeatureActive(features, 'age_verification'))) {
    return ctx.homePath;
  }
  if (route.requiresAuth && !loggedIn) return logInRedirect(ctx.homePath, here);
  if (route.membersGoToLanding && loggedIn) return withCarriedParams(safeRedirectPath(url.searchParams.get('redirect')) ?? landingUrlFor(true, features), url);
  if (route.requiresPremium && !can(subject, 'premium', ctx.now)) return `${landingUrlFor(loggedIn, features)}?redirect=${encodeURIComponent(here)}`;
  if (route.lawLimited && hasLawLimitations(profile)) return landingUrlFor(loggedIn, features);
  return null;
}
