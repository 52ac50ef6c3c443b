import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Config } from '../config';
import { pgliteStartParams } from '../lib/pglite-memory';
import type { Database } from './database';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

/** DATABASE_URL selects PostgreSQL; without it the embedded PGlite lives in DATA_DIR/pglite. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl) return openPostgresDatabase({ connectionString: config.databaseUrl });
  const dir = path.join(config.dataDir, 'pglite');
  await fs.mkdir(dir, { recursive: true });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await createPgliteCluster(dir);
  return openPgliteDatabase(dir);
}

/**
 * A new embedded database's initdb runs in a child process that exits (pglite-initdb-process.mjs): its ~450 MB peak
 * and what glibc keeps of it stay out of the server, which then opens a cluster that exists (decision record 056).
 */
async function createPgliteCluster(dir: string): Promise<void> {
  const script = fileURLToPath(new URL('./pglite-initdb-process.mjs', import.meta.url));
  await promisify(execFile)(process.execPath, [script, dir], {
    env: { ...process.env, VELORA_PGLITE_START_PARAMS: JSON.stringify(pgliteStartParams()) },
    timeout: 300_000,
  });
}
