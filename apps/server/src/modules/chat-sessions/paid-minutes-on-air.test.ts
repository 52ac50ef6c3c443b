import { CHAT_END_CODES, ChatSession, PaymentHistory, splitTip, type RoomPresence } from '@velora/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asMember, createCamera, giveCoins, goLive, type LoggedIn } from '../../../test/factories';
import { createTestJobQueues, type TestJobQueues } from '../../../test/test-job-queue';
import { createTestDatabase, type TestApp, type TestDatabase } from '../../../test/test-app';
import { liveTestInstance, type LiveTestInstance } from '../../../test/modules/cameras';
import { expectLedgerConsistent } from '../../../test/modules/coins';
import { registerChatSessionJobs } from './chat-sessions-jobs';

// Paid minutes only on air (decision record 062), on running job queues and the wall clock with short minutes: no
// minute is charged while the show is off air (its grace period), an outage that ends with the publisher back moves
// the minutes on by its length, and a show that ends offline gives the minutes without video back, once.

const MINUTE_SECONDS = 2;
const MINUTE_MS = MINUTE_SECONDS * 1000;
const PRICE = 9;
const HEARTBEAT_MS = 300;

let database: TestDatabase;
let queues: TestJobQueues;
const running: LiveTestInstance[] = [];

/** An instance of the site on the shared database: its chat and camera jobs running, its liveness started if asked. */
async function instance(options: { graceSeconds: number; liveness?: boolean }): Promise<LiveTestInstance> {
  const { t, jobs, rooms } = await liveTestInstance(database, queues, {
    heartbeatMs: HEARTBEAT_MS,
    graceSeconds: options.graceSeconds,
    env: { CHAT_MINUTE_SECONDS: String(MINUTE_SECONDS) },
  });
  // Everyone is in every room: this file is about minutes, not the exit-window check.
  const everyone = async (room: string): Promise<RoomPresence> => {
    const members = (await database.db.query<{ id: number }>('SELECT id FROM users')).map((r) => Number(r.id));
    return { room, count: members.length, users: members.length, visitors: 0, members, version: 1 };
  };
  t.deps.realtime.bind(() => undefined, everyone);
  await registerChatSessionJobs(jobs, t.services.chatSessions);
  await jobs.start();
  if (options.liveness) await t.services.instanceLiveness.start(t.services.cameras);
  running.push({ t, jobs, rooms });
  return { t, jobs, rooms };
}

