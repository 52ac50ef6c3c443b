import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '../src/db/migrate';
import { openPgliteDatabase } from '../src/db/pglite-database';

// A new PGlite cluster costs about a second (initdb in WebAssembly) and its migrations a few hundred milliseconds more,
// and the PGlite suite opens several hundred of them. So the run migrates one cluster, writes it out once, and every
// test database starts from that dump: the same schema, in about a third of the time.

/** Where the migrated dump of this run lies, set by the global setup; unset outside the test runner (benchmarks). */
export const PGLITE_SNAPSHOT_ENV = 'VELORA_TEST_PGLITE_SNAPSHOT';

/** The Vitest global setup of the PGlite server suite: migrate once, dump, and remove the dump when the run ends. */
export default async function writeMigratedSnapshot(): Promise<() => Promise<void>> {
  const db = await openPgliteDatabase(undefined);
  await migrate(db);
  const dump = await db.dumpDataDir();
  await db.close();
  const file = path.join(os.tmpdir(), `velora-pglite-migrated-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  process.env[PGLITE_SNAPSHOT_ENV] = file;
  return async () => {
    await rm(file, { force: true });
  };
}

/** The migrated dump of this run, when there is one. */
export async function readMigratedSnapshot(): Promise<Blob | undefined> {
  const file = process.env[PGLITE_SNAPSHOT_ENV];
  if (!file) return undefined;
  return new Blob([await readFile(file)]);
}
