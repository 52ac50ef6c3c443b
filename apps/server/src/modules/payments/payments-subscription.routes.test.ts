import { Checkout, Profile, SubscriptionResponse, addPeriods } from '@velora/shared';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../composition/create-services';
import { deliveryThrough, type WebhookDelivery } from './payment-provider';
import { buildPaymentsTestApp, DAY_MS, paymentEvent, START, type PaymentsTestApp } from '../../../test/modules/payments';
import { RENEWAL_RETRY_AFTER_MS } from './payments.service';
import { createTestJobQueues } from '../../../test/test-job-queue';
import { createRenewalJob, registerRenewalJob } from './renewal-job';

// The running subscription: GET, cancel and resume, and the renewal job (with the test's clock).

let t: PaymentsTestApp;
const logs: string[] = [];
// What the job and the payments service log, as lines: warnings marked WARN.
const log = pino({ level: 'info' }, {
  write(line: string) {
    const { level, msg } = JSON.parse(line) as { level: number; msg: string };
    logs.push(level >= 40 ? `WARN ${msg}` : msg);
  },
});

beforeAll(async () => {
  t = await buildPaymentsTestApp();
});
afterEach(async () => {
  t.clock.set(START);
  // Each test counts the renewals of its own subscribers only.
  await t.deps.db.query(`UPDATE subscriptions SET status = 'expired' WHERE status <> 'expired'`);
});
afterAll(() => t.close());

/** A renewal job over services of its own: its provider's webhooks go to `deliver`, and both log to `logs`. */
function job(deliver: WebhookDelivery = deliveryThrough(t.app)) {
  const services = createServices({ ...t.deps, log });
  services.paymentWebhooks.bind(deliver);
  return createRenewalJob({ payments: services.payments, log });
}

/** A member who bought `plan` through the sandbox at the current clock (from `country` when given). */
async function subscriber(plan: keyof PaymentsTestApp['plans'] = 'day-1', visit?: string) {
  const m = await t.member();
  const res = await t.call('POST', '/payments/checkout', { token: m.token, visit, body: { kind: 'subscription', plan_id: t.plans[plan] } });
  const { payment_id } = Checkout.parse(res.json());
  const pressed = await t.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/checkout/${payment_id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'action=pay',
  });
  expect(pressed.statusCode).toBe(303);
  return m;
}

const subscription = async (token: string) => {
  const res = await t.call('GET', '/payments/subscription', { token });
  expect(res.statusCode, res.body).toBe(200);
  return SubscriptionResponse.parse(res.json()).subscription;
};
const profile = async (token: string) => Profile.parse((await t.call('GET', '/user/profile', { token })).json());
const renewals = (userId: number) =>
  t.deps.db.query<{ status: string; amount_cents: number; vat_rate_bp: number; discount: string | null }>(
    `SELECT status, amount_cents, vat_rate_bp, discount FROM payments WHERE user_id = $1 AND kind = 'renewal' ORDER BY id`,
    [userId],
  );

describe('GET /payments/subscription, cancel and resume: who may', () => {
  it('asks a visitor to log in', async () => {
    expect((await t.call('GET', '/payments/subscription')).statusCode).toBe(401);
    expect((await t.call('POST', '/payments/subscription/cancel')).statusCode).toBe(401);
    expect((await t.call('POST', '/payments/subscription/resume')).statusCode).toBe(401);
  });

  it('shows null and answers 404 to cancel and resume for a member without one', async () => {
    const m = await t.member();
    expect(await subscription(m.token)).toBeNull();
    expect((await t.call('POST', '/payments/subscription/cancel', { token: m.token })).statusCode).toBe(404);
    expect((await t.call('POST', '/payments/subscription/resume', { token: m.token })).statusCode).toBe(404);
  });

  it('touches only the member\'s own: another member cancels nothing of theirs', async () => {
    const owner = await subscriber();
    const other = await t.member();
    expect((await t.call('POST', '/payments/subscription/cancel', { token: other.token })).statusCode).toBe(404);
    expect((await subscription(owner.token))!.status).toBe('active');
    expect(await subscription(other.token)).toBeNull();
  });
});

