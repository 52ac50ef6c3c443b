import { randomUUID } from 'node:crypto';
import { Visit, VISIT_ID_HEADER } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { RATE_LIMITS } from '../../lib/rate-limits';

const CHROME_DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const createMember = (t: TestApp, username: string) => asMember(t, { username });

function trackVisit(t: TestApp, query: Record<string, string> | string = {}, headers: Record<string, string> = {}) {
  const url = typeof query === 'string' ? `/api/track/visit?${query}` : `/api/track/visit?${new URLSearchParams(query)}`;
  return t.app.inject({ method: 'GET', url, headers });
}

describe('GET /api/track/visit behind a trusted CDN (TRUST_GEO_HEADERS=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { TRUST_GEO_HEADERS: '1' } });
  });
  afterAll(() => t.close());

  it.each<{ headers: Record<string, string>; country: string | null; region: string | null; eu: boolean; international: boolean }>([
    { headers: { 'cf-ipcountry': 'DE', 'cf-region': 'Bavaria' }, country: 'DE', region: 'bavaria', eu: true, international: false },
    { headers: { 'cf-ipcountry': 'US', 'cf-region': 'Texas' }, country: 'US', region: 'texas', eu: false, international: true },
    { headers: { 'cf-ipcountry': 'US', 'cf-region': 'TX' }, country: 'US', region: 'texas', eu: false, international: true },
    { headers: { 'cf-ipcountry': 'se', 'cf-region': 'Stockholm County' }, country: 'SE', region: 'stockholm county', eu: true, international: true },
    { headers: { 'cf-ipcountry': 'AT' }, country: 'AT', region: null, eu: true, international: false },
    { headers: { 'cf-ipcountry': 'XX', 'cf-region': 'Texas' }, country: null, region: null, eu: false, international: true },
  ])('takes the location from CF-IPCountry $headers.cf-ipcountry / CF-Region $headers.cf-region', async (row) => {
    const res = await trackVisit(t, {}, row.headers);
    expect(res.statusCode).toBe(200);
    const visit = Visit.parse(res.json());
    expect(visit).toMatchObject({
      new: true,
      country: row.country,
      region: row.region,
      current_country: row.country,
      current_region: row.region,
      isEUCountry: row.eu,
      is_international: row.international,
    });
  });

  it('keeps the first visit’s country and region, and reports where this request comes from as current_*', async () => {
    const first = await trackVisit(t, {}, { 'cf-ipcountry': 'DE', 'cf-region': 'Berlin' });
    const firstId = first.headers[VISIT_ID_HEADER] as string;
    const second = await trackVisit(t, {}, { [VISIT_ID_HEADER]: firstId, 'cf-ipcountry': 'US', 'cf-region': 'Texas' });
    expect(second.json()).toMatchObject({
      new: false,
      country: 'DE',
      region: 'berlin',
      current_country: 'US',
      current_region: 'texas',
      is_international: false,
    });
    // Chained further: still the very first visit's location.
    const third = await trackVisit(t, {}, { [VISIT_ID_HEADER]: second.headers[VISIT_ID_HEADER] as string, 'cf-ipcountry': 'SE' });
    expect(third.json()).toMatchObject({ new: false, country: 'DE', region: 'berlin', current_country: 'SE', isEUCountry: true });
  });
});

