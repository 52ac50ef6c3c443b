import { DEFAULT_TIP_OFFER_COINS } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../../test/catalog-fixture';
import { asMember, asModel, createModel, createVisit, giveCoins } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { FEATURE_ACTION_EVENT } from '../visits/visits.routes';
import type { FeaturesService } from './features.service';

// PeerTube-style parameter checks for the /feature/* calls of product §7: each with a visitor, a member and bad input.

let t: TestApp;
let features: FeaturesService;
let member: Viewer;
const now = () => new Date('2030-05-01T12:00:00Z');

const bearer = (v: Viewer | undefined): Record<string, string> => (v ? { authorization: `Bearer ${v.token}` } : {});
function call(method: 'GET' | 'POST' | 'DELETE', url: string, viewer?: Viewer, body?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, headers: { ...bearer(viewer), ...headers }, ...(body === undefined ? {} : { payload: body as object }) });
}
const freshMember = () => asMember(t);
const profileOf = async (v: Viewer, headers: Record<string, string> = {}) => (await call('GET', '/api/user/profile', v, undefined, headers)).json();

async function featureId(name: string): Promise<number> {
  const rows = await t.deps.db.query<{ id: number }>('SELECT id FROM features WHERE name = $1', [name]);
  return rows[0]!.id;
}

beforeAll(async () => {
  t = await buildTestApp({ now });
  features = t.services.features;
  for (const name of ['trailer', 'feedback', 'feature_feedback', 'double_opt_in', 'black_friday_discount_24']) {
    await features.set({ name, is_active: name === 'trailer', version: null, settings: {} });
  }
  member = await freshMember();
});

afterAll(async () => {
  await t.close();
});

