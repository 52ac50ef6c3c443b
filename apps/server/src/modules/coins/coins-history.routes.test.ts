import { PAYMENT_HISTORY_PER_PAGE, PaymentHistory } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../../test/catalog-fixture';
import { asMember, createCoinPackage, createModel, createPayment, createPlan } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import type { PaymentStatus } from '../payments/payments.repository';
import type { CoinsService } from './coins.service';
import { request, seMember, tip } from '../../../test/modules/coins';

// GET /user/get_payment_history?page (product §7): payments and coin movements merged into one list, newest first.

const START = Date.parse('2030-05-01T12:00:00Z');
const clock = { ms: START };
const MINUTE = 60_000;

let t: TestApp;
let coins: CoinsService;
let planId: number;
let packageId: number;

const history = async (v: Viewer, query = '') => {
  const res = await request(t, 'GET', `/api/user/get_payment_history${query}`, v);
  expect(res.statusCode, res.body).toBe(200);
  return PaymentHistory.strict().parse(res.json());
};

/** A payment as a checkout starts it (a minute before `at`) and its webhook settles it (at `at`). */
function insertPayment(
  userId: number,
  p: { kind: 'subscription' | 'renewal' | 'coins'; status: PaymentStatus; at: number; amount?: number; coins?: number },
): Promise<{ id: number; publicId: string }> {
  return createPayment(t, {
    userId,
    kind: p.kind,
    status: p.status,
    ...(p.kind === 'coins' ? { packageId, coins: p.coins ?? 100 } : { planId }),
    amountCents: p.amount ?? 1190,
    vatCents: 190,
    createdAt: new Date(p.at - MINUTE),
    completedAt: new Date(p.at),
  });
}

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock.ms) });
  coins = t.services.coins;
  planId = (await createPlan(t, { token: 'monthly-hist', name: 'Premium monthly' })).id;
  packageId = (await createCoinPackage(t, { token: 'coins-hist', coins: 100 })).id;
});
afterAll(() => t.close());

describe('who may read it', () => {
  it('asks a visitor to log in (401)', async () => {
    for (const headers of [{}, { authorization: 'Bearer garbage' }]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/user/get_payment_history', headers })).statusCode).toBe(401);
    }
  });

  it('gives a new member an empty first page', async () => {
    expect(await history(await asMember(t))).toEqual({ items: [], page: 1, per_page: PAYMENT_HISTORY_PER_PAGE, total: 0, pages: 0 });
  });

  it('serves an SE user too: it is their own record', async () => {
    expect((await request(t, 'GET', '/api/user/get_payment_history', await seMember(t))).statusCode).toBe(200);
  });

  it.each([['?page=x'], ['?page=1.5'], ['?page=']])('rejects %s with 400 naming page', async (query) => {
    const res = await request(t, 'GET', `/api/user/get_payment_history${query}`, await asMember(t));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('page');
  });

  it('clamps a page below 1 to 1 (product §5)', async () => {
    expect((await history(await asMember(t), '?page=-4')).page).toBe(1);
  });
});

