import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { freePort } from '../../../test/own-redis';
import { TEST_REDIS_URL } from '../../../test/realtime-clients';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createEmbeddedMediaServer } from '../live/embedded-media-server';
import { READINESS_TIMEOUT_MS, createHealthService, type MediaHealth } from './health.service';

// GET /api/health says the process answers (liveness); GET /api/health/ready says whether it can serve: the database,
// Redis and the job queue, each checked with a short timeout (decision record 027), and the live media server
// (decision record 060).

const ready = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/health/ready' });

describe('without REDIS_URL, with the job queue started', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.deps.jobs.start();
  });
  afterAll(async () => {
    await t?.deps.jobs.stop();
    await t?.close();
  });

  it('is ready, with Redis not configured', async () => {
    const res = await ready(t);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'up', redis: 'not configured', jobs: 'up', media: 'not configured' } });
    // A check is never served from a cache.
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps /api/health a liveness check', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('with the job queue not started', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('is unavailable (503), saying which dependency is down, while /api/health stays ok', async () => {
    const res = await ready(t);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', checks: { database: 'up', redis: 'not configured', jobs: 'down', media: 'not configured' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('with Redis', () => {
  let up: TestApp;
  let gone: TestApp;
  beforeAll(async () => {
    up = await buildTestApp({ env: { REDIS_URL: TEST_REDIS_URL } });
    gone = await buildTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${await freePort()}` } });
    await Promise.all([up.deps.jobs.start(), gone.deps.jobs.start()]);
    // The connection comes up in the background.
    const until = Date.now() + 5_000;
    while (up.deps.redis?.state() !== 'up' && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
  });
  afterAll(async () => {
    await Promise.all([up?.deps.jobs.stop(), gone?.deps.jobs.stop()]);
    await Promise.all([up?.close(), gone?.close()]);
  });

  it('reports Redis up', async () => {
    const res = await ready(up);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'up', redis: 'up', jobs: 'up', media: 'not configured' } });
  });

  it('reports Redis down as degraded, still 200: the instance serves on its own (a load balancer keeps sending)', async () => {
    const started = Date.now();
    const res = await ready(gone);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'degraded', checks: { database: 'up', redis: 'down', jobs: 'up', media: 'not configured' } });
  });
});

describe('the checks', () => {
  const never = () => new Promise<never>(() => undefined);
  const jobs = (working: () => Promise<boolean>) => ({ working }) as unknown as JobQueue;

  it('count a database that does not answer within the timeout as down, and answer in time', async () => {
    const db = { query: never } as unknown as Database;
    const started = Date.now();
    const readiness = await createHealthService({ db, redis: null, jobs: jobs(async () => true) }).readiness();
    expect(Date.now() - started).toBeLessThan(READINESS_TIMEOUT_MS + 200);
    expect(readiness).toEqual({ status: 'unavailable', checks: { database: 'down', redis: 'not configured', jobs: 'up', media: 'not configured' } });
  });

  it('count a database that fails, and a job queue that fails or hangs, as down', async () => {
    const db = { query: () => Promise.reject(new Error('connection refused')) } as unknown as Database;
    expect(await createHealthService({ db, redis: null, jobs: jobs(never) }).readiness()).toEqual({
      status: 'unavailable',
      checks: { database: 'down', redis: 'not configured', jobs: 'down', media: 'not configured' },
    });
    const fine = { query: async () => [{ '?column?': 1 }] } as unknown as Database;
    expect((await createHealthService({ db: fine, redis: null, jobs: jobs(() => Promise.reject(new Error('x'))) }).readiness()).checks.jobs).toBe('down');
  });
});

describe('the live media server in readiness', () => {
  const fine = { query: async () => [{ '?column?': 1 }] } as unknown as Database;
  const working = { working: async () => true } as unknown as JobQueue;
  const readinessWith = (state: ReturnType<MediaHealth>['state']) => createHealthService({ db: fine, redis: null, jobs: working, media: () => ({ state }) }).readiness();

  it('keeps the instance ready while it is up, idle (started with the first room) or external', async () => {
    for (const state of ['up', 'idle', 'external'] as const) {
      expect(await readinessWith(state)).toEqual({ status: 'ready', checks: { database: 'up', redis: 'not configured', jobs: 'up', media: state } });
    }
  });

  it('makes the instance degraded, not unavailable, while it restarts or is down: the rest of the site serves on', async () => {
    for (const state of ['restarting', 'down'] as const) {
      expect(await readinessWith(state)).toEqual({ status: 'degraded', checks: { database: 'up', redis: 'not configured', jobs: 'up', media: state } });
    }
  });

  it('says so while the embedded SFU is being started again after kill -9, and ready once it runs', async () => {
    const media = createEmbeddedMediaServer({ iceServers: [], rtcPorts: undefined, announcedIp: undefined }, { warn: () => undefined, error: () => undefined });
    const t = await buildTestApp({ mediaHealth: () => media.health() });
    try {
      await t.deps.jobs.start();
      expect((await ready(t)).json().checks.media).toBe('idle');
      const first = media.pid!;
      await expect.poll(() => media.health().state, { timeout: 20_000 }).toBe('up');
      expect((await ready(t)).json()).toEqual({ status: 'ready', checks: { database: 'up', redis: 'not configured', jobs: 'up', media: 'up' } });
      // Killed twice in a row: the first restart is at once, the second waits a second (a crash loop backs off), and
      // that second is when readiness is asked.
      process.kill(first, 'SIGKILL');
      await expect.poll(() => media.health().restarts, { timeout: 5000 }).toBe(1);
      await expect.poll(() => media.pid, { timeout: 5000 }).not.toBe(undefined);
      process.kill(media.pid!, 'SIGKILL');
      await expect.poll(() => media.health().restarts, { timeout: 5000 }).toBe(2);
      expect(media.pid).toBeUndefined();
      const during = await ready(t);
      expect(during.statusCode).toBe(200);
      expect(during.json()).toEqual({ status: 'degraded', checks: { database: 'up', redis: 'not configured', jobs: 'up', media: 'restarting' } });
      await expect.poll(() => media.health().state, { timeout: 20_000 }).toBe('up');
      expect((await ready(t)).json()).toEqual({ status: 'ready', checks: { database: 'up', redis: 'not configured', jobs: 'up', media: 'up' } });
    } finally {
      await t.deps.jobs.stop();
      await t.close();
      await media.close();
    }
  });
});
