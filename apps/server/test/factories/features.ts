import type { FeatureRow } from '../../src/modules/features/features.repository';
import type { FactoryContext } from './context';

// Feature flags through the features service, as the team's tools set them: for everyone, a campaign or one user.

export type FeatureOverrides = Partial<Omit<FeatureRow, 'name'>>;

const featureRow = (name: string, o: FeatureOverrides): FeatureRow => ({
  name,
  is_active: o.is_active ?? true,
  version: o.version ?? null,
  settings: o.settings ?? {},
});

/** Sets a feature for everyone (active, no version, no settings unless told otherwise). */
export async function setFeature(t: FactoryContext, name: string, o: FeatureOverrides = {}): Promise<FeatureRow> {
  const row = featureRow(name, o);
  await t.services.features.set(row);
  return row;
}

/** Sets a feature for the visitors of one campaign. */
export async function setCampaignFeature(t: FactoryContext, campaign: string, name: string, o: FeatureOverrides = {}): Promise<FeatureRow> {
  const row = featureRow(name, o);
  await t.services.features.setForCampaign(campaign, row);
  return row;
}

/** Sets a feature for one user. */
export async function setUserFeature(t: FactoryContext, userId: number, name: string, o: FeatureOverrides = {}): Promise<FeatureRow> {
  const row = featureRow(name, o);
  await t.services.features.setForUser(userId, row);
  return row;
}
