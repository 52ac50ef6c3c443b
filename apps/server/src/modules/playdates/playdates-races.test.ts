import { ChatSession, INSUFFICIENT_COINS, PLAYDATE_ERROR_CODES, Playdate, PlaydateQuote } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goLive } from '../../../test/factories';
import { answerOf, raceRunner, stepOf, successes } from '../../../test/races';
import { buildTestApp, TEST_ENGINE, type TestApp } from '../../../test/test-app';
import { accountBalance, expectLedgerConsistent } from '../../../test/modules/coins';
import { playdatesRepository } from './playdates.repository';
import { PRICE, bookings, call, firstSlot, offeringModel, premiumWith, requestAt, statusOf, type OfferingModel } from '../../../test/modules/playdates';

// Playdate money under races (decision record 063): the model's answer, the member's withdrawal, the jobs' expiry,
// capture and end, and spending elsewhere, all at once on one playdate or one balance. Nobody gets a 500: a lost race
// is a 409 saying why, and the ledger holds (every coin held, captured or released once).

const WRONG = PLAYDATE_ERROR_CODES.wrongStatus;
const START = Date.parse('2030-05-01T10:02:00Z');
let clock = START;
let t: TestApp;
const { log, race } = raceRunner();

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock), log });
});
afterAll(async () => {
  await t?.close();
});

const times = <T,>(n: number, make: () => T): T[] => Array.from({ length: n }, make);
const balance = (userId: number) => accountBalance(t.deps.db, { userId });
const accept = (m: OfferingModel, id: number) => answerOf(call(t, 'POST', `/studio/playdates/${id}/accept`, m.model, { starts_at: null }));

/** A member with `coins` and his request of `duration` minutes at her first free start. */
async function requested(m: OfferingModel, coins: number, duration: number) {
  const member = await premiumWith(t, coins);
  const res = await requestAt(t, m, member, duration, await firstSlot(t, m, member, duration));
  expect(res.statusCode, res.body).toBe(201);
  const playdate = Playdate.parse(res.json());
  return { member, id: playdate.id, startsAt: playdate.starts_at! * 1000 };
}

/** The playdate ended in one of the outcomes named by status, with that outcome's bookings and the member's coins. */
async function expectOneOf(id: number, memberId: number, outcomes: Record<string, { bookings: string[]; balance: number }>): Promise<void> {
  const status = await statusOf(t, id);
  expect(Object.keys(outcomes)).toContain(status);
  expect(await bookings(t, id)).toEqual(outcomes[status]!.bookings);
  expect(await balance(memberId)).toBe(outcomes[status]!.balance);
  await expectLedgerConsistent(t.deps.db);
}

/** Runs `fn` with the clock at `ms` (a job's moment), then puts the clock back. */
async function at<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  clock = ms;
  try {
    return await fn();
  } finally {
    clock = START;
  }
}

const cameraName = async (cameraId: number) => (await t.deps.db.query<{ name: string }>('SELECT name FROM cameras WHERE id = $1', [cameraId]))[0]!.name;

