import type { Queryable } from '../../db/database';

export interface FeatureRow {
  name: string;
  is_active: boolean;
  version: string | null;
  settings: Record<string, unknown>;
}

export interface FeatureRef {
  id: number;
  name: string;
}

export interface FeatureFeedbackRow {
  id: number;
  name: string;
  rating: number;
  message: string;
}

const COLUMNS = 'name, is_active, version, settings';

export const featuresRepository = {
  all: (db: Queryable) => db.query<FeatureRow>(`SELECT ${COLUMNS} FROM features ORDER BY name`),
  forUser: (db: Queryable, userId: number) =>
    db.query<FeatureRow>(`SELECT ${COLUMNS} FROM user_features WHERE user_id = $1 ORDER BY name`, [userId]),
  forCampaign: (db: Queryable, campaign: string) =>
    db.query<FeatureRow>(`SELECT ${COLUMNS} FROM campaign_features WHERE campaign = $1 ORDER BY name`, [campaign]),

  async upsert(db: Queryable, f: FeatureRow) {
    await db.query(
      `INSERT INTO features (name, is_active, version, settings) VALUES ($1, $2, $3, $4)
       ON CONFLICT (name) DO UPDATE SET is_active = EXCLUDED.is_active, version = EXCLUDED.version, settings = EXCLUDED.settings,
         revision = features.revision + 1`,
      [f.name, f.is_active, f.version, JSON.stringify(f.settings)],
    );
  },

  /** The site-wide rows with their revisions (the back office's list). */
  withRevisions: (db: Queryable) => db.query<FeatureRow & { revision: number }>(`SELECT ${COLUMNS}, revision FROM features ORDER BY name`),
  /** Every campaign's overrides. */
  allCampaignRows: (db: Queryable) =>
    db.query<FeatureRow & { campaign: string }>(`SELECT campaign, ${COLUMNS} FROM campaign_features ORDER BY name, campaign`),

  /**
   * Stores a flag made from `revision` (0: the flag has no row yet) in one statement, so of two racing edits one wins;
   * the new revision, or null when the row is not at that revision.
   */
  async writeAtRevision(db: Queryable, f: FeatureRow, revision: number): Promise<number | null> {
    const settings = JSON.stringify(f.settings);
    const rows =
      revision === 0
        ? await db.query<{ revision: number }>(
            `INSERT INTO features (name, is_active, version, settings) VALUES ($1, $2, $3, $4) ON CONFLICT (name) DO NOTHING RETURNING revision`,
            [f.name, f.is_active, f.version, settings],
          )
        : await db.query<{ revision: number }>(
            `UPDATE features SET is_active = $2, version = $3, settings = $4, revision = revision + 1 WHERE name = $1 AND revision = $5 RETURNING revision`,
            [f.name, f.is_active, f.version, settings, revision],
          );
    return rows[0]?.revision ?? null;
  },
  async deleteForCampaign(db: Queryable, campaign: string, name: string): Promise<boolean> {
    const rows = await db.query('DELETE FROM campaign_features WHERE campaign = $1 AND name = $2 RETURNING name', [campaign, name]);
    return rows.length > 0;
  },
  async upsertForCampaign(db: Queryable, campaign: string, f: FeatureRow) {
    await db.query(
      `INSERT INTO campaign_features (campaign, name, is_active, version, settings) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (campaign, name) DO UPDATE SET is_active = EXCLUDED.is_active, version = EXCLUDED.version, settings = EXCLUDED.settings`,
      [campaign, f.name, f.is_active, f.version, JSON.stringify(f.settings)],
    );
  },
  async upsertForUser(db: Queryable, userId: number, f: FeatureRow) {
    await db.query(
      `INSERT INTO user_features (user_id, name, is_active, version, settings) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, name) DO UPDATE SET is_active = EXCLUDED.is_active, version = EXCLUDED.version, settings = EXCLUDED.settings`,
      [userId, f.name, f.is_active, f.version, JSON.stringify(f.settings)],
    );
  },

  /** A feature by numeric id or by name. */
  async find(db: Queryable, ref: { id: number } | { name: string }): Promise<FeatureRef | null> {
    const rows =
      'id' in ref
        ? await db.query<FeatureRef>('SELECT id, name FROM features WHERE id = $1', [ref.id])
        : await db.query<FeatureRef>('SELECT id, name FROM features WHERE name = $1', [ref.name]);
    return rows[0] ?? null;
  },

  async viewedBy(db: Queryable, userId: number): Promise<string[]> {
    const rows = await db.query<{ feature_name: string }>('SELECT feature_name FROM user_feature_views WHERE user_id = $1', [userId]);
    return rows.map((r) => r.feature_name);
  },
  async markViewed(db: Queryable, userId: number, name: string, at: Date) {
    await db.query(
      `INSERT INTO user_feature_views (user_id, feature_name, seen_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, feature_name) DO NOTHING`,
      [userId, name, at],
    );
  },

  async findFeedback(db: Queryable, userId: number, name: string): Promise<FeatureFeedbackRow | null> {
    const rows = await db.query<FeatureFeedbackRow>(
      `SELECT f.id, f.name, b.rating, b.message
         FROM feature_feedback b JOIN features f ON f.name = b.feature_name
        WHERE b.user_id = $1 AND b.feature_name = $2`,
      [userId, name],
    );
    return rows[0] ?? null;
  },
  async upsertFeedback(db: Queryable, fb: { userId: number; name: string; rating: number; message: string; at: Date }) {
    await db.query(
      `INSERT INTO feature_feedback (user_id, feature_name, rating, message, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)
       ON CONFLICT (user_id, feature_name) DO UPDATE SET rating = EXCLUDED.rating, message = EXCLUDED.message, updated_at = EXCLUDED.updated_at`,
      [fb.userId, fb.name, fb.rating, fb.message, fb.at],
    );
  },
  async deleteFeedback(db: Queryable, userId: number, name: string) {
    await db.query('DELETE FROM feature_feedback WHERE user_id = $1 AND feature_name = $2', [userId, name]);
  },

  async insertSiteFeedback(db: Queryable, fb: { userId: number; rating: number; message: string; type: string | null; at: Date }) {
    await db.query('INSERT INTO feedback (user_id, rating, message, type, created_at) VALUES ($1, $2, $3, $4, $5)', [
      fb.userId, fb.rating, fb.message, fb.type, fb.at,
    ]);
  },
};
