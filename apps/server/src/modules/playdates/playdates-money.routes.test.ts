import { Playdate, PlaydateExtendOffer, PlaydateQuote, PlaydateStatusView, PLAYDATE_EVENTS, type PlaydateStatusEvent } from '@velora/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { accountBalance, expectLedgerConsistent } from '../../../test/modules/coins';
import { PRICE, bookings, call, firstSlot, offeringModel, premiumWith, requestAt, statusOf } from '../../../test/modules/playdates';

// The money of private playdates through the API, on a clock the tests move (the jobs' steps are called as the jobs
// and the sweep call them): held at the request, captured at the start, paid at an extension, released when declined,
// withdrawn or expired, refunded when the model misses it. The whole ledger sums to zero after each.

let clock = Date.parse('2030-05-01T10:02:00Z');
let t: TestApp;
const pushes: Array<{ room: string; event: string; payload: unknown }> = [];

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock) });
  t.deps.realtime.bind(
    (room, event, payload) => void pushes.push({ room, event, payload }),
    async (room) => ({ room, count: 0, users: 0, visitors: 0, members: [], version: 1 }),
  );
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  pushes.length = 0;
});

const holds = () => accountBalance(t.deps.db, { kind: 'holds' as never });
const balance = (userId: number) => accountBalance(t.deps.db, { userId });