describe('every /feature call answers a visitor with 401', () => {
  it.each([
    ['POST', '/api/feature/set_organic_data', { age: 30, source: 'friend' }],
    ['POST', '/api/feature/feedback', { rating: 5, message: 'ok' }],
    ['GET', '/api/feature/feature_feedback/trailer', undefined],
    ['POST', '/api/feature/feature_feedback/trailer', { rating: 4, message: '' }],
    ['DELETE', '/api/feature/feature_feedback/trailer', undefined],
    ['POST', '/api/feature/view/trailer', undefined],
    ['GET', '/api/feature/model_tip_offer', undefined],
    ['POST', '/api/feature/track_action/trailer', { action: 'click' }],
  ] as const)('%s %s', async (method, url, body) => {
    for (const headers of [{}, { authorization: 'Bearer garbage' }] as Array<Record<string, string>>) {
      const res = await call(method, url, undefined, body, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
  });
});

describe('POST /feature/set_organic_data', () => {
  const url = '/api/feature/set_organic_data';

  it('stores age and source on the user; the profile shows them', async () => {
    const u = await freshMember();
    const res = await call('POST', url, u, { age: 34, source: 'search_engine' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(await profileOf(u)).toMatchObject({ age: 34, source: 'search_engine', other_source: null });
  });

  it("keeps other_source only with source 'other'", async () => {
    const u = await freshMember();
    await call('POST', url, u, { age: 18, source: 'other', other_source: '  A podcast  ' });
    expect(await profileOf(u)).toMatchObject({ age: 18, source: 'other', other_source: 'A podcast' });
    await call('POST', url, u, { age: 120, source: 'friend', other_source: 'ignored' });
    expect(await profileOf(u)).toMatchObject({ age: 120, source: 'friend', other_source: null });
  });

  it.each([
    ['an age below 18', { age: 17, source: 'friend' }, 'age'],
    ['an age above 120', { age: 121, source: 'friend' }, 'age'],
    ['a fractional age', { age: 30.5, source: 'friend' }, 'age'],
    ['an age as text', { age: '30', source: 'friend' }, 'age'],
    ['a missing age', { source: 'friend' }, 'age'],
    ['an unknown source', { age: 30, source: 'tv' }, 'source'],
    ['a missing source', { age: 30 }, 'source'],
    ["'other' without other_source", { age: 30, source: 'other' }, 'other_source'],
    ["'other' with a blank other_source", { age: 30, source: 'other', other_source: '   ' }, 'other_source'],
    ['an oversized other_source', { age: 30, source: 'other', other_source: 'x'.repeat(201) }, 'other_source'],
    ['a NUL in other_source', { age: 30, source: 'other', other_source: 'a\u0000b' }, 'other_source'],
  ])('rejects %s with 400 naming the field', async (_, body, field) => {
    const res = await call('POST', url, member, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: expect.any(String) } });
  });

  it('rejects a missing body with 400', async () => {
    expect((await call('POST', url, member)).statusCode).toBe(400);
  });
});

describe('POST /feature/feedback', () => {
  const url = '/api/feature/feedback';

  it('stores the feedback with its type', async () => {
    const u = await freshMember();
    const res = await call('POST', url, u, { rating: 4, message: ' Nice site ', type: 'general' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    const rows = await t.deps.db.query('SELECT rating, message, type FROM feedback WHERE user_id = $1', [u.id]);
    expect(rows).toEqual([{ rating: 4, message: 'Nice site', type: 'general' }]);
  });

  it('accepts a rating alone', async () => {
    expect((await call('POST', url, member, { rating: 1 })).statusCode).toBe(200);
  });

  it.each([
    ['a rating of 0', { rating: 0, message: 'x' }, 'rating'],
    ['a rating of 6', { rating: 6, message: 'x' }, 'rating'],
    ['a fractional rating', { rating: 2.5 }, 'rating'],
    ['a missing rating', { message: 'x' }, 'rating'],
    ['a message over 2000 characters', { rating: 3, message: 'x'.repeat(2001) }, 'message'],
    ['a malformed type', { rating: 3, type: 'Not A Type!' }, 'type'],
  ])('rejects %s with 400 naming the field', async (_, body, field) => {
    const res = await call('POST', url, member, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(field);
  });

  it('accepts a message of exactly 2000 characters', async () => {
    expect((await call('POST', url, member, { rating: 3, message: 'x'.repeat(2000) })).statusCode).toBe(200);
  });
});

describe('/feature/feature_feedback/:id (a feature name or its numeric id)', () => {
  it('is 404 before any feedback, then creates, reads, replaces and deletes it', async () => {
    const u = await freshMember();
    const id = await featureId('feature_feedback');
    expect((await call('GET', '/api/feature/feature_feedback/feature_feedback', u)).statusCode).toBe(404);

    const created = await call('POST', '/api/feature/feature_feedback/feature_feedback', u, { rating: 3, message: 'Fine' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ id, feature: 'feature_feedback', rating: 3, message: 'Fine' });

    // The numeric id names the same feature.
    const read = await call('GET', `/api/feature/feature_feedback/${id}`, u);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ id, feature: 'feature_feedback', rating: 3, message: 'Fine' });

    await call('POST', `/api/feature/feature_feedback/${id}`, u, { rating: 5, message: 'Better now' });
    expect((await call('GET', '/api/feature/feature_feedback/feature_feedback', u)).json()).toMatchObject({ rating: 5, message: 'Better now' });

    // Another member's feedback is their own.
    expect((await call('GET', '/api/feature/feature_feedback/feature_feedback', member)).statusCode).toBe(404);

    const deleted = await call('DELETE', '/api/feature/feature_feedback/feature_feedback', u);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await call('GET', '/api/feature/feature_feedback/feature_feedback', u)).statusCode).toBe(404);
    // Deleting again is no error.
    expect((await call('DELETE', `/api/feature/feature_feedback/${id}`, u)).statusCode).toBe(204);
  });

  it.each(['GET', 'POST', 'DELETE'] as const)('%s answers 404 for a feature that does not exist', async (method) => {
    for (const ref of ['no_such_feature', '999999']) {
      const res = await call(method, `/api/feature/feature_feedback/${ref}`, member, method === 'POST' ? { rating: 3, message: '' } : undefined);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it.each(['Bad-Name', '0', '-1', '1.5', 'x'.repeat(65)])('rejects the malformed id %j with 400', async (ref) => {
    const res = await call('GET', `/api/feature/feature_feedback/${encodeURIComponent(ref)}`, member);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('id');
  });

  it.each([
    ['a rating of 0', { rating: 0, message: '' }, 'rating'],
    ['a rating as text', { rating: '5', message: '' }, 'rating'],
    ['an oversized message', { rating: 5, message: 'x'.repeat(2001) }, 'message'],
  ])('POST rejects %s with 400', async (_, body, field) => {
    const res = await call('POST', '/api/feature/feature_feedback/trailer', member, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(field);
  });
});

describe('feedback text with control characters', () => {
  // Decision record 031: refused at the contract with a 400 naming the field, no longer dropped quietly.
  it('refuses both kinds of feedback with one (a NUL is no 500) and stores nothing', async () => {
    const u = await freshMember();
    for (const sent of ['Nice\u0000 trailer', 'really\u0007 nice']) {
      for (const url of ['/api/feature/feedback', '/api/feature/feature_feedback/trailer']) {
        const res = await call('POST', url, u, { rating: 4, message: sent });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error.fields).toHaveProperty('message');
      }
    }
    expect(await t.deps.db.query('SELECT message FROM feedback WHERE user_id = $1', [u.id])).toEqual([]);
  });

  it('keeps tabs and line breaks', async () => {
    const u = await freshMember();
    const sent = 'Nice trailer\nreally\tgood';
    expect((await call('POST', '/api/feature/feedback', u, { rating: 4, message: sent })).statusCode).toBe(200);
    const rows = await t.deps.db.query<{ message: string }>('SELECT message FROM feedback WHERE user_id = $1', [u.id]);
    expect(rows.map((r) => r.message)).toEqual([sent]);
    const saved = await call('POST', '/api/feature/feature_feedback/trailer', u, { rating: 4, message: sent });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: sent });
  });
});

describe('POST /feature/view/:id', () => {
  it('answers 204 and marks introduce_seen in the profile features, idempotently', async () => {
    const u = await freshMember();
    expect((await profileOf(u)).features.black_friday_discount_24.settings.introduce_seen).toBeUndefined();
    const first = await call('POST', '/api/feature/view/black_friday_discount_24', u);
    expect(first.statusCode).toBe(204);
    expect((await call('POST', `/api/feature/view/${await featureId('black_friday_discount_24')}`, u)).statusCode).toBe(204);
    const { features: map } = await profileOf(u);
    expect(map.black_friday_discount_24).toEqual({ is_active: false, version: null, settings: { introduce_seen: true } });
    expect(map.trailer.settings.introduce_seen).toBeUndefined();
    expect((await profileOf(member)).features.black_friday_discount_24.settings.introduce_seen).toBeUndefined();
  });

  it('answers 404 for an unknown feature and 400 for a malformed id', async () => {
    expect((await call('POST', '/api/feature/view/nope', member)).statusCode).toBe(404);
    expect((await call('POST', '/api/feature/view/NOPE!', member)).statusCode).toBe(400);
  });
});

describe('GET /feature/model_tip_offer', () => {
  const offerOf = async (v: Viewer) => {
    const res = await call('GET', '/api/feature/model_tip_offer', v);
    expect(res.statusCode).toBe(200);
    return res.json().offer;
  };
  const newModel = async () => (await createModel(t, { name: 'Offer Model' })).id;
  const give = (v: Viewer, coins: number) => giveCoins(t, v.id, coins);
  const favourite = (v: Viewer, modelId: number) => call('POST', `/api/favourites/model/${modelId}`, v);

  it('offers nothing to a member without coins, even with a favourite model', async () => {
    expect(await offerOf(member)).toBeNull();
    const u = await freshMember();
    await favourite(u, await newModel());
    expect(await offerOf(u)).toBeNull();
  });

  it('offers nothing to a member with coins but no model they tipped or favourited', async () => {
    const u = await freshMember();
    await give(u, 500);
    expect(await offerOf(u)).toBeNull();
  });

  it('offers a tip to the most recent favourite model, sized to what the member has', async () => {
    const u = await freshMember();
    const [older, newer] = [await newModel(), await newModel()];
    await favourite(u, older);
    await favourite(u, newer);
    await give(u, 500);
    expect(await offerOf(u)).toEqual({ model_id: newer, coins: DEFAULT_TIP_OFFER_COINS });
    const poor = await freshMember();
    await favourite(poor, older);
    await give(poor, 30);
    expect(await offerOf(poor)).toEqual({ model_id: older, coins: 30 });
  });

  it('offers the model tipped last, for the last amount, capped at the balance', async () => {
    const u = await freshMember();
    const [tipped, favourited] = [await newModel(), await newModel()];
    await give(u, 300);
    expect((await call('POST', '/api/coins/tip', u, { model_id: tipped, coins: 120 })).statusCode).toBe(200);
    await favourite(u, favourited);
    expect(await offerOf(u)).toEqual({ model_id: tipped, coins: 120 });
    expect((await call('POST', '/api/coins/tip', u, { model_id: tipped, coins: 120 })).statusCode).toBe(200);
    expect(await offerOf(u)).toEqual({ model_id: tipped, coins: 60 });
    expect((await call('POST', '/api/coins/tip', u, { model_id: tipped, coins: 60 })).statusCode).toBe(200);
    expect(await offerOf(u)).toBeNull();
  });

  it('never offers a model her own profile', async () => {
    const [own, other] = [await newModel(), await newModel()];
    const u = await asModel(t, { modelId: own });
    await give(u, 100);
    await favourite(u, own);
    expect(await offerOf(u)).toBeNull();
    await favourite(u, other);
    expect(await offerOf(u)).toEqual({ model_id: other, coins: DEFAULT_TIP_OFFER_COINS });
  });

  it('offers nothing to a law-limited (SE) member, who may not tip', async () => {
    const u = await asMember(t, { registrationCountry: 'SE' });
    await give(u, 100);
    expect((await favourite(u, await newModel())).statusCode).toBe(204);
    expect(await offerOf(u)).toBeNull();
  });
});

describe('POST /feature/track_action/:id', () => {
  it('stores the action as an event of the user and visit', async () => {
    const u = await freshMember();
    const visitId = await createVisit(t);
    const res = await call('POST', '/api/feature/track_action/trailer', u, { action: 'popup:close' }, { 'x-visit-id': visitId });
    expect(res.statusCode).toBe(204);
    const rows = await t.deps.db.query('SELECT name, properties, visit_id FROM events WHERE user_id = $1', [u.id]);
    expect(rows).toEqual([{ name: FEATURE_ACTION_EVENT, properties: { feature: 'trailer', action: 'popup:close' }, visit_id: visitId }]);
  });

  it.each([
    ['a missing action', {}],
    ['an empty action', { action: '' }],
    ['an action with spaces', { action: 'two words' }],
    ['an oversized action', { action: 'x'.repeat(65) }],
    ['an action of the wrong type', { action: 5 }],
  ])('rejects %s with 400 naming the field', async (_, body) => {
    const res = await call('POST', '/api/feature/track_action/trailer', member, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('action');
  });

  it('answers 404 for an unknown feature', async () => {
    expect((await call('POST', '/api/feature/track_action/nope', member, { action: 'click' })).statusCode).toBe(404);
  });
});

describe('feature layers: global ⊕ campaign ⊕ user', () => {
  async function visitOf(campaign: string | null) {
    const res = await t.app.inject({ method: 'GET', url: `/api/track/visit${campaign ? `?campaign=${campaign}` : ''}` });
    return res.json();
  }

  it('a visit sees the overrides of its campaign; other visits the site-wide flags', async () => {
    await features.setForCampaign('spring', { name: 'black_friday_discount_24', is_active: true, version: 'subscribers', settings: { percent: 30 } });
    const fromCampaign = await visitOf('spring');
    expect(fromCampaign.features.black_friday_discount_24).toEqual({ is_active: true, version: 'subscribers', settings: { percent: 30 } });
    expect(fromCampaign.features.trailer.is_active).toBe(true);
    expect((await visitOf(null)).features.black_friday_discount_24).toEqual({ is_active: false, version: null, settings: {} });
    expect((await visitOf('other')).features.black_friday_discount_24.is_active).toBe(false);
  });

  it("the profile takes the current visit's campaign, else the registration campaign, and the user's override on top", async () => {
    await features.setForCampaign('autumn', { name: 'double_opt_in', is_active: true, version: 'v2', settings: { a: 1, b: 1 } });
    const u = await freshMember();
    expect((await profileOf(u)).features.double_opt_in.is_active).toBe(false);

    const visit = (await visitOf('autumn')).id;
    expect((await profileOf(u, { 'x-visit-id': visit })).features.double_opt_in).toEqual({ is_active: true, version: 'v2', settings: { a: 1, b: 1 } });

    const registered = await asMember(t, { registrationCampaign: 'autumn' });
    expect((await profileOf(registered)).features.double_opt_in.is_active).toBe(true);

    await features.setForUser(registered.id, { name: 'double_opt_in', is_active: false, version: null, settings: { b: 2 } });
    expect((await profileOf(registered)).features.double_opt_in).toEqual({ is_active: false, version: null, settings: { a: 1, b: 2 } });
  });
});