describe('GET /api/track/visit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('ignores CF geo headers unless TRUST_GEO_HEADERS is on (any client could send them)', async () => {
    const res = await trackVisit(t, {}, { 'cf-ipcountry': 'DE', 'cf-region': 'Bavaria' });
    expect(res.statusCode).toBe(200);
    // The test client is on loopback: no location at all.
    expect(res.json()).toMatchObject({ country: null, region: null, current_country: null, current_region: null, isEUCountry: false, is_international: true });
  });

  it('locates a public client address with the bundled GeoIP data', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/track/visit', remoteAddress: '8.8.8.8' });
    expect(res.json()).toMatchObject({ country: 'US', current_country: 'US', isEUCountry: false, is_international: true });
  });

  it('answers a visitor with the Visit record and its id in the x-visit-id header', async () => {
    const res = await trackVisit(t, { referrer: 'https://search.example/?q=x' }, { 'user-agent': CHROME_DESKTOP });
    expect(res.statusCode).toBe(200);
    const visit = Visit.parse(res.json());
    expect(res.headers[VISIT_ID_HEADER]).toBe(visit.id);
    expect(visit).toMatchObject({ new: true, browser: 'Chrome', is_mobile: false, campaign: null });
  });

  it('recognises a mobile browser', async () => {
    const res = await trackVisit(t, {}, { 'user-agent': SAFARI_IPHONE });
    expect(res.json()).toMatchObject({ browser: 'Safari', is_mobile: true });
  });

  it('copes without a user agent', async () => {
    const res = await trackVisit(t);
    expect(res.json()).toMatchObject({ browser: null, is_mobile: false });
  });

  it.each([
    ['campaign=spring_sale', { id: 'spring_sale' }],
    ['utm_campaign=newsletter&utm_source=mail', { id: 'newsletter' }],
    ['campaign=direct&utm_campaign=ignored', { id: 'direct' }],
    ['utm_source=mail', null],
    ['campaign=', null],
  ])('reads the campaign from %s', async (query, campaign) => {
    const res = await trackVisit(t, query);
    expect(res.json().campaign).toEqual(campaign);
  });

  it('is new unless x-visit-id names a known visit; a known one keeps its visitor', async () => {
    const first = await trackVisit(t);
    const firstId = first.headers[VISIT_ID_HEADER] as string;
    expect(first.json().new).toBe(true);

    const again = await trackVisit(t, {}, { [VISIT_ID_HEADER]: firstId });
    expect(again.json().new).toBe(false);
    expect(again.json().id).not.toBe(firstId);
    expect(again.headers[VISIT_ID_HEADER]).toBe(again.json().id);

    const rows = await t.deps.db.query<{ id: string; visitor_id: string; is_new: boolean }>(
      'SELECT id, visitor_id, is_new FROM visits WHERE id = ANY($1::uuid[])',
      [[firstId, again.json().id]],
    );
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.visitor_id)).size).toBe(1);

    for (const header of [randomUUID(), 'not-a-uuid']) {
      const res = await trackVisit(t, {}, { [VISIT_ID_HEADER]: header });
      expect(res.json().new, header).toBe(true);
    }
  });

  it('stores the referrer, the page query (repeated keys as arrays), the tld and the site features', async () => {
    await t.services.features.set({ name: 'black_friday_discount_24', is_active: true, version: 'v2', settings: {} });
    const res = await trackVisit(t, 'referrer=https%3A%2F%2Fref.example%2F&utm_source=mail&tag=a&tag=b', { 'x-tld-source': 'de' });
    const visit = res.json();
    expect(visit.features.black_friday_discount_24).toEqual({ is_active: true, version: 'v2', settings: {} });
    const [row] = await t.deps.db.query<{ referrer: string; query: unknown; tld: string; user_id: number | null }>(
      'SELECT referrer, query, tld, user_id FROM visits WHERE id = $1',
      [visit.id],
    );
    expect(row).toEqual({ referrer: 'https://ref.example/', query: { utm_source: 'mail', tag: ['a', 'b'] }, tld: 'de', user_id: null });
  });

  it('ties the visit to the account of a logged-in member', async () => {
    const member = await createMember(t, 'visiting_member');
    const res = await trackVisit(t, {}, { authorization: `Bearer ${member.token}` });
    expect(res.statusCode).toBe(200);
    const [row] = await t.deps.db.query<{ user_id: number }>('SELECT user_id FROM visits WHERE id = $1', [res.json().id]);
    expect(row!.user_id).toBe(member.id);
  });

  it('treats an unknown bearer token as a visitor rather than refusing', async () => {
    const res = await trackVisit(t, {}, { authorization: 'Bearer nope' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses an oversized page query with a 413 that says so', async () => {
    const res = await trackVisit(t, { referrer: `https://ref.example/${'x'.repeat(9000)}` });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', fields: { query: expect.stringContaining('at most 8192') } });
    expect(res.json().error.message).toMatch(/page query is too large/);
  });

  // Decision record 031: a control character is refused at the contract, naming the parameter (the web
  // leaves such parameters out of the visit, so a page URL with one still gets its visit).
  it.each([
    ['a NUL in a value', 'campaign=a%00b', 'campaign'],
    ['an escape in a value', 'note=a%1Bb', 'note'],
    ['a NUL in a name', '%00key=1', '\u0000key'],
  ])('refuses %s with a 400 naming the parameter', async (_label, query, field) => {
    const res = await trackVisit(t, query);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain(field);
  });

  it('stores bytes that are not UTF-8 as the replacement character instead of failing', async () => {
    const res = await trackVisit(t, 'campaign=ab&note=%ED%A0%80x');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().campaign).toEqual({ id: 'ab' });
  });

  it('finds a visit by id for other modules, and nothing for unknown or malformed ids', async () => {
    const service = t.services.visits;
    const res = await trackVisit(t, { campaign: 'autumn' });
    expect(await service.findById(res.json().id)).toEqual({ id: res.json().id, country: null, region: null, campaign: 'autumn' });
    expect(await service.findById(randomUUID())).toBeNull();
    expect(await service.findById('42')).toBeNull();
  });
});

