import type { AdminCoinPackage, AdminPlan, CoinPackageBody, PlanBody, VatRate } from '@velora/shared';
import type { Queryable } from '../../db/database';

// Plans, coin packages and VAT rates as the back office edits them (decision record 072). Each write names the
// revision it was made from and changes the row only if it is still at it: one statement, so of two racing edits one
// wins. What payments charged stays in `payments` (amounts fixed when a checkout starts, decision record 016).

const PLAN_COLUMNS = 'id, token, period, period_count, price_cents, currency, active, sort, recommended, revision';
const PACKAGE_COLUMNS = 'id, token, coins, bonus_coins, price_cents, currency, active, sort, revision';

export const settingsRepository = {
  plans: (db: Queryable) => db.query<AdminPlan>(`SELECT ${PLAN_COLUMNS} FROM membership_plans ORDER BY sort, id`),
  packages: (db: Queryable) => db.query<AdminCoinPackage>(`SELECT ${PACKAGE_COLUMNS} FROM coin_packages ORDER BY sort, id`),
  vatRates: (db: Queryable) => db.query<VatRate>('SELECT country, rate_bp, revision FROM vat_rates ORDER BY country'),

  async plan(db: Queryable, id: number): Promise<AdminPlan | null> {
    return (await db.query<AdminPlan>(`SELECT ${PLAN_COLUMNS} FROM membership_plans WHERE id = $1`, [id]))[0] ?? null;
  },
  async coinPackage(db: Queryable, id: number): Promise<AdminCoinPackage | null> {
    return (await db.query<AdminCoinPackage>(`SELECT ${PACKAGE_COLUMNS} FROM coin_packages WHERE id = $1`, [id]))[0] ?? null;
  },
  async vatRate(db: Queryable, country: string): Promise<VatRate | null> {
    return (await db.query<VatRate>('SELECT country, rate_bp, revision FROM vat_rates WHERE country = $1', [country]))[0] ?? null;
  },

  /** Another plan loses the mark when this one takes it (at most one, by a unique index). */
  async clearRecommendedBut(tx: Queryable, id: number): Promise<void> {
    await tx.query('UPDATE membership_plans SET recommended = false, revision = revision + 1 WHERE recommended AND id <> $1', [id]);
  },
  async updatePlan(tx: Queryable, id: number, body: PlanBody): Promise<AdminPlan | null> {
    const rows = await tx.query<AdminPlan>(
      `UPDATE membership_plans SET price_cents = $3, currency = $4, active = $5, sort = $6, recommended = $7, revision = revision + 1
        WHERE id = $1 AND revision = $2 RETURNING ${PLAN_COLUMNS}`,
      [id, body.revision, body.price_cents, body.currency, body.active, body.sort, body.recommended],
    );
    return rows[0] ?? null;
  },
  async updatePackage(db: Queryable, id: number, body: CoinPackageBody): Promise<AdminCoinPackage | null> {
    const rows = await db.query<AdminCoinPackage>(
      `UPDATE coin_packages SET coins = $3, bonus_coins = $4, price_cents = $5, currency = $6, active = $7, sort = $8, revision = revision + 1
        WHERE id = $1 AND revision = $2 RETURNING ${PACKAGE_COLUMNS}`,
      [id, body.revision, body.coins, body.bonus_coins, body.price_cents, body.currency, body.active, body.sort],
    );
    return rows[0] ?? null;
  },

  /** Adds a country (revision 0) or changes its rate; null when the row is not at `revision`. */
  async writeVatRate(db: Queryable, country: string, rateBp: number, revision: number): Promise<VatRate | null> {
    const rows =
      revision === 0
        ? await db.query<VatRate>('INSERT INTO vat_rates (country, rate_bp) VALUES ($1, $2) ON CONFLICT (country) DO NOTHING RETURNING country, rate_bp, revision', [country, rateBp])
        : await db.query<VatRate>(
            'UPDATE vat_rates SET rate_bp = $2, revision = revision + 1 WHERE country = $1 AND revision = $3 RETURNING country, rate_bp, revision',
            [country, rateBp, revision],
          );
    return rows[0] ?? null;
  },
  async deleteVatRate(db: Queryable, country: string): Promise<boolean> {
    return (await db.query('DELETE FROM vat_rates WHERE country = $1 RETURNING country', [country])).length > 0;
  },
};
