import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp, type BuildAppOptions } from '../src/app';
import { createServices, type ServiceParts, type Services } from '../src/composition/create-services';
import { loadConfig, type Config } from '../src/config';
import type { Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { openPgliteDatabase } from '../src/db/pglite-database';
import { openPostgresDatabase, type PostgresOptions } from '../src/db/postgres-database';
import { readMigratedSnapshot } from './pglite-snapshot';
import type { MailMessage, Mailer } from '../src/lib/mailer';
import { createMediaUrls } from '../src/lib/media-url';
import { createRateLimitStore } from '../src/lib/create-rate-limit-store';
import { createMemoryRateLimitStore } from '../src/lib/memory-rate-limit-store';
import type { RateLimitStore } from '../src/lib/rate-limit-store';
import { openRedisConnection } from '../src/lib/redis/redis-connection';
import { createPgBossJobQueue } from '../src/lib/jobs/pg-boss-job-queue';
import { createRealtimeHub } from '../src/lib/realtime-hub';
import type { Platform } from '../src/platform';

// Builds the real app against a fresh database of the engine under test (TEST_DB=pglite|postgres).

export type Engine = 'pglite' | 'postgres';
export const TEST_ENGINE: Engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  db: Database;
  drop(): Promise<void>;
}

/** A fresh, migrated database: an in-memory PGlite, or a schema of its own in the real PostgreSQL. */
export async function createTestDatabase(
  engine: Engine = TEST_ENGINE,
  options: { migrate?: boolean; conflictRetry?: PostgresOptions['conflictRetry'] } = {},
): Promise<TestDatabase> {
  let db: Database;
  let drop: () => Promise<void>;
  if (engine === 'pglite') {
    const snapshot = options.migrate !== false ? await readMigratedSnapshot() : undefined;
    if (snapshot) {
      const migrated = await openPgliteDatabase(undefined, { loadDataDir: snapshot });
      return { db: migrated, drop: () => migrated.close() };
    }
    db = await openPgliteDatabase(undefined);
    drop = () => db.close();
  } else {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    db = openPostgresDatabase({ connectionString: TEST_POSTGRES_URL, searchPath: schema, max: 20, ...(options.conflictRetry ? { conflictRetry: options.conflictRetry } : {}) });
    drop = async () => {
      await db.close();
      const c = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    };
  }
  if (options.migrate !== false) await migrate(db);
  return { db, drop };
}

export interface CapturingMailer extends Mailer {
  sent: MailMessage[];
}

export function createCapturingMailer(): CapturingMailer {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
    async close() {},
  };
}

export interface TestApp {
  app: FastifyInstance;
  /** The platform the app was built from (its database, clock, config, captured mail). */
  deps: Platform;
  /** The app's own services, from the composition root: tests use these, never build their own. */
  services: Services;
  mail: MailMessage[];
  close(): Promise<void>;
}

export interface TestAppOverrides {
  env?: Record<string, string>;
  now?: () => Date;
  engine?: Engine;
  /** Another instance of the same site: this database is shared, and left open on close. */
  db?: Database;
  realtime?: BuildAppOptions['realtime'];
  /** A built web app to serve (tests of the SPA plugin); none by default. */
  webDist?: string;
  onRoute?: BuildAppOptions['onRoute'];
  /**
   * Rate limits shared through Redis (env REDIS_URL) as in production, with the wall clock; by default they are
   * in-process on the test clock.
   */
  sharedRateLimits?: boolean;
  /** Another rate-limit store (e.g. Redis, or memory on the wall clock); by default in memory, on the test clock. */
  rateLimits?: RateLimitStore;
  /** The app's logger; silent by default (the fuzz run listens for the errors behind a 5xx). */
  log?: Platform['log'];
  /** The media server the cameras end rooms on (a recording one in the cameras' tests); none by default. */
  mediaServer?: ServiceParts['mediaServer'];
  /** Closes a member's WHEP sessions when his paid chat ends (the live composition's, in tests of live video). */
  viewers?: ServiceParts['viewers'];
  /** The app's job queue (a started one, for tests whose requests queue jobs); by default one never started. */
  jobs?: Platform['jobs'];
  /** Who may read and write in camera chat rooms (the camera chat's tests stand in their own). */
  chatAccess?: ServiceParts['chatAccess'];
  /** How the instance reports that it is alive once a test starts it (a faster heartbeat). */
  liveness?: ServiceParts['liveness'];
  /** The media server's health readiness reports; none by default (not configured). */
  mediaHealth?: ServiceParts['mediaHealth'];
}

export async function buildTestApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-test-'));
  const { db, drop } = overrides.db ? { db: overrides.db, drop: async () => {} } : await createTestDatabase(overrides.engine);
  const mailer = createCapturingMailer();
  const now = overrides.now ?? (() => new Date());
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:8080', ...overrides.env });
  const log = overrides.log ?? pino({ level: 'silent' });
  // With REDIS_URL the realtime channel (and, if asked, the rate limits) go through Redis, as in production.
  const redis = config.redisUrl ? openRedisConnection(config.redisUrl, { log }) : null;
  const deps: Platform = {
    config,
    db,
    mailer,
    rateLimits:
      overrides.rateLimits ?? (overrides.sharedRateLimits ? createRateLimitStore(config, redis) : createMemoryRateLimitStore(() => now().getTime())),
    redis,
    now,
    realtime: createRealtimeHub(),
    mediaUrls: createMediaUrls(config),
    log,
    // The app's queue, in a schema of its own, never started: the tests of jobs start queues of their own
    // (test/test-job-queue.ts), and nothing in a request waits for a job.
    jobs: overrides.jobs ?? createPgBossJobQueue(db, { log, schema: `jobs_${randomBytes(6).toString('hex')}` }),
  };
  const services = createServices(deps, {
    ...(overrides.mediaServer ? { mediaServer: overrides.mediaServer } : {}),
    ...(overrides.viewers ? { viewers: overrides.viewers } : {}),
    ...(overrides.chatAccess ? { chatAccess: overrides.chatAccess } : {}),
    ...(overrides.liveness ? { liveness: overrides.liveness } : {}),
    ...(overrides.mediaHealth ? { mediaHealth: overrides.mediaHealth } : {}),
  });
  const app = await buildApp(deps, services, {
    webDist: overrides.webDist ?? path.join(dataDir, 'no-web'),
    ...(overrides.realtime ? { realtime: overrides.realtime } : {}),
    ...(overrides.onRoute ? { onRoute: overrides.onRoute } : {}),
  });
  await app.ready();
  return {
    app,
    deps,
    services,
    mail: mailer.sent,
    async close() {
      await app.close();
      await deps.rateLimits.close();
      await redis?.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The platform of a test app with some parts replaced: a config value, the mailer. Media URLs follow the config. For
 * the few tests that need a differently configured service or app: `createServices(platformWith(t.deps, ...))`.
 */
export function platformWith(base: Platform, changes: { config?: Partial<Config>; mailer?: Mailer }): Platform {
  const config = { ...base.config, ...changes.config };
  return { ...base, ...(changes.mailer ? { mailer: changes.mailer } : {}), config, mediaUrls: createMediaUrls(config) };
}
