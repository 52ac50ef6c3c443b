import { describe, expect, it } from 'vitest';
import { EU_COUNTRIES } from '../constants';
import { Price } from '../contracts/money';
import { DEFAULT_DISCOUNT_PERCENT, DISCOUNT_FEATURES, VAT_RATES_BP, activeDiscount, addPeriods, isDiscountOffered, priceFor, vatRateFor, type PriceKind } from './pricing';

describe('vatRateFor', () => {
  it.each([
    ['DE', true, 1900],
    ['AT', true, 2000],
    ['FR', true, 2000],
    ['GB', true, 2000],
    ['SE', true, 2500],
    ['HU', true, 2700],
    ['LU', true, 1700],
    ['FI', true, 2550],
    ['de', true, 1900],
    [' de ', true, 1900],
    ['CH', true, 0],
    ['US', true, 0],
    ['XX', true, 0],
    ['', true, 0],
    [null, true, 0],
    [undefined, true, 0],
    ['DE', false, 0],
    ['FR', false, 0],
  ])('%j with vat %j → %j bp', (country, on, expected) => {
    expect(vatRateFor(country, on)).toBe(expected);
  });

  it('has a rate for every country of the EU/UK list of product §9 and for no other', () => {
    expect(Object.keys(VAT_RATES_BP).sort()).toEqual([...EU_COUNTRIES].sort());
    for (const rate of Object.values(VAT_RATES_BP)) expect(rate).toBeGreaterThan(1000);
  });
});

const on = (version: string | null = null, settings: Record<string, unknown> = {}) => ({ is_active: true, version, settings });
const off = { is_active: false, version: null, settings: { percent: 50 } };

describe('isDiscountOffered (product §4: the subscribers versions)', () => {
  it.each([
    ['black_friday_discount_24', on(), true],
    ['black_friday_discount_24', on('v2'), true],
    ['black_friday_discount_24', on('subscribers'), false],
    ['black_friday_discount_24', on('subscribers_2024'), false],
    ['black_friday_discount_24', on('only-subscribers'), false],
    ['valentines_day_discount_25', on('subscribers'), false],
    ['valentines_day_discount_25', on('subscribers_2025'), true],
    ['valentines_day_discount_25', on('all'), true],
    ['summer_discount', on('subscribers'), false],
    ['summer_discount', on(null), true],
    ['ladies_discount', on('subscribers'), true],
    ['cc_discount', on(), true],
    ['black_friday_discount_24', off, false],
    ['summer_discount', undefined, false],
  ] as const)('%s %j → %j', (name, feature, expected) => {
    expect(isDiscountOffered(feature ? { [name]: feature } : {}, name)).toBe(expected);
  });

  it('is false without features', () => {
    expect(isDiscountOffered(null, 'summer_discount')).toBe(false);
    expect(isDiscountOffered(undefined, 'summer_discount')).toBe(false);
  });
});

describe('activeDiscount', () => {
  it.each<[string, Record<string, unknown>, PriceKind, unknown]>([
    ['none on', {}, 'plan', null],
    ['an inactive one', { summer_discount: off }, 'plan', null],
    ['the default percent', { summer_discount: on() }, 'plan', { name: 'summer_discount', percent: 20 }],
    ['settings.percent', { summer_discount: on(null, { percent: 35 }) }, 'plan', { name: 'summer_discount', percent: 35 }],
    ['a percent of 0 falls back to the default', { summer_discount: on(null, { percent: 0 }) }, 'plan', { name: 'summer_discount', percent: 20 }],
    ['a percent above 90 falls back', { summer_discount: on(null, { percent: 100 }) }, 'plan', { name: 'summer_discount', percent: 20 }],
    ['a fractional percent falls back', { summer_discount: on(null, { percent: 12.5 }) }, 'plan', { name: 'summer_discount', percent: 20 }],
    ['a string percent falls back', { summer_discount: on(null, { percent: '40' }) }, 'plan', { name: 'summer_discount', percent: 20 }],
    ['black Friday for everyone', { black_friday_discount_24: on('2024') }, 'plan', { name: 'black_friday_discount_24', percent: 30 }],
    ['not black Friday for subscribers', { black_friday_discount_24: on('subscribers') }, 'plan', null],
    ['not Valentine\'s for subscribers', { valentines_day_discount_25: on('subscribers') }, 'plan', null],
    ['a membership discount does not touch coins', { summer_discount: on() }, 'coins', null],
    ['the card discount applies to coins', { cc_discount: on() }, 'coins', { name: 'cc_discount', percent: 5 }],
    ['the card discount applies to plans', { cc_discount: on(null, { percent: 7 }) }, 'plan', { name: 'cc_discount', percent: 7 }],
    [
      'the highest percent of several',
      { summer_discount: on(null, { percent: 10 }), partner_discount: on(null, { percent: 25 }), cc_discount: on() },
      'plan',
      { name: 'partner_discount', percent: 25 },
    ],
    [
      'a tie goes to the earlier name',
      { ladies_discount: on(null, { percent: 20 }), valentines_day_discount_25: on(null, { percent: 20 }) },
      'plan',
      { name: 'valentines_day_discount_25', percent: 20 },
    ],
    [
      'a subscribers-only one does not win',
      { black_friday_discount_24: on('subscribers', { percent: 60 }), summer_discount: on() },
      'plan',
      { name: 'summer_discount', percent: 20 },
    ],
    ['an unrelated feature', { trailer: on() }, 'plan', null],
  ])('%s', (_name, features, kind, expected) => {
    expect(activeDiscount(features as never, kind)).toEqual(expected);
  });

  it('gives every discount feature a sensible default', () => {
    for (const name of DISCOUNT_FEATURES) {
      expect(DEFAULT_DISCOUNT_PERCENT[name]).toBeGreaterThan(0);
      expect(DEFAULT_DISCOUNT_PERCENT[name]).toBeLessThanOrEqual(50);
      expect(activeDiscount({ [name]: on() }, 'plan')).toEqual({ name, percent: DEFAULT_DISCOUNT_PERCENT[name] });
    }
  });
});