beforeAll(async () => {
  database = await createTestDatabase();
  queues = createTestJobQueues(database.db);
});
afterEach(async () => {
  for (const { t } of running.splice(0)) {
    await t.services.instanceLiveness.stop({ release: false });
    await t.close();
  }
  await queues.stop();
});
afterAll(async () => {
  await queues?.close();
  await database?.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | null | false>, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== null && value !== false) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function enter(t: TestApp, member: LoggedIn, name: string): Promise<ChatSession> {
  const res = await t.app.inject({ method: 'POST', url: `/api/cameras/${name}/chat/session`, headers: member.headers, payload: { kind: 'paid', price_per_minute: PRICE } });
  expect(res.statusCode, res.body).toBe(201);
  return ChatSession.parse(res.json());
}

interface SessionRow {
  started_at: Date;
  ended_at: Date | null;
  end_code: number | null;
  minutes_charged: number;
  paid_until: Date;
  credited_seconds: number;
}
const sessionRow = async (id: number) =>
  (
    await database.db.query<SessionRow>('SELECT started_at, ended_at, end_code, minutes_charged, paid_until, credited_seconds FROM chat_sessions WHERE id = $1', [
      id,
    ])
  )[0]!;
const chargesOf = async (id: number) =>
  (
    await database.db.query<{ minute: number; charged_at: Date; refund_transaction_id: string | null }>(
      'SELECT minute, charged_at, refund_transaction_id FROM chat_session_charges WHERE session_id = $1 ORDER BY minute',
      [id],
    )
  ).map((r) => ({ minute: r.minute, at: new Date(r.charged_at).getTime(), refunded: r.refund_transaction_id !== null }));
const showOf = async (cameraId: number) =>
  (
    await database.db.query<{ off_air_since: Date | null; off_air_seconds: number; end_reason: number | null }>(
      'SELECT off_air_since, off_air_seconds, end_reason FROM camera_sessions WHERE camera_id = $1 ORDER BY id DESC LIMIT 1',
      [cameraId],
    )
  )[0]!;
/** The ledger transactions that gave a session's minutes back, with their entries by kind of account. */
const refundsOf = async (sessionId: number) =>
  database.db.query<{ id: string; kind: string; description: string; member: string; model: string; house: string }>(
    `SELECT t.id, t.kind, t.description,
            SUM(e.amount) FILTER (WHERE a.kind = 'member') AS member,
            SUM(e.amount) FILTER (WHERE a.kind = 'model') AS model,
            SUM(e.amount) FILTER (WHERE a.kind = 'house') AS house
       FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id JOIN ledger_accounts a ON a.id = e.account_id
      WHERE t.idempotency_key = $1 GROUP BY t.id, t.kind, t.description`,
    [`chat:${sessionId}:refund`],
  );
const modelName = async (modelId: number) => (await database.db.query<{ name_en: string }>('SELECT name_en FROM models WHERE id = $1', [modelId]))[0]!.name_en;
const time = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

// Each test waits through several short minutes on a shared machine.
describe('paid minutes only on air', { timeout: 60_000 }, () => {
  it('charges nothing while the show is off air, and goes on when the publisher is back with the outage credited', async () => {
    const { t } = await instance({ graceSeconds: 60 });
    const camera = await createCamera(t, { price: PRICE });
    await goLive(t, camera.id);
    const member = await asMember(t);
    await giveCoins(t, member.id, 100);
    const session = await enter(t, member, camera.name);
    // Right after a charge, so no charge is under way when the video goes away.
    const charged = await until('minute 2', async () => ((await sessionRow(session.id)).minutes_charged >= 2 ? (await sessionRow(session.id)).minutes_charged : null));
    await t.services.cameras.handleMediaEvent({ type: 'publisher-down', room: camera.id });
    const offAirSince = time((await showOf(camera.id)).off_air_since)!;

    // More than two minutes' time off air: the minute jobs find the show off air and charge nothing.
    await sleep(2 * MINUTE_MS + 500);
    expect((await sessionRow(session.id)).minutes_charged).toBe(charged);

    await t.services.cameras.handleMediaEvent({ type: 'publisher-up', room: camera.id, source: 'whip' });
    const backAt = Date.now();
    const outage = (await showOf(camera.id)).off_air_seconds;
    expect(outage).toBeGreaterThanOrEqual(Math.floor((backAt - offAirSince) / 1000));
    // Credited at once (the show's back-on-air hook): all of the outage, as he was there before it.
    const credited = await until('the credit', async () => {
      const row = await sessionRow(session.id);
      return row.credited_seconds > 0 ? row : null;
    });
    expect(credited.credited_seconds).toBe(outage);
    expect(time(credited.paid_until)).toBe(time(credited.started_at)! + outage * 1000 + charged * MINUTE_MS);
    expect(ChatSession.parse((await t.app.inject({ method: 'GET', url: `/api/cameras/${camera.name}/chat`, headers: member.headers })).json().session).paid_until).toBe(
      Math.floor(time(credited.paid_until)! / 1000),
    );

    // Charged on from there, at the credited minute's end.
    await until('the next minute', async () => (await sessionRow(session.id)).minutes_charged > charged);
    const charges = await chargesOf(session.id);
    expect(charges.filter((c) => c.at > offAirSince && c.at < backAt)).toEqual([]);
    expect(charges.find((c) => c.minute === charged + 1)!.at).toBeGreaterThanOrEqual(time(credited.paid_until)!);
    expect(await t.services.coins.balance(member.id)).toBe(100 - PRICE * (await sessionRow(session.id)).minutes_charged);
  });

  it('a show that ends offline ends its paid sessions with 5 and gives the minute the video went away in back, once, in the member\'s language', async () => {
    const { t } = await instance({ graceSeconds: 1 });
    const camera = await createCamera(t, { price: PRICE });
    await goLive(t, camera.id);
    const english = await asMember(t);
    const german = await asMember(t, { language: 'de' });
    for (const m of [english, german]) await giveCoins(t, m.id, 100);
    const sessions = [await enter(t, english, camera.name), await enter(t, german, camera.name)];
    await until('minute 2 of both', async () => {
      for (const s of sessions) if ((await sessionRow(s.id)).minutes_charged < 2) return null;
      return true;
    });
    await t.services.cameras.handleMediaEvent({ type: 'publisher-down', room: camera.id });
    await until('the show ended offline', async () => (await showOf(camera.id)).end_reason === 5);
    const split = splitTip(PRICE, t.deps.config.modelSharePercent);
    const name = await modelName(camera.model_id);

    for (const [s, member] of [[sessions[0]!, english], [sessions[1]!, german]] as const) {
      const row = await until('the session ended', async () => {
        const r = await sessionRow(s.id);
        return r.ended_at ? r : null;
      });
      expect(row.end_code).toBe(CHAT_END_CODES.offline);
      // Minute 2 was under way when the video went away; minute 1 was on air to its end.
      expect((await chargesOf(s.id)).map((c) => [c.minute, c.refunded])).toEqual([
        [1, false],
        [2, true],
      ]);
      const refunds = await refundsOf(s.id);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ kind: 'refund' });
      expect([Number(refunds[0]!.member), Number(refunds[0]!.model), Number(refunds[0]!.house)]).toEqual([PRICE, -split.model, -split.house]);
      expect(await t.services.coins.balance(member.id)).toBe(100 - PRICE);

      const room = await t.app.inject({ method: 'GET', url: `/api/cameras/${camera.name}/chat`, headers: member.headers });
      expect(room.json().session).toBeNull();
      const history = PaymentHistory.parse((await t.app.inject({ method: 'GET', url: '/api/user/get_payment_history?page=1', headers: member.headers })).json());
      expect(history.items[0]).toMatchObject({ kind: 'refund', coins: PRICE, status: 'succeeded', model_name: name });
    }
    expect((await refundsOf(sessions[0]!.id))[0]!.description).toBe(`Refund: paid chat with ${name}, minute 2 (the video stopped)`);
    expect((await refundsOf(sessions[1]!.id))[0]!.description).toBe(`Erstattung: Bezahlchat mit ${name}, Minute 2 (das Video ist ausgefallen)`);

    // The end told again, the sweep: nothing given back twice.
    await t.services.chatSessions.showEnded(camera.id, CHAT_END_CODES.offline);
    await t.services.chatSessions.chargeDue();
    for (const s of sessions) expect(await refundsOf(s.id)).toHaveLength(1);
    expect((await t.services.coins.modelEarnings(camera.model_id)).balance).toBe(2 * split.model);
    await expectLedgerConsistent(database.db);
  });

  it('a member who enters while the show is off air is credited only the wait after his entry', async () => {
    const { t } = await instance({ graceSeconds: 60 });
    const camera = await createCamera(t, { price: PRICE });
    await goLive(t, camera.id);
    await t.services.cameras.handleMediaEvent({ type: 'publisher-down', room: camera.id });
    const member = await asMember(t);
    await giveCoins(t, member.id, 100);
    await sleep(1_200);
    const session = await enter(t, member, camera.name);
    await sleep(1_100);
    await t.services.cameras.handleMediaEvent({ type: 'publisher-up', room: camera.id, source: 'whip' });
    const backAt = Date.now();
    const row = await until('the credit', async () => {
      const r = await sessionRow(session.id);
      return r.credited_seconds > 0 ? r : null;
    });
    const outage = (await showOf(camera.id)).off_air_seconds;
    expect(row.credited_seconds).toBeGreaterThanOrEqual(Math.floor((backAt - time(row.started_at)!) / 1000));
    expect(row.credited_seconds).toBeLessThan(outage);
    expect(time(row.paid_until)).toBe(time(row.started_at)! + row.credited_seconds * 1000 + MINUTE_MS);
  });

  it('when the instance holding the room stops reporting, another ends its paid sessions after the grace, and no minute after its last heartbeat stands', async () => {
    const a = await instance({ graceSeconds: 1, liveness: true });
    await instance({ graceSeconds: 1, liveness: true });
    const camera = await createCamera(a.t, { price: PRICE });
    a.rooms.publishing.add(camera.id);
    await goLive(a.t, camera.id);
    const member = await asMember(a.t);
    await giveCoins(a.t, member.id, 100);
    const session = await enter(a.t, member, camera.name);
    await until('minute 2', async () => (await sessionRow(session.id)).minutes_charged >= 2);

    // A dies: no heartbeat, no job, no goodbye.
    await a.t.services.instanceLiveness.stop({ release: false });
    await a.jobs.stop();
    const lastBeat = time(
      (await database.db.query<{ heartbeat_at: Date }>('SELECT heartbeat_at FROM live_instances WHERE id = $1', [a.t.services.instanceLiveness.id]))[0]!.heartbeat_at,
    )!;

    const ended = await until('the session ended', async () => {
      const r = await sessionRow(session.id);
      return r.ended_at ? r : null;
    });
    expect(ended.end_code).toBe(CHAT_END_CODES.offline);
    expect(time((await showOf(camera.id)).off_air_since)).toBe(lastBeat);
    const charges = await chargesOf(session.id);
    const start = time(ended.started_at)! + ended.credited_seconds * 1000;
    // Every minute that stands was on air to its end; the one A died in, and any charged after, are given back.
    for (const c of charges) expect(c.refunded, `minute ${c.minute}`).toBe(start + c.minute * MINUTE_MS > lastBeat);
    expect(charges.filter((c) => c.at > lastBeat && !c.refunded)).toEqual([]);
    expect(charges.some((c) => c.refunded)).toBe(true);
    expect(await a.t.services.coins.balance(member.id)).toBe(100 - PRICE * charges.filter((c) => !c.refunded).length);
    await expectLedgerConsistent(database.db);
  });
});
