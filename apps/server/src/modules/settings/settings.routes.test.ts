import { AdminPlan, Checkout, Flag, FlagList, MembershipPlans, Payment, PriceSettings, VAT_RATES_BP, VatRate } from '@velora/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asAdmin, asModel, asTeam, createVisit, type LoggedIn } from '../../../test/factories';
import { buildPaymentsTestApp, type PaymentsTestApp } from '../../../test/modules/payments';

// The back office's site settings (decision record 072): flags, plans, coin packages and VAT rates, edited by admins
// only, validated, audited, and refused with 409 when made from a stale revision; paid payments keep their amounts.

let t: PaymentsTestApp;
let admin: LoggedIn;
beforeAll(async () => {
  t = await buildPaymentsTestApp();
  admin = await asAdmin(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.deps.db.query('DELETE FROM features');
  await t.deps.db.query('DELETE FROM campaign_features');
});

const send = (who: LoggedIn, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
const flags = async () => FlagList.parse((await send(admin, 'GET', '/backoffice/flags')).json()).flags;
const flagOf = async (name: string) => (await flags()).find((f) => f.name === name)!;
const prices = async () => PriceSettings.parse((await send(admin, 'GET', '/backoffice/prices')).json());
const planOf = async (token: string) => (await prices()).plans.find((p) => p.token === token)!;
const paywall = async (options: { token?: string; visit?: string } = {}) => MembershipPlans.parse((await t.call('GET', '/payments/plans', options)).json());
const monthly = async (options: { token?: string; visit?: string } = {}) => (await paywall(options)).plans.find((p) => p.token === 'month-1')!.price;
const lastAudit = async (action: string) =>
  (await t.deps.db.query<{ actor_id: number; subject_type: string; subject_id: string; before: unknown; after: unknown }>(
    'SELECT actor_id, subject_type, subject_id, before, after FROM audit_log WHERE action = $1 ORDER BY id DESC LIMIT 1',
    [action],
  ))[0];

describe('feature flags', () => {
  it('lists every flag of product §9, off until stored, grouped, with the settings each reads', async () => {
    const list = await flags();
    for (const name of ['vat', 'cc_discount', 'black_friday_discount_24', 'valentines_day_discount_25', 'summer_discount', 'trailer', 'french', 'freechat', 'double_opt_in', 'landing_redirect', 'age_verification', 'feedback', 'feature_feedback']) {
      expect(list.find((f) => f.name === name), name).toMatchObject({ known: true, is_active: false, revision: 0 });
    }
    expect(list.find((f) => f.name === 'black_friday_discount_24')).toMatchObject({ group: 'discounts', setting_names: ['percent', 'introduce'], versions: expect.arrayContaining(['subscribers']) });
    expect(list.find((f) => f.name === 'age_verification')?.setting_names).toEqual(['can_show_av_popup', 'introduce']);
  });

  it('turns a discount on with its percent: the member paywall shows it at once, and the change is audited with the state before', async () => {
    const member = await t.member();
    expect((await monthly({ token: member.token })).discount).toBeNull();
    const res = await send(admin, 'PUT', '/backoffice/flags/black_friday_discount_24', { is_active: true, version: null, settings: { percent: 40 }, revision: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(Flag.parse(res.json())).toMatchObject({ is_active: true, settings: { percent: 40 }, revision: 1 });
    expect(await monthly({ token: member.token })).toMatchObject({ discount: 'black_friday_discount_24', discount_percent: 40, amount_cents: 1499, original_amount_cents: 2499 });
    expect(await lastAudit('backoffice.flags.update')).toMatchObject({
      actor_id: admin.id,
      subject_type: 'flag',
      subject_id: 'black_friday_discount_24',
      before: { is_active: false, revision: 0 },
      after: { is_active: true, revision: 1 },
    });

    // The subscribers-only version is an offer to subscribers: no price changes (product §4).
    const off = await send(admin, 'PUT', '/backoffice/flags/black_friday_discount_24', { is_active: true, version: 'subscribers', settings: { percent: 40 }, revision: 1 });
    expect(off.statusCode, off.body).toBe(200);
    expect((await monthly({ token: member.token })).discount).toBeNull();
  });

  it('answers 409 for an edit made from a stale revision and changes nothing', async () => {
    const body = { is_active: true, version: null, settings: {} };
    expect((await send(admin, 'PUT', '/backoffice/flags/trailer', { ...body, revision: 0 })).statusCode).toBe(200);
    const again = await send(admin, 'PUT', '/backoffice/flags/trailer', { ...body, is_active: false, revision: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toHaveProperty('revision');
    const [one, two] = await Promise.all([1, 2].map(() => send(admin, 'PUT', '/backoffice/flags/trailer', { ...body, is_active: false, revision: 1 })));
    expect([one!.statusCode, two!.statusCode].sort()).toEqual([200, 409]);
    expect(await flagOf('trailer')).toMatchObject({ is_active: false, revision: 2 });
  });

  it.each([
    ['a percent of 0', 'black_friday_discount_24', { settings: { percent: 0 } }, 'settings.percent'],
    ['a percent of 91', 'cc_discount', { settings: { percent: 91 } }, 'settings.percent'],
    ['a fractional percent', 'summer_discount', { settings: { percent: 12.5 } }, 'settings.percent'],
    ['a setting the flag does not read', 'trailer', { settings: { percent: 10 } }, 'settings.percent'],
    ['a popup switch that is not a boolean', 'age_verification', { settings: { can_show_av_popup: 'yes' } }, 'settings.can_show_av_popup'],
    ['an unknown company', 'company', { settings: { company: 'fr' } }, 'settings.company'],
    ['a version with spaces', 'summer_discount', { version: 'for everyone' }, 'version'],
    ['an empty version', 'summer_discount', { version: '' }, 'version'],
    ['a negative revision', 'trailer', { revision: -1 }, 'revision'],
    ['a missing is_active', 'trailer', { is_active: undefined }, 'is_active'],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_, name, change, field) => {
    const res = await send(admin, 'PUT', `/backoffice/flags/${name}`, { is_active: true, version: null, settings: {}, revision: 0, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields).toHaveProperty(field);
    expect((await flagOf(name)).revision).toBe(0);
  });

  it('refuses a flag product §9 does not name with 400 naming it', async () => {
    const res = await send(admin, 'PUT', '/backoffice/flags/no_such_flag', { is_active: true, version: null, settings: {}, revision: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('name');
  });

  it("overrides a flag for one campaign's visits, and removing the override gives them the site-wide state again", async () => {
    const spring = await createVisit(t, { country: null, campaign: 'spring-24' });
    const organic = await createVisit(t, { country: null, campaign: null });
    const set = await send(admin, 'PUT', '/backoffice/flags/summer_discount/campaigns/spring-24', { is_active: true, version: null, settings: { percent: 25 } });
    expect(set.statusCode, set.body).toBe(200);
    expect(Flag.parse(set.json()).overrides).toEqual([{ campaign: 'spring-24', is_active: true, version: null, settings: { percent: 25 } }]);
    expect(await monthly({ visit: spring })).toMatchObject({ discount: 'summer_discount', discount_percent: 25 });
    expect((await monthly({ visit: organic })).discount).toBeNull();
    expect(await lastAudit('backoffice.flags.setCampaign')).toMatchObject({ subject_type: 'flag', subject_id: 'summer_discount' });

    const removed = await send(admin, 'DELETE', '/backoffice/flags/summer_discount/campaigns/spring-24');
    expect(removed.statusCode).toBe(200);
    expect(Flag.parse(removed.json()).overrides).toEqual([]);
    expect((await monthly({ visit: spring })).discount).toBeNull();
    expect((await send(admin, 'DELETE', '/backoffice/flags/summer_discount/campaigns/spring-24')).statusCode).toBe(404);
  });

  it('refuses a campaign override with bad settings (400) and a campaign with control characters (400)', async () => {
    const bad = await send(admin, 'PUT', '/backoffice/flags/trailer/campaigns/spring', { is_active: true, version: null, settings: { introduce: 'yes' } });
    expect(bad.json().error.fields).toHaveProperty(['settings.introduce']);
    const nul = await send(admin, 'PUT', '/backoffice/flags/trailer/campaigns/a%07b', { is_active: true, version: null, settings: {} });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.fields).toHaveProperty('campaign');
    expect((await flagOf('trailer')).overrides).toEqual([]);
  });
});

describe('who may change settings', () => {
  it('is admins only: 403 for a plain team member, support, finance and a model; 401 for a visitor', async () => {
    const calls: Array<['GET' | 'PUT' | 'DELETE', string, object?]> = [
      ['GET', '/backoffice/flags'],
      ['PUT', '/backoffice/flags/trailer', { is_active: true, version: null, settings: {}, revision: 0 }],
      ['PUT', '/backoffice/flags/trailer/campaigns/x', { is_active: true, version: null, settings: {} }],
      ['DELETE', '/backoffice/flags/trailer/campaigns/x'],
      ['GET', '/backoffice/prices'],
      ['PUT', `/backoffice/plans/${t.plans['month-1']}`, { price_cents: 1, currency: 'EUR', active: true, sort: 0, recommended: false, revision: 1 }],
      ['PUT', `/backoffice/coin-packages/${t.packages['coins-100']}`, { coins: 1, bonus_coins: 0, price_cents: 1, currency: 'EUR', active: true, sort: 0, revision: 1 }],
      ['PUT', '/backoffice/vat-rates/DE', { rate_bp: 0, revision: 1 }],
      ['DELETE', '/backoffice/vat-rates/DE'],
    ];
    const people = [await asTeam(t), await asTeam(t, { teamKinds: ['support'] }), await asTeam(t, { teamKinds: ['finance'] }), await asModel(t)];
    for (const [method, url, body] of calls) {
      for (const who of people) expect((await send(who, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.app.inject({ method, url: `/api${url}`, ...(body ? { payload: body } : {}) })).statusCode).toBe(401);
    }
    expect((await flagOf('trailer')).revision).toBe(0);
    expect((await planOf('month-1')).revision).toBe(1);
  });
});

describe('plans and coin packages', () => {
  const planBody = (plan: AdminPlan, change: Partial<Record<string, unknown>>) => ({
    price_cents: plan.price_cents, currency: plan.currency, active: plan.active, sort: plan.sort, recommended: plan.recommended, revision: plan.revision, ...change,
  });

  it('lists every plan and package, sold or not, with net prices and the VAT rates', async () => {
    const list = await prices();
    expect(list.plans.map((p) => p.token)).toEqual(['day-1', 'month-1', 'month-3']);
    expect(list.plans[1]).toMatchObject({ price_cents: 2499, currency: 'EUR', active: true, recommended: false, revision: 1 });
    expect(list.packages.map((p) => p.token)).toEqual(['coins-100', 'coins-500', 'coins-1000']);
    // The migration seeds the rates the pricing rule shipped with.
    expect(Object.fromEntries(list.vat_rates.map((r) => [r.country, r.rate_bp]))).toEqual(VAT_RATES_BP);
  });

  it('changes a price for new checkouts only: a paid payment and a checkout already started keep their amounts', async () => {
    const member = await t.member();
    const start = async () => Checkout.parse((await t.call('POST', '/payments/checkout', { token: member.token, body: { kind: 'subscription', plan_id: t.plans['month-1'] } })).json()).payment_id;
    const paid = await start();
    expect((await t.webhook({ id: `evt_${paid}`, type: 'payment.succeeded', created: Math.floor(t.clock.ms() / 1000), data: { payment: paid, reference: `r_${paid}` } })).statusCode).toBe(200);
    const waiting = await start();

    const plan = await planOf('month-1');
    const res = await send(admin, 'PUT', `/backoffice/plans/${plan.id}`, planBody(plan, { price_cents: 2999 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminPlan.parse(res.json())).toMatchObject({ price_cents: 2999, revision: plan.revision + 1 });
    expect((await monthly({ token: member.token })).amount_cents).toBe(2999);

    expect(Payment.parse((await t.call('GET', `/payments/${paid}`, { token: member.token })).json())).toMatchObject({ status: 'succeeded', amount_cents: 2499 });
    expect((await t.paymentRow(paid)).amount_cents).toBe(2499);
    expect((await t.webhook({ id: `evt_${waiting}`, type: 'payment.succeeded', created: Math.floor(t.clock.ms() / 1000), data: { payment: waiting, reference: `r_${waiting}` } })).statusCode).toBe(200);
    expect(await t.paymentRow(waiting)).toMatchObject({ status: 'succeeded', amount_cents: 2499, net_cents: 2499 });
    expect(await lastAudit('backoffice.plans.update')).toMatchObject({ subject_type: 'plan', subject_id: String(plan.id), before: { price_cents: 2499 }, after: { price_cents: 2999 } });

    const back = await planOf('month-1');
    expect((await send(admin, 'PUT', `/backoffice/plans/${back.id}`, planBody(back, { price_cents: 2499 }))).statusCode).toBe(200);
  });

  it.each([
    ['a price of 0', { price_cents: 0 }, 'price_cents'],
    ['a negative price', { price_cents: -100 }, 'price_cents'],
    ['a price in fractions of a cent', { price_cents: 1999.5 }, 'price_cents'],
    ['a price as text', { price_cents: '1999' }, 'price_cents'],
    ['a lower-case currency', { currency: 'eur' }, 'currency'],
    ['a currency that does not exist', { currency: 'XYZ' }, 'currency'],
    ['an order out of range', { sort: 5000 }, 'sort'],
    ['no revision', { revision: undefined }, 'revision'],
  ])('refuses a plan with %s (400 naming the field) and changes nothing', async (_, change, field) => {
    const plan = await planOf('month-3');
    const res = await send(admin, 'PUT', `/backoffice/plans/${plan.id}`, planBody(plan, change));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields).toHaveProperty(field);
    expect(await planOf('month-3')).toEqual(plan);
  });

  it('answers 409 for a stale plan edit and 404 for a plan that does not exist', async () => {
    const plan = await planOf('day-1');
    expect((await send(admin, 'PUT', `/backoffice/plans/${plan.id}`, planBody(plan, { sort: 7 }))).statusCode).toBe(200);
    const stale = await send(admin, 'PUT', `/backoffice/plans/${plan.id}`, planBody(plan, { price_cents: 1 }));
    expect(stale.statusCode).toBe(409);
    expect((await planOf('day-1')).price_cents).toBe(plan.price_cents);
    expect((await send(admin, 'PUT', '/backoffice/plans/999999', planBody(plan, {}))).statusCode).toBe(404);
    const now = await planOf('day-1');
    await send(admin, 'PUT', `/backoffice/plans/${now.id}`, planBody(now, { sort: plan.sort }));
  });

  it('marks one plan recommended on the paywall; marking another moves the mark; taking a plan off sale hides it', async () => {
    const three = await planOf('month-3');
    expect((await send(admin, 'PUT', `/backoffice/plans/${three.id}`, planBody(three, { recommended: true }))).statusCode).toBe(200);
    expect((await paywall()).plans.filter((p) => p.recommended).map((p) => p.token)).toEqual(['month-3']);
    const one = await planOf('month-1');
    expect((await send(admin, 'PUT', `/backoffice/plans/${one.id}`, planBody(one, { recommended: true }))).statusCode).toBe(200);
    expect((await paywall()).plans.filter((p) => p.recommended).map((p) => p.token)).toEqual(['month-1']);
    expect((await planOf('month-3')).recommended).toBe(false);

    const day = await planOf('day-1');
    expect((await send(admin, 'PUT', `/backoffice/plans/${day.id}`, planBody(day, { active: false }))).statusCode).toBe(200);
    expect((await paywall()).plans.map((p) => p.token)).toEqual(['month-1', 'month-3']);
    const after = await planOf('day-1');
    await send(admin, 'PUT', `/backoffice/plans/${after.id}`, planBody(after, { active: true }));
    const marked = await planOf('month-1');
    await send(admin, 'PUT', `/backoffice/plans/${marked.id}`, planBody(marked, { recommended: false }));
  });

  it('changes a coin package, refuses bad coins with 400 and a stale edit with 409', async () => {
    const pkg = (await prices()).packages.find((p) => p.token === 'coins-500')!;
    const body = { coins: pkg.coins, bonus_coins: 75, price_cents: 3999, currency: 'EUR', active: true, sort: pkg.sort, revision: pkg.revision };
    const res = await send(admin, 'PUT', `/backoffice/coin-packages/${pkg.id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ bonus_coins: 75, price_cents: 3999, revision: pkg.revision + 1 });
    const member = await t.member();
    const list = (await t.call('GET', '/payments/coin_packages', { token: member.token })).json() as { packages: Array<{ token: string; bonus_coins: number; price: { net_cents: number } }> };
    expect(list.packages.find((p) => p.token === 'coins-500')).toMatchObject({ bonus_coins: 75, price: { net_cents: 3999 } });
    for (const [change, field] of [[{ coins: 0 }, 'coins'], [{ bonus_coins: -1 }, 'bonus_coins'], [{ price_cents: 0 }, 'price_cents']] as const) {
      const bad = await send(admin, 'PUT', `/backoffice/coin-packages/${pkg.id}`, { ...body, revision: pkg.revision + 1, ...change });
      expect(bad.json().error.fields).toHaveProperty(field);
    }
    expect((await send(admin, 'PUT', `/backoffice/coin-packages/${pkg.id}`, body)).statusCode).toBe(409);
  });
});

describe('VAT rates', () => {
  it('prices a buyer with the stored rate: changed, removed and added back by an admin', async () => {
    await t.feature('vat', true);
    const de = await t.visitFrom('DE');
    expect(await monthly({ visit: de })).toMatchObject({ vat_rate_bp: 1900, amount_cents: 2974 });
    const rate = (await prices()).vat_rates.find((r) => r.country === 'DE')!;
    const changed = await send(admin, 'PUT', '/backoffice/vat-rates/DE', { rate_bp: 2000, revision: rate.revision });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(VatRate.parse(changed.json())).toEqual({ country: 'DE', rate_bp: 2000, revision: rate.revision + 1 });
    expect(await monthly({ visit: de })).toMatchObject({ vat_rate_bp: 2000, amount_cents: 2999 });
    expect(await lastAudit('backoffice.vat.set')).toMatchObject({ subject_type: 'vat_rate', subject_id: 'DE', before: { rate_bp: 1900 }, after: { rate_bp: 2000 } });

    expect((await send(admin, 'PUT', '/backoffice/vat-rates/DE', { rate_bp: 2100, revision: rate.revision })).statusCode).toBe(409);
    expect((await send(admin, 'DELETE', '/backoffice/vat-rates/DE')).statusCode).toBe(204);
    expect(await monthly({ visit: de })).toMatchObject({ vat_rate_bp: 0, amount_cents: 2499 });
    expect((await send(admin, 'DELETE', '/backoffice/vat-rates/DE')).statusCode).toBe(404);
    expect((await send(admin, 'PUT', '/backoffice/vat-rates/DE', { rate_bp: 1900, revision: 0 })).statusCode).toBe(200);
    expect((await send(admin, 'PUT', '/backoffice/vat-rates/DE', { rate_bp: 1900, revision: 0 })).statusCode).toBe(409);
    expect(await monthly({ visit: de })).toMatchObject({ vat_rate_bp: 1900, amount_cents: 2974 });
  });

  it.each([
    ['a rate above 50 %', 'DE', { rate_bp: 5001, revision: 1 }, 'rate_bp'],
    ['a negative rate', 'DE', { rate_bp: -1, revision: 1 }, 'rate_bp'],
    ['a rate in percent with a fraction', 'DE', { rate_bp: 19.5, revision: 1 }, 'rate_bp'],
    ['a lower-case country', 'de', { rate_bp: 1900, revision: 1 }, 'country'],
    ['a three-letter country', 'DEU', { rate_bp: 1900, revision: 0 }, 'country'],
  ])('refuses %s with 400 naming the field', async (_, country, body, field) => {
    const res = await send(admin, 'PUT', `/backoffice/vat-rates/${country}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(field);
  });
});

describe('playdate limits in the back office', () => {
  it('keeps the limits as they were in the audit entry of a change', async () => {
    const team = await asTeam(t);
    const before = (await send(team, 'GET', '/team/playdate-limits')).json();
    const res = await send(team, 'PUT', '/team/playdate-limits', { ...before, request_expiry_minutes: before.request_expiry_minutes + 5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastAudit('team.playdateLimits.set')).toMatchObject({ subject_type: 'settings', subject_id: 'playdate_limits', before, after: { request_expiry_minutes: before.request_expiry_minutes + 5 } });
  });
});
