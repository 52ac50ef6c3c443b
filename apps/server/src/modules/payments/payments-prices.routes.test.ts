import { CoinPackages, DISCOUNT_FEATURES, LAW_LIMITED_CODE, MembershipPlans } from '@velora/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setCampaignFeature, setPlanActive, setUserFeature } from '../../../test/factories';
import { buildPaymentsTestApp, type PaymentsTestApp } from '../../../test/modules/payments';

// GET /payments/plans and GET /payments/coin_packages: who sees them, VAT by the visit's country, discounts by flags.

let t: PaymentsTestApp;

beforeAll(async () => {
  t = await buildPaymentsTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.deps.db.query('UPDATE features SET is_active = false, version = NULL, settings = \'{}\'');
  await t.deps.db.query('DELETE FROM user_features');
  await t.deps.db.query('DELETE FROM campaign_features');
});

async function plans(options: { token?: string; visit?: string } = {}) {
  const res = await t.call('GET', '/payments/plans', options);
  expect(res.statusCode, res.body).toBe(200);
  return MembershipPlans.parse(res.json());
}
const amounts = (list: MembershipPlans) => Object.fromEntries(list.plans.map((p) => [p.token, p.price.amount_cents]));

describe('GET /payments/plans', () => {
  it('shows a visitor the active plans in order, with net prices when nothing applies', async () => {
    const list = await plans();
    expect(list.country).toBeNull();
    expect(list.plans.map((p) => [p.token, p.name, p.period, p.period_count])).toEqual([
      ['day-1', '1 Day', 'DAY', 1],
      ['month-1', '1 Month', 'MONTH', 1],
      ['month-3', '3 Months', 'MONTH', 3],
    ]);
    expect(list.plans[1]!.price).toEqual({
      amount_cents: 2499,
      net_cents: 2499,
      vat_cents: 0,
      vat_rate_bp: 0,
      currency: 'EUR',
      original_amount_cents: null,
      discount: null,
      discount_percent: 0,
    });
  });

  it('leaves out inactive plans', async () => {
    await setPlanActive(t, 'month-3', false);
    try {
      expect((await plans()).plans.map((p) => p.token)).toEqual(['day-1', 'month-1']);
    } finally {
      await setPlanActive(t, 'month-3', true);
    }
  });

  it.each([
    ['DE', 1900, { 'day-1': 356, 'month-1': 2974, 'month-3': 7139 }],
    ['AT', 2000, { 'day-1': 359, 'month-1': 2999, 'month-3': 7199 }],
    ['FR', 2000, { 'day-1': 359, 'month-1': 2999, 'month-3': 7199 }],
    ['HU', 2700, { 'day-1': 380, 'month-1': 3174, 'month-3': 7619 }],
    ['CH', 0, { 'day-1': 299, 'month-1': 2499, 'month-3': 5999 }],
    ['US', 0, { 'day-1': 299, 'month-1': 2499, 'month-3': 5999 }],
  ])('adds the VAT of the visit\'s country when the vat feature is on: %s', async (country, bp, expected) => {
    await t.feature('vat', true);
    const list = await plans({ visit: await t.visitFrom(country) });
    expect(list.country).toBe(country);
    expect(amounts(list)).toEqual(expected);
    for (const p of list.plans) {
      expect(p.price.vat_rate_bp).toBe(bp);
      expect(p.price.amount_cents).toBe(p.price.net_cents + p.price.vat_cents);
    }
  });

  it('adds no VAT while the vat feature is off, whatever the country', async () => {
    const list = await plans({ visit: await t.visitFrom('DE') });
    expect(list.country).toBe('DE');
    expect(amounts(list)).toEqual({ 'day-1': 299, 'month-1': 2499, 'month-3': 5999 });
    expect(list.plans.every((p) => p.price.vat_rate_bp === 0)).toBe(true);
  });

  it('adds no VAT for an unknown visit (a bad or missing X-Visit-Id)', async () => {
    await t.feature('vat', true);
    for (const visit of [undefined, '00000000-0000-4000-8000-000000000000']) {
      const list = await plans({ visit });
      expect(list.country).toBeNull();
      expect(amounts(list)['month-1']).toBe(2499);
    }
  });

  it('prices a member by the current visit, else the registration country, else the address', async () => {
    await t.feature('vat', true);
    const m = await t.member({ registrationCountry: 'FR', personalData: { country: 'HU' } });
    expect((await plans({ token: m.token, visit: await t.visitFrom('DE') })).country).toBe('DE');
    const fromRegistration = await plans({ token: m.token });
    expect(fromRegistration.country).toBe('FR');
    expect(amounts(fromRegistration)['month-1']).toBe(2999);
    // Registered with no country known: the address decides.
    const unplaced = await t.member({ registrationCountry: null, personalData: { country: 'HU' } });
    expect((await plans({ token: unplaced.token })).country).toBe('HU');
  });

  it.each(DISCOUNT_FEATURES)('takes %s off with its settings.percent, before VAT', async (name) => {
    await t.feature('vat', true);
    await t.feature(name, true, null, { percent: 20 });
    const list = await plans({ visit: await t.visitFrom('DE') });
    const month = list.plans.find((p) => p.token === 'month-1')!.price;
    // 2499 − 20 % = 1999.2 → 1999; VAT 19 % of 1999 = 379.81 → 380.
    expect(month).toEqual({
      amount_cents: 2379,
      net_cents: 1999,
      vat_cents: 380,
      vat_rate_bp: 1900,
      currency: 'EUR',
      original_amount_cents: 2974,
      discount: name,
      discount_percent: 20,
    });
  });

  it('uses the feature\'s default percent without settings', async () => {
    await t.feature('black_friday_discount_24', true, '2024');
    const month = (await plans()).plans.find((p) => p.token === 'month-1')!.price;
    expect(month).toMatchObject({ discount: 'black_friday_discount_24', discount_percent: 30, net_cents: 1749, amount_cents: 1749, original_amount_cents: 2499 });
  });

  it.each([
    ['black_friday_discount_24', 'subscribers', false],
    ['black_friday_discount_24', 'subscribers_only', false],
    ['black_friday_discount_24', 'all', true],
    ['valentines_day_discount_25', 'subscribers', false],
    ['valentines_day_discount_25', 'subscribers_2025', true],
    ['summer_discount', 'subscribers', false],
    ['summer_discount', null, true],
  ] as const)('product §4: %s with version %j applies to plans: %j', async (name, version, applies) => {
    await t.feature(name, true, version, { percent: 10 });
    const month = (await plans()).plans.find((p) => p.token === 'month-1')!.price;
    expect(month.discount).toBe(applies ? name : null);
    expect(month.amount_cents).toBe(applies ? 2249 : 2499);
  });

  it('applies the highest of several discounts, never two', async () => {
    await t.feature('summer_discount', true, null, { percent: 10 });
    await t.feature('partner_discount', true, null, { percent: 25 });
    const month = (await plans()).plans.find((p) => p.token === 'month-1')!.price;
    expect(month).toMatchObject({ discount: 'partner_discount', discount_percent: 25, amount_cents: 1874 });
  });

  it('follows a member\'s own flags and a visit\'s campaign flags', async () => {
    const m = await t.member();
    await setUserFeature(t, m.id, 'ladies_discount', { settings: { percent: 40 } });
    expect((await plans({ token: m.token })).plans[1]!.price).toMatchObject({ discount: 'ladies_discount', amount_cents: 1499 });
    // Nobody else has it.
    expect((await plans()).plans[1]!.price.discount).toBeNull();
    expect((await plans({ token: (await t.member()).token })).plans[1]!.price.discount).toBeNull();

    await setCampaignFeature(t, 'spring', 'wds_discount', { settings: { percent: 15 } });
    const visit = await t.visitFrom('DE', 'spring');
    expect((await plans({ visit })).plans[1]!.price).toMatchObject({ discount: 'wds_discount', amount_cents: 2124 });
  });
});

