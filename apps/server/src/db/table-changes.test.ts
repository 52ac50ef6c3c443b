import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, createTestDatabase, TEST_ENGINE, type TestDatabase } from '../../test/test-app';
import { tablesWrittenBy } from './table-changes';

describe('tablesWrittenBy', () => {
  it.each([
    ['INSERT INTO sessions (user_id) VALUES ($1)', ['sessions']],
    ['update users SET premium_until = $2 WHERE id = $1', ['users']],
    ['DELETE FROM user_roles WHERE user_id = $1', ['user_roles']],
    ['TRUNCATE TABLE videos', ['videos']],
    ['WITH gone AS (DELETE FROM "favourites" WHERE id = 1 RETURNING 1) UPDATE public.videos SET views = 0', ['favourites', 'videos']],
    ['SELECT * FROM users WHERE id = $1', []],
  ])('reads the tables a statement writes (%#)', (sql, tables) => {
    expect([...tablesWrittenBy(sql)].sort()).toEqual([...tables].sort());
  });
});

describe('table changes of a database', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
    // On PostgreSQL the first subscriber starts the listening connection, whose connect tells everyone once.
    test.db.changes.subscribe(['tags'], () => undefined);
    await test.db.changes.listening();
  });
  afterAll(async () => {
    await test.drop();
  });

  it('tells a write outside a transaction once it returned, and nothing for a read', async () => {
    const heard = vi.fn();
    const off = test.db.changes.subscribe(['tags'], heard);
    await test.db.query('SELECT count(*) FROM tags');
    expect(heard).not.toHaveBeenCalled();
    await test.db.query("INSERT INTO tags (name_en, name_de, name_fr) VALUES ('a', 'a', 'a')");
    expect(heard).toHaveBeenCalledTimes(1);
    off();
  });

  it('tells the writes of a transaction after its commit, and none of a rolled-back one', async () => {
    const heard = vi.fn();
    const off = test.db.changes.subscribe(['tags'], heard);
    await test.db.transaction(async (tx) => {
      await tx.query("INSERT INTO tags (name_en, name_de, name_fr) VALUES ('b', 'b', 'b')");
      expect(heard).not.toHaveBeenCalled();
    });
    expect(heard).toHaveBeenCalledTimes(1);
    await expect(
      test.db.transaction(async (tx) => {
        await tx.query("INSERT INTO tags (name_en, name_de, name_fr) VALUES ('c', 'c', 'c')");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(heard).toHaveBeenCalledTimes(1);
    off();
  });

  it.runIf(TEST_ENGINE === 'postgres')('hears another instance write the same schema (the triggers of migration 0016)', async () => {
    const heard = vi.fn();
    const off = test.db.changes.subscribe(['videos'], heard);
    await test.db.changes.listening();
    heard.mockClear();
    // A write that bypasses this process's own tracking: as another instance's would.
    const schema = (await test.db.query<{ s: string }>('SELECT current_schema() AS s'))[0]!.s;
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test', options: `-c search_path=${schema}` });
    await client.connect();
    await client.query("INSERT INTO videos (title, description, duration, published_at) VALUES ('v', '', 1, now())");
    await client.end();
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1), { timeout: 5_000 });
    off();
  });
});

describe('the caches of the composition root', () => {
  it('read only tables whose writes other instances hear of (a change trigger on each)', async () => {
    const test = await createTestDatabase();
    try {
      const watched = new Set<string>();
      const subscribe = test.db.changes.subscribe.bind(test.db.changes);
      vi.spyOn(test.db.changes, 'subscribe').mockImplementation((tables, listener) => {
        for (const table of tables) watched.add(table);
        return subscribe(tables, listener);
      });
      const app = await buildTestApp({ db: test.db });
      await app.close();
      const triggered = await test.db.query<{ table: string }>(
        `SELECT DISTINCT event_object_table AS table FROM information_schema.triggers
          WHERE event_object_schema = current_schema() AND action_statement LIKE '%velora_notify_table_change%'`,
      );
      expect(watched.size).toBeGreaterThan(0);
      expect([...watched].filter((table) => !triggered.some((t) => t.table === table)).sort()).toEqual([]);
    } finally {
      await test.drop();
    }
  });
});