describe('POST /api/track', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const track = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/track', payload: payload as object, headers });
  const lastEvent = async () =>
    (await t.deps.db.query<{ name: string; properties: unknown; user_id: number | null; visit_id: string | null }>(
      'SELECT name, properties, user_id, visit_id FROM events ORDER BY id DESC LIMIT 1',
    ))[0];

  it('stores a visitor’s event with its visit', async () => {
    const visit = await trackVisit(t);
    const visitId = visit.headers[VISIT_ID_HEADER] as string;
    const res = await track({ name: 'playdate_join', properties: { camera: 7, source: 'list' } }, { [VISIT_ID_HEADER]: visitId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(await lastEvent()).toEqual({ name: 'playdate_join', properties: { camera: 7, source: 'list' }, user_id: null, visit_id: visitId });
  });

  it('stores a member’s event with the user id', async () => {
    const member = await createMember(t, 'tracking_member');
    const res = await track({ name: 'model_tip', properties: {} }, { authorization: `Bearer ${member.token}` });
    expect(res.statusCode).toBe(200);
    expect(await lastEvent()).toMatchObject({ name: 'model_tip', user_id: member.id });
  });

  it('drops a visit id that names no visit instead of failing', async () => {
    const res = await track({ name: 'success_buy' }, { [VISIT_ID_HEADER]: randomUUID() });
    expect(res.statusCode).toBe(200);
    expect(await lastEvent()).toEqual({ name: 'success_buy', properties: {}, user_id: null, visit_id: null });
  });

  it('keeps strings PostgreSQL cannot hold as-is', async () => {
    // The property values are free-form JSON, cleaned before jsonb; their names are strings of the contract.
    const res = await track({ name: 'charge_coins', properties: { k: 'a\u0000b', lone: '\ud800' } });
    expect(res.statusCode).toBe(200);
    expect((await lastEvent())!.properties).toEqual({ k: 'ab', lone: '\ufffd' });
  });

  it.each([
    ['a missing name', { properties: {} }, 'name'],
    ['an empty name', { name: '  ' }, 'name'],
    ['a name of the wrong type', { name: 42 }, 'name'],
    ['properties of the wrong type', { name: 'x', properties: 'nope' }, 'properties'],
    ['properties as an array', { name: 'x', properties: [1, 2] }, 'properties'],
    ['a control character in the name', { name: 'charge\u0000coins' }, 'name'],
    ['a control character in a property name', { name: 'x', properties: { 'k\u0000': 1 } }, 'properties.k\u0000'],
  ])('refuses %s with a 400 naming the field', async (_label, payload, field) => {
    const res = await track(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.json().error.fields)).toContain(field);
  });

  it(`stores at most ${RATE_LIMITS.trackedEventsPerAddress.points} events a minute from one address, even sent in parallel, then 429 naming the limit`, async () => {
    const limit = RATE_LIMITS.trackedEventsPerAddress.points;
    const count = async () => Number((await t.deps.db.query<{ n: string }>('SELECT count(*) AS n FROM events'))[0]!.n);
    const before = await count();
    const answers = await Promise.all(
      Array.from({ length: limit + 30 }, (_, i) => t.app.inject({ method: 'POST', url: '/api/track', payload: { name: `flood_${i}` }, remoteAddress: '203.0.113.20' })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(limit);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(30);
    expect(refused[0]!.json().error.message).toContain(`at most ${limit} per 1 minute`);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await count()) - before).toBe(limit);
    const other = await t.app.inject({ method: 'POST', url: '/api/track', payload: { name: 'calm' }, remoteAddress: '203.0.113.21' });
    expect(other.statusCode).toBe(200);
  });

  it('refuses malformed JSON with a 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/track', payload: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_JSON');
  });

  it('refuses properties over 16 KB of JSON with a 413 naming them', async () => {
    const res = await track({ name: 'x', properties: { blob: 'y'.repeat(17 * 1024) } });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', fields: { properties: expect.stringContaining('at most 16384') } });
  });

  it('refuses absurdly deep properties with a 400', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100; i++) deep = { d: deep };
    const res = await track({ name: 'x', properties: { deep } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('properties');
  });
});