describe(`a private playdate raced on ${TEST_ENGINE}`, () => {
  it('the model accepting four times while the member withdraws four times: no 500, withdrawn, every held coin back', async () => {
    const m = await offeringModel(t);
    const { member, id } = await requested(m, 500, 10);
    const cancel = () => answerOf(call(t, 'POST', `/playdates/private/${id}/cancel`, member));
    await race([...times(4, () => accept(m, id)), ...times(4, cancel)], [WRONG]);
    // Whichever came first, his withdrawal stands: before the accept from requested, after it from scheduled.
    await expectOneOf(id, member.id, { cancelled: { bookings: ['hold', 'release'], balance: 500 } });
  });

  it('the model accepting and declining the same request at once: one answer wins, the others are 409', async () => {
    const m = await offeringModel(t);
    const { member, id } = await requested(m, 500, 10);
    const decline = () => answerOf(call(t, 'POST', `/studio/playdates/${id}/decline`, m.model, { reason: 'Busy' }));
    const answers = await race([...times(4, () => accept(m, id)), ...times(4, decline)], [WRONG]);
    expect(successes(answers)).toBe(1);
    await expectOneOf(id, member.id, { scheduled: { bookings: ['hold'], balance: 400 }, declined: { bookings: ['hold', 'release'], balance: 500 } });
  });

  it('accepted at the moment it expires: started and captured, or expired and released, never both', async () => {
    const m = await offeringModel(t);
    const { member, id, startsAt } = await requested(m, 500, 10);
    // Unanswered by its wished start, a request expires then; accepted then, it starts at once.
    await at(startsAt, async () => {
      const steps = [stepOf(t.services.playdates.expireIfDue(id)), stepOf(t.services.playdates.expireIfDue(id)), stepOf(t.services.playdates.sweep())];
      await race([...times(4, () => accept(m, id)), ...steps], [WRONG]);
      await expectOneOf(id, member.id, { live: { bookings: ['hold', 'capture'], balance: 400 }, expired: { bookings: ['hold', 'release'], balance: 500 } });
    });
  });

  it('cancelled by both while the start job captures the held coins: captured once or released once', async () => {
    const m = await offeringModel(t);
    const { member, id, startsAt } = await requested(m, 500, 10);
    expect((await accept(m, id)).status).toBe(200);
    await at(startsAt, async () => {
      const cancels = [
        ...times(2, () => answerOf(call(t, 'POST', `/studio/playdates/${id}/cancel`, m.model))),
        ...times(2, () => answerOf(call(t, 'POST', `/playdates/private/${id}/cancel`, member))),
      ];
      const steps = [stepOf(t.services.playdates.startIfDue(id)), stepOf(t.services.playdates.startIfDue(id)), stepOf(t.services.playdates.sweep())];
      await race([...cancels, ...steps], [WRONG]);
      await expectOneOf(id, member.id, { live: { bookings: ['hold', 'capture'], balance: 400 }, cancelled: { bookings: ['hold', 'release'], balance: 500 } });
    });
  });

  it('extended four times while the end job finishes it: at most one extension, paid once', async () => {
    const m = await offeringModel(t);
    const { member, id, startsAt } = await requested(m, 500, 5);
    expect((await accept(m, id)).status).toBe(200);
    await at(startsAt, async () => {
      expect(await t.services.playdates.startIfDue(id)).not.toBeNull();
      await t.services.playdates.modelPublished(id);
    });
    await at(startsAt + 5 * 60_000, async () => {
      const extend = (n: number) =>
        answerOf(call(t, 'POST', `/playdates/private/extend/${id}`, member, { duration: 5 }, { 'idempotency-key': `race-extend-${id}-${n}` }));
      const steps = [stepOf(t.services.playdates.endIfDue(id)), stepOf(t.services.playdates.endIfDue(id)), stepOf(t.services.playdates.sweep())];
      // The extensions arrive just behind the end job, as a member pressing "extend" when the end screen shows.
      await race([...steps, ...[1, 2, 3, 4].map(extend)], [WRONG, PLAYDATE_ERROR_CODES.extensionClosed]);
      await expectOneOf(id, member.id, {
        live: { bookings: ['hold', 'capture', 'extend:1'], balance: 450 - 5 * PRICE },
        finished: { bookings: ['hold', 'capture'], balance: 450 },
      });
    });
  });

  it('requests to three models and six tips to them against one balance: never below zero, every coin spent once', async () => {
    const models = [await offeringModel(t), await offeringModel(t), await offeringModel(t)];
    const member = await premiumWith(t, 100);
    const slots = await Promise.all(models.map((m) => firstSlot(t, m, member, 5)));
    const requests = models.map((m, i) => answerOf(requestAt(t, m, member, 5, slots[i]!)));
    const tips = [0, 1, 2, 0, 1, 2].map((i) => answerOf(call(t, 'POST', '/coins/tip', member, { model_id: models[i]!.modelId, coins: 20 })));
    const answers = await race([...requests, ...tips], [INSUFFICIENT_COINS]);
    const held = successes(answers.slice(0, 3));
    const tipped = successes(answers.slice(3));
    expect(held * 5 * PRICE + tipped * 20).toBeLessThanOrEqual(100);
    expect(await balance(member.id)).toBe(100 - held * 5 * PRICE - tipped * 20);
    // Six tips of 20 never all fit in 100: a tip was refused for want of coins, so less than one tip is left.
    expect(await balance(member.id)).toBeLessThan(20);
    await expectLedgerConsistent(t.deps.db);
  });

  it('his paid chat minutes charged while he asks her for a private playdate: the minute and the hold both booked, once', async () => {
    const m = await offeringModel(t);
    await t.deps.db.query(`UPDATE cameras SET chat_mode = 'paid', price_per_minute = 7 WHERE id = $1`, [m.cameraId]);
    await goLive(t, m.cameraId);
    const members = await Promise.all(times(3, () => premiumWith(t, 200)));
    const sessions: number[] = [];
    for (const member of members) {
      const entered = await call(t, 'POST', `/cameras/${await cameraName(m.cameraId)}/chat/session`, member, { kind: 'paid', price_per_minute: 7 });
      expect(entered.statusCode, entered.body).toBe(201);
      sessions.push(ChatSession.parse(entered.json()).id);
    }
    // Her starts are a quarter-hour apart: each member asks for one of his own.
    const quote = PlaydateQuote.parse((await call(t, 'GET', `/playdates/private/request/${m.cameraId}?duration=10`, members[0])).json());
    const slots = quote.slots.slice(0, 3).map((s) => s.starts_at);
    await at(clock + t.deps.config.chat.minuteSeconds * 1000, async () => {
      const chat = t.services.chatSessions;
      await race(
        [...members.map((member, i) => answerOf(requestAt(t, m, member, 10, slots[i]!))), ...sessions.map((id) => stepOf(chat.chargeDue(id))), stepOf(chat.chargeDue())],
        [INSUFFICIENT_COINS],
      );
      for (const member of members) {
        const minutes = Number((await t.deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'paid_chat' AND user_id = $1`, [member.id]))[0]!.n);
        const held = (await t.deps.db.query(`SELECT id FROM playdates WHERE member_id = $1`, [member.id])).length;
        expect(minutes).toBe(2);
        expect(held).toBe(1);
        expect(await balance(member.id)).toBe(200 - 2 * 7 - 10 * PRICE);
      }
      await expectLedgerConsistent(t.deps.db);
    });
  });

  // PostgreSQL only: PGlite has one connection, so the tip would simply wait for the open transaction there.
  it.runIf(TEST_ENGINE === 'postgres')('her schedule lock does not hold up bookings for her: a tip goes through while a request holds it', async () => {
    const m = await offeringModel(t);
    const member = await premiumWith(t, 100);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holder!: (pid: number) => void;
    const holding = new Promise<number>((resolve) => (holder = resolve));
    const schedule = t.deps.db.transaction(async (tx) => {
      await playdatesRepository.lockModel(tx, m.modelId);
      holder((await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]!.pid);
      await released;
    });
    try {
      const pid = await holding;
      const tip = call(t, 'POST', '/coins/tip', member, { model_id: m.modelId, coins: 20 }).then((res) => res.statusCode);
      // Either the tip is answered, or some backend waits for the lock holder: the tip, queued behind her lock.
      let answered = false;
      const queued = async (): Promise<'queued behind her lock' | 'answered'> => {
        while (!answered) {
          const [row] = await t.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [pid]);
          if (row!.n > 0) return 'queued behind her lock';
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        return 'answered';
      };
      const first = await Promise.race([tip, queued()]);
      answered = true;
      expect(first).toBe(200);
    } finally {
      release();
      await schedule;
    }
  });
});
