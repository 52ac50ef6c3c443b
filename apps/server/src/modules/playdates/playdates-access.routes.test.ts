import { Playdate, PlaydateRequestCheck } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, asVisitor } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { call, firstSlot, offeringModel, premiumWith, requestAt, type OfferingModel } from '../../../test/modules/playdates';

// Who may request, see and change a playdate: visitors, members who are not premium, SE users, other members, a member
// the model banned from her chat, and bad input naming its field.

const clock = Date.parse('2030-05-01T10:02:00Z');
let t: TestApp;
let m: OfferingModel;

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock) });
  m = await offeringModel(t);
});
afterAll(async () => {
  await t?.close();
});

describe('playdate access', () => {
  it('a visitor is 401, a member who is not premium 403 PLAYDATE_NOT_PREMIUM and his check says not_premium', async () => {
    const body = { duration: 5, starts_at: null, price_per_minute: 10 };
    expect((await call(t, 'POST', `/playdates/private/request/${m.cameraId}`, asVisitor(), body)).statusCode).toBe(401);
    const member = await asMember(t);
    const res = await call(t, 'POST', `/playdates/private/request/${m.cameraId}`, member, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('PLAYDATE_NOT_PREMIUM');
    const check = PlaydateRequestCheck.parse((await call(t, 'GET', `/playdates/private/request/check/${m.cameraId}`, member)).json());
    expect(check).toMatchObject({ allowed: false, refusal: 'not_premium' });
  });

  it('an SE user is 451 before anything else (the quote and the request)', async () => {
    const se = await premiumWith(t, 100);
    const slot = await firstSlot(t, m, se, 5);
    await t.deps.db.query(`UPDATE users SET registration_country = 'SE' WHERE id = $1`, [se.id]);
    expect((await call(t, 'GET', `/playdates/private/request/${m.cameraId}`, se)).statusCode).toBe(451);
    expect((await requestAt(t, m, se, 5, slot)).statusCode).toBe(451);
  });

  it('a member she banned from her chat is 403 PLAYDATE_BLOCKED', async () => {
    const banned = await premiumWith(t, 100);
    await t.deps.db.query('INSERT INTO camera_chat_bans (camera_id, user_id, banned_at) VALUES ($1, $2, $3)', [m.cameraId, banned.id, new Date(clock)]);
    const res = await requestAt(t, m, banned, 5, null);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('PLAYDATE_BLOCKED');
    const check = PlaydateRequestCheck.parse((await call(t, 'GET', `/playdates/private/request/check/${m.cameraId}`, banned)).json());
    expect(check.refusal).toBe('blocked');
  });

  it("another member's playdate is 404; a second request, a changed price, a taken or made-up start are 409; bad input names its field", async () => {
    const owner = await premiumWith(t, 500);
    const slot = await firstSlot(t, m, owner, 5);
    const id = Playdate.parse((await requestAt(t, m, owner, 5, slot)).json()).id;
    const stranger = await premiumWith(t, 500);
    for (const url of [`/playdates/private/status/${id}`, `/playdates/private/extend/${id}`]) expect((await call(t, 'GET', url, stranger)).statusCode).toBe(404);
    expect((await call(t, 'POST', `/playdates/private/${id}/cancel`, stranger)).statusCode).toBe(404);
    expect((await call(t, 'POST', `/studio/playdates/${id}/accept`, (await offeringModel(t)).model, { starts_at: null })).statusCode).toBe(404);

    const again = await requestAt(t, m, owner, 5, slot + 3600);
    expect(again.json().error.code).toBe('PLAYDATE_PENDING_REQUEST');
    expect((await requestAt(t, m, stranger, 5, slot)).json().error.code).toBe('PLAYDATE_SLOT_TAKEN');
    expect((await requestAt(t, m, stranger, 5, slot + 7)).json().error.code).toBe('PLAYDATE_SLOT_TAKEN');
    // Not live on her camera: "as soon as possible" is not free.
    expect((await requestAt(t, m, stranger, 5, null)).json().error.code).toBe('PLAYDATE_SLOT_TAKEN');
    const price = await requestAt(t, m, stranger, 5, slot + 3600, { price_per_minute: 9 });
    expect([price.statusCode, price.json().error.code]).toEqual([409, 'PLAYDATE_PRICE_CHANGED']);
    const duration = await requestAt(t, m, stranger, 7, slot + 3600);
    expect(duration.statusCode).toBe(422);
    expect(duration.json().error.fields).toHaveProperty('duration');
    const bad = await call(t, 'POST', `/playdates/private/request/${m.cameraId}`, stranger, { duration: 'five', starts_at: null, price_per_minute: 10 });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error.fields)).toContain('duration');
  });

  it('the studio refuses prices outside the limits and schedules that overlap hers; the team clamps offers', async () => {
    const res = await call(t, 'PUT', '/studio/playdates/settings', m.model, {
      private_enabled: true,
      price_per_minute: 5000,
      durations: [5],
      hours: { days: [1], from_minute: 0, to_minute: 60, time_zone: 'Europe/Berlin' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toHaveProperty('price_per_minute');
    const starts = Math.floor(clock / 1000) + 86_400;
    expect((await call(t, 'POST', '/studio/playdates/public', m.model, { title: 'Show', starts_at: starts, duration_minutes: 60 })).statusCode).toBe(201);
    const overlap = await call(t, 'POST', '/studio/playdates/public', m.model, { title: 'Show 2', starts_at: starts + 1800, duration_minutes: 60 });
    expect([overlap.statusCode, overlap.json().error.code]).toEqual([409, 'PLAYDATE_SLOT_TAKEN']);

    await t.services.playdates.setLimits({ price_per_minute_min: 20, price_per_minute_max: 50, durations: [10, 15], request_expiry_minutes: 60, start_grace_minutes: 5, extension_window_seconds: 60, house_share_percent: 30 });
    const studio = (await call(t, 'GET', '/studio/playdates', m.model)).json();
    expect(studio.settings).toMatchObject({ price_per_minute: 20, durations: [10, 15] });
  });
});
