import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModel } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { seedDemoAccounts } from './seed-accounts';
import { DEMO_COINS, seedDemoCoins } from './seed-coins';

let t: TestApp;
const now = new Date('2030-05-01T12:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({ now: () => now });
  const model = await createModel(t, { name: 'Demo Model' });
  await seedDemoAccounts(t.deps.db, { modelId: model.id, now, enrollSecondFactor: t.services.secondFactor.enroll });
});
afterAll(() => t.close());

describe('seedDemoCoins', () => {
  it('grants the demo member 500 and premium 1000 coins through the ledger, once however often it runs', async () => {
    expect(DEMO_COINS).toEqual({ member: 500, premium: 1000 });
    for (let run = 0; run < 2; run++) await t.deps.db.transaction((tx) => seedDemoCoins(t.services.coins, tx));
    const coins = t.services.coins;
    const ids = await t.deps.db.query<{ id: number; username: string }>("SELECT id, username FROM users WHERE username IN ('member', 'premium', 'model')");
    const balances = Object.fromEntries(await Promise.all(ids.map(async (u) => [u.username, await coins.balance(u.id)] as const)));
    expect(balances).toEqual({ member: 500, premium: 1000, model: 0 });
    const grants = await t.deps.db.query("SELECT id FROM ledger_transactions WHERE kind = 'grant' AND idempotency_key LIKE 'grant:seed:%'");
    expect(grants).toHaveLength(2);
  });
});
