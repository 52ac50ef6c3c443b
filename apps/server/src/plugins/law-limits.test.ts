import Fastify from 'fastify';
import { LAW_LIMITED_CODE, LAW_LIMITED_MESSAGE } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../test/catalog-fixture';
import { asMember, createVisit } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { errorsPlugin } from './errors';
import { lawLimitsPlugin } from './law-limits';

let t: TestApp;
const now = () => new Date('2030-05-01T12:00:00Z');
const LIMITED = { error: { code: LAW_LIMITED_CODE, message: LAW_LIMITED_MESSAGE } };

const visitFrom = (country: string | null, region: string | null = null) => createVisit(t, { country, region });
const freshMember = () => asMember(t);
function call(method: 'GET' | 'POST' | 'DELETE', url: string, viewer: Viewer | null, visitId?: string) {
  return t.app.inject({
    method,
    url,
    headers: { ...(viewer ? { authorization: `Bearer ${viewer.token}` } : {}), ...(visitId ? { 'x-visit-id': visitId } : {}) },
  });
}

beforeAll(async () => {
  t = await buildTestApp({ now });
});

afterAll(async () => {
  await t.close();
});

describe('law-limited routes (product §4: country SE)', () => {
  it('answer a member visiting from SE with 451 on favourite cams, and serve other kinds', async () => {
    const u = await freshMember();
    const se = await visitFrom('SE');
    for (const [method, url] of [['GET', '/api/favourites/camera'], ['POST', '/api/favourites/camera/1'], ['DELETE', '/api/favourites/camera/1']] as const) {
      const res = await call(method, url, u, se);
      expect(res.statusCode, `${method} ${url}`).toBe(451);
      expect(res.json()).toEqual(LIMITED);
    }
    expect((await call('GET', '/api/favourites/video', u, se)).statusCode).toBe(200);
    // The profile says so too.
    expect((await call('GET', '/api/user/profile', u, se)).json().law_limitations).toEqual(['country:SE']);
  });

  it('serve favourite cams to a member visiting from elsewhere', async () => {
    const u = await freshMember();
    for (const visit of [await visitFrom('DE'), await visitFrom('US', 'Texas'), undefined]) {
      const res = await call('GET', '/api/favourites/camera', u, visit);
      expect(res.statusCode).toBe(200);
      expect(res.json().items).toEqual([]);
    }
  });

  it('follow the registration country without a visit', async () => {
    const u = await asMember(t, { registrationCountry: 'SE' });
    expect((await call('GET', '/api/favourites/camera', u)).statusCode).toBe(451);
    // A current visit from elsewhere lifts it, as on the profile.
    expect((await call('GET', '/api/favourites/camera', u, await visitFrom('DE'))).statusCode).toBe(200);
  });

  it('come after the access rule: a visitor still gets 401', async () => {
    expect((await call('GET', '/api/favourites/camera', null, await visitFrom('SE'))).statusCode).toBe(401);
  });

  it('come before validation: bad input from SE is still 451', async () => {
    const u = await freshMember();
    const res = await call('GET', '/api/favourites/camera?page=abc', u, await visitFrom('se'));
    expect(res.statusCode).toBe(451);
  });
});

describe('lawLimitations', () => {
  it('limits a visitor by the country of the visit, or a product §4 US region', async () => {
    const users = t.services.users;
    expect(await users.lawLimitations(null, await visitFrom('SE'))).toEqual(['country:SE']);
    expect(await users.lawLimitations(null, await visitFrom('US', 'TX'))).toEqual(['region:texas']);
    expect(await users.lawLimitations(null, await visitFrom('US', 'California'))).toEqual([]);
    expect(await users.lawLimitations(null, await visitFrom('DE'))).toEqual([]);
    expect(await users.lawLimitations(null, null)).toEqual([]);
  });

  it('does not limit a member by region (that is the logged-out restriction popup)', async () => {
    const u = await freshMember();
    expect(await t.services.users.lawLimitations(u.id, await visitFrom('US', 'Texas'))).toEqual([]);
  });
});

describe('lawLimitsPlugin', () => {
  async function appWith(limitations: string[]) {
    const app = Fastify();
    await app.register(errorsPlugin);
    app.decorateRequest('auth', null);
    app.decorateRequest('visitId', null);
    await app.register(lawLimitsPlugin, { lawLimitationsOf: async () => limitations });
    app.get('/always', { config: { lawLimited: true } }, async () => ({ ok: true }));
    app.get('/never', async () => ({ ok: true }));
    app.get('/when/:kind', { config: { lawLimited: (r) => (r.params as { kind: string }).kind === 'camera' } }, async () => ({ ok: true }));
    await app.ready();
    return app;
  }

  it.each([
    ['/always', ['country:SE'], 451],
    ['/always', [], 200],
    ['/never', ['country:SE'], 200],
    ['/when/camera', ['country:SE'], 451],
    ['/when/video', ['country:SE'], 200],
    ['/when/camera', [], 200],
  ])('%s with %j → %i', async (url, limitations, status) => {
    const app = await appWith(limitations);
    try {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(status);
      if (status === 451) expect(res.json()).toEqual(LIMITED);
    } finally {
      await app.close();
    }
  });
});