describe('cancel and resume', () => {
  it('cancel stops the renewal and keeps premium until the period end; both are idempotent', async () => {
    const m = await subscriber('month-1');
    const end = addPeriods(new Date(START), 'MONTH', 1).getTime();
    for (let i = 0; i < 2; i++) {
      const res = await t.call('POST', '/payments/subscription/cancel', { token: m.token });
      expect(res.statusCode).toBe(200);
      expect(SubscriptionResponse.parse(res.json()).subscription).toMatchObject({ status: 'cancelled', renews: false, current_period_end: end / 1000 });
    }
    expect(await t.premiumUntil(m.id)).toBe(end);
    expect((await profile(m.token)).subscription?.type.name).toBe('1 Month');
    for (let i = 0; i < 2; i++) {
      const res = await t.call('POST', '/payments/subscription/resume', { token: m.token });
      expect(res.statusCode).toBe(200);
      expect(SubscriptionResponse.parse(res.json()).subscription).toMatchObject({ status: 'active', renews: true });
    }
  });

  it('a cancelled subscription is not renewed: it expires at its period end', async () => {
    const m = await subscriber('day-1');
    const end = START + DAY_MS;
    await t.call('POST', '/payments/subscription/cancel', { token: m.token });

    // Before the end the job leaves it alone.
    t.clock.set(end - 1000);
    await job().runOnce();
    expect((await subscription(m.token))!.status).toBe('cancelled');

    t.clock.set(end + 1000);
    // Past the end, resuming is too late.
    const late = await t.call('POST', '/payments/subscription/resume', { token: m.token });
    expect(late.statusCode).toBe(409);
    expect(await job().runOnce()).toMatchObject({ expired: 1, charged: 0 });
    expect(await renewals(m.id)).toEqual([]);
    expect(await t.premiumUntil(m.id)).toBe(end);
    const [row] = await t.deps.db.query<{ status: string }>('SELECT status FROM subscriptions WHERE user_id = $1', [m.id]);
    expect(row!.status).toBe('expired');
    expect(await subscription(m.token)).toBeNull();
    const p = await profile(m.token);
    expect(p.subscription).toBeNull();
    expect(p.premium_until! * 1000).toBeLessThan(t.clock.ms());
  });
});

