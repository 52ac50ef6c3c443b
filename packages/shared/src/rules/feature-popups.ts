import { isFeatureActive } from './landing';

// When the feature-driven popups of product §2/§4 appear. product §4 gives the double opt-in's rule; the
// others are ours (docs/decisions/008-pages-blog-and-feature-popups.md).

type FeatureLookup = Parameters<typeof isFeatureActive>[0];
interface FeatureEntry {
  is_active: boolean;
  settings?: Record<string, unknown> | null;
}

/** product §4: logged in, no stored marker, feature double_opt_in on. */
export function shouldOfferDoubleOptIn(input: { loggedIn: boolean; markerStored: boolean; features: FeatureLookup | null | undefined }): boolean {
  return input.loggedIn && !input.markerStored && isFeatureActive(input.features, 'double_opt_in');
}

/** The organic popup asks members who came without a campaign where they heard of us: feature organic_popup on, no source yet. */
export function shouldAskOrganicData(input: {
  profile: { source: string | null; features: FeatureLookup } | null;
  dismissed: boolean;
}): boolean {
  const { profile } = input;
  return profile !== null && !input.dismissed && profile.source === null && isFeatureActive(profile.features, 'organic_popup');
}

/**
 * Features to introduce, in name order: active, `settings.introduce` truthy, not marked `settings.introduce_seen` by the
 * server, and not already shown in this browser.
 */
export function featuresToIntroduce(features: Record<string, FeatureEntry> | null | undefined, seen: ReadonlySet<string>): string[] {
  if (!features) return [];
  return Object.entries(features)
    .filter(([name, f]) => f.is_active && Boolean(f.settings?.introduce) && f.settings?.introduce_seen !== true && !seen.has(name))
    .map(([name]) => name)
    .sort();
}
