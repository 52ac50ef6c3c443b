import type { Queryable } from '../../db/database';

export interface CompanyOverrideRow {
  variant: string;
  overrides: Record<string, unknown>;
}

export const companyRepository = {
  async overridesOf(db: Queryable, variant: string): Promise<Record<string, unknown>> {
    const rows = await db.query<CompanyOverrideRow>('SELECT variant, overrides FROM companies WHERE variant = $1', [variant]);
    return rows[0]?.overrides ?? {};
  },

  async setOverrides(db: Queryable, variant: string, overrides: Record<string, unknown>) {
    await db.query(
      `INSERT INTO companies (variant, overrides, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (variant) DO UPDATE SET overrides = EXCLUDED.overrides, updated_at = EXCLUDED.updated_at`,
      [variant, JSON.stringify(overrides)],
    );
  },
};
