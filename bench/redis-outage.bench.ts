// The figures for Redis as a dependency, on both engines, printed and never asserted:
// - the answer time of the calls that count a rate limit with Redis up, killed (SIGKILL) and hung (SIGSTOP);
// - start-up with a dead REDIS_URL, the readiness answer during an outage, and recovery once Redis is back;
// - N parallel wrong passwords against a limit of L: how many were checked, on the in-process store and on Redis.
// Usage: npm run bench:redis [-- --rounds 20 --engines pglite,postgres]
// Spawns its own redis-server on a free port (never the shared one). PostgreSQL: TEST_POSTGRES_URL (default
// postgres://postgres@127.0.0.1:5432/test), the app's tables in a fresh schema dropped at the end, as the tests have it.
// First: it wraps Argon2's verify before any server module imports it.
import { passwordChecks } from './password-checks';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { openPlatform } from '../apps/server/src/composition/open-platform';
import { loadConfig } from '../apps/server/src/config';
import { createRateLimitStore } from '../apps/server/src/lib/create-rate-limit-store';
import { createMemoryRateLimitStore } from '../apps/server/src/lib/memory-rate-limit-store';
import type { RateLimitStore } from '../apps/server/src/lib/rate-limit-store';
import { RATE_LIMITS } from '../apps/server/src/lib/rate-limits';
import { openRedisConnection } from '../apps/server/src/lib/redis/redis-connection';
import { buildEndpointWorld, type EndpointWorld } from '../apps/server/test/endpoints/endpoint-world';
import { asMember } from '../apps/server/test/factories';
import { freePort, ownRedis, type OwnRedis } from '../apps/server/test/own-redis';
import { REDIS_OUTAGE_CALLS, timedCall } from '../apps/server/test/redis-outage-calls';
import { buildTestApp, TEST_POSTGRES_URL, type Engine, type TestApp } from '../apps/server/test/test-app';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' }, engines: { type: 'string', default: 'pglite,postgres' } } });
const ROUNDS = Number(values.rounds);
const ENGINES = values.engines.split(',').map((e) => e.trim()) as Engine[];
for (const engine of ENGINES) if (engine !== 'pglite' && engine !== 'postgres') throw new Error(`unknown engine ${engine}`);
if (!(ROUNDS > 0)) throw new Error('--rounds takes a number');

const PHASES = ['Redis up', 'Redis killed', 'Redis hung'] as const;
type Phase = (typeof PHASES)[number];
/** Ten a minute: `remaining` tells how many attempts the store has counted. */
const MINUTE = { points: 10, windowMs: 60_000 };

const silent = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Nearest rank: the smallest sample with at least p % of the samples at or below it. */
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * xs.length) - 1)]!;
const spread = (xs: number[]) => `${percentile(xs, 50).toFixed(0)} / ${percentile(xs, 95).toFixed(0)} / ${Math.max(...xs).toFixed(0)} ms`;
const tally = (statuses: number[]) => {
  const counted = new Map<number, number>();
  for (const s of statuses) counted.set(s, (counted.get(s) ?? 0) + 1);
  return [...counted].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ');
};
const unique = () => randomBytes(4).toString('hex');

async function until(what: string, probe: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await probe()) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

interface Samples {
  ms: number[];
  statuses: number[];
}

/** Each call once, timing only the request (the session and the body are made before). */
async function callEach(world: EndpointWorld, into: Record<string, Samples>) {
  for (const [name, role] of REDIS_OUTAGE_CALLS) {
    const { status, ms } = await timedCall(world, name, role);
    const sample = (into[name] ??= { ms: [], statuses: [] });
    sample.ms.push(ms);
    sample.statuses.push(status);
  }
}

async function timedReadiness(t: TestApp) {
  const started = performance.now();
  const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
  const body = res.json<{ status: string; checks: Record<string, string> }>();
  return { ms: performance.now() - started, statusCode: res.statusCode, status: body.status, redis: body.checks.redis };
}

/** Whether one attempt counted on a is seen by b: the limits are shared again. */
async function shared(a: TestApp, b: TestApp) {
  const key = `shared:${unique()}`;
  await a.deps.rateLimits.consume(key, MINUTE);
  return (await b.deps.rateLimits.consume(key, MINUTE)).remaining === MINUTE.points - 2;
}

