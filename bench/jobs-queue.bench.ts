// The job queue (pg-boss 10 behind JobQueue) on both engines: time from send to handler start, throughput with two
// instances (and that every job ran exactly once), and the cost of an idle queue. Printed, never asserted.
// Usage: npx tsx bench/jobs-queue.bench.ts [-- --jobs 500 --idle-seconds 20]
// PostgreSQL: BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test), tables in a schema dropped at the end.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { Database } from '../apps/server/src/db/database';
import { openPgliteDatabase } from '../apps/server/src/db/pglite-database';
import { openPostgresDatabase } from '../apps/server/src/db/postgres-database';
import type { JobQueue } from '../apps/server/src/lib/jobs/job-queue';
import { createPgBossJobQueue } from '../apps/server/src/lib/jobs/pg-boss-job-queue';

const { values } = parseArgs({ options: { jobs: { type: 'string', default: '500' }, 'idle-seconds': { type: 'string', default: '20' } } });
const JOBS = Number(values.jobs);
const IDLE_SECONDS = Number(values['idle-seconds']);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = { info: () => undefined, warn: (_o: object, m: string) => console.warn(m) };
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** Counts the statements that reach the database. */
function counting(db: Database): Database & { statements: number } {
  const counted = {
    statements: 0,
    engine: db.engine,
    query: (sql: string, params?: readonly unknown[]) => ((counted.statements += 1), db.query(sql, params)),
    exec: (sql: string) => ((counted.statements += 1), db.exec(sql)),
    transaction: db.transaction.bind(db),
    close: db.close.bind(db),
  };
  return counted as Database & { statements: number };
}

async function latency(db: Database, schema: string, sameInstance: boolean, samples: number) {
  const a = createPgBossJobQueue(db, { log, schema });
  const b = createPgBossJobQueue(db, { log, schema });
  let started: (() => void) | null = null;
  const handler = async () => started?.();
  const name = sameInstance ? 'ping-local' : 'ping-remote';
  b.define(name, handler);
  if (sameInstance) a.define(name, handler);
  await b.start();
  await a.start();
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    // A send from another instance lands anywhere in the worker's polling interval.
    if (!sameInstance) await sleep(Math.random() * 2000);
    const ran = new Promise<void>((resolve) => (started = resolve));
    const t0 = performance.now();
    await a.send(name, { i });
    await ran;
    times.push(performance.now() - t0);
  }
  await Promise.all([a.stop(), b.stop()]);
  return times;
}

async function throughput(db: Database, schema: string, concurrency: number) {
  const runs = new Map<number, number>();
  const name = `bulk-${concurrency}`;
  const instances: JobQueue[] = [createPgBossJobQueue(db, { log, schema, pollingIntervalSeconds: 0.5 }), createPgBossJobQueue(db, { log, schema, pollingIntervalSeconds: 0.5 })];
  for (const q of instances) q.define<{ i: number }>(name, async ({ i }) => void runs.set(i, (runs.get(i) ?? 0) + 1), { concurrency });
  await instances[0]!.start();
  for (let i = 0; i < JOBS; i += 1) await instances[0]!.send(name, { i }, { startAfter: 1 });
  const t0 = performance.now();
  await instances[1]!.start();
  while (runs.size < JOBS) await sleep(20);
  const seconds = (performance.now() - t0) / 1000 - 1;
  await sleep(1000);
  await Promise.all(instances.map((q) => q.stop()));
  const twice = [...runs.values()].filter((n) => n !== 1).length;
  return { perSecond: JOBS / seconds, twice };
}

async function idleCost(db: Database & { statements: number }, schema: string) {
  const q = createPgBossJobQueue(db, { log, schema });
  // As the server has it: three jobs, two of them on a minutely schedule.
  for (const name of ['idle-a', 'idle-b', 'idle-c']) q.define(name, async () => undefined);
  await q.schedule('idle-a', '* * * * *');
  await q.schedule('idle-b', '* * * * *');
  await q.start();
  await sleep(3000);
  const before = { statements: db.statements, cpu: process.cpuUsage() };
  await sleep(IDLE_SECONDS * 1000);
  const cpu = process.cpuUsage(before.cpu);
  const statements = db.statements - before.statements;
  await q.stop();
  return { statementsPerMinute: (statements / IDLE_SECONDS) * 60, cpuMsPerMinute: ((cpu.user + cpu.system) / 1000 / IDLE_SECONDS) * 60 };
}

async function bench(engine: 'pglite' | 'postgres') {
  const schema = `bench_jobs_${randomBytes(4).toString('hex')}`;
  const raw = engine === 'pglite' ? await openPgliteDatabase(undefined) : openPostgresDatabase({ connectionString: POSTGRES_URL });
  const db = counting(raw);
  try {
    console.log(`\n${engine}`);
    const local = await latency(db, schema, true, 50);
    console.log(`  send → handler start, same instance (woken at once): median ${ms(percentile(local, 50))}, p95 ${ms(percentile(local, 95))}`);
    const remote = await latency(db, schema, false, 20);
    console.log(`  send → handler start, another instance (polling every 2 s): median ${ms(percentile(remote, 50))}, p95 ${ms(percentile(remote, 95))}`);
    for (const concurrency of [1, 4]) {
      const { perSecond, twice } = await throughput(db, schema, concurrency);
      console.log(`  throughput, ${JOBS} no-op jobs, two instances × ${concurrency}: ${perSecond.toFixed(0)} jobs/s; jobs run other than once: ${twice}`);
    }
    const idle = await idleCost(db, schema);
    console.log(`  idle queue (3 jobs, 2 schedules): ${idle.statementsPerMinute.toFixed(0)} statements/min, ${idle.cpuMsPerMinute.toFixed(0)} ms CPU/min`);
  } finally {
    await raw.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await raw.close();
  }
}

await bench('pglite');
await bench('postgres');
