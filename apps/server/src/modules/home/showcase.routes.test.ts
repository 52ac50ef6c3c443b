import { Showcase, VideoDetail } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asMember, createMediaAsset, createModel, createShoot, createTag, createVideo, type LoggedIn } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { SHOWCASE_SIZE } from './home.service';

// GET /showcase and GET /showcase/trailers/{id}: the landing's teasers, which visitors see and whose trailers they play.

const NOW = Date.parse('2030-05-01T12:00:00Z');
const DAY = 24 * 3_600_000;

let t: TestApp;
const models: number[] = [];
const shoots: number[] = [];
const trailers: number[] = [];
let locked: number;
let future: number;
let member: LoggedIn;

const setTrailerFeature = (isActive: boolean) => t.services.features.set({ name: 'trailer', is_active: isActive, version: null, settings: {} });
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(NOW) });
  const trailerTag = (await createTag(t, { name: 'Trailer' })).id;
  const beach = (await createTag(t, { name: 'Beach' })).id;
  const asset = (await createMediaAsset(t, { sourceName: 'a.mp4', renditions: [360, 720] })).id;
  for (let i = 0; i < SHOWCASE_SIZE + 2; i++) models.push((await createModel(t, { name: `Model ${i}`, createdAt: new Date(NOW - (20 - i) * DAY) })).id);
  for (let i = 0; i < SHOWCASE_SIZE + 2; i++) {
    shoots.push((await createShoot(t, { title: `Shoot ${i}`, modelId: models[0]!, publishedAt: new Date(NOW - (20 - i) * DAY) })).id);
  }
  future = (await createShoot(t, { title: 'Tomorrow', modelId: models[0]!, publishedAt: new Date(NOW + DAY) })).id;
  for (let i = 0; i < SHOWCASE_SIZE + 1; i++) {
    const video = await createVideo(t, {
      title: `Trailer ${i}`, duration: 10, publishedAt: new Date(NOW - (30 - i) * DAY), rating: 4, views: 1,
      tagIds: [trailerTag, beach], modelIds: [models[0]!], mediaAssetId: asset,
    });
    trailers.push(video.id);
  }
  // Newer than every trailer, but not one.
  locked = (await createVideo(t, { title: 'Full film', duration: 10, publishedAt: new Date(NOW - DAY), rating: 5, views: 1, tagIds: [beach], modelIds: [models[0]!], mediaAssetId: asset })).id;
  member = await asMember(t, { username: 'showcase_member' });
});
afterAll(() => t.close());

describe('GET /api/showcase', () => {
  it('shows a visitor the newest published shoots, the newest models and the newest trailers', async () => {
    await setTrailerFeature(true);
    const res = await get('/api/showcase');
    expect(res.statusCode, res.body).toBe(200);
    const body = Showcase.parse(res.json());
    expect(body.shoots.map((s) => s.id)).toEqual(shoots.slice(-SHOWCASE_SIZE).reverse());
    expect(body.shoots.map((s) => s.id)).not.toContain(future);
    expect(body.shoots[0]!.cover).toMatch(/^\/media\/|^https?:\/\//);
    expect(body.models.map((m) => m.id)).toEqual(models.slice(-SHOWCASE_SIZE).reverse());
    expect(body.trailers.map((v) => v.id)).toEqual(trailers.slice(-SHOWCASE_SIZE).reverse());
    expect(body.trailers.map((v) => v.id)).not.toContain(locked);
    expect([...body.shoots, ...body.models].every((item) => item.is_favourite === false)).toBe(true);
  });

  it('shows no trailers while the trailer feature is off', async () => {
    await setTrailerFeature(false);
    const body = Showcase.parse((await get('/api/showcase')).json());
    expect(body.trailers).toEqual([]);
    expect(body.shoots).toHaveLength(SHOWCASE_SIZE);
    await setTrailerFeature(true);
  });

  it('answers a member too', async () => {
    const res = await get('/api/showcase', member.token);
    expect(res.statusCode).toBe(200);
    expect(Showcase.parse(res.json()).trailers).toHaveLength(SHOWCASE_SIZE);
  });
});

describe('GET /api/showcase/trailers/{id}', () => {
  it('gives a visitor a trailer to play: playable, with its signed media URL', async () => {
    await setTrailerFeature(true);
    const res = await get(`/api/showcase/trailers/${trailers[0]}`);
    expect(res.statusCode, res.body).toBe(200);
    const video = VideoDetail.parse(res.json());
    expect(video).toMatchObject({ id: trailers[0], title: 'Trailer 0', playable: true, hls_url: expect.stringContaining('sig=') });
  });

  it('answers 404 for a video that is no trailer, and for every trailer while the feature is off', async () => {
    expect((await get(`/api/showcase/trailers/${locked}`)).statusCode).toBe(404);
    expect((await get(`/api/showcase/trailers/${locked}`, member.token)).statusCode).toBe(404);
    await setTrailerFeature(false);
    try {
      expect((await get(`/api/showcase/trailers/${trailers[0]}`)).statusCode).toBe(404);
    } finally {
      await setTrailerFeature(true);
    }
  });

  it('answers 404 for an unknown id, also past the integer range', async () => {
    for (const id of [999_999, 99_999_999_999]) expect((await get(`/api/showcase/trailers/${id}`)).statusCode).toBe(404);
  });

  it.each(['abc', '1.5', '0', '-3'])('refuses id %s with a 400 naming the field', async (id) => {
    const res = await get(`/api/showcase/trailers/${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('id');
  });
});

describe('GET /api/showcase for visitors, kept (decision record 058)', () => {
  it('answers again with no query, and shows a new shoot and a changed trailer feature on the next request', async () => {
    await t.deps.db.changes.listening();
    const first = Showcase.parse((await get('/api/showcase')).json());
    const queries = vi.spyOn(t.deps.db, 'query');
    const again = await get('/api/showcase');
    expect(Showcase.parse(again.json())).toEqual(first);
    expect(queries.mock.calls.map(([sql]) => sql)).toEqual([]);
    queries.mockRestore();

    const fresh = await createShoot(t, { title: 'Just out', modelId: models[0]!, publishedAt: new Date(NOW - 1_000) });
    expect(Showcase.parse((await get('/api/showcase')).json()).shoots[0]).toMatchObject({ id: fresh.id });
    await setTrailerFeature(false);
    try {
      expect(Showcase.parse((await get('/api/showcase')).json()).trailers).toEqual([]);
    } finally {
      await setTrailerFeature(true);
    }
    expect(Showcase.parse((await get('/api/showcase')).json()).trailers).toHaveLength(SHOWCASE_SIZE);
  });
});
