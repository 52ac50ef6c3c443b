import { MODELS_PER_PAGE, ModelDetail, ModelList, ShootList, VideoList } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createViewers, insertCatalog, isPlaceholder, type CatalogFixture, type Viewers } from '../../../test/catalog-fixture';
import { createUser } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';

// PeerTube-style: each endpoint with each role and with bad input, on a catalog whose answers we know.

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

const ENDPOINTS = () => ['/api/models', `/api/models/${c.models[0]!.id}`, `/api/models/${c.models[0]!.id}/videos`, `/api/models/${c.models[0]!.id}/shoots`];

describe('who may see models', () => {
  it('asks a visitor to log in (401) on every endpoint', async () => {
    for (const url of ENDPOINTS()) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it.each(['member', 'premium', 'censored', 'team'] as const)('lets a %s in', async (who) => {
    for (const url of ENDPOINTS()) expect((await get(url, v[who].token)).statusCode, url).toBe(200);
  });
});

describe('GET /api/models', () => {
  it('pages 24 at a time, newest first, echoing its params', async () => {
    const first = await ok(ModelList, '/api/models');
    expect(first.params).toEqual({ page: 1, order: 'newest' });
    expect(first).toMatchObject({ total: 26, per_page: MODELS_PER_PAGE, pages: 2 });
    expect(first.models.map((m) => m.id)).toEqual(c.models.slice(0, 24).map((m) => m.id));
    const second = await ok(ModelList, '/api/models?page=2');
    expect(second.models.map((m) => m.id)).toEqual(c.models.slice(24).map((m) => m.id));
    expect((await ok(ModelList, '/api/models?page=3')).models).toEqual([]);
  });

  it.each(['0', '-3'])('clamps page=%s to 1', async (page) => {
    const res = await ok(ModelList, `/api/models?page=${page}`);
    expect(res.params.page).toBe(1);
    expect(res.models).toHaveLength(24);
  });

  it('answers an absurd page with an empty page, not an error', async () => {
    const res = await ok(ModelList, '/api/models?page=99999999999999999999');
    expect(res.models).toEqual([]);
    expect(res.total).toBe(26);
  });

  it('fills a summary: counts, images at 510x660 and 400x400, country', async () => {
    const [alina] = (await ok(ModelList, '/api/models')).models;
    expect(alina).toMatchObject({ id: c.models[0]!.id, name_en: 'Alina Moreau', country: 'DE', video_count: 5, shoot_count: 2, is_favourite: false });
    expect(alina!.image).toContain('510x660');
    expect(alina!.image_square).toContain('400x400');
  });

  it('orders by name', async () => {
    const all = [...(await ok(ModelList, '/api/models?order=name')).models, ...(await ok(ModelList, '/api/models?order=name&page=2')).models];
    expect(all.map((m) => m.name_en)).toEqual([...c.models.map((m) => m.name)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });

  it('orders by most_videos, ties newest id first', async () => {
    const res = await ok(ModelList, '/api/models?order=most_videos');
    expect(res.models.slice(0, 3).map((m) => [m.id, m.video_count])).toEqual([
      [c.models[0]!.id, 5],
      [c.models[1]!.id, 4],
      [c.models[2]!.id, 1],
    ]);
    const rest = res.models.slice(3).map((m) => m.id);
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
  });

  it('orders by popular: the number of members who favourited a model', async () => {
    const [a, b] = [c.models[5]!.id, c.models[9]!.id];
    for (const [id, who] of [[a, v.member], [a, v.other], [a, v.premium], [b, v.member]] as const) {
      expect((await call(t.app, 'POST', `/api/favourites/model/${id}`, who.token)).statusCode).toBe(204);
    }
    try {
      const res = await ok(ModelList, '/api/models?order=popular', v.team.token);
      expect(res.params.order).toBe('popular');
      expect(res.models.slice(0, 2).map((m) => m.id)).toEqual([a, b]);
      // is_favourite is the viewer's own: the team member favourited none of them.
      expect(res.models.every((m) => !m.is_favourite)).toBe(true);
      const mine = await ok(ModelList, '/api/models?order=popular', v.member.token);
      expect(mine.models.filter((m) => m.is_favourite).map((m) => m.id)).toEqual([a, b]);
    } finally {
      for (const [id, who] of [[a, v.member], [a, v.other], [a, v.premium], [b, v.member]] as const) {
        await call(t.app, 'DELETE', `/api/favourites/model/${id}`, who.token);
      }
    }
  });

  it.each([
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['order=best', 'order'],
  ])('rejects %s with 400 naming the field', async (query, field) => {
    const res = await get(`/api/models?${query}`, v.member.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.json().error.fields)).toContain(field);
  });

  it('shows a restricted viewer placeholders instead of model images', async () => {
    const res = await ok(ModelList, '/api/models', v.censored.token);
    for (const m of res.models) {
      expect(isPlaceholder(m.image), m.image).toBe(true);
      expect(isPlaceholder(m.image_square), m.image_square).toBe(true);
    }
    const own = await ok(ModelList, '/api/models', v.premium.token);
    expect(own.models.some((m) => isPlaceholder(m.image))).toBe(false);
  });
});

describe('GET /api/models/:id', () => {
  it('returns the profile, with no cameras yet', async () => {
    const m = await ok(ModelDetail, `/api/models/${c.models[1]!.id}`);
    expect(m).toMatchObject({ id: c.models[1]!.id, name_en: 'Bea Berg', description: 'A fictional demo model.', video_count: 4, shoot_count: 1, cameras: [] });
    expect(m.message_name).toBeNull();
  });

  it('names the model\'s account to write to (message_name), the oldest one when she has several', async () => {
    const model = c.models[2]!.id;
    await createUser(t, { username: 'carla_first', email: 'carla1@example.com', modelId: model });
    await createUser(t, { username: 'carla_second', email: 'carla2@example.com', modelId: model });
    expect((await ok(ModelDetail, `/api/models/${model}`)).message_name).toBe('carla_first');
  });

  it('gives a restricted viewer placeholders', async () => {
    const m = await ok(ModelDetail, `/api/models/${c.models[1]!.id}`, v.censored.token);
    expect(isPlaceholder(m.image)).toBe(true);
  });

  it.each(['999999', '2147483648'])('answers an unknown id %s with 404 naming it', async (id) => {
    const res = await get(`/api/models/${id}`, v.member.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toMatch(/^No model with id/);
  });

  it.each(['abc', '0', '-1', '1.5'])('rejects id %s with 400', async (id) => {
    const res = await get(`/api/models/${id}`, v.member.token);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain('id');
  });
});

describe('GET /api/models/:id/videos', () => {
  it('lists the model\'s videos, newest first, in the shape of GET /videos', async () => {
    const res = await ok(VideoList, `/api/models/${c.models[0]!.id}/videos`);
    expect(res.videos.map((x) => x.id)).toEqual(c.models[0]!.videoIds);
    expect(res).toMatchObject({ total: 5, pages: 1, params: { page: 1, order: 'newest', tags: [], query: null } });
    expect((await ok(VideoList, `/api/models/${c.models[0]!.id}/videos?page=2`)).videos).toEqual([]);
  });

  it('is empty for a model without videos', async () => {
    expect(await ok(VideoList, `/api/models/${c.models[20]!.id}/videos`)).toMatchObject({ videos: [], total: 0, pages: 0 });
  });

  it('gives a restricted viewer placeholder thumbnails', async () => {
    const res = await ok(VideoList, `/api/models/${c.models[0]!.id}/videos`, v.censored.token);
    expect(res.videos.every((x) => isPlaceholder(x.thumbnail))).toBe(true);
  });

  it('answers 404 for an unknown model and 400 for a bad page', async () => {
    expect((await get('/api/models/999999/videos', v.member.token)).statusCode).toBe(404);
    const bad = await get(`/api/models/${c.models[0]!.id}/videos?page=x`, v.member.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('page');
  });
});

describe('GET /api/models/:id/shoots', () => {
  it('lists only the model\'s shoots, newest first', async () => {
    const res = await ok(ShootList, `/api/models/${c.models[0]!.id}/shoots`);
    expect(res.shoots.map((s) => s.id)).toEqual([c.shoots[0]!.id, c.shoots[2]!.id]);
    expect(res.shoots.every((s) => s.model.id === c.models[0]!.id && s.model.name_en === 'Alina Moreau')).toBe(true);
    expect(res).toMatchObject({ total: 2, pages: 1, params: { page: 1, order: 'newest' } });
    const oldest = await ok(ShootList, `/api/models/${c.models[0]!.id}/shoots?order=oldest`);
    expect(oldest.shoots.map((s) => s.id)).toEqual([c.shoots[2]!.id, c.shoots[0]!.id]);
  });

  it('answers 404 for an unknown model and 400 for a bad order', async () => {
    expect((await get('/api/models/999999/shoots', v.member.token)).statusCode).toBe(404);
    const bad = await get(`/api/models/${c.models[0]!.id}/shoots?order=random`, v.member.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('order');
  });
});