describe('the renewal job', () => {
  it('charges an active subscription at its period end through the provider\'s webhook, and extends it', async () => {
    const m = await subscriber('day-1');
    const end = START + DAY_MS;
    const token = (await subscription(m.token))!.token;
    t.clock.set(end - 1000);
    expect(await job().runOnce()).toMatchObject({ charged: 0 });
    t.clock.set(end + 60_000);
    expect(await job().runOnce()).toMatchObject({ charged: 1 });
    const next = end + 60_000 + DAY_MS;
    expect(await t.premiumUntil(m.id)).toBe(next);
    expect(await subscription(m.token)).toMatchObject({ token, status: 'active', current_period_end: next / 1000 });
    expect(await renewals(m.id)).toEqual([{ status: 'succeeded', amount_cents: 299, vat_rate_bp: 0, discount: null }]);
    // The renewal event came through the webhook route and was recorded.
    const [events] = await t.deps.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payment_events e JOIN payments p ON p.id = e.payment_id WHERE p.user_id = $1 AND p.kind = 'renewal'`,
      [m.id],
    );
    expect(events!.n).toBe(1);
    // Run again: nothing is due.
    expect(await job().runOnce()).toMatchObject({ charged: 0 });
    expect(await t.premiumUntil(m.id)).toBe(next);
  });

  it('extends premium_until once when two passes (two instances) run at the same time', async () => {
    const m = await subscriber('day-1');
    t.clock.set(START + DAY_MS + 1000);
    const [a, b] = await Promise.all([job().runOnce(), job().runOnce()]);
    expect(a.charged + b.charged).toBe(1);
    expect(await t.premiumUntil(m.id)).toBe(START + DAY_MS + 1000 + DAY_MS);
    expect((await renewals(m.id)).map((r) => r.status)).toEqual(['succeeded']);
  });

  it('taxes a renewal for the country of the last payment, at the plan\'s price without a campaign discount', async () => {
    await t.feature('vat', true);
    await t.feature('summer_discount', true, null, { percent: 50 });
    try {
      const m = await subscriber('day-1', await t.visitFrom('DE'));
      t.clock.set(START + DAY_MS + 1000);
      await job().runOnce();
      expect(await renewals(m.id)).toEqual([{ status: 'succeeded', amount_cents: 356, vat_rate_bp: 1900, discount: null }]);
    } finally {
      await t.feature('vat', false);
      await t.feature('summer_discount', false);
    }
  });

  it('asks the provider again later when a charge got no answer, and ends the subscription when the renewal is declined', async () => {
    const m = await subscriber('day-1');
    const end = START + DAY_MS;
    t.clock.set(end + 1000);
    const unreachable: WebhookDelivery = async () => ({ statusCode: 503, body: '' });
    expect(await job(unreachable).runOnce()).toMatchObject({ charged: 0, failed: 1 });
    const [pendingRenewal] = await t.deps.db.query<{ public_id: string; status: string }>(
      `SELECT public_id, status FROM payments WHERE user_id = $1 AND kind = 'renewal'`,
      [m.id],
    );
    expect(pendingRenewal!.status).toBe('pending');
    // Within the retry window nothing is charged twice.
    expect(await job(unreachable).runOnce()).toMatchObject({ charged: 0, failed: 0 });
    expect(logs.some((l) => l.startsWith('WARN a renewal charge failed'))).toBe(true);

    // The provider declines it: the paid period is over and the subscription ends.
    expect((await t.webhook(paymentEvent(pendingRenewal!.public_id, 'payment.failed', undefined, Math.floor(t.clock.ms() / 1000)))).json()).toEqual({
      status: 'processed',
    });
    expect(await subscription(m.token)).toBeNull();
    expect(await t.premiumUntil(m.id)).toBe(end);
    t.clock.set(end + RENEWAL_RETRY_AFTER_MS + 2000);
    expect(await job().runOnce()).toMatchObject({ charged: 0 });
    expect((await renewals(m.id)).map((r) => r.status)).toEqual(['failed']);
  });

  it('retries a charge that got no answer once the retry window has passed', async () => {
    const m = await subscriber('day-1');
    t.clock.set(START + DAY_MS + 1000);
    await job(async () => ({ statusCode: 503, body: '' })).runOnce();
    t.clock.set(START + DAY_MS + 1000 + RENEWAL_RETRY_AFTER_MS);
    expect(await job().runOnce()).toMatchObject({ charged: 1 });
    expect((await renewals(m.id)).map((r) => r.status)).toEqual(['succeeded']);
    expect(await t.premiumUntil(m.id)).toBe(START + DAY_MS + 1000 + RENEWAL_RETRY_AFTER_MS + DAY_MS);
  });

  it('runs by itself on the job queue\'s schedule, with two instances running', async () => {
    const m = await subscriber('day-1');
    t.clock.set(START + DAY_MS + 1000);
    const queues = createTestJobQueues(t.deps.db);
    try {
      for (let i = 0; i < 2; i += 1) {
        const jobs = queues.instance();
        await registerRenewalJob(jobs, job());
        await jobs.start();
      }
      // The every-minute schedule ticks as soon as the queue starts.
      const deadline = Date.now() + 15_000;
      while ((await t.premiumUntil(m.id)) === START + DAY_MS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await t.premiumUntil(m.id)).toBe(START + DAY_MS + 1000 + DAY_MS);
    } finally {
      await queues.close();
    }
    expect((await renewals(m.id)).map((r) => r.status)).toEqual(['succeeded']);
  });
});
