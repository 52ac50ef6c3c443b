import { CHAT_END_CODES, ChatSession, REALTIME_CHAT_EVENTS, REALTIME_MONEY_EVENTS, type RoomPresence } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, createCamera, giveCoins, goLive, type LoggedIn } from '../../../test/factories';
import { createTestJobQueues, type TestJobQueues } from '../../../test/test-job-queue';
import { buildTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../../test/test-app';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { registerChatSessionJobs } from './chat-sessions-jobs';

// Paid chat minutes on a running job queue and the wall clock, with short minutes (CHAT_MINUTE_SECONDS): every minute
// charged exactly once, none skipped, also when the instance that charges goes away mid-session.

const MINUTE_SECONDS = 2;
const PRICE = 7;

let database: TestDatabase;
let queues: TestJobQueues;
const apps: TestApp[] = [];
const pushes: Array<{ room: string; event: string; payload: unknown }> = [];

/** An instance of the site on the shared database, with its own job queue (started or not). */
async function instance(options: { start: boolean; minuteSeconds?: number }): Promise<{ t: TestApp; jobs: JobQueue }> {
  const jobs = queues.instance();
  const t = await buildTestApp({ db: database.db, jobs, env: { CHAT_MINUTE_SECONDS: String(options.minuteSeconds ?? MINUTE_SECONDS) } });
  // Everyone is in the room: this file is about minutes, not the exit-window check.
  const everyone = async (room: string): Promise<RoomPresence> => {
    const members = (await database.db.query<{ id: number }>('SELECT id FROM users')).map((r) => Number(r.id));
    return { room, count: members.length, users: members.length, visitors: 0, members, version: 1 };
  };
  t.deps.realtime.bind((room, event, payload) => void pushes.push({ room, event, payload }), everyone);
  await registerChatSessionJobs(jobs, t.services.chatSessions);
  if (options.start) await jobs.start();
  apps.push(t);
  return { t, jobs };
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

async function paidCamera(t: TestApp, price = PRICE) {
  const camera = await createCamera(t, { price });
  await goLive(t, camera.id);
  return camera;
}

async function enter(t: TestApp, member: LoggedIn, name: string, price = PRICE) {
  const res = await t.app.inject({ method: 'POST', url: `/api/cameras/${name}/chat/session`, headers: member.headers, payload: { kind: 'paid', price_per_minute: price } });
  return res;
}

async function until<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const sessionRow = async (id: number) =>
  (await database.db.query<{ minutes_charged: number; end_code: number | null; ended_at: Date | null }>('SELECT minutes_charged, end_code, ended_at FROM chat_sessions WHERE id = $1', [id]))[0]!;
const chargesOf = async (id: number) =>
  (await database.db.query<{ minute: number; charged_at: Date }>('SELECT minute, charged_at FROM chat_session_charges WHERE session_id = $1 ORDER BY minute', [id])).map((r) => ({
    minute: r.minute,
    at: new Date(r.charged_at).getTime(),
  }));
const ledgerMinutes = async (userId: number) =>
  (await database.db.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'paid_chat' AND user_id = $1", [userId]))[0]!.n;

describe('paid chat minutes', () => {
  it('a paid session of 3 minutes charges exactly 3 minutes, one ledger transaction each, and pushes each charge', async () => {
    const { t } = await instance({ start: true });
    const camera = await paidCamera(t);
    const member = await asMember(t);
    await giveCoins(t, member.id, 100);
    const res = await enter(t, member, camera.name);
    expect(res.statusCode, res.body).toBe(201);
    const session = ChatSession.parse(res.json());
    expect(session).toMatchObject({ kind: 'paid', minutes_charged: 1, coins_charged: PRICE, price_per_minute: PRICE });

    await until('minute 3', async () => ((await sessionRow(session.id)).minutes_charged >= 3 ? true : null));
    const left = await t.app.inject({ method: 'POST', url: `/api/cameras/${camera.name}/chat/session/end`, headers: member.headers, payload: { code: 202 } });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toMatchObject({ state: 'ended', end_code: 202, minutes_charged: 3, coins_charged: 3 * PRICE });
    // Past the start of what would have been minute 4: nothing more.
    await new Promise((r) => setTimeout(r, MINUTE_SECONDS * 1000 + 500));
    expect((await chargesOf(session.id)).map((c) => c.minute)).toEqual([1, 2, 3]);
    expect(await ledgerMinutes(member.id)).toBe(3);
    expect(await t.services.coins.balance(member.id)).toBe(100 - 3 * PRICE);
    // The model's share, recorded as with tips.
    expect((await t.services.coins.modelEarnings(camera.model_id)).balance).toBe(3 * Math.floor((PRICE * t.deps.config.modelSharePercent) / 100));

    const mine = pushes.filter((p) => p.room === `user:${member.id}`);
    const charged = mine.filter((p) => p.event === REALTIME_CHAT_EVENTS.session).map((p) => (p.payload as { session: ChatSession }).session.minutes_charged);
    expect(charged).toEqual([1, 2, 3, 3]);
    expect(mine.filter((p) => p.event === REALTIME_MONEY_EVENTS.balance).map((p) => p.payload)).toContainEqual({ coins: 100 - 3 * PRICE });
  });

  it('a balance that runs out mid-session ends it with 17 and charges nothing more', async () => {
    const { t } = await instance({ start: true });
    const camera = await paidCamera(t);
    const member = await asMember(t);
    await giveCoins(t, member.id, 2 * PRICE + 3);
    const session = ChatSession.parse((await enter(t, member, camera.name)).json());
    const ended = await until('the end', async () => {
      const row = await sessionRow(session.id);
      return row.ended_at ? row : null;
    });
    expect(ended).toMatchObject({ end_code: CHAT_END_CODES.noCredit, minutes_charged: 2 });
    await new Promise((r) => setTimeout(r, MINUTE_SECONDS * 1000 + 500));
    expect((await chargesOf(session.id)).map((c) => c.minute)).toEqual([1, 2]);
    expect(await t.services.coins.balance(member.id)).toBe(3);
    const last = pushes.filter((p) => p.room === `user:${member.id}` && p.event === REALTIME_CHAT_EVENTS.session).at(-1)!.payload as { session: ChatSession };
    expect(last.session).toMatchObject({ state: 'ended', end_code: 17 });
  });

  it('50 members entering one paid room at once each pay exactly their first minute', async () => {
    const { t } = await instance({ start: false, minuteSeconds: 600 });
    const camera = await paidCamera(t);
    const members = await Promise.all(Array.from({ length: 50 }, () => asMember(t)));
    for (const m of members) await giveCoins(t, m.id, 5 * PRICE);
    // Each enters twice at once too (a double click): still one session, one minute.
    const answers = await Promise.all(members.flatMap((m) => [enter(t, m, camera.name), enter(t, m, camera.name)]));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    for (const m of members) {
      expect(await t.services.coins.balance(m.id)).toBe(4 * PRICE);
      expect(await ledgerMinutes(m.id)).toBe(1);
    }
    const [counts] = await database.db.query<{ sessions: number; charges: number }>(
      'SELECT count(DISTINCT s.id)::int AS sessions, count(c.*)::int AS charges FROM chat_sessions s JOIN chat_session_charges c ON c.session_id = s.id WHERE s.camera_id = $1',
      [camera.id],
    );
    expect(counts).toEqual({ sessions: 50, charges: 50 });
  });

  it('when the instance that charges a session closes mid-session, the other continues with no minute skipped or repeated', async () => {
    // Only these two instances work the queue from here on.
    await queues.stop();
    const a = await instance({ start: true });
    const b = await instance({ start: false });
    const camera = await paidCamera(a.t);
    const member = await asMember(a.t);
    await giveCoins(a.t, member.id, 100);
    const session = ChatSession.parse((await enter(a.t, member, camera.name)).json());
    await until('minute 2 on a', async () => ((await sessionRow(session.id)).minutes_charged >= 2 ? true : null));

    // A goes away (its queue stops, its app closes); the next minute's job waits in the shared database.
    await a.jobs.stop();
    await a.t.app.close();
    const closedAt = Date.now();
    await b.jobs.start();
    await until('minute 4 on b', async () => ((await sessionRow(session.id)).minutes_charged >= 4 ? true : null));
    const left = await b.t.app.inject({ method: 'POST', url: `/api/cameras/${camera.name}/chat/session/end`, headers: member.headers, payload: { code: 202 } });
    expect(left.statusCode, left.body).toBe(200);
    const minutes = (left.json() as ChatSession).minutes_charged;

    const charges = await chargesOf(session.id);
    expect(charges.map((c) => c.minute)).toEqual(Array.from({ length: minutes }, (_, i) => i + 1));
    expect(charges.filter((c) => c.at > closedAt).length).toBeGreaterThanOrEqual(2);
    expect(await ledgerMinutes(member.id)).toBe(minutes);
    expect(await b.t.services.coins.balance(member.id)).toBe(100 - minutes * PRICE);
  });
});
