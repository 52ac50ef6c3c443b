import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import { openPostgresDatabase } from '../../db/postgres-database';
import { createRealtimeHub } from '../../lib/realtime-hub';
import { createTestDatabase, TEST_ENGINE, TEST_POSTGRES_URL, type TestDatabase } from '../../../test/test-app';
import { createSessionsService } from './sessions.service';

// Sessions are resolved from memory (decision record 051): the database is asked once per token, and asked again as
// soon as the session, its user or the user's roles change, here or on another instance.

const sessionsOn = (db: Database, now: () => Date = () => new Date()) => createSessionsService({ db, now, realtime: createRealtimeHub() });

async function newUser(db: Database, name: string): Promise<number> {
  const rows = await db.query<{ id: number }>('INSERT INTO users (username, email, password_hash) VALUES ($1, $2, $3) RETURNING id', [name, `${name}@example.test`, 'x']);
  return rows[0]!.id;
}

describe('the session cache', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test.drop();
  });

  it('asks the database once for a token used again and again', async () => {
    const sessions = sessionsOn(test.db);
    const { token } = await sessions.create(await newUser(test.db, 'again'));
    // On PostgreSQL the listening connection's start empties every cache once: let it happen first.
    await test.db.changes.listening();
    const queries = vi.spyOn(test.db, 'query');
    const first = await sessions.resolve(token);
    for (let i = 0; i < 5; i++) expect(await sessions.resolve(token)).toEqual(first);
    expect(queries).toHaveBeenCalledTimes(1);
    queries.mockRestore();
  });

  it('sees a revocation, a premium change and a new role at once', async () => {
    const sessions = sessionsOn(test.db);
    const userId = await newUser(test.db, 'changes');
    const { token } = await sessions.create(userId);
    expect((await sessions.resolve(token))?.premiumUntil).toBeNull();

    const until = new Date(Date.now() + 86_400_000);
    await test.db.query('UPDATE users SET premium_until = $2 WHERE id = $1', [userId, until]);
    expect((await sessions.resolve(token))?.premiumUntil?.getTime()).toBe(until.getTime());

    await test.db.transaction((tx) => tx.query("INSERT INTO user_roles (user_id, role) VALUES ($1, 'censored')", [userId]));
    expect((await sessions.resolve(token))?.roles).toEqual(['censored']);

    const resolved = await sessions.resolve(token);
    await sessions.revoke(resolved!.sessionId);
    expect(await sessions.resolve(token)).toBeNull();
  });

  it('refuses a kept session once the clock passes its end', async () => {
    let clock = Date.now();
    const sessions = sessionsOn(test.db, () => new Date(clock));
    const { token, expiresAt } = await sessions.create(await newUser(test.db, 'expiring'));
    expect(await sessions.resolve(token)).not.toBeNull();
    clock = expiresAt.getTime() + 1;
    expect(await sessions.resolve(token)).toBeNull();
  });

  it.runIf(TEST_ENGINE === 'postgres')('hears a log-out on another instance of the same database', async () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const one = openPostgresDatabase({ connectionString: TEST_POSTGRES_URL, searchPath: schema, max: 4 });
    const two = openPostgresDatabase({ connectionString: TEST_POSTGRES_URL, searchPath: schema, max: 4 });
    try {
      await migrate(one);
      const here = sessionsOn(one);
      const there = sessionsOn(two);
      const { token } = await here.create(await newUser(one, 'elsewhere'));
      const context = await there.resolve(token);
      expect(context).not.toBeNull();
      // Instance two keeps it in memory now; instance one ends the session.
      await here.revoke(context!.sessionId);
      await vi.waitFor(async () => expect(await there.resolve(token)).toBeNull(), { timeout: 3_000, interval: 20 });
    } finally {
      await one.close();
      await two.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  });
});
