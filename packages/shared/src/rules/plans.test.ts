import { describe, expect, it } from 'vitest';
import type { Language } from '../constants';
import { planName, planValues, recommendedPlanId, type PlanPeriod, type PricedPlan } from './plans';

describe('planName (a plan is called by its duration, in the reader language)', () => {
  it.each<[PlanPeriod, Language, string]>([
    [{ period: 'DAY', period_count: 1 }, 'en', '1 day'],
    [{ period: 'DAY', period_count: 1 }, 'de', '1 Tag'],
    [{ period: 'DAY', period_count: 1 }, 'fr', '1 jour'],
    [{ period: 'DAY', period_count: 7 }, 'de', '7 Tage'],
    [{ period: 'MONTH', period_count: 1 }, 'en', '1 month'],
    [{ period: 'MONTH', period_count: 1 }, 'de', '1 Monat'],
    [{ period: 'MONTH', period_count: 1 }, 'fr', '1 mois'],
    [{ period: 'MONTH', period_count: 3 }, 'en', '3 months'],
    [{ period: 'MONTH', period_count: 3 }, 'de', '3 Monate'],
    [{ period: 'MONTH', period_count: 3 }, 'fr', '3 mois'],
    [{ period: 'MONTH', period_count: 12 }, 'de', '12 Monate'],
  ])('%j in %s → %s', (plan, language, expected) => {
    expect(planName(plan, language).replace(/[\u00a0\u202f]/g, ' ')).toBe(expected);
  });

  it('joins number and unit with a no-break space in French, so the name never breaks across lines', () => {
    expect(planName({ period: 'MONTH', period_count: 3 }, 'fr')).toMatch(/^3[\u00a0\u202f]mois$/);
  });
});

const plan = (id: number, period: 'DAY' | 'MONTH', period_count: number, amount_cents: number, currency = 'EUR'): PricedPlan => ({
  id,
  period,
  period_count,
  amount_cents,
  currency,
});
// The demo's plans as charged in Germany (19 % VAT): 1 day, 1 month, 3 months.
const demo = [plan(1, 'DAY', 1, 356), plan(2, 'MONTH', 1, 2974), plan(3, 'MONTH', 3, 7139)];

describe('planValues (price per month, saving against the shortest monthly plan)', () => {
  it.each<[string, PricedPlan[], Record<number, { perMonthCents: number | null; savingPercent: number }>]>([
    [
      'the demo plans: 3 months at 71.39 € is 23.80 € a month, 19.97 % below 29.74 € → 19 %',
      demo,
      { 1: { perMonthCents: null, savingPercent: 0 }, 2: { perMonthCents: 2974, savingPercent: 0 }, 3: { perMonthCents: 2380, savingPercent: 19 } },
    ],
    [
      'an exact 20 % stays 20 % (no floating-point loss)',
      [plan(1, 'MONTH', 1, 2500), plan(2, 'MONTH', 3, 6000)],
      { 1: { perMonthCents: 2500, savingPercent: 0 }, 2: { perMonthCents: 2000, savingPercent: 20 } },
    ],
    [
      'a longer plan that costs more per month saves nothing (never a negative saving)',
      [plan(1, 'MONTH', 1, 1000), plan(2, 'MONTH', 6, 6600)],
      { 1: { perMonthCents: 1000, savingPercent: 0 }, 2: { perMonthCents: 1100, savingPercent: 0 } },
    ],
    [
      'the base is the plan with the fewest months, whatever the order',
      [plan(5, 'MONTH', 12, 12000), plan(4, 'MONTH', 3, 4500), plan(3, 'MONTH', 1, 2000)],
      { 5: { perMonthCents: 1000, savingPercent: 50 }, 4: { perMonthCents: 1500, savingPercent: 25 }, 3: { perMonthCents: 2000, savingPercent: 0 } },
    ],
    [
      'without a one-month plan the shortest monthly plan is the base',
      [plan(1, 'MONTH', 3, 6000), plan(2, 'MONTH', 6, 10800)],
      { 1: { perMonthCents: 2000, savingPercent: 0 }, 2: { perMonthCents: 1800, savingPercent: 10 } },
    ],
    [
      'per month is rounded to the cent',
      [plan(1, 'MONTH', 1, 1000), plan(2, 'MONTH', 3, 2000)],
      { 1: { perMonthCents: 1000, savingPercent: 0 }, 2: { perMonthCents: 667, savingPercent: 33 } },
    ],
    ['only plans in days: nothing per month, no saving', [plan(1, 'DAY', 1, 300), plan(2, 'DAY', 7, 1500)], { 1: { perMonthCents: null, savingPercent: 0 }, 2: { perMonthCents: null, savingPercent: 0 } }],
    [
      'another currency is not compared',
      [plan(1, 'MONTH', 1, 2500, 'EUR'), plan(2, 'MONTH', 3, 3000, 'CHF')],
      { 1: { perMonthCents: 2500, savingPercent: 0 }, 2: { perMonthCents: 1000, savingPercent: 0 } },
    ],
    ['no plans', [], {}],
  ])('%s', (_name, plans, expected) => {
    expect(Object.fromEntries(planValues(plans))).toEqual(expected);
  });
});

describe('recommendedPlanId (the best value per month, the shorter on a tie)', () => {
  it.each<[string, PricedPlan[], number | null]>([
    ['the demo plans: 3 months', demo, 3],
    ['a single monthly plan beside a day plan', [plan(1, 'DAY', 1, 300), plan(2, 'MONTH', 1, 2500)], 2],
    ['the cheapest per month, not the longest', [plan(1, 'MONTH', 1, 2000), plan(2, 'MONTH', 3, 4500), plan(3, 'MONTH', 12, 19200)], 2],
    ['a tie goes to the shorter plan', [plan(1, 'MONTH', 1, 2000), plan(2, 'MONTH', 3, 6000)], 1],
    ['longer plans that cost more: the shortest', [plan(1, 'MONTH', 1, 1000), plan(2, 'MONTH', 6, 6600)], 1],
    ['only plans in days: none', [plan(1, 'DAY', 1, 300)], null],
    ['no plans: none', [], null],
  ])('%s', (_name, plans, expected) => {
    expect(recommendedPlanId(plans)).toBe(expected);
  });
});
