import type { Queryable } from '../../db/database';

export interface FeatureRow {
  name: string;
  is_active: boolean;
  version: string | null;
  settings: Record<string, unknown>;
}

export const featuresRepository = {
  all: (db: Queryable) => db.query<FeatureRow>('SELECT name, is_active, version, settings FROM features ORDER BY name'),

  forUser: (db: Queryable, userId: number) =>
    db.query<FeatureRow>('SELECT name, is_active, version, settings FROM user_features WHERE user_id = $1 ORDER BY name', [userId]),

  async upsert(db: Queryable, f: FeatureRow) {
    await db.query(
      `INSERT INTO features (name, is_active, version, settings) VALUES ($1, $2, $3, $4)
       ON CONFLICT (name) DO UPDATE SET is_active = EXCLUDED.is_active, version = EXCLUDED.version, settings = EXCLUDED.settings`,
      [f.name, f.is_active, f.version, JSON.stringify(f.settings)],
    );
  },
};