/** openPlatform with a REDIS_URL where nothing listens (or, to compare, without one): how long until it may serve. */
async function startUp(engine: Engine, deadRedis: boolean): Promise<number> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-bench-redis-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...(deadRedis ? { REDIS_URL: `redis://127.0.0.1:${await freePort()}` } : {}),
    // The pool connects on first use and nothing is migrated here, so no schema is touched.
    ...(engine === 'postgres' ? { DATABASE_URL: TEST_POSTGRES_URL } : {}),
  });
  const started = performance.now();
  const platform = await openPlatform(config, { log: silent });
  const ms = performance.now() - started;
  await platform.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  return ms;
}

async function outage(engine: Engine, redis: OwnRedis) {
  const env = { REDIS_URL: redis.url, REDIS_PREFIX: `bench:${unique()}:` };
  const realtime = { redisKey: `bench-outage-${unique()}` };
  const a = await buildEndpointWorld({ engine, env, realtime, sharedRateLimits: true });
  const b = await buildTestApp({ engine, env, realtime, sharedRateLimits: true, db: a.deps.db });
  await a.deps.jobs.start();
  const bothUp = () => a.deps.redis?.state() === 'up' && b.deps.redis?.state() === 'up';
  await until('Redis', bothUp);

  const calls = Object.fromEntries(PHASES.map((p) => [p, {}])) as Record<Phase, Record<string, Samples>>;
  const ready = { killed: [] as number[], hung: [] as number[], answers: [] as string[] };
  const recovery = { restartReady: [] as number[], restartShared: [] as number[], resumeReady: [] as number[], resumeShared: [] as number[] };
  const recover = async (readyInto: number[], sharedInto: number[]) => {
    const started = performance.now();
    await until('readiness with Redis up', async () => (await timedReadiness(a)).redis === 'up');
    readyInto.push(performance.now() - started);
    await until('shared limits', async () => bothUp() && (await shared(a, b)));
    sharedInto.push(performance.now() - started);
  };
  const readinessDuringOutage = async (into: number[]) => {
    const r = await timedReadiness(a);
    into.push(r.ms);
    ready.answers.push(`${r.statusCode} ${r.status} (redis ${r.redis})`);
  };

  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      process.stderr.write(`  ${engine}: round ${round + 1}/${ROUNDS}\r`);
      await callEach(a, calls['Redis up']);

      await redis.kill();
      await callEach(a, calls['Redis killed']);
      await readinessDuringOutage(ready.killed);
      await redis.start();
      await recover(recovery.restartReady, recovery.restartShared);

      redis.pause();
      try {
        await callEach(a, calls['Redis hung']);
        await readinessDuringOutage(ready.hung);
      } finally {
        redis.resume();
      }
      await recover(recovery.resumeReady, recovery.resumeShared);
    }
    process.stderr.write('\n');
  } finally {
    await a.deps.jobs.stop();
    await b.close();
    await a.close();
  }
  return { calls, ready, recovery };
}

/**
 * N parallel wrong passwords against a limit of L, through app.inject: how many reached Argon2, how many got 429.
 * Each burst is repeated (a fresh address, a fresh account), since a race shows only now and then.
 */
