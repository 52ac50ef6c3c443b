import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildEndpointWorld, type EndpointWorld } from '../../test/endpoints/endpoint-world';
import { freePort, ownRedis, type OwnRedis } from '../../test/own-redis';
import { REDIS_OUTAGE_CALLS, timedCall } from '../../test/redis-outage-calls';
import { createRealtimeClients, listening, nextEvent, whenConnected } from '../../test/realtime-clients';
import { buildTestApp, TEST_ENGINE, TEST_POSTGRES_URL, type TestApp } from '../../test/test-app';
import { loadConfig } from '../config';
import { openPlatform } from './open-platform';

/** A limit of ten a minute: `remaining` tells how many attempts the store has counted. */
const MINUTE = { points: 10, windowMs: 60_000 };

// Redis is a dependency, not a single point of failure (decision record 027). An instance starts without
// it, every call that counts a rate limit answers at once while it is away or hangs (in-process limits), realtime delivery
// goes on to this instance's sockets, the readiness check says so, and everything is shared again when it returns.
// The Redis that dies here is the test's own: the one the other tests share is never touched.

/** The most any of them may take while Redis is away. */
const WITHIN_MS = 1_000;

interface Answer {
  status: number;
  ms: number;
}

async function callEach(world: EndpointWorld): Promise<Record<string, Answer>> {
  const answers: Record<string, Answer> = {};
  for (const [name, role] of REDIS_OUTAGE_CALLS) {
    const { status, ms } = await timedCall(world, name, role);
    answers[name] = { status, ms: Math.round(ms) };
  }
  return answers;
}

/** Every call answered as usual (no 5xx), each within WITHIN_MS. */
function expectAnsweredNormally(answers: Record<string, Answer>) {
  for (const [name, answer] of Object.entries(answers)) {
    expect(answer.status, `${name}: ${JSON.stringify(answer)}`).toBeLessThan(500);
    expect(answer.ms, `${name}: ${JSON.stringify(answer)}`).toBeLessThan(WITHIN_MS);
  }
}

async function readiness(t: TestApp) {
  const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
  return { statusCode: res.statusCode, body: res.json<{ status: string; checks: Record<string, string> }>() };
}

