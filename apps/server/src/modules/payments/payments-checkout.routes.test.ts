import { Checkout, LAW_LIMITED_CODE, MembershipPlans, Payment, Profile, addPeriods } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalog, type CatalogFixture } from '../../../test/catalog-fixture';
import { setPlanActive } from '../../../test/factories';
import { loadConfig } from '../../config';
import { buildPaymentsTestApp, DAY_MS, START, type PaymentsTestApp } from '../../../test/modules/payments';
import { RATE_LIMITS } from '../../lib/rate-limits';

// POST /payments/checkout, GET /payments/{id} and the sandbox provider's hosted checkout, end to end.

let t: PaymentsTestApp;
let catalog: CatalogFixture;

beforeAll(async () => {
  t = await buildPaymentsTestApp();
  catalog = await insertCatalog(t, START);
});
afterAll(() => t.close());

async function checkout(token: string, body: unknown, visit?: string) {
  const res = await t.call('POST', '/payments/checkout', { token, body, visit });
  expect(res.statusCode, res.body).toBe(201);
  return Checkout.parse(res.json());
}
const planCheckout = (token: string, plan: keyof PaymentsTestApp['plans'] = 'month-1', visit?: string) =>
  checkout(token, { kind: 'subscription', plan_id: t.plans[plan] }, visit);
const coinsCheckout = (token: string, pkg: keyof PaymentsTestApp['packages'] = 'coins-500', visit?: string) =>
  checkout(token, { kind: 'coins', package_id: t.packages[pkg] }, visit);

