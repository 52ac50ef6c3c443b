import { FAVOURITE_KINDS, FAVOURITES_PER_PAGE, FavouriteList, ModelDetail, ShootDetail } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createViewers, insertCatalog, isPlaceholder, type CatalogFixture, type Viewers } from '../../../test/catalog-fixture';
import { createModel } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';

const NOW = Date.parse('2030-05-01T12:00:00Z');

let t: TestApp;
let c: CatalogFixture;
let v: Viewers;

const add = (kind: string, id: number | string, token = v.member.token) => call(t.app, 'POST', `/api/favourites/${kind}/${id}`, token);
const remove = (kind: string, id: number | string, token = v.member.token) => call(t.app, 'DELETE', `/api/favourites/${kind}/${id}`, token);
async function list(kind: string, token = v.member.token, query = '') {
  const res = await call(t.app, 'GET', `/api/favourites/${kind}${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return FavouriteList.parse(res.json());
}
async function clear(who: keyof Viewers) {
  await t.deps.db.query('DELETE FROM favourites WHERE user_id = $1', [v[who].id]);
}

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(NOW) });
  c = await insertCatalog(t, NOW);
  v = await createViewers(t);
});
afterAll(() => t.close());

describe('who may keep favourites', () => {
  it('asks a visitor to log in (401) for listing, adding and removing', async () => {
    for (const res of [
      await call(t.app, 'GET', '/api/favourites/model'),
      await call(t.app, 'POST', `/api/favourites/model/${c.models[0]!.id}`),
      await call(t.app, 'DELETE', `/api/favourites/model/${c.models[0]!.id}`),
    ]) expect(res.statusCode).toBe(401);
    expect(await t.deps.db.query('SELECT 1 FROM favourites')).toEqual([]);
  });

  it.each(['member', 'premium', 'censored', 'team'] as const)('lets a %s list every kind', async (who) => {
    for (const kind of FAVOURITE_KINDS) expect((await list(kind, v[who].token)).params).toEqual({ page: 1, kind });
  });
});

describe('adding and removing', () => {
  it('is idempotent both ways and shows in the list and in is_favourite', async () => {
    const model = c.models[1]!.id;
    expect((await add('model', model)).statusCode).toBe(204);
    expect((await add('model', model)).statusCode).toBe(204);
    const listed = await list('model');
    expect(listed).toMatchObject({ total: 1, pages: 1, per_page: FAVOURITES_PER_PAGE });
    expect(listed.items[0]).toMatchObject({ kind: 'model', model: { id: model, name_en: 'Bea Berg', is_favourite: true } });
    const detail = ModelDetail.parse((await call(t.app, 'GET', `/api/models/${model}`, v.member.token)).json());
    expect(detail.is_favourite).toBe(true);
    // Only the member's own: another member sees neither.
    expect((await list('model', v.other.token)).items).toEqual([]);
    expect(ModelDetail.parse((await call(t.app, 'GET', `/api/models/${model}`, v.other.token)).json()).is_favourite).toBe(false);

    expect((await remove('model', model)).statusCode).toBe(204);
    expect((await remove('model', model)).statusCode).toBe(204);
    expect((await list('model')).items).toEqual([]);
    expect(ModelDetail.parse((await call(t.app, 'GET', `/api/models/${model}`, v.member.token)).json()).is_favourite).toBe(false);
  });

  it('lists the most recent first, each item filled per kind', async () => {
    await clear('member');
    await add('shoot', c.shoots[3]!.id);
    await add('shoot', c.shoots[0]!.id);
    await add('video', c.videoIds[4]!);
    await add('video', c.videoIds[1]!);
    await add('image', c.images[4]!.id);
    await add('image', c.images[0]!.id);

    const shoots = await list('shoot');
    expect(shoots.items.map((i) => i.shoot?.id)).toEqual([c.shoots[0]!.id, c.shoots[3]!.id]);
    expect(shoots.items.every((i) => i.kind === 'shoot' && i.shoot!.is_favourite && !i.model && !i.video && !i.image)).toBe(true);
    expect(ShootDetail.parse((await call(t.app, 'GET', `/api/shoots/${c.shoots[0]!.id}`, v.member.token)).json()).is_favourite).toBe(true);

    const videos = await list('video');
    expect(videos.items.map((i) => i.video?.id)).toEqual([c.videoIds[1], c.videoIds[4]]);

    const images = await list('image');
    expect(images.items.map((i) => i.image?.id)).toEqual([c.images[0]!.id, c.images[4]!.id]);
    expect(images.items[0]!.image).toMatchObject({ shoot_id: c.shoots[0]!.id, chapter_id: c.chapters[0]!.id, width: 853, height: 1280, is_favourite: true });
    // A member who has not unlocked the shoot gets thumbnails only, as in the gallery.
    expect(images.items.every((i) => i.image!.url === i.image!.thumbnail)).toBe(true);
    expect(images.items.every((i) => i.created_at > 0)).toBe(true);
  });

  it('gives a premium member full-size favourite images and a restricted viewer placeholders', async () => {
    await add('image', c.images[1]!.id, v.premium.token);
    const premium = await list('image', v.premium.token);
    expect(premium.items[0]!.image!.url).toContain('1280x853');
    await add('model', c.models[0]!.id, v.censored.token);
    await add('image', c.images[1]!.id, v.censored.token);
    expect(isPlaceholder((await list('model', v.censored.token)).items[0]!.model!.image)).toBe(true);
    expect(isPlaceholder((await list('image', v.censored.token)).items[0]!.image!.url)).toBe(true);
  });

  it('pages 24 at a time', async () => {
    await clear('team');
    for (const m of c.models) await add('model', m.id, v.team.token);
    const first = await list('model', v.team.token);
    expect(first).toMatchObject({ total: 26, pages: 2 });
    expect(first.items).toHaveLength(24);
    const second = await list('model', v.team.token, '?page=2');
    expect(second.items.map((i) => i.model!.id)).toEqual([c.models[1]!.id, c.models[0]!.id]);
    expect((await list('model', v.team.token, '?page=-2')).params.page).toBe(1);
  });

  it('leaves out favourites whose target was deleted, in the items and in the total', async () => {
    const shortLived = await createModel(t, { name: 'Short Lived' });
    await add('model', shortLived.id, v.other.token);
    await add('model', c.models[2]!.id, v.other.token);
    // Content is removed by staff outside the app: no service deletes a model.
    await t.deps.db.query('DELETE FROM models WHERE id = $1', [shortLived.id]);
    const res = await list('model', v.other.token);
    expect(res.total).toBe(1);
    expect(res.items.map((i) => i.model!.id)).toEqual([c.models[2]!.id]);
  });

  it('answers 404 naming the missing target, for every kind', async () => {
    for (const kind of ['model', 'shoot', 'video', 'image'] as const) {
      const res = await add(kind, 999999);
      expect(res.statusCode, kind).toBe(404);
      expect(res.json().error.message).toBe(`No ${kind} with id 999999`);
    }
    expect((await add('model', 2147483648)).statusCode).toBe(404);
  });

  it('answers 404 for a camera that does not exist; removing one is a no-op (cameras: modules/cameras tests)', async () => {
    const res = await add('camera', 999999);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('No camera with id 999999');
    expect((await remove('camera', 999999)).statusCode).toBe(204);
    expect(await list('camera')).toEqual({ items: [], params: { page: 1, kind: 'camera' }, total: 0, per_page: FAVOURITES_PER_PAGE, pages: 0 });
  });

  it.each([
    ['GET', '/api/favourites/gallery', 'kind'],
    ['GET', '/api/favourites/model?page=x', 'page'],
    ['POST', '/api/favourites/tag/1', 'kind'],
    ['POST', '/api/favourites/model/abc', 'id'],
    ['POST', '/api/favourites/model/0', 'id'],
    ['DELETE', '/api/favourites/model/-1', 'id'],
  ] as const)('rejects %s %s with 400 naming %s', async (method, url, field) => {
    const res = await call(t.app, method, url, v.member.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(field);
  });
});

describe('the service others use', () => {
  it('gives ids most recent first and which ids are favourites', async () => {
    await clear('premium');
    const service = t.services.favourites;
    for (const i of [3, 1, 2]) await add('video', c.videoIds[i]!, v.premium.token);
    expect(await service.idsOf(v.premium.id, 'video')).toEqual([c.videoIds[2], c.videoIds[1], c.videoIds[3]]);
    expect(await service.idsOf(v.premium.id, 'video', 2)).toEqual([c.videoIds[2], c.videoIds[1]]);
    expect(await service.idsOf(v.premium.id, 'camera')).toEqual([]);
    const set = await service.isFavourite(v.premium.id, 'video', [c.videoIds[0]!, c.videoIds[1]!, c.videoIds[3]!, 2147483648]);
    expect([...set].sort()).toEqual([c.videoIds[1], c.videoIds[3]].sort());
    expect(await service.isFavourite(v.premium.id, 'video', [])).toEqual(new Set());
  });
});
