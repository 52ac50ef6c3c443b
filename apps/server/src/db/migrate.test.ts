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

  // One test, one migration from empty: on PGlite a whole migration costs seconds of WebAssembly (tens of seconds on
  // a busy CI machine), and three of them in one test outran its time there.
  it('apply once, and leave a fresh database and one upgraded in two steps with the same schema', async () => {
    const all = await readMigrations();
    // Migrated in one go (on PGlite, the run's migrated snapshot is exactly that): a second run changes nothing.
    const fresh = await createTestDatabase();
    const upgraded = await createTestDatabase(undefined, { migrate: false });
    dbs.push(fresh, upgraded);
    expect(await migrate(fresh.db)).toEqual([]);
    // The upgraded one gets the migrations in two steps, as a running site does.
    expect(await migrate(upgraded.db, all.slice(0, -1))).toHaveLength(all.length - 1);
    expect(await migrate(upgraded.db, all)).toHaveLength(1);
    expect(await migrate(upgraded.db, all)).toEqual([]);
    expect(await upgraded.db.query(SCHEMA_QUERY)).toEqual(await fresh.db.query(SCHEMA_QUERY));
  });

  it('split statements at semicolons ending a line and drop comments', () => {
    expect(splitStatements('-- note\nCREATE TABLE a (x int);\nCREATE TABLE b (y text DEFAULT \';\');\n')).toEqual([
      'CREATE TABLE a (x int)',
      "CREATE TABLE b (y text DEFAULT ';')",
    ]);
  });
});
