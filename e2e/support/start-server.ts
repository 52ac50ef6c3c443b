import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { spawnChild } from '../../apps/server/src/lib/child-processes';

// Starts the real server (built web app, demo seed) on a free port against a fresh database of either engine.

export type Engine = 'pglite' | 'postgres';
const ROOT = path.resolve(import.meta.dirname, '../..');
/** Kept across runs too: the cache's entries are named by recipe and ffmpeg version, so a stale one is never used. */
export const DEMO_MEDIA_CACHE_DIR = process.env.DEMO_MEDIA_CACHE_DIR ?? path.join(os.tmpdir(), 'velora-e2e-demo-media');
const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** The server process's id (a soak test reads its children, the SFU among them, from /proc). */
  pid: number;
  /** The server's PostgreSQL database (engine postgres), for a test that sets what no API sets (a feature flag). */
  databaseUrl?: string;
  logs: () => string;
  stop(): Promise<void>;
}

/** A TCP port nothing listens on now (the server's own, or one a test hands it, such as RTMP_PORT). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export async function startServer(engine: Engine, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `velora-e2e-${engine}-`));
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (engine === 'postgres') {
    dbName = `e2e_${randomBytes(5).toString('hex')}`;
    await withAdmin((c) => c.query(`CREATE DATABASE ${dbName}`));
    const u = new URL(POSTGRES_ADMIN_URL);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  let output = '';
  // The server dies with the test worker that started it, even one killed mid-test (its own children die with it).
  const child: ChildProcess = spawnChild(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Several servers run at once: each takes a free RTMP port, and only a test that wants live demo cams gets them.
      RTMP_PORT: '0',
      LIVE_DEMO_STREAMS: 'off',
      // Every server seeds the same demo clips: transcoded once for the whole run, copied by the others (decision 065).
      DEMO_MEDIA_CACHE_DIR: DEMO_MEDIA_CACHE_DIR,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    url,
    port,
    dataDir,
    pid: child.pid!,
    ...(databaseUrl ? { databaseUrl } : {}),
    logs: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (dbName) await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
