import { randomUUID } from 'node:crypto';
import { Checkout, addPeriods } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPaymentsTestApp, paymentEvent, START, type PaymentsTestApp } from '../../../test/modules/payments';
import { webhookSecret } from './payments.service';
import { SIGNATURE_HEADER, SIGNATURE_TOLERANCE_SECONDS, WebhookRejected, signWebhook, verifyWebhookSignature } from './webhook-signature';

// POST /payments/webhook/{provider}: signed, fresh, and applied once per event id.

let t: PaymentsTestApp;

beforeAll(async () => {
  t = await buildPaymentsTestApp();
});
afterAll(() => t.close());

async function pending(kind: 'subscription' | 'coins') {
  const m = await t.member();
  const body = kind === 'subscription' ? { kind, plan_id: t.plans['month-1'] } : { kind, package_id: t.packages['coins-500'] };
  const res = await t.call('POST', '/payments/checkout', { token: m.token, body });
  expect(res.statusCode, res.body).toBe(201);
  return { member: m, paymentId: Checkout.parse(res.json()).payment_id };
}

/** Everything a webhook could have changed for a member. */
async function stateOf(userId: number, paymentId: string) {
  const db = t.deps.db;
  const [payment] = await db.query<{ status: string }>('SELECT status FROM payments WHERE public_id = $1', [paymentId]);
  const [coins] = await db.query<{ balance: number }>(`SELECT COALESCE((SELECT balance FROM ledger_accounts WHERE user_id = $1), 0)::int AS balance`, [userId]);
  const [counts] = await db.query<{ events: number; subs: number; purchases: number }>(
    `SELECT (SELECT count(*) FROM payment_events WHERE payment_id = (SELECT id FROM payments WHERE public_id = $2))::int AS events,
            (SELECT count(*) FROM subscriptions WHERE user_id = $1)::int AS subs,
            (SELECT count(*) FROM ledger_transactions WHERE user_id = $1 AND kind = 'coin_purchase')::int AS purchases`,
    [userId, paymentId],
  );
  return { status: payment!.status, premiumUntil: await t.premiumUntil(userId), coins: coins!.balance, ...counts! };
}

const MONTH_END = addPeriods(new Date(START), 'MONTH', 1).getTime();

