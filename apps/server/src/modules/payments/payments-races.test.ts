import { Checkout, INSUFFICIENT_COINS, addPeriods } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asModel } from '../../../test/factories';
import { answerOf, raceRunner, stepOf, successes } from '../../../test/races';
import { TEST_ENGINE } from '../../../test/test-app';
import { createServices } from '../../composition/create-services';
import { accountBalance, expectLedgerConsistent } from '../../../test/modules/coins';
import { deliveryThrough } from './payment-provider';
import { buildPaymentsTestApp, DAY_MS, paymentEvent, START, type PaymentsTestApp } from '../../../test/modules/payments';

// Payments under races (decision record 063): a provider delivering one event several times at once while the member
// spends, and a plan bought while the renewal job charges the running subscription on two instances. Nobody gets a
// 500, a payment is applied once, and the ledger and the paid-up time add up.

let t: PaymentsTestApp;
const { log, race } = raceRunner();

beforeAll(async () => {
  t = await buildPaymentsTestApp({ log });
});
afterAll(() => t.close());

async function checkout(token: string, body: Record<string, unknown>): Promise<string> {
  const res = await t.call('POST', '/payments/checkout', { token, body });
  expect(res.statusCode, res.body).toBe(201);
  return Checkout.parse(res.json()).payment_id;
}

describe(`payments raced on ${TEST_ENGINE}`, () => {
  it('a coin purchase delivered six times at once (two event ids) while the member tips eight times: credited once, never overdrawn', async () => {
    const m = await t.member();
    const model = await asModel(t);
    await t.services.coins.grant(m.id, 30, 'Start', `race-start-${m.id}`);
    const paymentId = await checkout(m.token, { kind: 'coins', package_id: t.packages['coins-100'] });
    const event = paymentEvent(paymentId);
    const retried = paymentEvent(paymentId);
    const deliveries = [event, event, event, event, retried, retried].map((e) => t.webhook(e));
    const tips = Array.from({ length: 8 }, () => answerOf(t.call('POST', '/coins/tip', { token: m.token, body: { model_id: model.user.model_id, coins: 20 } })));
    const answers = await race([...deliveries.map(answerOf), ...tips], [INSUFFICIENT_COINS]);
    const outcomes = await Promise.all(deliveries.map(async (d) => ((await d).json() as { status: string }).status));
    expect(outcomes.filter((o) => o === 'processed')).toHaveLength(1);
    const purchases = await t.deps.db.query(`SELECT id FROM ledger_transactions WHERE kind = 'coin_purchase' AND user_id = $1`, [m.id]);
    expect(purchases).toHaveLength(1);
    const tipped = successes(answers.slice(6));
    expect(await accountBalance(t.deps.db, { userId: m.id })).toBe(130 - 20 * tipped);
    expect(tipped).toBeLessThanOrEqual(6);
    await expectLedgerConsistent(t.deps.db);
  });

  it('a plan bought (its webhook delivered twice) while two renewal passes charge the running subscription: each payment applied once', async () => {
    const m = await t.member();
    const first = await checkout(m.token, { kind: 'subscription', plan_id: t.plans['day-1'] });
    expect((await t.webhook(paymentEvent(first))).json()).toEqual({ status: 'processed' });
    const at = START + DAY_MS + 1000;
    t.clock.set(at);
    try {
      const bought = await checkout(m.token, { kind: 'subscription', plan_id: t.plans['month-1'] });
      // Two instances' renewal passes; the provider's renewal webhook comes back through the app, its answers kept.
      const renewalWebhooks: number[] = [];
      const pass = () => {
        const services = createServices({ ...t.deps, log });
        services.paymentWebhooks.bind(async (delivery) => {
          const res = await deliveryThrough(t.app)(delivery);
          renewalWebhooks.push(res.statusCode);
          return res;
        });
        return stepOf(services.payments.runRenewals());
      };
      const event = paymentEvent(bought, 'payment.succeeded', undefined, Math.floor(at / 1000));
      await race([pass(), pass(), answerOf(t.webhook(event)), answerOf(t.webhook(event))], []);
      expect(renewalWebhooks.every((status) => status === 200), `renewal webhooks answered ${renewalWebhooks.join(', ')}`).toBe(true);
      const payments = await t.deps.db.query<{ kind: string; status: string }>(
        `SELECT kind, status FROM payments WHERE user_id = $1 ORDER BY id`,
        [m.id],
      );
      const renewed = payments.filter((p) => p.kind === 'renewal' && p.status === 'succeeded').length;
      expect(renewed).toBeLessThanOrEqual(1);
      expect(payments.filter((p) => p.kind === 'subscription').map((p) => p.status)).toEqual(['succeeded', 'succeeded']);
      // Each succeeded payment added its period once, one after the other, from the time of the race.
      const expected = addPeriods(new Date(at + renewed * DAY_MS), 'MONTH', 1).getTime();
      expect(await t.premiumUntil(m.id)).toBe(expected);
      const running = await t.deps.db.query(`SELECT id FROM subscriptions WHERE user_id = $1 AND status IN ('active', 'cancelled')`, [m.id]);
      expect(running).toHaveLength(1);
    } finally {
      t.clock.set(START);
    }
  });
});
