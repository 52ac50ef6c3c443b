import type { Profile, Visit } from '@velora/shared';
import { LAW_LIMITED_CODE, isEUCountry, isFeatureActive, isLawRestrictedRegion, isPremium, normalizeUsRegion } from '@velora/shared';
import type { ConsentChoice } from '@/lib/third-parties';
import { ALL_CONSENT } from '@/lib/third-parties';
import { isApiError } from '@/lib/http';

// The popup conditions of product §4 as plain functions; the components only show what these decide.

export type SiteVariant = 'main' | 'io';

type VisitGeo = Pick<Visit, 'country' | 'current_country' | 'region' | 'current_region' | 'isEUCountry' | 'features'>;

/** product §9: visitors from the EU/UK list are asked for cookie consent (where they are now, or first were). */
export function isConsentRequired(visit: Pick<VisitGeo, 'country' | 'current_country' | 'isEUCountry'>): boolean {
  return visit.isEUCountry || isEUCountry(visit.country) || isEUCountry(visit.current_country);
}

export interface CookiePopupInput {
  /** null while unknown or when tracking failed: nobody is asked on a guess. */
  visit: Pick<VisitGeo, 'country' | 'current_country' | 'isEUCountry'> | null;
  variant: SiteVariant;
  /** A stored answer exists (approvedCookies). */
  consented: boolean;
}

/** product §4: only for EU countries, not on the io variant, and only while consent does not exist. */
export function shouldShowCookiePopup({ visit, variant, consented }: CookiePopupInput): boolean {
  return variant !== 'io' && !consented && visit !== null && isConsentRequired(visit);
}

/**
 * The consent in force: the stored answer, else implied for visitors who are not asked (outside the
 * product §9 list); null while the visit is unknown or an EU visitor has not answered.
 */
export function effectiveConsent(visit: Pick<VisitGeo, 'country' | 'current_country' | 'isEUCountry'> | null, stored: ConsentChoice | null): ConsentChoice | null {
  if (stored) return stored;
  if (visit && !isConsentRequired(visit)) return ALL_CONSENT;
  return null;
}

export interface AgeApprovalInput {
  /** The profile load has settled (a visitor is known to be one). */
  sessionKnown: boolean;
  loggedIn: boolean;
  /** approvedAge is stored. */
  approved: boolean;
  pathname: string;
  /** Pages readable without confirming (the legal pages). */
  exemptPaths: readonly string[];
  /** The law-restriction popup is up: it says more than the gate could. */
  lawRestricted: boolean;
}

/** Visitors confirm they are 18 or older once, before the site; legal pages stay readable. */
export function shouldShowAgeApproval(input: AgeApprovalInput): boolean {
  return input.sessionKnown && !input.loggedIn && !input.approved && !input.lawRestricted && !isExemptPath(input.pathname, input.exemptPaths);
}

function isExemptPath(pathname: string, exemptPaths: readonly string[]): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return exemptPaths.includes(path);
}

/** `features.age_verification` of the profile or the visit (the flag holds for visitors too). */
export function isAgeVerificationActive(profile: Pick<Profile, 'features'> | null, visitFeatures: Visit['features'] | null | undefined): boolean {
  return isFeatureActive(profile?.features, 'age_verification') || isFeatureActive(visitFeatures, 'age_verification');
}

export interface AgeVerificationPopupInput {
  profile: Profile | null;
  visitFeatures: Visit['features'] | null | undefined;
  now: number;
  /** The stored marker of a verification that was started and not finished. */
  markerStored: boolean;
  pathname: string;
  /** /agb and /contact-us: never there while the age_verification feature is active. */
  exemptPaths: readonly string[];
}

/**
 * product §4: only when the user is premium or a stored marker exists, age_verified is exactly false and
 * can_show_av_popup is true; never on /agb or /contact-us while age verification is active.
 */
export function shouldShowAgeVerificationPopup(input: AgeVerificationPopupInput): boolean {
  const { profile } = input;
  if (!profile) return false;
  if (!isPremium(profile, input.now) && !input.markerStored) return false;
  if (profile.age_verified !== false) return false;
  if (profile.features.age_verification?.settings?.can_show_av_popup !== true) return false;
  if (isAgeVerificationActive(profile, input.visitFeatures) && isExemptPath(input.pathname, input.exemptPaths)) return false;
  return true;
}

export interface LawRestrictionInput {
  sessionKnown: boolean;
  loggedIn: boolean;
  visit: VisitGeo | null;
}

/** The restricted region the visit is in (where the visitor first was or is now), or null. */
export function restrictedRegionOf(visit: Pick<VisitGeo, 'country' | 'current_country' | 'region' | 'current_region'>): string | null {
  if (isLawRestrictedRegion(visit.current_country ?? visit.country, visit.current_region)) return normalizeUsRegion(visit.current_region);
  if (isLawRestrictedRegion(visit.country, visit.region)) return normalizeUsRegion(visit.region);
  return null;
}

/**
 * product §4: only logged-out users, without age verification, in the listed US regions. "Without age
 * verification": while the site verifies ages (feature age_verification), the region's law is met.
 */
export function shouldShowLawRestriction({ sessionKnown, loggedIn, visit }: LawRestrictionInput): boolean {
  if (!sessionKnown || loggedIn || !visit) return false;
  if (isFeatureActive(visit.features, 'age_verification')) return false;
  return restrictedRegionOf(visit) !== null;
}

/** product §4, §6: country SE users have law limitations (profile.law_limitations lists them). */
export function hasLawLimitations(profile: Pick<Profile, 'law_limitations'> | null): boolean {
  return (profile?.law_limitations.length ?? 0) > 0;
}

/** A law-limited server call answers 451 with code LAW_LIMITED. */
export function isLawLimitedError(error: unknown): boolean {
  return isApiError(error, 451) && (error.code === undefined || error.code === LAW_LIMITED_CODE);
}
