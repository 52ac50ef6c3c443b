import { afterAll, beforeAll, expect, it } from 'vitest';
import { asModel, asPremium } from '../../../test/factories';
import { createTestJobQueues, type TestJobQueues } from '../../../test/test-job-queue';
import { buildTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../../test/test-app';
import { registerPlaydateRoomsJobs } from './playdate-rooms-jobs';
import { PLAYDATE_ENDING_SOON_SECONDS } from './playdate-rooms.service';
import { changeStatus, insertPlaydate } from '../../../test/modules/playdate-rooms';

// The "ending soon" line on a running job queue: queued when the playdate goes live, due two minutes before its end.

let database: TestDatabase;
let queues: TestJobQueues;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  queues = createTestJobQueues(database.db);
  const jobs = queues.instance();
  t = await buildTestApp({ db: database.db, jobs });
  await registerPlaydateRoomsJobs(jobs, t.services.playdateRooms);
  await jobs.start();
}, 30_000);
afterAll(async () => {
  await queues?.close();
  await t?.close();
  await database?.drop();
});

it('writes "ending soon" into the room two minutes before the end, once', async () => {
  const model = await asModel(t);
  const member = await asPremium(t);
  // Three minutes long, ending in 2 minutes and 1 second: the line is due in a second.
  const startsAt = new Date(Date.now() + (PLAYDATE_ENDING_SOON_SECONDS + 1 - 3 * 60) * 1000);
  const id = await insertPlaydate(t.deps.db, { modelId: model.user.model_id!, memberId: member.id, status: 'scheduled', startsAt, durationMinutes: 3 });
  await changeStatus(t, id, 'live');
  const lines = async () =>
    (await t.deps.db.query<{ system_key: string | null }>('SELECT system_key FROM playdate_messages WHERE playdate_id = $1 ORDER BY id', [id])).map((r) => r.system_key);
  let seen: Array<string | null> = [];
  const started = Date.now();
  while (!seen.includes('ending_soon') && Date.now() - started < 30_000) {
    seen = await lines();
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(seen).toEqual(['started', 'ending_soon']);
}, 60_000);
