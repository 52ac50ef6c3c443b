import type { FastifyError } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../../test/test-app';
import { toErrorReply } from '../plugins/errors';
import { retryingConflicts } from './transaction-conflicts';

// The database layer's safety net for races (decision record 063): a transaction PostgreSQL aborted as a deadlock's
// victim runs again and commits; PGlite, one connection taking transactions in turn, never deadlocks; what still
// conflicts after the retries answers 409.

function signal() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe(`two transactions taking two rows in opposite order, at once, on ${TEST_ENGINE}`, () => {
  let database: TestDatabase;
  const retried: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(TEST_ENGINE, { conflictRetry: { onRetry: (err) => void retried.push((err as { code: string }).code) } });
    await database.db.exec('CREATE TABLE counters (name text PRIMARY KEY, n int NOT NULL); INSERT INTO counters VALUES (\'a\', 0), (\'b\', 0)');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('both commit: the deadlock victim runs again (PostgreSQL), or they take turns (PGlite)', async () => {
    const { db } = database;
    // On PostgreSQL each waits, holding its first row, until the other holds its own: a certain deadlock. PGlite runs
    // one transaction at a time, so there is nothing to wait for.
    const holding = { a: signal(), b: signal() };
    const bump = (first: 'a' | 'b', second: 'a' | 'b') =>
      db.transaction(async (tx) => {
        await tx.query('UPDATE counters SET n = n + 1 WHERE name = $1', [first]);
        holding[first].resolve();
        if (db.engine === 'postgres') await holding[second].promise;
        await tx.query('UPDATE counters SET n = n + 1 WHERE name = $1', [second]);
        return first;
      });
    expect(await Promise.all([bump('a', 'b'), bump('b', 'a')])).toEqual(['a', 'b']);
    expect(await db.query('SELECT name, n FROM counters ORDER BY name')).toEqual([
      { name: 'a', n: 2 },
      { name: 'b', n: 2 },
    ]);
    expect(retried).toEqual(db.engine === 'postgres' ? ['40P01'] : []);
  });
});

describe('retrying conflicts', () => {
  it('runs a conflicting transaction at most four times, then throws the conflict, which answers 409', async () => {
    let runs = 0;
    const failure = await retryingConflicts(async () => {
      runs += 1;
      throw deadlock();
    }).catch((error: unknown) => error);
    expect(runs).toBe(4);
    expect(toErrorReply(failure as FastifyError)).toMatchObject({ status: 409, code: 'CONCURRENT_CHANGE' });
    expect(toErrorReply(Object.assign(new Error('could not serialize access'), { code: '40001' }) as FastifyError).status).toBe(409);
  });

  it('answers the first success after a conflict, and never runs again after any other error', async () => {
    let runs = 0;
    expect(
      await retryingConflicts(async () => {
        runs += 1;
        if (runs === 1) throw deadlock();
        return 'committed';
      }),
    ).toBe('committed');
    expect(runs).toBe(2);
    runs = 0;
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    await expect(
      retryingConflicts(async () => {
        runs += 1;
        throw unique;
      }),
    ).rejects.toBe(unique);
    expect(runs).toBe(1);
  });
});
