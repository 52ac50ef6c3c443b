import { CHAT_END_CODES, CHAT_ERROR_CODES, ChatSession, INSUFFICIENT_COINS } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, asModel, createCamera, giveCoins, goLive, type LoggedIn } from '../../../test/factories';
import { answerOf, raceRunner, stepOf, successes } from '../../../test/races';
import { buildTestApp, TEST_ENGINE, type TestApp } from '../../../test/test-app';
import { accountBalance, expectLedgerConsistent } from '../../../test/modules/coins';

// Paid chat money under races (decision record 063): one account entering many paid rooms at once, a minute's charge
// meeting the member's leave, and the model's kick and ban meeting a charge. Nobody gets a 500, every minute is
// charged at most once and only while the session is open, and the ledger holds.

const PRICE = 7;
let clock = Date.parse('2030-05-01T12:00:00Z');
let t: TestApp;
const { log, race } = raceRunner();

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock), log });
});
afterAll(async () => {
  await t?.close();
});

const balance = (userId: number) => accountBalance(t.deps.db, { userId });
const enter = (member: LoggedIn, name: string) =>
  answerOf(t.app.inject({ method: 'POST', url: `/api/cameras/${name}/chat/session`, headers: member.headers, payload: { kind: 'paid', price_per_minute: PRICE } }));
const leave = (member: LoggedIn, name: string) =>
  answerOf(t.app.inject({ method: 'POST', url: `/api/cameras/${name}/chat/session/end`, headers: member.headers, payload: { code: 202 } }));
const charges = async (userId: number) =>
  Number((await t.deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'paid_chat' AND user_id = $1`, [userId]))[0]!.n);

async function paidCamera() {
  const model = await asModel(t);
  const camera = await createCamera(t, { modelId: model.user.model_id!, price: PRICE });
  await goLive(t, camera.id);
  return { model, camera };
}

/** A member with `coins` in the paid chat of a new live camera: its first minute charged. */
async function inPaidChat(coins: number) {
  const room = await paidCamera();
  const member = await asMember(t);
  await giveCoins(t, member.id, coins);
  const res = await t.app.inject({ method: 'POST', url: `/api/cameras/${room.camera.name}/chat/session`, headers: member.headers, payload: { kind: 'paid', price_per_minute: PRICE } });
  expect(res.statusCode, res.body).toBe(201);
  return { ...room, member, session: ChatSession.parse(res.json()) };
}

const sessionRow = async (id: number) =>
  (await t.deps.db.query<{ minutes_charged: number; end_code: number | null }>('SELECT minutes_charged, end_code FROM chat_sessions WHERE id = $1', [id]))[0]!;

describe(`paid chat raced on ${TEST_ENGINE}`, () => {
  it('one account entering five paid rooms twice each at once, with coins for three minutes: three rooms, no overdraft', async () => {
    const rooms = await Promise.all([1, 2, 3, 4, 5].map(() => paidCamera()));
    const member = await asMember(t);
    await giveCoins(t, member.id, 3 * PRICE + 2);
    const answers = await race(
      rooms.flatMap((r) => [enter(member, r.camera.name), enter(member, r.camera.name)]),
      [INSUFFICIENT_COINS, 'CONFLICT'],
    );
    // A room entered twice at once answers both calls with its one session.
    const open = await t.deps.db.query<{ camera_id: number }>('SELECT camera_id FROM chat_sessions WHERE user_id = $1 AND ended_at IS NULL', [member.id]);
    expect(open).toHaveLength(3);
    expect(successes(answers)).toBeGreaterThanOrEqual(3);
    expect(await charges(member.id)).toBe(3);
    expect(await balance(member.id)).toBe(2);
    await expectLedgerConsistent(t.deps.db);
  });

  it('the next minute charged by the job, the sweep and a second instance while the member leaves twice: charged at most once', async () => {
    const { camera, member, session } = await inPaidChat(10 * PRICE);
    clock += t.deps.config.chat.minuteSeconds * 1000;
    try {
      const chat = t.services.chatSessions;
      const answers = await race(
        [stepOf(chat.chargeDue(session.id)), stepOf(chat.chargeDue(session.id)), stepOf(chat.chargeDue()), leave(member, camera.name), leave(member, camera.name)],
        [CHAT_ERROR_CODES.noSession],
      );
      expect(successes(answers.slice(3))).toBe(1);
      const row = await sessionRow(session.id);
      expect([1, 2]).toContain(row.minutes_charged);
      expect(row.end_code).toBe(202);
      expect(await charges(member.id)).toBe(row.minutes_charged);
      expect(await balance(member.id)).toBe(10 * PRICE - row.minutes_charged * PRICE);
      await expectLedgerConsistent(t.deps.db);
    } finally {
      clock = Date.parse('2030-05-01T12:00:00Z');
    }
  });

  it('kicked and banned while his minute is charged and he enters again: the session ends once, he stays out, no charge after the end', async () => {
    const { model, camera, member, session } = await inPaidChat(10 * PRICE);
    clock += t.deps.config.chat.minuteSeconds * 1000;
    try {
      const chat = t.services.chatSessions;
      const studio = (method: 'POST' | 'PUT', url: string) => answerOf(t.app.inject({ method, url: `/api${url}`, headers: model.headers }));
      await race(
        [
          studio('POST', `/studio/camera/chat/participants/${member.id}/kick`),
          studio('PUT', `/studio/camera/chat/bans/${member.id}`),
          stepOf(chat.chargeDue(session.id)),
          stepOf(chat.chargeDue()),
          enter(member, camera.name),
        ],
        [CHAT_ERROR_CODES.banned, INSUFFICIENT_COINS],
      );
      const row = await sessionRow(session.id);
      expect(row.end_code).toBe(CHAT_END_CODES.hostKick);
      expect([1, 2]).toContain(row.minutes_charged);
      // Entering again before the ban may have opened a new session; the ban ends it (kick code) and nothing stays open.
      expect(await t.deps.db.query('SELECT id FROM chat_sessions WHERE user_id = $1 AND ended_at IS NULL', [member.id])).toEqual([]);
      const charged = await t.deps.db.query<{ n: number }>('SELECT COALESCE(SUM(minutes_charged), 0)::int AS n FROM chat_sessions WHERE user_id = $1', [member.id]);
      expect(await charges(member.id)).toBe(charged[0]!.n);
      expect(await balance(member.id)).toBe(10 * PRICE - charged[0]!.n * PRICE);
      expect((await enter(member, camera.name)).code).toBe(CHAT_ERROR_CODES.banned);
      await expectLedgerConsistent(t.deps.db);
    } finally {
      clock = Date.parse('2030-05-01T12:00:00Z');
    }
  });
});
