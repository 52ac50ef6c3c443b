import type { MembershipPlan } from '@velora/shared';
import { describe, expect, it } from 'vitest';
import { monthlyPriceFrom } from './price';

const plan = (token: string, period: 'DAY' | 'MONTH', count: number, cents: number): MembershipPlan => ({
  id: count,
  token,
  name: token,
  period,
  period_count: count,
  price: { amount_cents: cents, net_cents: cents, vat_cents: 0, vat_rate_bp: 0, currency: 'EUR', original_amount_cents: null, discount: null, discount_percent: 0 },
});

describe('monthlyPriceFrom (the landing\'s "from X per month")', () => {
  it('takes the lowest price per month of the monthly plans, leaving day plans out', () => {
    expect(monthlyPriceFrom([plan('day-1', 'DAY', 1, 299), plan('month-1', 'MONTH', 1, 2499), plan('month-3', 'MONTH', 3, 5999)])).toEqual({
      cents: 2000,
      currency: 'EUR',
    });
  });

  it('is null without a monthly plan', () => {
    expect(monthlyPriceFrom([plan('day-1', 'DAY', 1, 299)])).toBeNull();
    expect(monthlyPriceFrom([])).toBeNull();
  });
});