/** What a browser does on the sandbox page: posts the form with one of the three buttons. */
const press = (paymentId: string, action: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/checkout/${paymentId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${encodeURIComponent(action)}`,
  });

const profile = async (token: string) => Profile.parse((await t.call('GET', '/user/profile', { token })).json());
const payment = async (token: string, id: string) => Payment.parse((await t.call('GET', `/payments/${id}`, { token })).json());
const paymentCount = async () => (await t.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments'))[0]!.n;

describe('POST /payments/checkout with Idempotency-Key (decision record 030)', () => {
  it('starts one payment for a retried or doubled checkout, and answers each with it', async () => {
    const m = await t.member();
    const before = await paymentCount();
    const body = { kind: 'subscription', plan_id: t.plans['month-1'] };
    const headers = { 'Idempotency-Key': 'checkout-once-1' };
    const answers = await Promise.all([1, 2].map(() => t.call('POST', '/payments/checkout', { token: m.token, body, headers })));
    const retry = await t.call('POST', '/payments/checkout', { token: m.token, body, headers });
    for (const res of [...answers, retry]) expect(res.statusCode, res.body).toBe(201);
    expect(new Set([...answers, retry].map((res) => Checkout.parse(res.json()).payment_id)).size).toBe(1);
    expect(await paymentCount()).toBe(before + 1);
    const other = await t.call('POST', '/payments/checkout', { token: m.token, body: { kind: 'coins', package_id: t.packages['coins-500'] }, headers });
    expect(other.statusCode).toBe(422);
    expect(await paymentCount()).toBe(before + 1);
  });
});

describe('POST /payments/checkout: who and what', () => {
  it('asks a visitor to log in and writes nothing', async () => {
    const before = await paymentCount();
    const res = await t.call('POST', '/payments/checkout', { body: { kind: 'subscription', plan_id: t.plans['month-1'] } });
    expect(res.statusCode).toBe(401);
    expect(await paymentCount()).toBe(before);
  });

  it.each([
    ['no body', undefined, 'body'],
    ['no kind', { plan_id: 1 }, 'kind'],
    ['an unknown kind', { kind: 'gift', plan_id: 1 }, 'kind'],
    ['a plan without plan_id', { kind: 'subscription' }, 'plan_id'],
    ['a plan_id that is a string', { kind: 'subscription', plan_id: '1' }, 'plan_id'],
    ['a plan_id of 0', { kind: 'subscription', plan_id: 0 }, 'plan_id'],
    ['a fractional plan_id', { kind: 'subscription', plan_id: 1.5 }, 'plan_id'],
    ['coins without package_id', { kind: 'coins', plan_id: 1 }, 'package_id'],
  ])('refuses %s with 400 naming the field', async (_name, body, field) => {
    const m = await t.member();
    const before = await paymentCount();
    const res = await t.call('POST', '/payments/checkout', { token: m.token, body });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain(field);
    expect(await paymentCount()).toBe(before);
  });

  it('answers 404 for a plan or package that does not exist or is not sold', async () => {
    const m = await t.member();
    expect((await t.call('POST', '/payments/checkout', { token: m.token, body: { kind: 'subscription', plan_id: 999_999 } })).statusCode).toBe(404);
    expect((await t.call('POST', '/payments/checkout', { token: m.token, body: { kind: 'coins', package_id: 999_999 } })).statusCode).toBe(404);
    await setPlanActive(t, 'month-3', false);
    try {
      expect((await t.call('POST', '/payments/checkout', { token: m.token, body: { kind: 'subscription', plan_id: t.plans['month-3'] } })).statusCode).toBe(404);
    } finally {
      await setPlanActive(t, 'month-3', true);
    }
  });

  it('answers 404, not 500, for a plan or package id beyond the database\'s integers, and writes nothing', async () => {
    const m = await t.member();
    const before = await paymentCount();
    for (const body of [{ kind: 'subscription', plan_id: 2_147_483_648 }, { kind: 'coins', package_id: 2 ** 53 - 1 }]) {
      const res = await t.call('POST', '/payments/checkout', { token: m.token, body });
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(await paymentCount()).toBe(before);
  });

  it('stores exactly the price the plan list showed the member (discount, VAT, country)', async () => {
    await t.feature('vat', true);
    await t.feature('summer_discount', true, null, { percent: 20 });
    try {
      const m = await t.member();
      const visit = await t.visitFrom('AT');
      const shown = MembershipPlans.parse((await t.call('GET', '/payments/plans', { token: m.token, visit })).json());
      for (const plan of shown.plans) {
        const { payment_id } = await checkout(m.token, { kind: 'subscription', plan_id: plan.id }, visit);
        const row = await t.paymentRow(payment_id);
        expect(row).toMatchObject({
          status: 'pending',
          amount_cents: plan.price.amount_cents,
          net_cents: plan.price.net_cents,
          vat_cents: plan.price.vat_cents,
          vat_rate_bp: 2000,
          discount: 'summer_discount',
          discount_percent: 20,
          country: 'AT',
          provider_reference: `sbx_${payment_id}`,
        });
        expect((await payment(m.token, payment_id)).amount_cents).toBe(plan.price.amount_cents);
      }
    } finally {
      await t.feature('vat', false);
      await t.feature('summer_discount', false);
    }
  });

  it('stores the coins of a package with its bonus', async () => {
    const m = await t.member();
    const { payment_id } = await coinsCheckout(m.token, 'coins-1000');
    expect(await payment(m.token, payment_id)).toMatchObject({ kind: 'coins', status: 'pending', coins: 1150, amount_cents: 6999, plan: null });
  });

  it('lets a premium member buy a plan (it extends the membership)', async () => {
    const m = await t.member({ premiumUntil: new Date(START + 10 * DAY_MS) });
    const { payment_id } = await planCheckout(m.token, 'day-1');
    expect((await press(payment_id, 'pay')).statusCode).toBe(303);
    expect(await t.premiumUntil(m.id)).toBe(START + 11 * DAY_MS);
  });

  it('is law-limited for coins only: 451 from SE, while a plan may be bought', async () => {
    const m = await t.member();
    const se = await t.visitFrom('SE');
    const before = await paymentCount();
    const res = await t.call('POST', '/payments/checkout', { token: m.token, visit: se, body: { kind: 'coins', package_id: t.packages['coins-100'] } });
    expect(res.statusCode).toBe(451);
    expect(res.json().error.code).toBe(LAW_LIMITED_CODE);
    expect(await paymentCount()).toBe(before);
    await planCheckout(m.token, 'month-1', se);
  });

  it(`allows ${RATE_LIMITS.checkoutsPerAccount.points} checkouts per member in ${RATE_LIMITS.checkoutsPerAccount.windowMs / 60_000} minutes, then 429 with Retry-After`, async () => {
    const m = await t.member();
    for (let i = 0; i < RATE_LIMITS.checkoutsPerAccount.points; i++) await planCheckout(m.token, 'day-1');
    const res = await t.call('POST', '/payments/checkout', { token: m.token, body: { kind: 'subscription', plan_id: t.plans['day-1'] } });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another member is not held up.
    await planCheckout((await t.member()).token, 'day-1');
    t.clock.advance(RATE_LIMITS.checkoutsPerAccount.windowMs + 1000);
    try {
      await planCheckout(m.token, 'day-1');
    } finally {
      t.clock.set(START);
    }
  });
});

describe('GET /payments/{id}', () => {
  it('shows a member their own payment, and nobody else', async () => {
    const owner = await t.member();
    const other = await t.member();
    const { payment_id } = await planCheckout(owner.token, 'month-3');
    expect(await payment(owner.token, payment_id)).toEqual({
      id: payment_id,
      kind: 'subscription',
      status: 'pending',
      amount_cents: 5999,
      currency: 'EUR',
      plan: { name: '3 Months', period: 'MONTH', period_count: 3 },
      coins: null,
      created_at: START,
    });
    const foreign = await t.call('GET', `/payments/${payment_id}`, { token: other.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(`No payment ${payment_id}`);
    expect((await t.call('GET', `/payments/${payment_id}`)).statusCode).toBe(401);
    expect((await t.call('GET', '/payments/pay_doesnotexist000000', { token: owner.token })).statusCode).toBe(404);
  });

  it.each(['short', 'has%20space', 'x'.repeat(65)])('refuses the malformed id %j with 400 naming id', async (id) => {
    const res = await t.call('GET', `/payments/${id}`, { token: (await t.member()).token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('id');
  });
});

describe('the sandbox checkout, end to end through the webhook', () => {
  it('serves a self-contained page with what is bought, the amount, its VAT and three buttons', async () => {
    await t.feature('vat', true);
    try {
      const m = await t.member();
      const { payment_id, checkout_url } = await planCheckout(m.token, 'month-1', await t.visitFrom('DE'));
      expect(checkout_url).toBe(`/api/payments/sandbox/checkout/${payment_id}`);
      const res = await t.app.inject({ method: 'GET', url: checkout_url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.headers['cache-control']).toBe('no-store');
      const html = res.body;
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('Premium membership, 1 month');
      expect(html).toContain('€24.99');
      expect(html).toContain('VAT 19%');
      expect(html).toContain('€4.75');
      expect(html).toContain('€29.74');
      expect(html).toContain(`action="/api/payments/sandbox/checkout/${payment_id}"`);
      for (const action of ['pay', 'decline', 'cancel']) expect(html).toContain(`name="action" value="${action}"`);
      // Nothing from elsewhere: no scripts, stylesheets, images or fonts.
      expect(html).not.toMatch(/<script|<link|<img|src=|url\(/i);
    } finally {
      await t.feature('vat', false);
    }
  });

  it.each([
    ['de', '<html lang="de">', 'Premium-Mitgliedschaft, 3 Monate', 'bezahlen'],
    ['fr', '<html lang="fr">', 'Abonnement premium, 3\u00a0mois', 'Payer'],
  ])('speaks the member language %s: the plan is named in it, not by its stored English name', async (lang, htmlLang, item, pay) => {
    const m = await t.member();
    expect((await t.call('POST', '/user/lang', { token: m.token, body: { lang } })).statusCode).toBeLessThan(300);
    const { checkout_url } = await planCheckout(m.token, 'month-3');
    const html = (await t.app.inject({ method: 'GET', url: checkout_url })).body;
    expect(html).toContain(htmlLang);
    expect(html.replace(/\u202f/g, '\u00a0')).toContain(item);
    expect(html).toContain(pay);
    expect(html).not.toContain('3 Months');
  });

  it('Pay: the signed webhook activates the membership, the browser returns to /paywall, and locked videos play', async () => {
    const m = await t.member();
    const video = catalog.videoIds[3]!;
    const playable = async () => (await t.call('GET', `/videos/${video}`, { token: m.token })).json().playable;
    expect(await playable()).toBe(false);
    expect((await profile(m.token)).subscription).toBeNull();

    const { payment_id } = await planCheckout(m.token, 'month-1');
    const res = await press(payment_id, 'pay');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/paywall?payment=${payment_id}`);

    expect((await payment(m.token, payment_id)).status).toBe('succeeded');
    const end = addPeriods(new Date(START), 'MONTH', 1).getTime();
    expect(await t.premiumUntil(m.id)).toBe(end);
    const p = await profile(m.token);
    expect(p.premium_until).toBe(end / 1000);
    expect(p.subscription).toEqual({ type: { name: '1 Month', token: expect.stringMatching(/^sub_[A-Za-z0-9_-]{20,}$/), period: 'MONTH', period_count: 1 } });
    expect(await playable()).toBe(true);

    const sub = (await t.call('GET', '/payments/subscription', { token: m.token })).json().subscription;
    expect(sub).toEqual({
      token: p.subscription!.type.token,
      status: 'active',
      plan: { name: '1 Month', token: 'month-1', period: 'MONTH', period_count: 1 },
      current_period_end: end / 1000,
      renews: true,
    });
    // The event went through the webhook route and was recorded, and the purchase was tracked.
    const [event] = await t.deps.db.query<{ type: string; event_id: string }>(
      'SELECT type, event_id FROM payment_events WHERE payment_id = (SELECT id FROM payments WHERE public_id = $1)',
      [payment_id],
    );
    expect(event).toEqual({ type: 'payment.succeeded', event_id: `evt_${payment_id}_succeeded` });
    const tracked = await t.deps.db.query<{ properties: Record<string, unknown> }>(`SELECT properties FROM events WHERE name = 'success_buy' AND user_id = $1`, [m.id]);
    expect(tracked.map((e) => e.properties)).toEqual([expect.objectContaining({ type: 'buy_subscription', payment: payment_id, amount_cents: 2499 })]);

    // The checkout is over: the page and its buttons are gone, and pressing again changes nothing.
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/checkout/${payment_id}` })).statusCode).toBe(404);
    expect((await press(payment_id, 'pay')).statusCode).toBe(404);
    expect(await t.premiumUntil(m.id)).toBe(end);
  });

  it('Pay for coins: credits the package\'s coins once and returns to /', async () => {
    const m = await t.member();
    const before = (await profile(m.token)).coins;
    const { payment_id } = await coinsCheckout(m.token, 'coins-500');
    const res = await press(payment_id, 'pay');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/?payment=${payment_id}`);
    expect((await payment(m.token, payment_id)).status).toBe('succeeded');
    expect((await profile(m.token)).coins).toBe(before + 550);
    expect(await t.premiumUntil(m.id)).toBeNull();
  });

  it.each([
    ['decline', 'failed'],
    ['cancel', 'cancelled'],
  ])('%s: the payment is %s and nothing is granted', async (action, status) => {
    const m = await t.member();
    const sub = await planCheckout(m.token, 'month-1');
    const coins = await coinsCheckout(m.token, 'coins-100');
    for (const { payment_id } of [sub, coins]) {
      const res = await press(payment_id, action);
      expect(res.statusCode).toBe(303);
      expect((await payment(m.token, payment_id)).status).toBe(status);
    }
    expect(await t.premiumUntil(m.id)).toBeNull();
    const p = await profile(m.token);
    expect(p.subscription).toBeNull();
    expect(p.coins).toBe(0);
  });

  it('buying again while subscribed extends the same subscription and switches its plan', async () => {
    const m = await t.member();
    await press((await planCheckout(m.token, 'day-1')).payment_id, 'pay');
    const first = (await profile(m.token)).subscription!.type.token;
    await press((await planCheckout(m.token, 'month-3')).payment_id, 'pay');
    const p = await profile(m.token);
    expect(p.subscription).toEqual({ type: { name: '3 Months', token: first, period: 'MONTH', period_count: 3 } });
    expect(await t.premiumUntil(m.id)).toBe(addPeriods(new Date(START + DAY_MS), 'MONTH', 3).getTime());
    expect((await t.deps.db.query('SELECT 1 FROM subscriptions WHERE user_id = $1', [m.id])).length).toBe(1);
  });

  it('refuses an unknown button with 400 and an unknown payment with the finished page', async () => {
    const m = await t.member();
    const { payment_id } = await planCheckout(m.token);
    const bad = await press(payment_id, 'steal');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('action');
    expect((await t.paymentRow(payment_id)).status).toBe('pending');
    const unknown = await press('pay_doesnotexist000000', 'pay');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});