async function until<T>(what: string, probe: () => Promise<T | null> | T | null, timeoutMs = 15_000): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  for (;;) {
    const value = await probe();
    if (value !== null) return { value, ms: Math.round(performance.now() - started) };
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** What the tests measured, printed once at the end (decision record 027 quotes it). */
const measured: Record<string, unknown> = {};
afterAll(() => {
  process.stdout.write(`Redis outage measurements (${TEST_ENGINE}): ${JSON.stringify(measured)}\n`);
});

describe('an instance whose REDIS_URL points where nothing listens', () => {
  it('opens its platform at once, logging one warning, and counts rate limits in process', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-redis-outage-'));
    const lines: { level: number; msg: string }[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
      ...(TEST_ENGINE === 'postgres' ? { DATABASE_URL: TEST_POSTGRES_URL } : {}),
    });
    const started = performance.now();
    const platform = await openPlatform(config, { log });
    measured.openPlatformWithDeadRedisMs = Math.round(performance.now() - started);
    try {
      expect(platform.redis?.state()).toBe('down');
      const hitStarted = performance.now();
      expect((await platform.rateLimits.consume('login:x', MINUTE)).remaining).toBe(9);
      expect((await platform.rateLimits.consume('login:x', MINUTE)).remaining).toBe(8);
      expect(performance.now() - hitStarted).toBeLessThan(100);
      await until('the warning', () => (lines.some((l) => l.level === 40) ? true : null));
      await new Promise((r) => setTimeout(r, 1_000));
      // One line however many reconnect attempts follow.
      expect(lines.filter((l) => l.level >= 40).map((l) => l.msg)).toEqual([expect.stringMatching(/^Redis at 127\.0\.0\.1:\d+ is unreachable \(REDIS_URL\); starting without it/)]);
    } finally {
      await platform.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  describe('its app', () => {
    let world: EndpointWorld;
    beforeAll(async () => {
      world = await buildEndpointWorld({ env: { REDIS_URL: `redis://127.0.0.1:${await freePort()}` }, sharedRateLimits: true });
      await world.deps.jobs.start();
    });
    afterAll(async () => {
      await world?.deps.jobs.stop();
      await world?.close();
    });

    it('answers log-in, message send, comment, tip, captcha and checkout normally, each within a second', async () => {
      const answers = await callEach(world);
      measured.deadAtStart = answers;
      expectAnsweredNormally(answers);
    });

    it('is ready but degraded, with Redis down, while /api/health says ok', async () => {
      expect(await readiness(world)).toEqual({ statusCode: 200, body: { status: 'degraded', checks: { database: 'up', redis: 'down', jobs: 'up', media: 'not configured' } } });
      expect((await world.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });
  });
});

describe('two instances whose Redis dies and comes back', () => {
  let redis: OwnRedis;
  let a: EndpointWorld;
  let b: TestApp;
  const clients = createRealtimeClients();

  beforeAll(async () => {
    redis = await ownRedis();
    await redis.start();
    const env = { REDIS_URL: redis.url };
    const realtime = { redisKey: `outage-${randomBytes(4).toString('hex')}` };
    a = await buildEndpointWorld({ env, realtime, sharedRateLimits: true });
    b = await buildTestApp({ env, realtime, sharedRateLimits: true, db: a.deps.db });
    await Promise.all([listening(a), listening(b)]);
    await a.deps.jobs.start();
    await until('Redis', () => (a.deps.redis?.state() === 'up' && b.deps.redis?.state() === 'up' ? true : null));
  });
  afterEach(() => clients.closeAll());
  afterAll(async () => {
    await a?.deps.jobs.stop();
    await b?.close();
    await a?.close();
    await redis?.kill();
  });

  /** Emits on instance a until the user's connection on instance b hears it: how long the adapter took to carry it. */
  async function crossInstanceDelivery(userId: number, token: string) {
    const onB = clients.open(b, token);
    await whenConnected(onB);
    const heard = nextEvent(onB, 'probe');
    let got = false;
    void heard.then(() => (got = true));
    return until('delivery from a to b', () => {
      if (got) return true;
      a.deps.realtime.toUser(userId, 'probe', { at: Date.now() });
      return null;
    });
  }

  it('shares rate limits and carries events between the instances while Redis is up', async () => {
    expect(await readiness(a)).toEqual({ statusCode: 200, body: { status: 'ready', checks: { database: 'up', redis: 'up', jobs: 'up', media: 'not configured' } } });
    const key = `shared:${randomBytes(4).toString('hex')}`;
    await a.deps.rateLimits.consume(key, MINUTE);
    expect((await b.deps.rateLimits.consume(key, MINUTE)).remaining).toBe(8);
    const member = a.users.member;
    const { token } = await a.services.sessions.create(member.id);
    await crossInstanceDelivery(member.id, token);
    measured.upFirst = await callEach(a);
  });

  it('while it is gone: answers every call within a second, delivers on the instance itself, reports degraded', async () => {
    const member = a.users.member;
    const { token } = await a.services.sessions.create(member.id);
    const onA = clients.open(a, token);
    await whenConnected(onA);

    await redis.kill();
    // At once, before anything had time to notice.
    const answers = await callEach(a);
    measured.gone = answers;
    expectAnsweredNormally(answers);

    // Realtime delivery to the sockets of the emitting instance goes on.
    const heard = nextEvent(onA, 'local');
    const emitted = performance.now();
    a.deps.realtime.toUser(member.id, 'local', { during: 'outage' });
    expect(await heard).toEqual({ during: 'outage' });
    measured.localDeliveryDuringOutageMs = Math.round(performance.now() - emitted);

    const started = performance.now();
    const ready = await readiness(a);
    measured.readyDuringOutageMs = Math.round(performance.now() - started);
    expect(ready).toEqual({ statusCode: 200, body: { status: 'degraded', checks: { database: 'up', redis: 'down', jobs: 'up', media: 'not configured' } } });
    expect((await a.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });

    // Each instance counts on its own meanwhile.
    const key = `apart:${randomBytes(4).toString('hex')}`;
    await a.deps.rateLimits.consume(key, MINUTE);
    expect((await b.deps.rateLimits.consume(key, MINUTE)).remaining).toBe(9);
  });

  it('recovers by itself when it returns: ready, limits shared, events carried between the instances again', async () => {
    await redis.start();
    const recovered = await until('readiness with Redis up', async () => ((await readiness(a)).body.checks.redis === 'up' ? true : null));
    measured.readyAgainAfterRestartMs = recovered.ms;
    expect(await readiness(a)).toEqual({ statusCode: 200, body: { status: 'ready', checks: { database: 'up', redis: 'up', jobs: 'up', media: 'not configured' } } });

    await until('b', () => (b.deps.redis?.state() === 'up' ? true : null));
    const key = `again:${randomBytes(4).toString('hex')}`;
    await a.deps.rateLimits.consume(key, MINUTE);
    expect((await b.deps.rateLimits.consume(key, MINUTE)).remaining).toBe(8);

    const member = a.users.member;
    const { token } = await a.services.sessions.create(member.id);
    const delivery = await crossInstanceDelivery(member.id, token);
    measured.crossInstanceDeliveryAgainMs = recovered.ms + delivery.ms;
    measured.upAgain = await callEach(a);
    expectAnsweredNormally(measured.upAgain as Record<string, Answer>);
  });

  it('while it hangs (connections open, no answers): answers every call within a second too, and resumes with it', async () => {
    redis.pause();
    try {
      const answers = await callEach(a);
      measured.hung = answers;
      expectAnsweredNormally(answers);
      const started = performance.now();
      const ready = await readiness(a);
      measured.readyWhileHungMs = Math.round(performance.now() - started);
      expect(ready).toEqual({ statusCode: 200, body: { status: 'degraded', checks: { database: 'up', redis: 'down', jobs: 'up', media: 'not configured' } } });
    } finally {
      redis.resume();
    }
    const recovered = await until('readiness with Redis up', async () => ((await readiness(a)).body.checks.redis === 'up' ? true : null));
    measured.readyAgainAfterResumeMs = recovered.ms;
    const key = `resumed:${randomBytes(4).toString('hex')}`;
    await until('b', () => (b.deps.redis?.state() === 'up' ? true : null));
    await a.deps.rateLimits.consume(key, MINUTE);
    expect((await b.deps.rateLimits.consume(key, MINUTE)).remaining).toBe(8);
  });
});
