import type { DiscountFeature } from './pricing';
import { activeDiscount, isDiscountOffered } from './pricing';

// When the money popups of product §2/§4 appear: the subscription popup (or the paywall instead of it) and the
// discount popups. The web's triggers only act on what these decide.

interface FeatureEntry {
  is_active: boolean;
  version?: string | null;
  settings?: Record<string, unknown> | null;
}
type Features = Partial<Record<string, FeatureEntry>> | null | undefined;

/** product §4: where the subscription popup stays away while age verification is on (the pages a verifier must read). */
export const SUBSCRIPTION_POPUP_EXEMPT_PATHS = ['/agb', '/contact-us'] as const;

export interface SubscriptionPopupInput {
  premium: boolean;
  /** The one-time success_buy marker of a membership just bought is stored. */
  hasSuccessBuyMarker: boolean;
  /** The current pathname. */
  path: string;
  /** Feature age_verification is on (profile or visit). */
  ageVerificationOn: boolean;
}

function normalizedPath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** product §4: suppressed with a success_buy marker or for premium users; suppressed on /agb and /contact-us while age verification is on. */
export function subscriptionPopupAllowed({ premium, hasSuccessBuyMarker, path, ageVerificationOn }: SubscriptionPopupInput): boolean {
  if (premium || hasSuccessBuyMarker) return false;
  if (ageVerificationOn && (SUBSCRIPTION_POPUP_EXEMPT_PATHS as readonly string[]).includes(normalizedPath(path))) return false;
  return true;
}

/** Whether a discount applies to membership plans for someone with these features (the paywall then shows it). */
export function isDiscountActive(features: Features): boolean {
  return activeDiscount(features, 'plan') !== null;
}

/**
 * product §4: if a discount feature is active and the subscription popup is allowed, the user goes to /paywall (where the
 * discounted prices are) instead of seeing the popup. "Active" as the prices see it: a discount that a plan's price
 * would carry (pricing.ts), so the paywall the member is sent to does show it.
 */
export function shouldRedirectToPaywall(input: SubscriptionPopupInput & { features: Features }): boolean {
  return subscriptionPopupAllowed(input) && isDiscountActive(input.features);
}

/** What a request to show the subscription popup turns into. */
export function subscriptionPopupOutcome(input: SubscriptionPopupInput & { features: Features }): 'show' | 'paywall' | 'suppress' {
  if (!subscriptionPopupAllowed(input)) return 'suppress';
  return isDiscountActive(input.features) ? 'paywall' : 'show';
}

export type DiscountPopupType = 'black-friday-discount' | 'valentines-discount' | 'summer-discount';

/** The discount popups and their features, in the order they are offered when several are active. */
export const DISCOUNT_POPUPS: readonly { type: DiscountPopupType; feature: DiscountFeature }[] = [
  { type: 'black-friday-discount', feature: 'black_friday_discount_24' },
  { type: 'valentines-discount', feature: 'valentines_day_discount_25' },
  { type: 'summer-discount', feature: 'summer_discount' },
];

/**
 * product §4: black Friday when its feature is active and its version does not contain 'subscribers'; Valentine's and
 * summer when active and the version is not 'subscribers' (isDiscountOffered). Null when none applies.
 */
export function discountPopupFor(features: Features): DiscountPopupType | null {
  return DISCOUNT_POPUPS.find(({ feature }) => isDiscountOffered(features, feature))?.type ?? null;
}

/** The feature behind a discount popup type. */
export function discountFeatureOf(type: DiscountPopupType): DiscountFeature {
  const found = DISCOUNT_POPUPS.find((popup) => popup.type === type);
  if (!found) throw new Error(`Unknown discount popup ${type}`);
  return found.feature;
}

/** The percent a discount popup announces: the one its feature gives a plan's price (settings.percent, else the default). */
export function discountPercentOf(features: Features, feature: DiscountFeature): number | null {
  const entry = features?.[feature];
  return entry ? (activeDiscount({ [feature]: entry }, 'plan')?.percent ?? null) : null;
}
