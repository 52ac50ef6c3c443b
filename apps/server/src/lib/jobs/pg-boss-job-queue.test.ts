import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINE, TEST_POSTGRES_URL, type TestDatabase } from '../../../test/test-app';
import { createTestJobQueues, type TestJobQueues } from '../../../test/test-job-queue';
import type { Database } from '../../db/database';
import { openPgliteDatabase } from '../../db/pglite-database';
import { openPostgresDatabase } from '../../db/postgres-database';
import type { JobRun } from './job-queue';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(25);
  }
}

describe('the job queue (pg-boss)', () => {
  let test: TestDatabase;
  let queues: TestJobQueues;
  beforeAll(async () => {
    test = await createTestDatabase(TEST_ENGINE, { migrate: false });
  });
  // Each test has job tables of its own.
  beforeEach(() => {
    queues = createTestJobQueues(test.db);
  });
  afterEach(() => queues.close());
  afterAll(() => test.drop());

  it('runs a sent job with its data, at once on the instance that sent it', async () => {
    const q = queues.instance();
    const seen: Array<[object, JobRun]> = [];
    q.define<{ n: number }>('hello', async (data, run) => void seen.push([data, run]));
    await q.start();
    const id = await q.send('hello', { n: 7 });
    await until(() => seen.length === 1);
    expect(seen[0]![0]).toEqual({ n: 7 });
    expect(seen[0]![1]).toMatchObject({ id, name: 'hello', retryCount: 0 });
  });

  it('runs a delayed job not before its time', async () => {
    const q = queues.instance();
    const ran: number[] = [];
    q.define('later', async () => void ran.push(Date.now()));
    await q.start();
    const sentAt = Date.now();
    await q.send('later', {}, { startAfter: 2 });
    await sleep(1500);
    expect(ran).toEqual([]);
    await until(() => ran.length === 1);
    expect(ran[0]! - sentAt).toBeGreaterThanOrEqual(2000);
  });

  it('retries a failing job with a growing delay, and then it succeeds', async () => {
    const q = queues.instance();
    const attempts: Array<{ at: number; retryCount: number }> = [];
    q.define(
      'flaky',
      async (_data, run) => {
        attempts.push({ at: Date.now(), retryCount: run.retryCount });
        if (run.retryCount < 2) throw new Error(`attempt ${run.retryCount} failed`);
      },
      { retryLimit: 3, retryDelaySeconds: 1, retryBackoff: true },
    );
    await q.start();
    await q.send('flaky', {});
    await until(() => attempts.length === 3, 20_000);
    expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2]);
    // Backoff: the n-th retry waits at least delay × 2^(n-1) (plus jitter of as much again).
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(1000);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(2000);
    await sleep(800);
    expect(attempts).toHaveLength(3);
    expect(queues.logs.filter((l) => l.startsWith('warn|job flaky failed; it is retried'))).toHaveLength(2);
  });

  it('keeps one waiting run per singleton key when the job says so', async () => {
    const q = queues.instance();
    q.define('once', async () => undefined, { unique: 'waiting' });
    await q.start();
    expect(await q.send('once', {}, { singletonKey: 'a', startAfter: 60 })).toEqual(expect.any(String));
    expect(await q.send('once', {}, { singletonKey: 'a', startAfter: 60 })).toBeNull();
    expect(await q.send('once', {}, { singletonKey: 'b', startAfter: 60 })).toEqual(expect.any(String));
  });

  it('runs a cron schedule once per tick with two instances', async () => {
    // The whole look must fall within one minute (a tick is a minute): start early in one.
    const secondsLeft = 60 - new Date().getUTCSeconds();
    if (secondsLeft < 25) await sleep(secondsLeft * 1000 + 200);
    const runs: string[] = [];
    for (const name of ['a', 'b']) {
      const q = queues.instance();
      q.define('tick', async () => void runs.push(name));
      await q.schedule('tick', '* * * * *');
      await q.start();
    }
    await until(() => runs.length === 1);
    // Both instances look at the schedule every second meanwhile.
    await sleep(4000);
    expect(runs).toHaveLength(1);
  }, 60_000);

  it('stop() aborts the signal of a running handler and waits for it to finish', async () => {
    const q = queues.instance();
    let started = false;
    let finished = false;
    q.define('long', async (_data, run) => {
      started = true;
      await new Promise((resolve) => run.signal.addEventListener('abort', resolve));
      await sleep(200);
      finished = true;
    });
    await q.start();
    await q.send('long', {});
    await until(() => started);
    await q.stop();
    expect(finished).toBe(true);
  });

  it('gives up a run at its expiry, aborting its handler, and runs it again', async () => {
    const q = queues.instance(undefined, { maintenanceIntervalSeconds: 1 });
    const runs: Array<{ retryCount: number; aborted?: string }> = [];
    q.define(
      'stuck',
      async (_data, run) => {
        const entry: (typeof runs)[number] = { retryCount: run.retryCount };
        runs.push(entry);
        if (run.retryCount > 0) return;
        await new Promise((resolve) => run.signal.addEventListener('abort', resolve));
        entry.aborted = String((run.signal.reason as Error).message);
        throw run.signal.reason;
      },
      { expireInSeconds: 1, retryLimit: 1 },
    );
    await q.start();
    await q.send('stuck', {});
    await until(() => runs.length === 2);
    expect(runs).toEqual([
      { retryCount: 0, aborted: 'the run expired after 1 s' },
      { retryCount: 1 },
    ]);
  });
});

/** A database that can be closed and opened again, as a restarted server does. */
async function reopenableDatabase(): Promise<{ open(): Promise<Database>; cleanup(): Promise<void> }> {
  if (TEST_ENGINE === 'pglite') {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-jobs-'));
    return { open: () => openPgliteDatabase(dir), cleanup: () => fs.rm(dir, { recursive: true, force: true }) };
  }
  // The job tables are named with their schema, so a fresh pool of the same database finds them.
  return { open: async () => openPostgresDatabase({ connectionString: TEST_POSTGRES_URL, max: 5 }), cleanup: async () => {} };
}

describe('the job queue across a restart', () => {
  it('runs a job queued before a restart after it, exactly once, with two instances running', async () => {
    const database = await reopenableDatabase();
    let db = await database.open();
    const queues = createTestJobQueues(db);
    const runs: string[] = [];
    const startInstances = async (on: Database, generation: string) => {
      const started = [];
      for (const name of ['a', 'b']) {
        const q = queues.instance(on);
        q.define<{ order: number }>('restartable', async (data) => void runs.push(`${generation}${name}:${data.order}`));
        await q.start();
        started.push(q);
      }
      return started;
    };
    try {
      // Two instances run; one queues a job due shortly; both stop before it is due, and the database closes.
      const [a] = await startInstances(db, 'before-');
      await a!.send('restartable', { order: 1 }, { startAfter: 3 });
      await queues.stop();
      await db.close();
      expect(runs).toEqual([]);

      // The restart: the database opens again and two new instances start on it.
      db = await database.open();
      await startInstances(db, 'after-');
      await until(() => runs.length > 0);
      // Several polls of both instances later, it has still run only once.
      await sleep(3000);
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatch(/^after-[ab]:1$/);
      const [job] = await db.query<{ state: string; retry_count: number }>(`SELECT state, retry_count FROM ${queues.schema}.job WHERE name = 'restartable'`);
      expect(job).toEqual({ state: 'completed', retry_count: 0 });
    } finally {
      await queues.close(db);
      await db.close();
      await database.cleanup();
    }
  }, 60_000);
});
