import { Feed, SHOOTS_PER_PAGE, ShootDetail } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createViewers, insertCatalog, isPlaceholder, type CatalogFixture, type Viewers } from '../../../test/catalog-fixture';
import { buildTestApp, type TestApp } from '../../../test/test-app';

const NOW = Date.parse('2030-05-01T12:00:00Z');

let t: TestApp;
let c: CatalogFixture;
let v: Viewers;

const get = (url: string, token?: string) => call(t.app, 'GET', url, token);
async function ok<T>(schema: { parse(x: unknown): T }, url: string, token = v.member.token): Promise<T> {
  const res = await get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json());
}

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(NOW) });
  c = await insertCatalog(t, NOW);
  v = await createViewers(t);
});
afterAll(() => t.close());

describe('who may see updates and feeds', () => {
  it('asks a visitor to log in (401)', async () => {
    for (const url of ['/api/updates', `/api/updates/${c.shoots[0]!.id}`, '/api/feeds']) expect((await get(url)).statusCode, url).toBe(401);
  });

  it.each(['member', 'premium', 'censored', 'team'] as const)('lets a %s in', async (who) => {
    for (const url of ['/api/updates', `/api/updates/${c.shoots[0]!.id}`, '/api/feeds']) expect((await get(url, v[who].token)).statusCode, url).toBe(200);
  });
});

describe('GET /api/updates', () => {
  it('lists every release, newest first, 24 a page, not personal', async () => {
    const first = await ok(Feed, '/api/updates');
    expect(first).toMatchObject({ params: { page: 1 }, total: 26, per_page: SHOOTS_PER_PAGE, pages: 2, personal: false });
    expect(first.items.map((s) => s.id)).toEqual(c.shoots.slice(0, 24).map((s) => s.id));
    expect((await ok(Feed, '/api/updates?page=2')).items.map((s) => s.id)).toEqual(c.shoots.slice(24).map((s) => s.id));
    expect((await ok(Feed, '/api/updates?page=-1')).params.page).toBe(1);
  });

  it('rejects a bad page with 400 naming it', async () => {
    const res = await get('/api/updates?page=latest', v.member.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('page');
  });

  it('gives a restricted viewer placeholder covers', async () => {
    expect((await ok(Feed, '/api/updates', v.censored.token)).items.every((s) => isPlaceholder(s.cover))).toBe(true);
  });
});

describe('GET /api/updates/:id', () => {
  it('is the shoot released with the update', async () => {
    const update = await ok(ShootDetail, `/api/updates/${c.shoots[0]!.id}`);
    const shoot = await ok(ShootDetail, `/api/shoots/${c.shoots[0]!.id}`);
    expect(update).toEqual(shoot);
  });

  it('answers 404 for an unknown update and 400 for a bad id', async () => {
    const res = await get('/api/updates/999999', v.member.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('No shoot with id 999999');
    expect((await get('/api/updates/new', v.member.token)).statusCode).toBe(400);
  });
});

describe('GET /api/feeds', () => {
  it('is every release (not personal) for a member without favourite models', async () => {
    const feed = await ok(Feed, '/api/feeds');
    expect(feed).toMatchObject({ personal: false, total: 26 });
    expect(feed.items.map((s) => s.id)).toEqual((await ok(Feed, '/api/updates')).items.map((s) => s.id));
  });

  it('is the releases of the member\'s favourite models (personal) once they have some', async () => {
    await call(t.app, 'POST', `/api/favourites/model/${c.models[0]!.id}`, v.other.token);
    await call(t.app, 'POST', `/api/favourites/model/${c.models[1]!.id}`, v.other.token);
    // Favourites of other kinds do not make the feed personal.
    await call(t.app, 'POST', `/api/favourites/shoot/${c.shoots[9]!.id}`, v.member.token);
    const feed = await ok(Feed, '/api/feeds', v.other.token);
    expect(feed).toMatchObject({ personal: true, total: 3, pages: 1, params: { page: 1 } });
    expect(feed.items.map((s) => s.id)).toEqual([c.shoots[0]!.id, c.shoots[1]!.id, c.shoots[2]!.id]);
    expect((await ok(Feed, '/api/feeds', v.member.token)).personal).toBe(false);
  });

  it('stays personal, and empty, when the favourite models have no releases', async () => {
    await call(t.app, 'POST', `/api/favourites/model/${c.models[2]!.id}`, v.premium.token);
    expect(await ok(Feed, '/api/feeds', v.premium.token)).toMatchObject({ personal: true, items: [], total: 0, pages: 0 });
  });

  it('rejects a bad page with 400', async () => {
    expect((await get('/api/feeds?page=1e3', v.member.token)).statusCode).toBe(400);
  });
});
