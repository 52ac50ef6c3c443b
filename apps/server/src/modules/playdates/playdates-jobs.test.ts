import { Playdate } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestJobQueues, type TestJobQueues } from '../../../test/test-job-queue';
import { buildTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../../test/test-app';
import { expectLedgerConsistent } from '../../../test/modules/coins';
import { registerPlaydateJobs } from './playdates-jobs';
import { bookings, call, firstSlot, offeringModel, premiumWith, requestAt, statusOf } from '../../../test/modules/playdates';

// Playdates on a real job queue and a shared database: the last free slot goes to exactly one of twenty members asking
// at once, and a playdate accepted on one instance is started once by another after a restart.

let clock = Date.parse('2030-05-01T10:02:00Z');
let database: TestDatabase;
let queues: TestJobQueues;
const apps: TestApp[] = [];

async function instance(start: boolean): Promise<TestApp> {
  const jobs = queues.instance();
  const t = await buildTestApp({ db: database.db, jobs, now: () => new Date(clock) });
  await registerPlaydateJobs(jobs, t.services.playdates);
  if (start) await jobs.start();
  apps.push(t);
  return t;
}

beforeAll(async () => {
  database = await createTestDatabase();
  queues = createTestJobQueues(database.db);
});
afterAll(async () => {
  await queues?.close();
  for (const t of apps) await t.close();
  await database?.drop();
});

async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('playdates under concurrency and restarts', () => {
  it('twenty members requesting the same slot at once: exactly one 201, the others 409 and nothing held', async () => {
    const t = await instance(false);
    const m = await offeringModel(t);
    const members = await Promise.all(Array.from({ length: 20 }, () => premiumWith(t, 500)));
    const slot = await firstSlot(t, m, members[0]!, 30);
    const answers = await Promise.all(members.map((member) => requestAt(t, m, member, 30, slot)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().error.code).toBe('PLAYDATE_SLOT_TAKEN');
    const held = await t.deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'playdate_hold' AND model_id = $1`, [m.modelId]);
    expect(held[0]!.n).toBe(1);
    await expectLedgerConsistent(t.deps.db);
  });

  it('a restart between accept and start still starts it once and captures once', async () => {
    const first = await instance(true);
    const m = await offeringModel(first);
    const member = await premiumWith(first, 500);
    const slot = await firstSlot(first, m, member, 5);
    const id = Playdate.parse((await requestAt(first, m, member, 5, slot)).json()).id;
    expect((await call(first, 'POST', `/studio/playdates/${id}/accept`, m.model, { starts_at: null })).statusCode).toBe(200);
    // The instance goes away before the start: its queue stops, its app closes (the database stays).
    await queues.stop();
    clock = slot * 1000 + 1000;
    const second = await instance(true);
    const third = await instance(true);
    // Whichever runs first (the start job, or a sweep on either instance), it starts once.
    await Promise.all([second.services.playdates.sweep(), third.services.playdates.sweep(), second.services.playdates.startIfDue(id)]);
    await until('live', async () => (await statusOf(second, id)) === 'live');
    expect(await bookings(second, id)).toEqual(['hold', 'capture']);
    await expectLedgerConsistent(second.deps.db);
  });
});
