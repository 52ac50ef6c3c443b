import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './open-database';

// The embedded database's first start: initdb in a child process (decision record 056), then opened here. Runs once,
// on the PGlite project (an initdb takes 10-20 s on two cores).
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

describe.runIf(process.env.TEST_DB !== 'postgres')('openDatabase on PGlite', () => {
  it('creates the cluster in an empty folder, opens it with the memory settings, and opens it again later', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-open-database-'));
    dirs.push(dataDir);
    const db = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
      await db.exec('CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)');
      expect(await db.query<{ shared_buffers: string }>('SHOW shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await db.close();
    }
    const again = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      expect(await again.query<{ n: number }>('SELECT n FROM kept')).toEqual([{ n: 7 }]);
    } finally {
      await again.close();
    }
  }, 180_000);
});
