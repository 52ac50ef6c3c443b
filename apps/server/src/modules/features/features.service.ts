import type { FeatureMapT } from '@velora/shared';
import type { Queryable } from '../../db/database';
import { featuresRepository, type FeatureRow } from './features.repository';

const toMap = (rows: FeatureRow[]): FeatureMapT =>
  Object.fromEntries(rows.map((r) => [r.name, { is_active: r.is_active, version: r.version, settings: r.settings ?? {} }]));

export function createFeaturesService(db: Queryable) {
  return {
    /** The site-wide flags, as a visit sees them. */
    async global(): Promise<FeatureMapT> {
      return toMap(await featuresRepository.all(db));
    },
    /** Site-wide flags with the user's own overrides on top (SPEC §3: profile features). */
    async forUser(userId: number): Promise<FeatureMapT> {
      const [all, mine] = await Promise.all([featuresRepository.all(db), featuresRepository.forUser(db, userId)]);
      return { ...toMap(all), ...toMap(mine) };
    },
    async isActive(name: string, userId?: number): Promise<boolean> {
      const map = userId === undefined ? await this.global() : await this.forUser(userId);
      return map[name]?.is_active === true;
    },
    set: (feature: FeatureRow) => featuresRepository.upsert(db, feature),
  };
}
export type FeaturesService = ReturnType<typeof createFeaturesService>;