async function concurrency(engine: Engine, store: RateLimitStore, closeAfter: () => Promise<void>) {
  const t = await buildTestApp({ engine, rateLimits: store });
  const repeats = Math.min(ROUNDS, 3);
  const lines: string[] = [];
  try {
    const burst = async (label: string, n: number, limit: number, attempt: (repeat: number, i: number) => Promise<{ statusCode: number }>) => {
      const checked: number[] = [];
      const limited: number[] = [];
      const statuses: number[] = [];
      for (let repeat = 0; repeat < repeats; repeat += 1) {
        passwordChecks.count = 0;
        const answers = await Promise.all(Array.from({ length: n }, (_, i) => attempt(repeat, i)));
        checked.push(passwordChecks.count);
        limited.push(answers.filter((r) => r.statusCode === 429).length);
        statuses.push(...answers.map((r) => r.statusCode));
      }
      lines.push(`${label}: ${n} parallel → checked ${checked.join(' / ')} (${limit} expected), 429 ×${limited.join(' / ')}; all answers: ${tally(statuses)}`);
    };
    await burst('log-in per address', 60, RATE_LIMITS.loginPerAddress.points, (repeat, i) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: `nobody${i}`, password: 'guess' }, remoteAddress: `198.51.100.${repeat + 1}` }),
    );
    const members = await Promise.all(Array.from({ length: repeats }, () => asMember(t, { password: 'the-real-password' })));
    await burst('current password (settings)', 100, RATE_LIMITS.passwordChecksPerAccount.points, (repeat) =>
      t.app.inject({ method: 'POST', url: '/api/user/change_password', headers: members[repeat]!.headers, payload: { password: 'guess', newPassword: 'a-new-password-1' } }),
    );
  } finally {
    await t.close();
    await closeAfter();
  }
  return lines;
}

/** The store the platform builds with REDIS_URL, on the bench's own Redis (the app closes the store, this the connection). */
async function redisStore(redis: OwnRedis) {
  const connection = openRedisConnection(redis.url, { log: silent });
  await until('Redis', () => connection.state() === 'up');
  return { store: createRateLimitStore({ redisPrefix: `bench:${unique()}:` }, connection), closeAfter: () => connection.close() };
}

async function bench(engine: Engine) {
  console.log(`\n## ${engine}, ${ROUNDS} rounds\n`);
  const redis = await ownRedis();
  await redis.start();
  try {
    // A fresh PGlite in DATA_DIR is created on disk each time: the figure without REDIS_URL shows what that costs.
    const startUps = { dead: [] as number[], none: [] as number[] };
    for (let i = 0; i < Math.min(ROUNDS, 3); i += 1) {
      startUps.dead.push(await startUp(engine, true));
      startUps.none.push(await startUp(engine, false));
    }
    console.log(`openPlatform (${startUps.dead.length}×), median / p95 / max: with a dead REDIS_URL ${spread(startUps.dead)}; without REDIS_URL ${spread(startUps.none)}\n`);

    const { calls, ready, recovery } = await outage(engine, redis);
    console.log('Answer time per call, median / p95 / max, and the statuses seen:\n');
    console.log(`| call | ${PHASES.join(' | ')} |`);
    console.log(`|---|${PHASES.map(() => '---').join('|')}|`);
    for (const [name] of REDIS_OUTAGE_CALLS) {
      console.log(`| ${name} | ${PHASES.map((p) => `${spread(calls[p][name]!.ms)} (${tally(calls[p][name]!.statuses)})`).join(' | ')} |`);
    }
    const all = (p: Phase) => Object.values(calls[p]).flatMap((s) => s.ms);
    const fives = PHASES.flatMap((p) => Object.values(calls[p]).flatMap((s) => s.statuses)).filter((s) => s >= 500).length;
    console.log(`| every call | ${PHASES.map((p) => spread(all(p))).join(' | ')} |`);
    console.log(`\n5xx answers: ${fives}`);
    console.log(`readiness answer, Redis killed: ${spread(ready.killed)}; Redis hung: ${spread(ready.hung)}; answers: ${[...new Set(ready.answers)].join(', ')}`);
    console.log(`recovery after restart (from accepting connections): readiness says redis up ${spread(recovery.restartReady)}; limits shared between two instances ${spread(recovery.restartShared)}`);
    console.log(`recovery after a hang ends (SIGCONT): readiness says redis up ${spread(recovery.resumeReady)}; limits shared between two instances ${spread(recovery.resumeShared)}`);

    console.log('\nParallel wrong passwords:');
    for (const line of await concurrency(engine, createMemoryRateLimitStore(), async () => undefined)) console.log(`  memory store, ${line}`);
    const onRedis = await redisStore(redis);
    for (const line of await concurrency(engine, onRedis.store, onRedis.closeAfter)) console.log(`  Redis store, ${line}`);
  } finally {
    await redis.kill();
  }
}

for (const engine of ENGINES) await bench(engine);
