import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { ProvidedContext } from 'vitest';
import { DEMO_CLIPS } from '../../apps/server/src/demo/seed-media';
import { spawnChild } from '../../apps/server/src/lib/child-processes';
import { SERVER_NODE_FLAGS, serverEnv } from '../../scripts/server-process.mjs';
import { watchServer } from './failure-report';

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

/**
 * A seeded data folder (and, for PostgreSQL, a template database) that the browser suites' global setup made once:
 * migrated, seeded and with the demo clips transcoded (decision record 068). A server of the run starts from a copy
 * instead of creating, migrating and seeding a database of its own, ten seconds of a core each time.
 */
export interface SeededTemplate {
  dataDir: string;
  /** The PostgreSQL template database (engine postgres). */
  database?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    seededTemplates: Partial<Record<Engine, SeededTemplate>>;
    /** The server's bundle (scripts/build-server.mjs) that the global setup built for the run. */
    serverBundle: string | undefined;
  }
}

/**
 * What the global setup provided for the run (nothing outside a Vitest run of a browser project). Vitest is imported
 * here, in a test worker: the global setup imports this module too, and Vitest's runtime cannot load there.
 */
async function provided<K extends 'seededTemplates' | 'serverBundle'>(key: K): Promise<ProvidedContext[K] | undefined> {
  try {
    const { inject } = await import('vitest');
    return inject(key);
  } catch {
    return undefined;
  }
}

const databaseUrlOf = (name: string) => {
  const u = new URL(POSTGRES_ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
};

interface Launched {
  child: ChildProcess;
  port: number;
  url: string;
  logs: () => string;
  /** Ends the server (SIGTERM, then SIGKILL after 5 s) and waits for its exit. */
  kill(): Promise<void>;
}

/**
 * How a server process starts: as `npm start` runs it (the bundle, its node flags and environment) when the run has a
 * bundle, so the browser tests drive the code that production runs and no server, nor its SFU child, spends a core
 * compiling TypeScript at start; from the sources under tsx otherwise (a server test, a single file run by hand).
 */
function serverCommand(bundle: string | undefined): { args: string[]; env: NodeJS.ProcessEnv } {
  if (bundle) return { args: [...SERVER_NODE_FLAGS, bundle], env: serverEnv(process.env) };
  return { args: ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')], env: process.env };
}

/** Starts the server on a free port with the given data folder and database, and waits until it answers. */
async function launch(dataDir: string, databaseUrl: string | undefined, env: Record<string, string>, bundle: string | undefined): Promise<Launched> {
  const port = await freePort();
  let output = '';
  const command = serverCommand(bundle);
  // The server dies with the test worker that started it, even one killed mid-test (its own children die with it).
  const child: ChildProcess = spawnChild(process.execPath, command.args, {
    cwd: ROOT,
    env: {
      ...command.env,
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
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  };

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
    if (Date.now() > deadline) {
      await kill();
      throw new Error(`server did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, port, url, logs: () => output, kill };
}

/**
 * Makes the run's seeded template of an engine: a server seeds a folder (and a database) of its own, transcodes the
 * demo clips (from the demo media cache, filled before), and stops cleanly. Removed by the returned function.
 */
export async function makeSeededTemplate(engine: Engine, bundle: string | undefined): Promise<{ template: SeededTemplate; remove(): Promise<void> }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `velora-e2e-template-${engine}-`));
  const database = engine === 'postgres' ? `e2e_template_${randomBytes(5).toString('hex')}` : undefined;
  if (database) await withAdmin((c) => c.query(`CREATE DATABASE ${database}`));
  const remove = async () => {
    if (database) await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  try {
    const server = await launch(dataDir, database ? databaseUrlOf(database) : undefined, { LOG_LEVEL: 'info' }, bundle);
    try {
      // Each demo clip's asset says "Media asset <id> ready" once transcoded (modules/media/media-jobs.ts).
      const ready = () => new Set([...server.logs().matchAll(/Media asset (\d+) ready/g)].map((m) => m[1])).size;
      const deadline = Date.now() + 300_000;
      while (ready() < DEMO_CLIPS.length) {
        if (server.child.exitCode !== null) throw new Error(`the template's server exited:\n${server.logs()}`);
        if (/Media asset \d+ failed/.test(server.logs())) throw new Error(`a demo clip failed to transcode:\n${server.logs()}`);
        if (Date.now() > deadline) throw new Error(`the demo clips were not ready in time:\n${server.logs()}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    } finally {
      await server.kill();
    }
    return { template: { dataDir, ...(database ? { database } : {}) }, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/** Where a data folder keeps its drawn pictures (modules/media/media-paths.ts: derived and disposable). */
const PICTURE_CACHE = path.join('media', 'cache');

/**
 * A server's data folder from the template: a copy, but for the drawn pictures, which every server of the template
 * shares through a link to the template's own folder. They are derived from the template's originals, the same in
 * every copy, and written by renaming a finished file, so servers drawing at once never see half a picture; each
 * picture is then drawn (sharp, AVIF and WebP) once per run instead of once per file (a small part of the step's CPU:
 * Chromium takes most of it, decision record 069). A test that changes a picture (an upload) must start its server
 * with `SEED_DEMO` set, off the template, so its pictures stay its own.
 */
async function copyTemplateFolder(templateDir: string, dataDir: string): Promise<void> {
  const shared = path.join(templateDir, PICTURE_CACHE);
  await fs.cp(templateDir, dataDir, { recursive: true, filter: (source) => source !== shared });
  await fs.mkdir(shared, { recursive: true });
  await fs.mkdir(path.join(dataDir, 'media'), { recursive: true });
  await fs.symlink(shared, path.join(dataDir, PICTURE_CACHE), 'dir');
}

/**
 * Starts a server on a database of its own: a copy of the run's seeded template when there is one and `env` leaves
 * seeding alone, else a new one that the server migrates and seeds itself.
 */
export async function startServer(engine: Engine, env: Record<string, string> = {}): Promise<RunningServer> {
  const template = env.SEED_DEMO === undefined ? (await provided('seededTemplates'))?.[engine] : undefined;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `velora-e2e-${engine}-`));
  if (template) await copyTemplateFolder(template.dataDir, dataDir);
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (engine === 'postgres') {
    dbName = `e2e_${randomBytes(5).toString('hex')}`;
    await withAdmin((c) => c.query(template?.database ? `CREATE DATABASE ${dbName} TEMPLATE ${template.database}` : `CREATE DATABASE ${dbName}`));
    databaseUrl = databaseUrlOf(dbName);
  }
  const server = await launch(dataDir, databaseUrl, env, await provided('serverBundle'));
  const unwatch = watchServer(server.url, server.logs);
  return {
    url: server.url,
    port: server.port,
    dataDir,
    pid: server.child.pid!,
    ...(databaseUrl ? { databaseUrl } : {}),
    logs: server.logs,
    async stop() {
      unwatch();
      await server.kill();
      if (dbName) await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
