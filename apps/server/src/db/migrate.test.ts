import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-app';
import { migrate, readMigrations, splitStatements } from './migrate';

const SCHEMA_QUERY = `
  SELECT table_name, column_name, data_type, is_nullable, column_default
    FROM information_schema.columns
   WHERE table_schema = current_schema()
   ORDER BY table_name, column_name`;

describe('migrations', () => {
  let dbs: TestDatabase[] = [];
  afterEach(async () => {
    await Promise.all(dbs.map((d) => d.drop()));
    dbs = [];
  });

  it('are numbered, forward-only files applied in order', async () => {
    const migrations = await readMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    expect(migrations.map((m) => m.version)).toEqual([...migrations.map((m) => m.version)].sort());
  });

  it('apply once: a second run changes nothing', async () => {
    const t = await createTestDatabase(undefined, { migrate: false });
    dbs.push(t);
    const first = await migrate(t.db);
    expect(first.length).toBe((await readMigrations()).length);
    expect(await migrate(t.db)).toEqual([]);
  });

  it('leave a fresh database and an upgraded one with the same schema', async () => {
    const all = await readMigrations();
    const fresh = await createTestDatabase(undefined, { migrate: false });
    const upgraded = await createTestDatabase(undefined, { migrate: false });
    dbs.push(fresh, upgraded);
    await migrate(fresh.db, all);
    // The upgraded one got the migrations in two steps, as a running site does.
    await migrate(upgraded.db, all.slice(0, Math.max(1, all.length - 1)));
    await migrate(upgraded.db, all);
    expect(await upgraded.db.query(SCHEMA_QUERY)).toEqual(await fresh.db.query(SCHEMA_QUERY));
  });

  it('split statements at semicolons ending a line and drop comments', () => {
    expect(splitStatements('-- note\nCREATE TABLE a (x int);\nCREATE TABLE b (y text DEFAULT \';\');\n')).toEqual([
      'CREATE TABLE a (x int)',
      "CREATE TABLE b (y text DEFAULT ';')",
    ]);
  });
});
