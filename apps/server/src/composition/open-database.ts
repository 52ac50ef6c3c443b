import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { pgliteStartParams } from '../db/pglite-memory';
import { openPgliteDatabase } from '../db/pglite-database';
import { openPostgresDatabase } from '../db/postgres-database';
import { runChild } from '../lib/child-processes';
import type { Log } from '../platform';

/**
 * DATABASE_URL selects PostgreSQL; without it the embedded PGlite lives in DATA_DIR/pglite. `log` hears of each
 * transaction PostgreSQL ran again after a deadlock or serialization failure (decision record 063).
 */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, log?: Pick<Log, 'warn'>): Promise<Database> {
  if (config.databaseUrl) {
    const onRetry = log ? (err: unknown, attempt: number) => log.warn({ err, attempt }, 'a transaction conflicted with another and runs again') : undefined;
    return openPostgresDatabase({ connectionString: config.databaseUrl, conflictRetry: onRetry ? { onRetry } : {} });
  }
  const dir = path.join(config.dataDir, 'pglite');
  await fs.mkdir(dir, { recursive: true });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await createPgliteCluster(dir);
  return openPgliteDatabase(dir);
}

/**
 * A new embedded database's initdb runs in a child process that exits (db/pglite-initdb-process.mjs): its ~450 MB peak
 * and what glibc keeps of it stay out of the server, which then opens a cluster that exists (decision record 056).
 */
async function createPgliteCluster(dir: string): Promise<void> {
  const script = fileURLToPath(new URL('../db/pglite-initdb-process.mjs', import.meta.url));
  await runChild(process.execPath, [script, dir], {
    env: { ...process.env, VELORA_PGLITE_START_PARAMS: JSON.stringify(pgliteStartParams()) },
    timeoutMs: 300_000,
  });
}