describe('one list, newest first', () => {
  it('merges payments and coin movements; a coin purchase shows once, as its payment', async () => {
    const member = await asMember(t);
    const other = await asMember(t);
    const model = (await createModel(t, { name: 'Carla Novak' })).id;
    const at = (minutes: number) => START + minutes * MINUTE;

    const subscription = await insertPayment(member.id, { kind: 'subscription', status: 'succeeded', at: at(1) });
    clock.ms = at(2);
    await coins.grant(member.id, 20, 'Welcome coins', `hist-welcome-${member.id}`);
    const purchase = await insertPayment(member.id, { kind: 'coins', status: 'succeeded', at: at(3), amount: 999, coins: 100 });
    clock.ms = at(3);
    await t.deps.db.transaction((tx) => coins.creditPurchase(tx, { userId: member.id, coins: 100, paymentId: purchase.id, idempotencyKey: `evt-${purchase.id}` }));
    clock.ms = at(4);
    const tipped = (await tip(t, member, { model_id: model, coins: 35 })).json();
    const failed = await insertPayment(member.id, { kind: 'renewal', status: 'failed', at: at(5) });
    // Abandoned and open checkouts are not history.
    await insertPayment(member.id, { kind: 'subscription', status: 'pending', at: at(6) });
    await insertPayment(member.id, { kind: 'coins', status: 'cancelled', at: at(7) });
    // Someone else's.
    await insertPayment(other.id, { kind: 'subscription', status: 'succeeded', at: at(8) });
    await coins.grant(other.id, 5, 'Not yours', `hist-other-${other.id}`);

    const page = await history(member);
    expect(page).toMatchObject({ page: 1, per_page: PAYMENT_HISTORY_PER_PAGE, total: 5, pages: 1 });
    expect(page.items).toEqual([
      { id: `payment:${failed.publicId}`, kind: 'renewal', description: 'Membership renewal: Premium monthly', amount_cents: 1190, currency: 'EUR', coins: null, plan: { period: 'MONTH', period_count: 1 }, model_name: null, status: 'failed', created_at: at(5) },
      { id: `coins:${tipped.tip_id}`, kind: 'tip', description: 'Tip to Carla Novak', amount_cents: null, currency: null, coins: -35, plan: null, model_name: 'Carla Novak', status: 'succeeded', created_at: at(4) },
      { id: `payment:${purchase.publicId}`, kind: 'coins', description: '100 coins', amount_cents: 999, currency: 'EUR', coins: 100, plan: null, model_name: null, status: 'succeeded', created_at: at(3) },
      { id: expect.stringMatching(/^coins:\d+$/), kind: 'grant', description: 'Welcome coins', amount_cents: null, currency: null, coins: 20, plan: null, model_name: null, status: 'succeeded', created_at: at(2) },
      { id: `payment:${subscription.publicId}`, kind: 'subscription', description: 'Membership: Premium monthly', amount_cents: 1190, currency: 'EUR', coins: null, plan: { period: 'MONTH', period_count: 1 }, model_name: null, status: 'succeeded', created_at: at(1) },
    ]);
    // The coins in the history add up to the balance.
    expect(page.items.reduce((s, i) => s + (i.kind === 'subscription' || i.kind === 'renewal' ? 0 : (i.coins ?? 0)), 0)).toBe(await coins.balance(member.id));
    expect((await history(other)).total).toBe(2);
  });

  it(`pages ${PAYMENT_HISTORY_PER_PAGE} at a time over both tables, without gaps or repeats`, async () => {
    const member = await asMember(t);
    const ids: string[] = [];
    for (let i = 0; i < 45; i++) {
      const when = START + 1000 * MINUTE + i * MINUTE;
      if (i % 3 === 0) {
        ids.push(`payment:${(await insertPayment(member.id, { kind: 'subscription', status: 'succeeded', at: when })).publicId}`);
      } else {
        clock.ms = when;
        ids.push(`coins:${(await coins.grant(member.id, 1, `Grant ${i}`, `hist-page-${member.id}-${i}`)).transactionId}`);
      }
    }
    const pages = [await history(member), await history(member, '?page=2'), await history(member, '?page=3')];
    expect(pages.map((p) => p.items.length)).toEqual([20, 20, 5]);
    expect(pages.every((p) => p.total === 45 && p.pages === 3)).toBe(true);
    expect(pages.flatMap((p) => p.items.map((i) => i.id))).toEqual(ids.reverse());
    expect((await history(member, '?page=4')).items).toEqual([]);
    expect((await history(member, '?page=99999999999')).items).toEqual([]);
  });

  it('orders coin movements of the same moment by when they were booked', async () => {
    const member = await asMember(t);
    clock.ms = START + 5000 * MINUTE;
    const a = await coins.grant(member.id, 1, 'First', `same-moment-${member.id}-a`);
    const b = await coins.grant(member.id, 2, 'Second', `same-moment-${member.id}-b`);
    expect((await history(member)).items.map((i) => i.id)).toEqual([`coins:${b.transactionId}`, `coins:${a.transactionId}`]);
  });
});
