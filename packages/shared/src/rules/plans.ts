import { LANGUAGE_TAGS, type Language, type PERIODS } from '../constants';

// What a membership plan is called and what it is worth beside the others (decision record 045). A plan's
// name is its duration, written by the reader's language ("1 month", "1 Monat", "1 mois") from its period and count,
// so the paywall, the profile, the payment history and the checkout page say the same thing in every language and
// no stored English name leaks through. Per-month prices and savings are computed from the prices as charged.

export interface PlanPeriod {
  period: (typeof PERIODS)[number];
  period_count: number;
}

const UNITS = { DAY: 'day', MONTH: 'month' } as const;

/** A plan's name in `language`: its duration, "3 months" / "3 Monate" / "3 mois". */
export function planName(plan: PlanPeriod, language: Language): string {
  return new Intl.NumberFormat(LANGUAGE_TAGS[language], { style: 'unit', unit: UNITS[plan.period], unitDisplay: 'long' }).format(plan.period_count);
}

/** A plan with the price it is charged at (cents of one currency, VAT and discount included). */
export interface PricedPlan extends PlanPeriod {
  id: number;
  amount_cents: number;
  currency: string;
}

export interface PlanValue {
  /** The charged price spread over the plan's months (rounded to the cent); null for a plan counted in days. */
  perMonthCents: number | null;
  /**
   * Whole percent saved per month against the shortest monthly plan (rounded down, so it never says more than it is);
   * 0 for that plan itself, for a plan that saves nothing, a plan in days, or another currency.
   */
  savingPercent: number;
}

/** The monthly plan every other is compared with: the one with the fewest months (the lower price on a tie). */
function baseMonthlyPlan(plans: readonly PricedPlan[]): PricedPlan | null {
  let base: PricedPlan | null = null;
  for (const plan of plans) {
    if (plan.period !== 'MONTH' || plan.period_count < 1) continue;
    if (!base || plan.period_count < base.period_count || (plan.period_count === base.period_count && plan.amount_cents < base.amount_cents)) base = plan;
  }
  return base;
}

/** Each plan's price per month and its saving against the shortest monthly plan, by plan id. */
export function planValues(plans: readonly PricedPlan[]): Map<number, PlanValue> {
  const base = baseMonthlyPlan(plans);
  const basePerMonth = base ? base.amount_cents / base.period_count : null;
  const values = new Map<number, PlanValue>();
  for (const plan of plans) {
    if (plan.period !== 'MONTH' || plan.period_count < 1) {
      values.set(plan.id, { perMonthCents: null, savingPercent: 0 });
      continue;
    }
    const perMonth = plan.amount_cents / plan.period_count;
    const comparable = base !== null && basePerMonth !== null && basePerMonth > 0 && base.currency === plan.currency;
    // A small epsilon: 20.00 % must not become 19 % through floating point.
    const saving = comparable ? Math.max(0, Math.floor((1 - perMonth / basePerMonth) * 100 + 1e-9)) : 0;
    values.set(plan.id, { perMonthCents: Math.round(perMonth), savingPercent: saving });
  }
  return values;
}

/**
 * The plan the paywall marks as recommended: the monthly plan that costs least per month (the best value), the
 * shorter one on a tie; null when no plan is counted in months. With a single monthly plan, that one.
 */
export function recommendedPlanId(plans: readonly PricedPlan[]): number | null {
  const base = baseMonthlyPlan(plans);
  if (!base) return null;
  let best: { plan: PricedPlan; perMonth: number } | null = null;
  for (const plan of plans) {
    if (plan.period !== 'MONTH' || plan.period_count < 1 || plan.currency !== base.currency) continue;
    const perMonth = plan.amount_cents / plan.period_count;
    if (!best || perMonth < best.perMonth - 1e-9 || (Math.abs(perMonth - best.perMonth) <= 1e-9 && plan.period_count < best.plan.period_count)) best = { plan, perMonth };
  }
  return best?.plan.id ?? null;
}