describe('with PAYMENT_PROVIDER=none', () => {
  let off: PaymentsTestApp;
  beforeAll(async () => {
    off = await buildPaymentsTestApp({ env: { PAYMENT_PROVIDER: 'none' } });
  });
  afterAll(() => off.close());

  it('still lists plans, but a checkout is 503 with a clear message and writes nothing', async () => {
    const m = await off.member();
    expect((await off.call('GET', '/payments/plans')).statusCode).toBe(200);
    const res = await off.call('POST', '/payments/checkout', { token: m.token, body: { kind: 'subscription', plan_id: off.plans['month-1'] } });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({ code: 'PAYMENTS_UNAVAILABLE', message: 'Payments are not available right now. Please try again later.' });
    expect((await off.deps.db.query('SELECT 1 FROM payments')).length).toBe(0);
  });

  it('serves no sandbox page and takes no sandbox webhook', async () => {
    expect((await off.app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout/pay_0123456789abcdef' })).statusCode).toBe(404);
    expect((await off.webhook({ id: 'evt_1', type: 'payment.succeeded', created: 1, data: { payment: 'pay_0123456789' } })).statusCode).toBe(404);
  });
});

describe('configuration', () => {
  it('defaults to the sandbox outside production and to none in production', () => {
    expect(loadConfig({}).paymentProvider).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'production' }).paymentProvider).toBe('none');
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }).paymentProvider).toBe('sandbox');
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER: must be sandbox or none/);
    expect(() => loadConfig({ PAYMENT_WEBHOOK_SECRET: 'short' })).toThrow(/PAYMENT_WEBHOOK_SECRET: must be at least 32 characters \(got a hidden value\)/);
  });
});
