import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import type { Database } from './database';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

/** DATABASE_URL selects PostgreSQL; without it the embedded PGlite lives in DATA_DIR/pglite. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl) return openPostgresDatabase({ connectionString: config.databaseUrl });
  const dir = path.join(config.dataDir, 'pglite');
  await fs.mkdir(dir, { recursive: true });
  return openPgliteDatabase(dir);
}