describe('GET /payments/coin_packages', () => {
  async function packages(token: string, visit?: string) {
    const res = await t.call('GET', '/payments/coin_packages', { token, visit });
    expect(res.statusCode, res.body).toBe(200);
    return CoinPackages.parse(res.json());
  }

  it('asks a visitor to log in', async () => {
    expect((await t.call('GET', '/payments/coin_packages')).statusCode).toBe(401);
  });

  it('shows a member the packages with their bonus coins and prices', async () => {
    const m = await t.member();
    const list = await packages(m.token);
    expect(list.packages.map((p) => [p.token, p.coins, p.bonus_coins, p.price.amount_cents])).toEqual([
      ['coins-100', 100, 0, 999],
      ['coins-500', 500, 50, 3999],
      ['coins-1000', 1000, 150, 6999],
    ]);
  });

  it('adds VAT, and only the card discount: membership discounts are for plans', async () => {
    const m = await t.member();
    await t.feature('vat', true);
    await t.feature('summer_discount', true, null, { percent: 50 });
    const visit = await t.visitFrom('DE');
    expect((await packages(m.token, visit)).packages[0]!.price).toMatchObject({ discount: null, net_cents: 999, vat_cents: 190, amount_cents: 1189 });
    await t.feature('cc_discount', true, null, { percent: 10 });
    // 999 − 10 % = 899.1 → 899; VAT 170.81 → 171.
    expect((await packages(m.token, visit)).packages[0]!.price).toMatchObject({ discount: 'cc_discount', net_cents: 899, vat_cents: 171, amount_cents: 1070 });
  });

  it('is law-limited: 451 for a member visiting from SE (product §4)', async () => {
    const m = await t.member();
    const res = await t.call('GET', '/payments/coin_packages', { token: m.token, visit: await t.visitFrom('SE') });
    expect(res.statusCode).toBe(451);
    expect(res.json().error.code).toBe(LAW_LIMITED_CODE);
    // Plans are not law-limited.
    expect((await t.call('GET', '/payments/plans', { token: m.token, visit: await t.visitFrom('SE') })).statusCode).toBe(200);
  });
});
