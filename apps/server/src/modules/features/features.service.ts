import { withoutStrayControls, type FeatureFeedback, type FeatureFeedbackBody, type FeatureMapT, type FeedbackBody } from '@velora/shared';
import { notFound } from '../../lib/http-error';
import type { Platform } from '../../platform';
import { featuresRepository, type FeatureRef, type FeatureRow } from './features.repository';

/**
 * Feature flags in layers (product §3, §6): the site-wide row, then the override of the campaign the visit came
 * through, then the user's own override. An override replaces is_active and version; its settings are merged
 * over the settings below it, key by key.
 *   visit.features   = global ⊕ campaign
 *   profile.features = global ⊕ campaign (current visit's, else the registration campaign) ⊕ user
 */
function overlay(base: FeatureMapT, rows: FeatureRow[]): FeatureMapT {
  const out: FeatureMapT = { ...base };
  for (const r of rows) {
    out[r.name] = { is_active: r.is_active, version: r.version, settings: { ...out[r.name]?.settings, ...(r.settings ?? {}) } };
  }
  return out;
}

const NUMERIC_ID = /^\d+$/;

/** Free text as comments and messages store it: control characters out (PostgreSQL refuses NUL), line breaks kept. */
const feedbackText = (message: string) => withoutStrayControls(message).trim();

export function createFeaturesService({ db, now }: Pick<Platform, 'db' | 'now'>) {
  const campaignRows = (campaign: string | null | undefined) => (campaign ? featuresRepository.forCampaign(db, campaign) : Promise.resolve([]));

  /** The feature named by a path parameter: a numeric id or a name; 404 when there is none. */
  async function resolve(ref: string): Promise<FeatureRef> {
    const found = await featuresRepository.find(db, NUMERIC_ID.test(ref) ? { id: Number(ref) } : { name: ref });
    if (!found) throw notFound(`No feature ${ref}`);
    return found;
  }

  return {
    /** The site-wide flags. */
    async global(): Promise<FeatureMapT> {
      return overlay({}, await featuresRepository.all(db));
    },

    /** What a visit sees: site-wide flags with the overrides of its campaign. */
    async forVisit(campaign: string | null): Promise<FeatureMapT> {
      const [all, byCampaign] = await Promise.all([featuresRepository.all(db), campaignRows(campaign)]);
      return overlay(overlay({}, all), byCampaign);
    },

    /** What a user sees (product §3 profile features): site-wide ⊕ campaign ⊕ user, with introduce_seen marked. */
    async forUser(userId: number, options: { campaign?: string | null } = {}): Promise<FeatureMapT> {
      const [all, byCampaign, mine, seen] = await Promise.all([
        featuresRepository.all(db),
        campaignRows(options.campaign),
        featuresRepository.forUser(db, userId),
        featuresRepository.viewedBy(db, userId),
      ]);
      const map = overlay(overlay(overlay({}, all), byCampaign), mine);
      for (const name of seen) {
        const feature = map[name];
        if (feature) map[name] = { ...feature, settings: { ...feature.settings, introduce_seen: true } };
      }
      return map;
    },

    async isActive(name: string, userId?: number): Promise<boolean> {
      const map = userId === undefined ? await this.global() : await this.forUser(userId);
      return map[name]?.is_active === true;
    },

    set: (feature: FeatureRow) => featuresRepository.upsert(db, feature),
    /** The back office's view: site-wide rows with revisions, and every campaign's overrides. */
    stored: async () => ({ rows: await featuresRepository.withRevisions(db), campaigns: await featuresRepository.allCampaignRows(db) }),
    /** Stores a site-wide flag if it is still at `revision`; the new revision, or null when it is not. */
    setAtRevision: (feature: FeatureRow, revision: number) => featuresRepository.writeAtRevision(db, feature, revision),
    removeForCampaign: (campaign: string, name: string) => featuresRepository.deleteForCampaign(db, campaign, name),
    setForCampaign: (campaign: string, feature: FeatureRow) => featuresRepository.upsertForCampaign(db, campaign, feature),
    setForUser: (userId: number, feature: FeatureRow) => featuresRepository.upsertForUser(db, userId, feature),

    resolve,

    /** The feature-introduce popup was shown; idempotent. */
    async markViewed(userId: number, ref: string): Promise<void> {
      const feature = await resolve(ref);
      await featuresRepository.markViewed(db, userId, feature.name, now());
    },

    async feedbackOf(userId: number, ref: string): Promise<FeatureFeedback> {
      const feature = await resolve(ref);
      const row = await featuresRepository.findFeedback(db, userId, feature.name);
      if (!row) throw notFound(`No feedback on ${feature.name} yet`);
      return { id: row.id, feature: row.name, rating: row.rating, message: row.message };
    },

    /** Creates or replaces the user's feedback on one feature. */
    async saveFeedback(userId: number, ref: string, body: FeatureFeedbackBody): Promise<FeatureFeedback> {
      const feature = await resolve(ref);
      const message = feedbackText(body.message);
      await featuresRepository.upsertFeedback(db, { userId, name: feature.name, rating: body.rating, message, at: now() });
      return { id: feature.id, feature: feature.name, rating: body.rating, message };
    },

    /** Idempotent once the feature exists: removing feedback that is not there is no error. */
    async deleteFeedback(userId: number, ref: string): Promise<void> {
      const feature = await resolve(ref);
      await featuresRepository.deleteFeedback(db, userId, feature.name);
    },

    async submitSiteFeedback(userId: number, body: FeedbackBody): Promise<void> {
      await featuresRepository.insertSiteFeedback(db, { userId, rating: body.rating, message: feedbackText(body.message), type: body.type ?? null, at: now() });
    },
  };
}
export type FeaturesService = ReturnType<typeof createFeaturesService>;
