import { ChapterImages, SHOOTS_PER_PAGE, ShootDetail, ShootList } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createViewers, insertCatalog, isPlaceholder, type CatalogFixture, type Viewers } from '../../../test/catalog-fixture';
import { unlockFor } from '../../../test/factories';
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
const chapterUrl = (shoot: number, chapter: number) => `/api/shoots/${c.shoots[shoot]!.id}/chapters/${c.chapters[chapter]!.id}`;

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(NOW) });
  c = await insertCatalog(t, NOW);
  v = await createViewers(t);
  // `other` unlocked shoot 0 with a token (product §1: unlocked galleries).
  await unlockFor(t, v.other.id, { shootIds: [c.shoots[0]!.id] });
});
afterAll(() => t.close());

describe('who may see shoots', () => {
  it('asks a visitor to log in (401) on every endpoint', async () => {
    for (const url of ['/api/shoots', `/api/shoots/${c.shoots[0]!.id}`, chapterUrl(0, 0)]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
    }
  });

  it.each(['member', 'premium', 'censored', 'team'] as const)('lets a %s in', async (who) => {
    for (const url of ['/api/shoots', `/api/shoots/${c.shoots[0]!.id}`, chapterUrl(0, 0)]) expect((await get(url, v[who].token)).statusCode, url).toBe(200);
  });
});