describe('signature checks: refused with 400 and nothing written', () => {
  const nowS = Math.floor(START / 1000);
  it.each<[string, (body: string, secret: string) => string | undefined]>([
    ['no signature header', () => undefined],
    ['an empty header', () => ''],
    ['a malformed header', () => 'sha256=abc'],
    ['a wrong signature', (body) => signWebhook('another-secret-another-secret-0123', body, nowS)],
    ['a signature of another body', (body, secret) => signWebhook(secret, `${body} `, nowS)],
    ['a signature of another timestamp', (body, secret) => `t=${nowS + 1},v1=${signWebhook(secret, body, nowS).split('v1=')[1]}`],
    ['a truncated signature', (body, secret) => signWebhook(secret, body, nowS).slice(0, -2)],
    ['a stale timestamp', (body, secret) => signWebhook(secret, body, nowS - SIGNATURE_TOLERANCE_SECONDS - 1)],
    ['a future timestamp', (body, secret) => signWebhook(secret, body, nowS + SIGNATURE_TOLERANCE_SECONDS + 1)],
  ])('%s', async (_name, sign) => {
    const { member, paymentId } = await pending('subscription');
    const before = await stateOf(member.id, paymentId);
    const body = JSON.stringify(paymentEvent(paymentId));
    const signature = sign(body, webhookSecret(t.deps.config));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/sandbox',
      headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { [SIGNATURE_HEADER]: signature }) },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('WEBHOOK_REJECTED');
    expect(await stateOf(member.id, paymentId)).toEqual(before);
    expect(before).toMatchObject({ status: 'pending', premiumUntil: null, events: 0, subs: 0 });
    expect((await t.deps.db.query('SELECT 1 FROM payment_events WHERE event_id = $1', [JSON.parse(body).id])).length).toBe(0);
  });

  it('accepts a timestamp at the edges of the tolerance window', async () => {
    for (const skew of [-SIGNATURE_TOLERANCE_SECONDS, SIGNATURE_TOLERANCE_SECONDS]) {
      const { paymentId } = await pending('subscription');
      expect((await t.webhook(paymentEvent(paymentId), { timestamp: nowS + skew })).json()).toEqual({ status: 'processed' });
    }
  });

  it('refuses a signed body that is not an event, and a body that is not JSON', async () => {
    for (const body of ['{"hello": "world"}', 'not json', '{"id":"evt_1","type":"payment.refunded","created":1,"data":{"payment":"pay_0123456789"}}']) {
      const res = await t.webhook(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('WEBHOOK_REJECTED');
    }
  });

  // Decision 031: the raw body is parsed by the provider, not the route's schema; a control character in a signed event's
  // strings is refused like any other bad event, never left for PostgreSQL to refuse with a 500.
  it('refuses a signed event whose strings hold a control character or a lone surrogate', async () => {
    for (const reference of ['ref\u0000', 'ref\u001b', 'ref\ud800']) {
      const { paymentId } = await pending('coins');
      const res = await t.webhook(JSON.stringify({ ...paymentEvent(paymentId), data: { payment: paymentId, reference } }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('WEBHOOK_REJECTED');
    }
  });

  it('answers 404 for a provider that is not configured, and 400 for a malformed provider name', async () => {
    const { paymentId } = await pending('subscription');
    expect((await t.webhook(paymentEvent(paymentId), { provider: 'paypal' })).statusCode).toBe(404);
    const bad = await t.webhook(paymentEvent(paymentId), { provider: 'Not%20A%20Provider' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('provider');
    expect((await t.paymentRow(paymentId)).status).toBe('pending');
  });

  it('uses PAYMENT_WEBHOOK_SECRET when it is set', async () => {
    const secret = 'a-configured-webhook-secret-of-40-chars!';
    const other = await buildPaymentsTestApp({ env: { PAYMENT_WEBHOOK_SECRET: secret } });
    try {
      const m = await other.member();
      const res = await other.call('POST', '/payments/checkout', { token: m.token, body: { kind: 'subscription', plan_id: other.plans['day-1'] } });
      const id = Checkout.parse(res.json()).payment_id;
      expect((await other.webhook(paymentEvent(id), { secret: 'a-generated-or-other-secret-of-40-chars' })).statusCode).toBe(400);
      expect((await other.webhook(paymentEvent(id), { secret })).json()).toEqual({ status: 'processed' });
      // The sandbox signs with it too: its own webhooks pass.
      const next = Checkout.parse((await other.call('POST', '/payments/checkout', { token: m.token, body: { kind: 'subscription', plan_id: other.plans['day-1'] } })).json());
      const pressed = await other.app.inject({
        method: 'POST',
        url: next.checkout_url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'action=pay',
      });
      expect(pressed.statusCode).toBe(303);
      expect((await other.paymentRow(next.payment_id)).status).toBe('succeeded');
    } finally {
      await other.close();
    }
  });
});

describe('verifyWebhookSignature', () => {
  const secret = 'x'.repeat(40);
  const body = '{"a":1}';
  it('accepts several v1 values when one matches (a secret being rotated)', () => {
    const good = signWebhook(secret, body, 1000).split('v1=')[1]!;
    expect(() => verifyWebhookSignature(secret, `t=1000,v1=${'0'.repeat(64)},v1=${good}`, body, 1_000_000)).not.toThrow();
    expect(() => verifyWebhookSignature(secret, `t=1000,v1=${'0'.repeat(64)}`, body, 1_000_000)).toThrow(WebhookRejected);
  });
});

describe('idempotency: one event, one effect', () => {
  it('a subscription event replayed 20 times activates once', async () => {
    const { member, paymentId } = await pending('subscription');
    const event = paymentEvent(paymentId);
    const results: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await t.webhook(event);
      expect(res.statusCode).toBe(200);
      results.push(res.json().status);
    }
    expect(results).toEqual(['processed', ...Array(19).fill('duplicate')]);
    expect(await stateOf(member.id, paymentId)).toEqual({ status: 'succeeded', premiumUntil: MONTH_END, coins: 0, events: 1, subs: 1, purchases: 0 });
  });

  it('a subscription event delivered 20 times at once activates once', async () => {
    const { member, paymentId } = await pending('subscription');
    const event = paymentEvent(paymentId);
    const responses = await Promise.all(Array.from({ length: 20 }, () => t.webhook(event)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(responses.map((r) => r.json().status).sort()).toEqual([...Array(19).fill('duplicate'), 'processed']);
    expect(await stateOf(member.id, paymentId)).toEqual({ status: 'succeeded', premiumUntil: MONTH_END, coins: 0, events: 1, subs: 1, purchases: 0 });
  });

  it('a coins event replayed 20 times, then 20 at once, credits once', async () => {
    const { member, paymentId } = await pending('coins');
    const event = paymentEvent(paymentId);
    for (let i = 0; i < 20; i++) expect((await t.webhook(event)).statusCode).toBe(200);
    await Promise.all(Array.from({ length: 20 }, () => t.webhook(event)));
    expect(await stateOf(member.id, paymentId)).toEqual({ status: 'succeeded', premiumUntil: null, coins: 550, events: 1, subs: 0, purchases: 1 });
  });

  it('20 different events of one payment, at once, grant it once', async () => {
    const { member, paymentId } = await pending('coins');
    const responses = await Promise.all(Array.from({ length: 20 }, () => t.webhook(paymentEvent(paymentId, 'payment.succeeded', `evt_${randomUUID()}`))));
    expect(responses.map((r) => r.json().status).sort()).toEqual([...Array(19).fill('ignored'), 'processed']);
    expect(await stateOf(member.id, paymentId)).toMatchObject({ status: 'succeeded', coins: 550, events: 20, purchases: 1 });
  });

  it('a decline, then the same decline again, then a late success: failed, then granted once', async () => {
    const { member, paymentId } = await pending('subscription');
    const declined = paymentEvent(paymentId, 'payment.failed');
    expect((await t.webhook(declined)).json()).toEqual({ status: 'processed' });
    expect((await t.webhook(declined)).json()).toEqual({ status: 'duplicate' });
    expect(await stateOf(member.id, paymentId)).toMatchObject({ status: 'failed', premiumUntil: null, subs: 0 });
    // A cancellation after the decline changes nothing.
    expect((await t.webhook(paymentEvent(paymentId, 'payment.cancelled'))).json()).toEqual({ status: 'ignored' });
    // The provider took the money on a retry: it counts.
    expect((await t.webhook(paymentEvent(paymentId))).json()).toEqual({ status: 'processed' });
    expect(await stateOf(member.id, paymentId)).toMatchObject({ status: 'succeeded', premiumUntil: MONTH_END, subs: 1 });
    // A decline after the success changes nothing.
    expect((await t.webhook(paymentEvent(paymentId, 'payment.failed'))).json()).toEqual({ status: 'ignored' });
    expect((await t.paymentRow(paymentId)).status).toBe('succeeded');
  });

  it('records an event for an unknown payment as ignored, so the provider stops retrying', async () => {
    const event = paymentEvent('pay_unknown0000000000');
    expect((await t.webhook(event)).json()).toEqual({ status: 'ignored' });
    expect((await t.webhook(event)).json()).toEqual({ status: 'duplicate' });
  });
});
