import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app';
import { migrate, readMigrations } from '../../db/migrate';
import { createCoinsService } from './coins.service';
import { accountBalance, expectLedgerConsistent } from '../../../test/modules/coins';

// 0009_money turns the foundation's single-table coin_ledger into opening balances of the double-entry ledger.

describe('the coin ledger migration (0009)', () => {
  let dbs: TestDatabase[] = [];
  afterEach(async () => {
    await Promise.all(dbs.map((d) => d.drop()));
    dbs = [];
  });

  it('turns each member\'s coin_ledger sum into an opening grant from the house, then drops coin_ledger', async () => {
    const all = await readMigrations();
    const money = all.findIndex((m) => m.version === '0009_money');
    expect(money).toBeGreaterThan(0);
    const test = await createTestDatabase(undefined, { migrate: false });
    dbs.push(test);
    const { db } = test;
    await migrate(db, all.slice(0, money));

    const users = await db.query<{ id: number }>(
      `INSERT INTO users (username, email, password_hash) SELECT 'legacy_' || i, 'legacy_' || i || '@example.com', 'x'
         FROM generate_series(1, 4) AS i ORDER BY i RETURNING id`,
    );
    const [a, b, c, d] = users.map((u) => u.id) as [number, number, number, number];
    await db.query(
      `INSERT INTO coin_ledger (user_id, delta, reason) VALUES ($1, 100, 'purchase'), ($1, -30, 'tip'), ($2, 5, 'bonus'), ($3, 10, 'x'), ($3, -10, 'y')`,
      [a, b, c],
    );
    await migrate(db, all);

    expect(await db.query("SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'coin_ledger'")).toEqual([]);
    expect(await accountBalance(db, { userId: a })).toBe(70);
    expect(await accountBalance(db, { userId: b })).toBe(5);
    // Nothing left, no account.
    expect(await db.query("SELECT id FROM ledger_accounts WHERE kind = 'member' AND user_id = ANY($1::int[])", [[c, d]])).toEqual([]);
    expect(await accountBalance(db, { kind: 'house' })).toBe(-75);
    const openings = await db.query<{ user_id: number; kind: string; description: string }>(
      "SELECT user_id, kind, description FROM ledger_transactions WHERE idempotency_key LIKE 'opening:%' ORDER BY user_id",
    );
    expect(openings).toEqual([
      { user_id: a, kind: 'grant', description: 'Opening balance' },
      { user_id: b, kind: 'grant', description: 'Opening balance' },
    ]);
    await expectLedgerConsistent(db);

    // The ledger books on top of the opening balances.
    const coins = createCoinsService({ db, now: () => new Date() });
    await coins.grant(b, 10, 'After the upgrade', 'after-upgrade');
    expect(await coins.balance(b)).toBe(15);
    await expectLedgerConsistent(db);
  });
});
