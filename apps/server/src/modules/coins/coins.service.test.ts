import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, createModel, createPayment } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import type { CoinsService } from './coins.service';
import { NOW, accountBalance, entriesSum, expectLedgerConsistent } from '../../../test/modules/coins';

// The ledger as other modules use it: the payments module (creditPurchase inside its webhook transaction), the
// seed and support (grant), payouts (modelEarnings).

let t: TestApp;
let coins: CoinsService;

/** A settled coin-package payment, as the payments module writes it (only to link the booking to). */
const insertPayment = async (userId: number, coinsBought = 100): Promise<number> => (await createPayment(t, { userId, kind: 'coins', coins: coinsBought })).id;
const countTransactions = async () => Number((await t.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transactions'))[0]!.n);

beforeAll(async () => {
  t = await buildTestApp({ now: () => NOW });
  coins = t.services.coins;
});
afterAll(() => t.close());

describe('creditPurchase (the payments module, inside its webhook transaction)', () => {
  it('credits the member from the purchases account, in the caller\'s transaction', async () => {
    const member = await asMember(t);
    const paymentId = await insertPayment(member.id, 250);
    const purchases = await accountBalance(t.deps.db, { kind: 'purchases' });
    const booking = await t.deps.db.transaction((tx) => coins.creditPurchase(tx, { userId: member.id, coins: 250, paymentId, idempotencyKey: `evt_${paymentId}` }));
    expect(booking).toEqual({ transactionId: expect.any(Number), balance: 250, replayed: false });
    expect(await coins.balance(member.id)).toBe(250);
    expect(await accountBalance(t.deps.db, { kind: 'purchases' })).toBe(purchases - 250);
    const [row] = await t.deps.db.query<{ kind: string; payment_id: number; user_id: number }>(
      'SELECT kind, payment_id, user_id FROM ledger_transactions WHERE id = $1',
      [booking.transactionId],
    );
    expect(row).toEqual({ kind: 'coin_purchase', payment_id: paymentId, user_id: member.id });
    await expectLedgerConsistent(t.deps.db);
  });

  it('books a replayed event once and returns the first result, by key and by payment', async () => {
    const member = await asMember(t);
    const paymentId = await insertPayment(member.id, 100);
    const credit = (key: string) => t.deps.db.transaction((tx) => coins.creditPurchase(tx, { userId: member.id, coins: 100, paymentId, idempotencyKey: key }));
    const first = await credit('evt_first');
    const before = await countTransactions();
    expect(await credit('evt_first')).toEqual({ ...first, replayed: true });
    // Another provider event for the same payment: still one credit.
    expect(await credit('evt_second')).toEqual({ ...first, replayed: true });
    expect(await countTransactions()).toBe(before);
    expect(await coins.balance(member.id)).toBe(100);
  });

  it('refuses a key that comes back with other coins (409) instead of booking or pretending', async () => {
    const member = await asMember(t);
    const paymentId = await insertPayment(member.id, 100);
    await t.deps.db.transaction((tx) => coins.creditPurchase(tx, { userId: member.id, coins: 100, paymentId, idempotencyKey: 'evt_mismatch' }));
    await expect(
      t.deps.db.transaction((tx) => coins.creditPurchase(tx, { userId: member.id, coins: 500, paymentId, idempotencyKey: 'evt_mismatch' })),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await coins.balance(member.id)).toBe(100);
  });

  it('rolls back with the caller: a failed webhook leaves no coins behind', async () => {
    const member = await asMember(t);
    const paymentId = await insertPayment(member.id, 100);
    await expect(
      t.deps.db.transaction(async (tx) => {
        await coins.creditPurchase(tx, { userId: member.id, coins: 100, paymentId, idempotencyKey: 'evt_rollback' });
        throw new Error('the payment update failed');
      }),
    ).rejects.toThrow('the payment update failed');
    expect(await coins.balance(member.id)).toBe(0);
    // And the retry books.
    expect((await t.deps.db.transaction((tx) => coins.creditPurchase(tx, { userId: member.id, coins: 100, paymentId, idempotencyKey: 'evt_rollback' }))).replayed).toBe(false);
    await expectLedgerConsistent(t.deps.db);
  });

  it.each([0, -5, 1.5, Number.NaN, 100_000_001])('refuses %s coins as a programming error', async (n) => {
    const member = await asMember(t);
    const paymentId = await insertPayment(member.id);
    await expect(t.deps.db.transaction((tx) => coins.creditPurchase(tx, { userId: member.id, coins: n, paymentId, idempotencyKey: `evt_bad_${n}` }))).rejects.toThrow(RangeError);
  });
});

describe('grant (house → member: seed, support)', () => {
  it('credits from the house, once per key, with the reason as the history text', async () => {
    const member = await asMember(t);
    const house = await accountBalance(t.deps.db, { kind: 'house' });
    const first = await coins.grant(member.id, 30, '  Sorry for the outage  ', 'support-ticket-17');
    expect(first).toEqual({ transactionId: expect.any(Number), balance: 30, replayed: false });
    expect(await coins.grant(member.id, 30, 'Sorry for the outage', 'support-ticket-17')).toEqual({ ...first, replayed: true });
    await expect(coins.grant(member.id, 31, 'Sorry', 'support-ticket-17')).rejects.toMatchObject({ statusCode: 409 });
    // Keys are per kind: a purchase key of the same text is another key.
    expect((await coins.grant(member.id, 5, 'More', 'evt_first')).replayed).toBe(false);
    expect(await coins.balance(member.id)).toBe(35);
    expect(await accountBalance(t.deps.db, { kind: 'house' })).toBe(house - 35);
    const [row] = await t.deps.db.query<{ description: string }>('SELECT description FROM ledger_transactions WHERE id = $1', [first.transactionId]);
    expect(row!.description).toBe('Sorry for the outage');
  });

  it('a key granted to one member is not a grant to another: 409', async () => {
    const a = await asMember(t);
    const b = await asMember(t);
    await coins.grant(a.id, 10, 'Hi', 'shared-grant-key');
    await expect(coins.grant(b.id, 10, 'Hi', 'shared-grant-key')).rejects.toMatchObject({ statusCode: 409 });
    expect(await coins.balance(b.id)).toBe(0);
  });

  it('opens a member account once when many first credits race, and adds them all', async () => {
    const member = await asMember(t);
    await Promise.all(Array.from({ length: 20 }, (_, i) => coins.grant(member.id, i + 1, 'Race', `race-${member.id}-${i}`)));
    expect(await coins.balance(member.id)).toBe(210);
    const accounts = await t.deps.db.query("SELECT id FROM ledger_accounts WHERE kind = 'member' AND user_id = $1", [member.id]);
    expect(accounts).toHaveLength(1);
    expect(await entriesSum(t.deps.db, { userId: member.id })).toBe(210);
    await expectLedgerConsistent(t.deps.db);
  });

  it('answers 0 coins for a member who never had any (no account yet)', async () => {
    expect(await coins.balance((await asMember(t)).id)).toBe(0);
  });
});

describe('modelEarnings (for payouts)', () => {
  it('is zero for a model nobody tipped', async () => {
    const m = (await createModel(t)).id;
    expect(await coins.modelEarnings(m)).toEqual({ model_id: m, balance: 0, earned: 0, tips: 0 });
  });

  it('adds up the model\'s share of every tip', async () => {
    const m = (await createModel(t)).id;
    const member = await asMember(t);
    await coins.grant(member.id, 1000, 'Tips', `earnings-${member.id}`);
    for (const n of [100, 50, 7]) await coins.bookTip({ userId: member.id, modelId: m, coins: n, split: { model: Math.floor(n * 0.6), house: n - Math.floor(n * 0.6) }, idempotencyKey: null });
    expect(await coins.modelEarnings(m)).toEqual({ model_id: m, balance: 60 + 30 + 4, earned: 94, tips: 3 });
  });

  it('refuses a split that does not add up to the tip', async () => {
    const member = await asMember(t);
    await expect(coins.bookTip({ userId: member.id, modelId: 1, coins: 10, split: { model: 6, house: 5 }, idempotencyKey: null })).rejects.toThrow(RangeError);
  });
});

describe('the model account', () => {
  it('keeps a tipped model from being deleted: the books stay whole', async () => {
    const m = (await createModel(t)).id;
    const member = await asMember(t);
    await coins.grant(member.id, 10, 'Tips', `keep-${member.id}`);
    await coins.bookTip({ userId: member.id, modelId: m, coins: 10, split: { model: 6, house: 4 }, idempotencyKey: null });
    // foreign_key_violation, or restrict_violation from PostgreSQL 16 on.
    for (const sql of ['DELETE FROM models WHERE id = $1', 'DELETE FROM users WHERE id = $1']) {
      const error = await t.deps.db.query(sql, [sql.includes('models') ? m : member.id]).then(() => null, (e: { code?: string }) => e);
      expect(['23503', '23001']).toContain(error?.code);
    }
  });
});
