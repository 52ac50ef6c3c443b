import { INSUFFICIENT_COINS, LAW_LIMITED_CODE, TipResult, splitTip } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../../test/catalog-fixture';
import { asMember, asModel, authContextOf, createModel } from '../../../test/factories';
import { TEST_ENGINE, buildTestApp, type TestApp, platformWith } from '../../../test/test-app';
import { createServices } from '../../composition/create-services';
import type { AuthContext } from '../sessions/sessions.service';
import { createTipsService } from './coins-tips.service';
import type { CoinsService } from './coins.service';
import { NOW, accountBalance, entriesSum, expectLedgerConsistent, request, seMember, tip } from '../../../test/modules/coins';

// PeerTube-style checks of POST /coins/tip and GET /coins/balance: every role, every bad input, and the ledger's
// promises (no overdraft under concurrency, one booking per idempotency key, entries summing to zero).

let t: TestApp;
let coins: CoinsService;
let model: number;
let grants = 0;

const SHARE = 60;
const give = (v: Viewer, n: number) => coins.grant(v.id, n, 'Test coins', `tip-test:${++grants}`);
async function funded(n: number): Promise<Viewer> {
  const v = await asMember(t);
  if (n > 0) await give(v, n);
  return v;
}
const countTransactions = async () => Number((await t.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transactions'))[0]!.n);
const viewerOf = (v: Viewer, modelId: number | null = null): AuthContext => authContextOf({ userId: v.id, sessionId: 0, modelId });

beforeAll(async () => {
  t = await buildTestApp({ now: () => NOW });
  coins = t.services.coins;
  model = (await createModel(t, { name: 'Bea Berg' })).id;
});
afterAll(() => t.close());

describe('who may tip', () => {
  it('asks a visitor to log in (401), also with a garbage token', async () => {
    expect((await tip(t, undefined, { model_id: model, coins: 10 })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/api/coins/tip', headers: { authorization: 'Bearer garbage' }, payload: { model_id: model, coins: 10 } });
    expect(res.statusCode).toBe(401);
    expect((await request(t, 'GET', '/api/coins/balance')).statusCode).toBe(401);
  });

  it('answers an SE user with 451 and books nothing, even before judging the body', async () => {
    const se = await seMember(t);
    await give(se, 100);
    const before = await countTransactions();
    for (const body of [{ model_id: model, coins: 10 }, { coins: 'lots' }]) {
      const res = await tip(t, se, body);
      expect(res.statusCode).toBe(451);
      expect(res.json().error.code).toBe(LAW_LIMITED_CODE);
    }
    expect(await countTransactions()).toBe(before);
    // Their balance is theirs to see.
    expect((await request(t, 'GET', '/api/coins/balance', se)).json()).toEqual({ coins: 100 });
  });

  it('refuses a model tipping her own model profile (403) and books nothing', async () => {
    const own = await asModel(t, { modelId: model });
    await give(own, 100);
    const res = await tip(t, own, { model_id: model, coins: 10 });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('You cannot tip your own model profile.');
    expect(await coins.balance(own.id)).toBe(100);
    // Another model is fine.
    expect((await tip(t, own, { model_id: (await createModel(t)).id, coins: 10 })).statusCode).toBe(200);
  });
});

describe('bad input', () => {
  let member: Viewer;
  beforeAll(async () => {
    member = await funded(1000);
  });

  it.each([
    ['no body fields', {}, 'model_id'],
    ['no coins', { model_id: 1 }, 'coins'],
    ['a model id that is text', { model_id: 'x', coins: 10 }, 'model_id'],
    ['model id 0', { model_id: 0, coins: 10 }, 'model_id'],
    ['a negative model id', { model_id: -3, coins: 10 }, 'model_id'],
    ['0 coins', { model_id: 1, coins: 0 }, 'coins'],
    ['negative coins', { model_id: 1, coins: -5 }, 'coins'],
    ['a fraction of a coin', { model_id: 1, coins: 1.5 }, 'coins'],
    ['more than the largest tip', { model_id: 1, coins: 10_001 }, 'coins'],
    ['coins as text', { model_id: 1, coins: '10' }, 'coins'],
    ['a short idempotency key', { model_id: 1, coins: 10, idempotency_key: 'short' }, 'idempotency_key'],
    ['a long idempotency key', { model_id: 1, coins: 10, idempotency_key: 'k'.repeat(65) }, 'idempotency_key'],
    ['an idempotency key that is a number', { model_id: 1, coins: 10, idempotency_key: 12345678 }, 'idempotency_key'],
    ['an idempotency key with NUL characters', { model_id: 1, coins: 10, idempotency_key: '\u0000'.repeat(8) }, 'idempotency_key'],
  ])('rejects %s with 400 naming %s', async (_, body, field) => {
    const before = await countTransactions();
    const res = await tip(t, member, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.fields).toHaveProperty(field);
    expect(await countTransactions()).toBe(before);
  });

  it('rejects a body that is not JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/coins/tip',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      payload: '{"model_id": 1,',
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 for a model that does not exist, and keeps the coins', async () => {
    for (const id of [999_999, 2_147_483_648]) {
      const res = await tip(t, member, { model_id: id, coins: 10 });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(`No model with id ${id}`);
    }
    expect(await coins.balance(member.id)).toBe(1000);
  });
});

describe('a tip', () => {
  it('moves the coins: member −coins, model +60 % rounded down, house +the rest; balance, profile and ledger agree', async () => {
    const m = (await createModel(t)).id;
    const member = await funded(500);
    const house = await accountBalance(t.deps.db, { kind: 'house' });
    const res = await tip(t, member, { model_id: m, coins: 100 });
    expect(res.statusCode).toBe(200);
    const body = TipResult.strict().parse(res.json());
    expect(body).toEqual({ tip_id: expect.any(Number), model_id: m, coins: 100, balance: 400 });
    expect(await accountBalance(t.deps.db, { modelId: m })).toBe(60);
    expect(await accountBalance(t.deps.db, { kind: 'house' })).toBe(house + 40);
    expect((await request(t, 'GET', '/api/coins/balance', member)).json()).toEqual({ coins: 400 });
    expect((await request(t, 'GET', '/api/user/profile', member)).json().coins).toBe(400);
    expect(await entriesSum(t.deps.db, { userId: member.id })).toBe(400);
    const entries = await t.deps.db.query<{ amount: number; balance_after: number; kind: string }>(
      `SELECT e.amount, e.balance_after, a.kind FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
        WHERE e.transaction_id = $1 ORDER BY e.id`,
      [body.tip_id],
    );
    expect(entries.map((e) => [e.kind, Number(e.amount)])).toEqual([['member', -100], ['model', 60], ['house', 40]]);
    expect(Number(entries[0]!.balance_after)).toBe(400);
    expect(await coins.modelEarnings(m)).toEqual({ model_id: m, balance: 60, earned: 60, tips: 1 });
    await expectLedgerConsistent(t.deps.db);
  });

  it('rounds the model share down and gives the house the remainder; a 1-coin tip is all the house\'s', async () => {
    const m = (await createModel(t)).id;
    const member = await funded(8);
    expect((await tip(t, member, { model_id: m, coins: 7 })).json().balance).toBe(1);
    expect(await accountBalance(t.deps.db, { modelId: m })).toBe(4);
    expect((await tip(t, member, { model_id: m, coins: 1 })).json().balance).toBe(0);
    expect(await accountBalance(t.deps.db, { modelId: m })).toBe(4);
    expect(await coins.modelEarnings(m)).toMatchObject({ balance: 4, earned: 4 });
    await expectLedgerConsistent(t.deps.db);
  });

  it('follows MODEL_SHARE_PERCENT', async () => {
    const m = (await createModel(t)).id;
    const member = await funded(100);
    const tips = createServices(platformWith(t.deps, { config: { modelSharePercent: 75 } })).tips;
    await tips.tip(viewerOf(member), { model_id: m, coins: 10 });
    expect(await accountBalance(t.deps.db, { modelId: m })).toBe(7);
    expect(t.deps.config.modelSharePercent).toBe(SHARE);
  });

  it('answers 409 INSUFFICIENT_COINS with the balance and the price, and books nothing', async () => {
    const m = (await createModel(t)).id;
    const member = await funded(40);
    const before = await countTransactions();
    const res = await tip(t, member, { model_id: m, coins: 100 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: INSUFFICIENT_COINS, message: 'You have 40 coins; this tip needs 100.' } });
    const broke = await asMember(t);
    expect((await tip(t, broke, { model_id: m, coins: 1 })).json().error.message).toBe('You have 0 coins; this tip needs 1.');
    expect(await countTransactions()).toBe(before);
    expect(await coins.balance(member.id)).toBe(40);
    expect(await accountBalance(t.deps.db, { modelId: m })).toBe(0);
  });

  it('limits tips per member (429 with Retry-After past the limit)', async () => {
    const member = await funded(100);
    const tips = createTipsService({ ...t.deps, ...t.services }, { rateLimit: { points: 3, windowMs: 60_000 } });
    for (let i = 0; i < 3; i++) await tips.tip(viewerOf(member), { model_id: model, coins: 1 });
    await expect(tips.tip(viewerOf(member), { model_id: model, coins: 1 })).rejects.toMatchObject({ statusCode: 429 });
    expect(await coins.balance(member.id)).toBe(97);
  });
});

describe('idempotency', () => {
  it('books a tip sent twice with one key once, and answers both with the first result', async () => {
    const member = await funded(300);
    const body = { model_id: model, coins: 50, idempotency_key: 'tip-once-0001' };
    const first = await tip(t, member, body);
    const before = await countTransactions();
    const again = await tip(t, member, body);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.json().balance).toBe(250);
    expect(await countTransactions()).toBe(before);
    expect(await coins.balance(member.id)).toBe(250);
  });

  it('answers 409 naming idempotency_key when the key comes back with another tip', async () => {
    const member = await funded(300);
    await tip(t, member, { model_id: model, coins: 50, idempotency_key: 'tip-reuse-01' });
    const res = await tip(t, member, { model_id: model, coins: 60, idempotency_key: 'tip-reuse-01' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toHaveProperty('idempotency_key');
    const other = await tip(t, member, { model_id: (await createModel(t)).id, coins: 50, idempotency_key: 'tip-reuse-01' });
    expect(other.statusCode).toBe(409);
    expect(await coins.balance(member.id)).toBe(250);
  });

  it('keeps keys per member: another member with the same key tips for themselves', async () => {
    const a = await funded(100);
    const b = await funded(100);
    const body = { model_id: model, coins: 10, idempotency_key: 'same-key-both' };
    expect((await tip(t, a, body)).json().balance).toBe(90);
    expect((await tip(t, b, body)).json().balance).toBe(90);
  });

  it('books a key whose first try failed for lack of coins once the coins are there', async () => {
    const member = await funded(5);
    const body = { model_id: model, coins: 10, idempotency_key: 'retry-after-topup' };
    expect((await tip(t, member, body)).statusCode).toBe(409);
    await give(member, 5);
    expect((await tip(t, member, body)).json().balance).toBe(0);
  });

  it('books 10 concurrent requests with one key once', async () => {
    const member = await funded(100);
    const before = await countTransactions();
    const body = { model_id: model, coins: 30, idempotency_key: 'concurrent-same-key' };
    const results = await Promise.all(Array.from({ length: 10 }, () => tip(t, member, body)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.json().tip_id)).size).toBe(1);
    expect(results.every((r) => r.json().balance === 70)).toBe(true);
    expect(await countTransactions()).toBe(before + 1);
    expect(await coins.balance(member.id)).toBe(70);
  });
});

describe(`concurrency (${TEST_ENGINE})`, () => {
  it('50 concurrent tips against a balance that covers exactly 10: 10 succeed, 40 get 409, nothing is overdrawn', async () => {
    const m = (await createModel(t, { name: 'Concurrent Model' })).id;
    const member = await funded(70);
    const perTip = 7;
    const split = splitTip(perTip, SHARE);
    const houseBefore = await accountBalance(t.deps.db, { kind: 'house' });
    const before = await countTransactions();

    const results = await Promise.all(Array.from({ length: 50 }, () => tip(t, member, { model_id: m, coins: perTip })));

    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(refused.every((r) => r.json().error.code === INSUFFICIENT_COINS)).toBe(true);
    // Each success saw a different balance: 63, 56, …, 0.
    expect(ok.map((r) => r.json().balance).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i * perTip));
    expect(await coins.balance(member.id)).toBe(0);
    expect(await entriesSum(t.deps.db, { userId: member.id })).toBe(0);
    expect(await countTransactions()).toBe(before + 10);
    expect(await accountBalance(t.deps.db, { modelId: m })).toBe(10 * split.model);
    expect(await entriesSum(t.deps.db, { modelId: m })).toBe(10 * split.model);
    expect(await accountBalance(t.deps.db, { kind: 'house' })).toBe(houseBefore + 10 * split.house);
    await expectLedgerConsistent(t.deps.db);
  });

  it('keeps the ledger whole under a mix of concurrent grants and tips by several members to one model', async () => {
    const m = (await createModel(t)).id;
    const members = await Promise.all(Array.from({ length: 4 }, () => funded(20)));
    const work = members.flatMap((v, i) => [
      ...Array.from({ length: 6 }, () => tip(t, v, { model_id: m, coins: 5 })),
      give(v, 10).then(() => null),
      coins.grant(v.id, 5, 'Bonus', `mix:${i}`).then(() => null),
    ]);
    const results = (await Promise.all(work)).filter((r) => r !== null);
    const succeeded = results.filter((r) => r.statusCode === 200).length;
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    // Each member has 20 coins, then 15 more as the grants land: 4 to 6 of their 6 tips of 5 go through.
    expect(succeeded).toBeGreaterThanOrEqual(4 * 4);
    expect(succeeded).toBeLessThanOrEqual(4 * 6);
    const left = await Promise.all(members.map((v) => coins.balance(v.id)));
    expect(left.reduce((s, n) => s + n, 0)).toBe(4 * 35 - succeeded * 5);
    expect(await accountBalance(t.deps.db, { modelId: m })).toBe(succeeded * splitTip(5, SHARE).model);
    await expectLedgerConsistent(t.deps.db);
  });
});
