interface FeatureLike {
  is_active: boolean;
}
type FeatureLookup = Partial<Record<string, FeatureLike>>;

export function isFeatureActive(features: FeatureLookup | null | undefined, name: string): boolean {
  return features?.[name]?.is_active === true;
}

/** Landing URL (product §4): /feeds or /recent_updates for members, / for visitors. */
export function landingUrlFor(loggedIn: boolean, features: FeatureLookup | null | undefined): string {
  if (!loggedIn) return '/';
  return isFeatureActive(features, 'landing_redirect') ? '/feeds' : '/recent_updates';
}
