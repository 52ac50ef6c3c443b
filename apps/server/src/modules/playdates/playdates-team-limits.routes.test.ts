import { DEFAULT_PLAYDATE_LIMITS, PlaydateLimits, StudioPlaydates } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, asModel, asTeam, asVisitor, type LoggedIn } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { call, offeringModel, type OfferingModel } from '../../../test/modules/playdates';

// GET and PUT /team/playdate-limits (decisions 040–043: models set prices and durations "within limits the team sets"): a team
// member reads and sets them, offers outside new limits are brought inside, everyone else is refused, bad bodies name
// their field and change nothing.

const clock = Date.parse('2030-05-01T10:02:00Z');
let t: TestApp;
let team: LoggedIn;

const NEW_LIMITS: PlaydateLimits = {
  price_per_minute_min: 8,
  price_per_minute_max: 9,
  durations: [10, 15, 20, 90],
  request_expiry_minutes: 90,
  start_grace_minutes: 3,
  extension_window_seconds: 60,
  house_share_percent: 35,
};

const readLimits = async (who: LoggedIn = team) => {
  const res = await call(t, 'GET', '/team/playdate-limits', who);
  expect(res.statusCode, res.body).toBe(200);
  return PlaydateLimits.parse(res.json());
};

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock) });
  team = await asTeam(t);
});
afterAll(async () => {
  await t?.close();
});

describe('the team playdate limits', () => {
  let m: OfferingModel;

  it('a team member reads the defaults, sets new limits and reads them back; offers outside are brought inside', async () => {
    // PRICE 10 a minute, durations 5, 10, 15 and 30 (the helpers' offer), inside the defaults.
    m = await offeringModel(t);
    expect(await readLimits()).toEqual(DEFAULT_PLAYDATE_LIMITS);

    const res = await call(t, 'PUT', '/team/playdate-limits', team, NEW_LIMITS);
    expect(res.statusCode, res.body).toBe(200);
    expect(PlaydateLimits.parse(res.json())).toEqual(NEW_LIMITS);
    expect(await readLimits()).toEqual(NEW_LIMITS);
    // Another team member sees the same limits.
    expect(await readLimits(await asTeam(t))).toEqual(NEW_LIMITS);

    const studio = await call(t, 'GET', '/studio/playdates', m.model);
    expect(studio.statusCode, studio.body).toBe(200);
    const seen = StudioPlaydates.parse(studio.json());
    // 10 is above the new maximum 9: clamped; 5 and 30 are not among the team's durations any more: dropped.
    expect(seen.settings).toMatchObject({ price_per_minute: 9, durations: [10, 15] });
    expect(seen.limits).toEqual(NEW_LIMITS);
  });

  it('a price below the new minimum is raised to it', async () => {
    await call(t, 'PUT', '/team/playdate-limits', team, { ...NEW_LIMITS, price_per_minute_min: 30, price_per_minute_max: 40 });
    const seen = StudioPlaydates.parse((await call(t, 'GET', '/studio/playdates', m.model)).json());
    expect(seen.settings.price_per_minute).toBe(30);
    expect((await call(t, 'PUT', '/team/playdate-limits', team, NEW_LIMITS)).statusCode).toBe(200);
  });

  it('a member and a model are 403, a visitor 401, for reading and setting', async () => {
    for (const who of [await asMember(t), await asModel(t)]) {
      expect((await call(t, 'GET', '/team/playdate-limits', who)).statusCode).toBe(403);
      expect((await call(t, 'PUT', '/team/playdate-limits', who, DEFAULT_PLAYDATE_LIMITS)).statusCode).toBe(403);
    }
    expect((await call(t, 'GET', '/team/playdate-limits', asVisitor())).statusCode).toBe(401);
    expect((await call(t, 'PUT', '/team/playdate-limits', asVisitor(), DEFAULT_PLAYDATE_LIMITS)).statusCode).toBe(401);
    expect(await readLimits()).toEqual(NEW_LIMITS);
  });

  const { durations: _durations, ...withoutDurations } = NEW_LIMITS;
  const bad: Array<[string, unknown, string]> = [
    ['the minimum above the maximum', { ...NEW_LIMITS, price_per_minute_min: 50, price_per_minute_max: 20 }, 'price_per_minute_max'],
    ['durations not ascending', { ...NEW_LIMITS, durations: [15, 10] }, 'durations'],
    ['a repeated duration', { ...NEW_LIMITS, durations: [10, 10] }, 'durations'],
    ['no durations', { ...NEW_LIMITS, durations: [] }, 'durations'],
    ['a duration over 240 minutes', { ...NEW_LIMITS, durations: [10, 300] }, 'durations'],
    ['a price of 0', { ...NEW_LIMITS, price_per_minute_min: 0 }, 'price_per_minute_min'],
    ['a price over 10000', { ...NEW_LIMITS, price_per_minute_max: 10_001 }, 'price_per_minute_max'],
    ['a request expiry under 5 minutes', { ...NEW_LIMITS, request_expiry_minutes: 4 }, 'request_expiry_minutes'],
    ['a grace over an hour', { ...NEW_LIMITS, start_grace_minutes: 61 }, 'start_grace_minutes'],
    ['an extension window under 30 s', { ...NEW_LIMITS, extension_window_seconds: 29 }, 'extension_window_seconds'],
    ['a house share over 100 %', { ...NEW_LIMITS, house_share_percent: 101 }, 'house_share_percent'],
    ['a fractional share', { ...NEW_LIMITS, house_share_percent: 35.5 }, 'house_share_percent'],
    ['a price as text', { ...NEW_LIMITS, price_per_minute_min: 'eight' }, 'price_per_minute_min'],
    ['missing durations', withoutDurations, 'durations'],
  ];

  it.each(bad)('%s is 400 naming the field and changes nothing', async (_name, body, field) => {
    const res = await call(t, 'PUT', '/team/playdate-limits', team, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {}).some((key) => key === field || key.startsWith(`${field}.`) || key.endsWith(`.${field}`))).toBe(true);
    expect(await readLimits()).toEqual(NEW_LIMITS);
    const seen = StudioPlaydates.parse((await call(t, 'GET', '/studio/playdates', m.model)).json());
    expect(seen.settings).toMatchObject({ price_per_minute: 9, durations: [10, 15] });
  });

  it('an empty body is 400', async () => {
    const res = await call(t, 'PUT', '/team/playdate-limits', team, {});
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {}).length).toBeGreaterThan(0);
    expect(await readLimits()).toEqual(NEW_LIMITS);
  });
});
