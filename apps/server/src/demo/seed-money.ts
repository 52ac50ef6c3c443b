import type { Queryable } from '../db/database';

// Membership plans and coin packages of the demo (decision record 016). Prices are net, in cents: VAT and discounts
// are added per buyer when they are shown and charged.

export const DEMO_PLANS = [
  { token: 'day-1', name: '1 Day', period: 'DAY', periodCount: 1, priceCents: 299 },
  { token: 'month-1', name: '1 Month', period: 'MONTH', periodCount: 1, priceCents: 2499 },
  { token: 'month-3', name: '3 Months', period: 'MONTH', periodCount: 3, priceCents: 5999 },
] as const;

export const DEMO_COIN_PACKAGES = [
  { token: 'coins-100', coins: 100, bonusCoins: 0, priceCents: 999 },
  { token: 'coins-500', coins: 500, bonusCoins: 50, priceCents: 3999 },
  { token: 'coins-1000', coins: 1000, bonusCoins: 150, priceCents: 6999 },
] as const;

/** Safe to run again: a plan or package whose token exists is left as it is (an operator may have changed its price). */
export async function seedMoney(db: Queryable): Promise<void> {
  await db.query(
    `INSERT INTO membership_plans (token, name, period, period_count, price_cents, currency, sort)
     SELECT t, n, p, c, pr, 'EUR', o FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[]) WITH ORDINALITY AS x(t, n, p, c, pr, o)
     ON CONFLICT (token) DO NOTHING`,
    [
      DEMO_PLANS.map((p) => p.token),
      DEMO_PLANS.map((p) => p.name),
      DEMO_PLANS.map((p) => p.period),
      DEMO_PLANS.map((p) => p.periodCount),
      DEMO_PLANS.map((p) => p.priceCents),
    ],
  );
  await db.query(
    `INSERT INTO coin_packages (token, coins, bonus_coins, price_cents, currency, sort)
     SELECT t, c, b, pr, 'EUR', o FROM unnest($1::text[], $2::int[], $3::int[], $4::int[]) WITH ORDINALITY AS x(t, c, b, pr, o)
     ON CONFLICT (token) DO NOTHING`,
    [
      DEMO_COIN_PACKAGES.map((p) => p.token),
      DEMO_COIN_PACKAGES.map((p) => p.coins),
      DEMO_COIN_PACKAGES.map((p) => p.bonusCoins),
      DEMO_COIN_PACKAGES.map((p) => p.priceCents),
    ],
  );
}