describe('a private playdate from request to end', () => {
  it('holds the coins at the request, captures them at the start, charges an extension and ends', async () => {
    const m = await offeringModel(t);
    const member = await premiumWith(t, 1000);
    const holdsBefore = await holds();
    const slot = await firstSlot(t, m, member, 10);

    const quote = PlaydateQuote.parse((await call(t, 'GET', `/playdates/private/request/${m.cameraId}?duration=10`, member)).json());
    expect(quote).toMatchObject({ coins: 10 * PRICE, balance: 1000, can_afford: true, asap: false, price_per_minute: PRICE });

    const res = await requestAt(t, m, member, 10, slot, { message: 'Hello there' });
    expect(res.statusCode, res.body).toBe(201);
    const requested = Playdate.parse(res.json());
    expect(requested).toMatchObject({ status: 'requested', coins: 100, starts_at: slot, message: 'Hello there', kind: 'private' });
    expect(await balance(member.id)).toBe(900);
    expect((await holds()) - holdsBefore).toBe(100);
    // The model's accounts hear of the request.
    expect(pushes.some((p) => p.room === `user:${m.model.id}` && p.event === PLAYDATE_EVENTS.request)).toBe(true);

    const accepted = await call(t, 'POST', `/studio/playdates/${requested.id}/accept`, m.model, { starts_at: null });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(Playdate.parse(accepted.json())).toMatchObject({ status: 'scheduled', starts_at: slot });
    expect(pushes.some((p) => p.room === `playdate:${requested.id}` && p.event === PLAYDATE_EVENTS.status)).toBe(true);

    // Not yet: the start job early does nothing.
    expect(await t.services.playdates.startIfDue(requested.id)).toBeNull();
    clock = slot * 1000;
    await t.services.playdates.sweep();
    expect(await statusOf(t, requested.id)).toBe('live');
    expect((await holds()) - holdsBefore).toBe(0);
    const modelShare = await accountBalance(t.deps.db, { modelId: m.modelId });
    expect(modelShare).toBe(60); // 40 % to the house by default
    await t.services.playdates.modelPublished(requested.id);

    // The end: finished, extendable for the window.
    clock += 10 * 60_000;
    await t.services.playdates.sweep();
    expect(await statusOf(t, requested.id)).toBe('finished');
    const offer = PlaydateExtendOffer.parse((await call(t, 'GET', `/playdates/private/extend/${requested.id}`, member)).json());
    expect(offer.open_until).toBe(Math.floor(clock / 1000) + 120);
    expect(offer.options.find((o) => o.duration === 5)).toMatchObject({ coins: 50, available: true });

    clock += 30_000;
    const extended = await call(t, 'POST', `/playdates/private/extend/${requested.id}`, member, { duration: 5 }, { 'idempotency-key': 'ext-1' });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(Playdate.parse(extended.json())).toMatchObject({ status: 'live', extensions: 1, coins: 150 });
    expect(await balance(member.id)).toBe(850);
    expect(await accountBalance(t.deps.db, { modelId: m.modelId })).toBe(90);

    // The extension's minutes run from now, booked in whole minutes from the start: it ends within a minute after.
    clock += 6 * 60_000;
    await t.services.playdates.sweep();
    expect(await statusOf(t, requested.id)).toBe('finished');
    // A repeated step books nothing twice.
    await t.services.playdates.startIfDue(requested.id);
    await t.services.playdates.sweep();
    expect(await bookings(t, requested.id)).toEqual(['hold', 'capture', 'extend:1']);
    await expectLedgerConsistent(t.deps.db);

    // Past the window: closed.
    clock += 10 * 60_000;
    const late = await call(t, 'POST', `/playdates/private/extend/${requested.id}`, member, { duration: 5 }, { 'idempotency-key': 'ext-2' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('PLAYDATE_EXTENSION_CLOSED');
  });

  it('a declined request releases exactly what was held', async () => {
    const m = await offeringModel(t);
    const member = await premiumWith(t, 500);
    const holdsBefore = await holds();
    const res = await requestAt(t, m, member, 15, await firstSlot(t, m, member, 15));
    expect(res.statusCode, res.body).toBe(201);
    const id = Playdate.parse(res.json()).id;
    expect(await balance(member.id)).toBe(350);
    const declined = await call(t, 'POST', `/studio/playdates/${id}/decline`, m.model, { reason: 'Busy that day' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(Playdate.parse(declined.json()).status).toBe('declined');
    expect(await balance(member.id)).toBe(500);
    expect(await holds()).toBe(holdsBefore);
    // Twice: 409, nothing booked again.
    expect((await call(t, 'POST', `/studio/playdates/${id}/decline`, m.model, {})).statusCode).toBe(409);
    expect(await bookings(t, id)).toEqual(['hold', 'release']);
    await expectLedgerConsistent(t.deps.db);
  });

  it('an unanswered request expires and releases its coins; the member may withdraw one', async () => {
    const m = await offeringModel(t);
    const member = await premiumWith(t, 300);
    // A start two days on: it expires after request_expiry_minutes (a day), not at its start.
    const quote = PlaydateQuote.parse((await call(t, 'GET', `/playdates/private/request/${m.cameraId}?duration=5`, member)).json());
    const later = quote.slots.find((s) => s.starts_at * 1000 > clock + 2 * 86_400_000)!.starts_at;
    const id = Playdate.parse((await requestAt(t, m, member, 5, later)).json()).id;
    expect(await balance(member.id)).toBe(250);
    clock += 23 * 3_600_000;
    await t.services.playdates.sweep();
    expect(await statusOf(t, id)).toBe('requested');
    clock += 3_600_000;
    await t.services.playdates.sweep();
    expect(await statusOf(t, id)).toBe('expired');
    expect(await balance(member.id)).toBe(300);

    const again = Playdate.parse((await requestAt(t, m, member, 5, await firstSlot(t, m, member, 5))).json());
    expect(await balance(member.id)).toBe(250);
    const withdrawn = await call(t, 'POST', `/playdates/private/${again.id}/cancel`, member);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(Playdate.parse(withdrawn.json()).status).toBe('cancelled');
    expect(await balance(member.id)).toBe(300);
    await expectLedgerConsistent(t.deps.db);
  });

  it('a playdate the model does not come to is missed and refunded in full', async () => {
    const m = await offeringModel(t);
    const member = await premiumWith(t, 400);
    const houseBefore = await accountBalance(t.deps.db, { kind: 'house' });
    const slot = await firstSlot(t, m, member, 30);
    const id = Playdate.parse((await requestAt(t, m, member, 30, slot)).json()).id;
    await call(t, 'POST', `/studio/playdates/${id}/accept`, m.model, { starts_at: null });
    clock = slot * 1000;
    await t.services.playdates.sweep();
    expect(await statusOf(t, id)).toBe('live');
    expect(await balance(member.id)).toBe(100);
    clock += 9 * 60_000;
    await t.services.playdates.sweep();
    expect(await statusOf(t, id)).toBe('live');
    clock += 60_000;
    await t.services.playdates.sweep();
    expect(await statusOf(t, id)).toBe('missed');
    expect(await balance(member.id)).toBe(400);
    expect(await accountBalance(t.deps.db, { modelId: m.modelId })).toBe(0);
    expect(await accountBalance(t.deps.db, { kind: 'house' })).toBe(houseBefore);
    expect(await bookings(t, id)).toEqual(['hold', 'capture', 'refund']);
    const status = PlaydateStatusView.parse((await call(t, 'GET', `/playdates/private/status/${id}`, member)).json());
    expect(status.status).toBe('missed');
    const pushed = pushes.filter((p) => p.event === PLAYDATE_EVENTS.status).map((p) => (p.payload as PlaydateStatusEvent).status.status);
    expect(pushed).toContain('missed');
    await expectLedgerConsistent(t.deps.db);
  });

  it('without the coins a request is 409 INSUFFICIENT_COINS and writes nothing', async () => {
    const m = await offeringModel(t);
    const member = await premiumWith(t, 20);
    const res = await requestAt(t, m, member, 5, await firstSlot(t, m, member, 5));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('INSUFFICIENT_COINS');
    expect(await t.deps.db.query('SELECT id FROM playdates WHERE member_id = $1', [member.id])).toEqual([]);
    expect(await balance(member.id)).toBe(20);
  });

  it('payment history shows the held coins and their return', async () => {
    const m = await offeringModel(t);
    const member = await premiumWith(t, 200);
    const id = Playdate.parse((await requestAt(t, m, member, 5, await firstSlot(t, m, member, 5))).json()).id;
    await call(t, 'POST', `/studio/playdates/${id}/decline`, m.model, {});
    const history = (await call(t, 'GET', '/user/get_payment_history', member)).json() as { items: Array<{ kind: string; coins: number; description: string }> };
    expect(history.items.slice(0, 2).map((i) => [i.kind, i.coins])).toEqual([
      ['refund', 50],
      ['private_playdate', -50],
    ]);
  });
});
