import { expect } from 'vitest';
import type { Viewer } from '../catalog-fixture';
import { asMember } from '../factories';
import type { TestApp } from '../test-app';
import type { Queryable } from '../../src/db/database';

// Shared by the coins tests: people, models and the ledger's invariants checked straight in the database.

export const NOW = new Date('2030-05-01T12:00:00Z');

/** A member whose law limitations (product §4) include SE: registered there, no visit from elsewhere. */
export const seMember = (t: TestApp): Promise<Viewer> => asMember(t, { registrationCountry: 'SE' });

export function request(t: TestApp, method: 'GET' | 'POST', url: string, viewer?: Viewer, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: viewer ? { authorization: `Bearer ${viewer.token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

export const tip = (t: TestApp, viewer: Viewer | undefined, body: unknown) => request(t, 'POST', '/api/coins/tip', viewer, body);

export async function accountBalance(db: Queryable, where: { userId?: number; modelId?: number; kind?: 'house' | 'purchases' | 'holds' }): Promise<number> {
  const [sql, params] =
    where.userId !== undefined
      ? ["kind = 'member' AND user_id = $1", [where.userId]]
      : where.modelId !== undefined
        ? ["kind = 'model' AND model_id = $1", [where.modelId]]
        : ['kind = $1', [where.kind]];
  const rows = await db.query<{ balance: number }>(`SELECT balance FROM ledger_accounts WHERE ${sql}`, params);
  return Number(rows[0]?.balance ?? 0);
}

/** The sum of an account's entries (the ledger's answer, independent of the cached balance). */
export async function entriesSum(db: Queryable, where: { userId?: number; modelId?: number; kind?: 'house' | 'purchases' | 'holds' }): Promise<number> {
  const [sql, params] =
    where.userId !== undefined
      ? ["a.kind = 'member' AND a.user_id = $1", [where.userId]]
      : where.modelId !== undefined
        ? ["a.kind = 'model' AND a.model_id = $1", [where.modelId]]
        : ['a.kind = $1', [where.kind]];
  const rows = await db.query<{ total: number }>(
    `SELECT COALESCE(SUM(e.amount), 0)::bigint AS total FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id WHERE ${sql}`,
    params,
  );
  return Number(rows[0]?.total ?? 0);
}

/**
 * Double entry holds across the whole database: every transaction sums to zero, every account's balance is the
 * sum of its entries, each entry's balance_after is the running sum in booking order, and all balances sum to zero.
 */
export async function expectLedgerConsistent(db: Queryable): Promise<void> {
  expect(await db.query('SELECT transaction_id, SUM(amount) AS total FROM ledger_entries GROUP BY transaction_id HAVING SUM(amount) <> 0')).toEqual([]);
  expect(
    await db.query(
      `SELECT a.id, a.balance, COALESCE(SUM(e.amount), 0) AS total FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
        GROUP BY a.id, a.balance HAVING a.balance <> COALESCE(SUM(e.amount), 0)`,
    ),
  ).toEqual([]);
  expect(
    await db.query(
      `SELECT id FROM (SELECT id, balance_after, SUM(amount) OVER (PARTITION BY account_id ORDER BY id) AS running FROM ledger_entries) r
        WHERE balance_after <> running`,
    ),
  ).toEqual([]);
  const [all] = await db.query<{ total: number }>('SELECT COALESCE(SUM(balance), 0)::bigint AS total FROM ledger_accounts');
  expect(Number(all!.total)).toBe(0);
  expect(await db.query("SELECT id FROM ledger_accounts WHERE kind = 'member' AND balance < 0")).toEqual([]);
}