describe('GET /api/shoots', () => {
  it('pages 24 at a time, newest first', async () => {
    const first = await ok(ShootList, '/api/shoots');
    expect(first).toMatchObject({ total: 26, per_page: SHOOTS_PER_PAGE, pages: 2, params: { page: 1, order: 'newest' } });
    expect(first.shoots.map((s) => s.id)).toEqual(c.shoots.slice(0, 24).map((s) => s.id));
    expect((await ok(ShootList, '/api/shoots?page=2')).shoots.map((s) => s.id)).toEqual(c.shoots.slice(24).map((s) => s.id));
    expect((await ok(ShootList, '/api/shoots?page=0')).params.page).toBe(1);
  });

  it('orders oldest first', async () => {
    const res = await ok(ShootList, '/api/shoots?order=oldest');
    expect(res.shoots[0]!.id).toBe(c.shoots[25]!.id);
  });

  it('orders by popular (favourite count), then newest', async () => {
    const target = c.shoots[7]!.id;
    expect((await call(t.app, 'POST', `/api/favourites/shoot/${target}`, v.other.token)).statusCode).toBe(204);
    try {
      const res = await ok(ShootList, '/api/shoots?order=popular');
      expect(res.shoots.map((s) => s.id).slice(0, 3)).toEqual([target, c.shoots[0]!.id, c.shoots[1]!.id]);
      expect(res.shoots[0]!.is_favourite).toBe(false);
      expect((await ok(ShootList, '/api/shoots?order=popular', v.other.token)).shoots[0]!.is_favourite).toBe(true);
    } finally {
      await call(t.app, 'DELETE', `/api/favourites/shoot/${target}`, v.other.token);
    }
  });

  it('fills a summary: model, counts, covers at 900x500 and 370x206', async () => {
    const [s] = (await ok(ShootList, '/api/shoots')).shoots;
    expect(s).toMatchObject({
      id: c.shoots[0]!.id,
      title: 'Shoot 1',
      model: { id: c.models[0]!.id, name_en: 'Alina Moreau' },
      published_at: Math.floor(c.shoots[0]!.publishedAt / 1000),
      video_count: 3,
      image_count: 5,
      is_favourite: false,
    });
    expect(s!.cover).toContain('900x500');
    expect(s!.cover_small).toContain('370x206');
  });

  it.each([
    ['page=one', 'page'],
    ['order=name', 'order'],
  ])('rejects %s with 400 naming the field', async (query, field) => {
    const res = await get(`/api/shoots?${query}`, v.member.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(field);
  });

  it('shows a restricted viewer placeholder covers', async () => {
    const res = await ok(ShootList, '/api/shoots', v.censored.token);
    expect(res.shoots.every((s) => isPlaceholder(s.cover) && isPlaceholder(s.cover_small))).toBe(true);
  });
});

describe('GET /api/shoots/:id', () => {
  it('holds the videos in release order and the chapters with counts and covers', async () => {
    const s = await ok(ShootDetail, `/api/shoots/${c.shoots[0]!.id}`);
    expect(s.description).toBe('A demo shoot');
    expect(s.videos.map((x) => x.id)).toEqual(c.shoots[0]!.videoIds);
    expect(s.chapters.map((ch) => [ch.id, ch.title, ch.image_count])).toEqual([
      [c.chapters[0]!.id, 'Golden hour', 3],
      [c.chapters[1]!.id, 'Set 2', 2],
    ]);
    // A chapter's cover is its first image at 400x400.
    expect(s.chapters[0]!.cover).toContain(`/${c.images[0]!.id}/`);
    expect(s.chapters[0]!.cover).toContain('400x400');
  });

  it('covers an empty chapter with the shoot\'s small cover', async () => {
    const s = await ok(ShootDetail, `/api/shoots/${c.shoots[1]!.id}`);
    expect(s.chapters).toHaveLength(1);
    expect(s.chapters[0]).toMatchObject({ image_count: 0, cover: s.cover_small });
  });

  it('is unlocked for premium members and for members who unlocked it, not for other members', async () => {
    const url = `/api/shoots/${c.shoots[0]!.id}`;
    expect((await ok(ShootDetail, url, v.member.token)).unlocked).toBe(false);
    expect((await ok(ShootDetail, url, v.premium.token)).unlocked).toBe(true);
    expect((await ok(ShootDetail, url, v.other.token)).unlocked).toBe(true);
    expect((await ok(ShootDetail, `/api/shoots/${c.shoots[1]!.id}`, v.other.token)).unlocked).toBe(false);
  });

  it('gives a restricted viewer placeholders for covers, chapter covers and video thumbnails', async () => {
    const s = await ok(ShootDetail, `/api/shoots/${c.shoots[0]!.id}`, v.censored.token);
    expect([s.cover, s.cover_small, ...s.chapters.map((ch) => ch.cover), ...s.videos.map((x) => x.thumbnail)].every(isPlaceholder)).toBe(true);
  });

  it('answers 404 for an unknown shoot and 400 for a bad id', async () => {
    const missing = await get('/api/shoots/999999', v.member.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('No shoot with id 999999');
    expect((await get('/api/shoots/x', v.member.token)).statusCode).toBe(400);
  });
});

describe('GET /api/shoots/:shootId/chapters/:chapterId', () => {
  it('lists the chapter\'s images in order, with the shoot and every chapter', async () => {
    const res = await ok(ChapterImages, chapterUrl(0, 0), v.premium.token);
    expect(res.shoot.id).toBe(c.shoots[0]!.id);
    expect(res.chapter).toMatchObject({ id: c.chapters[0]!.id, title: 'Golden hour', image_count: 3 });
    expect(res.chapters.map((ch) => ch.id)).toEqual([c.chapters[0]!.id, c.chapters[1]!.id]);
    expect(res.images.map((i) => [i.id, i.width, i.height])).toEqual(c.images.slice(0, 3).map((i) => [i.id, i.width, i.height]));
  });

  it('gives premium members and members who unlocked the shoot full-size URLs', async () => {
    for (const who of [v.premium, v.other]) {
      const res = await ok(ChapterImages, chapterUrl(0, 0), who.token);
      expect(res.images[0]!.url).toContain('853x1280');
      expect(res.images[1]!.url).toContain('1280x853');
      expect(res.images.every((i) => i.thumbnail.includes('400x400') && i.url !== i.thumbnail)).toBe(true);
    }
  });

  it('gives other members the images, but only at thumbnail size', async () => {
    const res = await ok(ChapterImages, chapterUrl(0, 0), v.member.token);
    expect(res.images).toHaveLength(3);
    for (const image of res.images) {
      expect(image.url).toBe(image.thumbnail);
      expect(image.url).toContain('400x400');
    }
  });

  it('gives a restricted viewer placeholders only', async () => {
    const res = await ok(ChapterImages, chapterUrl(0, 0), v.censored.token);
    expect(res.images.every((i) => isPlaceholder(i.url) && isPlaceholder(i.thumbnail))).toBe(true);
  });

  it('marks the viewer\'s favourite images', async () => {
    const image = c.images[1]!.id;
    expect((await call(t.app, 'POST', `/api/favourites/image/${image}`, v.member.token)).statusCode).toBe(204);
    try {
      const res = await ok(ChapterImages, chapterUrl(0, 0), v.member.token);
      expect(res.images.map((i) => i.is_favourite)).toEqual([false, true, false]);
      expect((await ok(ChapterImages, chapterUrl(0, 0), v.other.token)).images.some((i) => i.is_favourite)).toBe(false);
    } finally {
      await call(t.app, 'DELETE', `/api/favourites/image/${image}`, v.member.token);
    }
  });

  it('answers 404 for a chapter of another shoot, an unknown chapter or an unknown shoot', async () => {
    const other = await get(chapterUrl(1, 0), v.member.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe(`No chapter with id ${c.chapters[0]!.id} in shoot ${c.shoots[1]!.id}`);
    expect((await get(`/api/shoots/${c.shoots[0]!.id}/chapters/999999`, v.member.token)).statusCode).toBe(404);
    const shoot = await get(`/api/shoots/999999/chapters/${c.chapters[0]!.id}`, v.member.token);
    expect(shoot.statusCode).toBe(404);
    expect(shoot.json().error.message).toBe('No shoot with id 999999');
  });

  it.each([
    ['x', '1', 'shootId'],
    ['1', '0', 'chapterId'],
  ])('rejects /shoots/%s/chapters/%s with 400 naming %s', async (shoot, chapter, field) => {
    const res = await get(`/api/shoots/${shoot}/chapters/${chapter}`, v.member.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(field);
  });
});
