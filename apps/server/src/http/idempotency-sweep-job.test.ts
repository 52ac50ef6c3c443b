import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { createTestJobQueues, type TestJobQueues } from '../../test/test-job-queue';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { createIdempotencySweep, IDEMPOTENCY_SWEEP_JOB, registerIdempotencySweepJob } from './idempotency-sweep-job';

let t: TestApp;
let queues: TestJobQueues;
const HOUR = 60 * 60 * 1000;
const logged: object[] = [];
const log = { info: (obj: object) => void logged.push(obj) };

beforeAll(async () => {
  t = await buildTestApp();
  queues = createTestJobQueues(t.deps.db);
});
afterAll(async () => {
  await queues?.close();
  await t?.close();
});

async function keyFor(userId: number, key: string, expiresAt: Date) {
  await t.deps.db.query(
    `INSERT INTO idempotency_keys (user_id, endpoint, key, request_hash, status, body, created_at, expires_at)
     VALUES ($1, 'messages.send', $2, 'h', 201, '{}', $3, $4)`,
    [userId, key, new Date(expiresAt.getTime() - 24 * HOUR), expiresAt],
  );
}
const keysLeft = async () =>
  (await t.deps.db.query<{ key: string }>('SELECT key FROM idempotency_keys ORDER BY key')).map((row) => row.key);

it("drops every member's expired keys, including those of members who never send again, and keeps the live ones", async () => {
  const now = t.deps.now();
  const gone = await createUser(t);
  const active = await createUser(t);
  await keyFor(gone.id, 'gone-old', new Date(now.getTime() - HOUR));
  await keyFor(active.id, 'active-old', new Date(now.getTime() - 1));
  await keyFor(active.id, 'active-live', new Date(now.getTime() + HOUR));

  const sweep = createIdempotencySweep({ db: t.deps.db, now: t.deps.now, log });
  expect(await sweep.runOnce()).toBe(2);
  expect(await keysLeft()).toEqual(['active-live']);
  expect(logged).toEqual([{ dropped: 2 }]);
  // Nothing to drop: nothing logged.
  expect(await sweep.runOnce()).toBe(0);
  expect(logged).toHaveLength(1);
});

it('runs as a job of the queue', async () => {
  const owner = await createUser(t);
  await keyFor(owner.id, 'queued-old', new Date(t.deps.now().getTime() - HOUR));
  const jobs = queues.instance();
  await registerIdempotencySweepJob(jobs, createIdempotencySweep({ db: t.deps.db, now: t.deps.now, log }));
  await jobs.start();
  await jobs.send(IDEMPOTENCY_SWEEP_JOB, {});
  await expect.poll(keysLeft, { timeout: 15_000, interval: 100 }).not.toContain('queued-old');
});