describe('priceFor', () => {
  it.each([
    // net, discount, vat bp → amount, net, vat, original
    ['no discount, no VAT', 2499, null, 0, { amount_cents: 2499, net_cents: 2499, vat_cents: 0, original_amount_cents: null }],
    ['19 % VAT', 2499, null, 1900, { amount_cents: 2974, net_cents: 2499, vat_cents: 475, original_amount_cents: null }],
    ['VAT rounds half up (299 × 19 % = 56.81)', 299, null, 1900, { amount_cents: 356, net_cents: 299, vat_cents: 57 }],
    ['VAT exactly half a cent rounds up (50 × 19 % = 9.5)', 50, null, 1900, { vat_cents: 10, amount_cents: 60 }],
    ['VAT just under half rounds down (2 × 20 % = 0.4)', 2, null, 2000, { vat_cents: 0, amount_cents: 2 }],
    ['25.5 % VAT', 1000, null, 2550, { vat_cents: 255, amount_cents: 1255 }],
    ['20 % off, no VAT', 2499, { name: 'summer_discount', percent: 20 }, 0, { net_cents: 1999, vat_cents: 0, amount_cents: 1999, original_amount_cents: 2499 }],
    ['discount rounds half up (299 × 0.5 = 149.5)', 299, { name: 'summer_discount', percent: 50 }, 0, { net_cents: 150, amount_cents: 150 }],
    ['discount first, then VAT on the discounted net', 2499, { name: 'summer_discount', percent: 20 }, 1900, { net_cents: 1999, vat_cents: 380, amount_cents: 2379, original_amount_cents: 2974 }],
    ['never below a cent', 1, { name: 'cc_discount', percent: 90 }, 0, { net_cents: 1, amount_cents: 1 }],
  ] as const)('%s', (_name, net, discount, bp, expected) => {
    const price = priceFor(net, 'EUR', discount, bp);
    expect(price).toMatchObject(expected);
    expect(price.amount_cents).toBe(price.net_cents + price.vat_cents);
    expect(price.vat_rate_bp).toBe(bp);
    expect(price.currency).toBe('EUR');
    expect(price.discount).toBe(discount?.name ?? null);
    expect(price.discount_percent).toBe(discount?.percent ?? 0);
    expect(Price.parse(price)).toEqual(price);
  });

  it('always gives whole cents with amount = net + VAT', () => {
    for (let net = 1; net < 3000; net += 37) {
      for (const bp of [0, 1700, 1900, 2550, 2700]) {
        for (const percent of [0, 5, 15, 33]) {
          const p = priceFor(net, 'EUR', percent ? { name: 'cc_discount', percent } : null, bp);
          expect(Number.isInteger(p.net_cents) && Number.isInteger(p.vat_cents)).toBe(true);
          expect(p.amount_cents).toBe(p.net_cents + p.vat_cents);
          expect(Math.abs(p.vat_cents - (p.net_cents * bp) / 10_000)).toBeLessThanOrEqual(0.5);
        }
      }
    }
  });
});

describe('addPeriods', () => {
  const at = (iso: string) => new Date(iso);
  it.each([
    ['2030-05-01T12:00:00Z', 'DAY', 1, '2030-05-02T12:00:00.000Z'],
    ['2030-05-01T12:00:00Z', 'DAY', 3, '2030-05-04T12:00:00.000Z'],
    ['2030-05-01T12:00:00Z', 'MONTH', 1, '2030-06-01T12:00:00.000Z'],
    ['2030-05-01T12:00:00Z', 'MONTH', 3, '2030-08-01T12:00:00.000Z'],
    ['2030-01-31T08:30:00Z', 'MONTH', 1, '2030-02-28T08:30:00.000Z'],
    ['2032-01-31T08:30:00Z', 'MONTH', 1, '2032-02-29T08:30:00.000Z'],
    ['2030-03-31T00:00:00Z', 'MONTH', 1, '2030-04-30T00:00:00.000Z'],
    ['2030-11-30T23:59:59Z', 'MONTH', 3, '2031-02-28T23:59:59.000Z'],
    ['2030-12-15T10:00:00Z', 'MONTH', 1, '2031-01-15T10:00:00.000Z'],
  ] as const)('%s + %s × %d → %s', (start, period, count, expected) => {
    expect(addPeriods(at(start), period, count).toISOString()).toBe(expected);
  });
});
