import type { MembershipPlan } from '@velora/shared';

/**
 * The lowest price per month among the monthly plans ("from X per month"): a plan of n months costs its price
 * divided by n, rounded to the cent. Day plans are not priced per month. Null when there is no monthly plan.
 */
export function monthlyPriceFrom(plans: readonly MembershipPlan[]): { cents: number; currency: string } | null {
  let best: { cents: number; currency: string } | null = null;
  for (const plan of plans) {
    if (plan.period !== 'MONTH' || plan.period_count < 1) continue;
    const cents = Math.round(plan.price.amount_cents / plan.period_count);
    if (best === null || cents < best.cents) best = { cents, currency: plan.price.currency };
  }
  return best;
}
