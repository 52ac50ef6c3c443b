import { TagList, Video, VideoList, VIDEOS_PER_PAGE, type VideoOrder } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, createModel, createTag, createVideo, tagVideo } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';

// PeerTube-style: each endpoint with each role and with bad input, on a small catalog whose answers we know.

const NOW = Date.parse('2030-05-01T12:00:00Z');
const DAY = 86_400_000;

interface Fixture {
  id: number;
  title: string;
  published: number;
  rating: number;
  views: number;
  duration: number;
  tags: string[];
  models: string[];
}

const TAGS = [
  ['Beach', 'Strand', 'Plage'],
  ['Night', 'Nacht', 'Nuit'],
  ['Trailer', 'Trailer', 'Bande-annonce'],
  ['Unused', 'Unbenutzt', 'Inutilisé'],
] as const;
const MODELS = ['Alina Moreau', 'Jonas Berg', 'Kira 100% Real'];

// 30 videos: more than one page. Values chosen so that every order gives a different sequence, with some ties.
const FIXTURES: Omit<Fixture, 'id'>[] = Array.from({ length: 30 }, (_, i) => ({
  title: i === 0 ? 'Sunset at the Lake' : i === 1 ? 'Under_score 50% off' : `Video number ${i}`,
  published: NOW - (i + 1) * DAY,
  rating: [3.5, 4.5, 4.0][i % 3]!,
  views: (i * 37) % 101,
  duration: 100 + ((i * 53) % 61) * 10,
  tags: [...(i % 2 === 0 ? ['Beach'] : []), ...(i % 3 === 0 ? ['Night'] : []), ...(i % 5 === 0 ? ['Trailer'] : [])],
  models: i % 4 === 0 ? ['Alina Moreau', 'Jonas Berg'] : i % 7 === 0 ? ['Kira 100% Real'] : ['Jonas Berg'],
}));

let t: TestApp;
let videos: Fixture[] = [];
const tagIds = new Map<string, number>();
let member: string;
let premium: string;

const createUser = async (username: string, premiumUntil: Date | null) => (await asMember(t, { username, premiumUntil })).token;

async function insertCatalog() {
  for (const [en, de, fr] of TAGS) tagIds.set(en, (await createTag(t, { name: en, nameDe: de, nameFr: fr })).id);
  const modelIds = new Map<string, number>();
  for (const name of MODELS) modelIds.set(name, (await createModel(t, { name })).id);
  for (const f of FIXTURES) {
    const row = await createVideo(t, {
      title: f.title, description: 'A description', duration: f.duration, publishedAt: new Date(f.published), rating: f.rating, views: f.views,
      totalComments: 3, tagIds: f.tags.map((tag) => tagIds.get(tag)!), modelIds: f.models.map((m) => modelIds.get(m)!),
    });
    videos.push({ ...f, id: row.id });
  }
}

const byKey = (key: (v: Fixture) => number, dir: 1 | -1) => (a: Fixture, b: Fixture) => dir * (key(a) - key(b)) || dir * (a.id - b.id);
const EXPECTED_ORDER: Record<VideoOrder, (a: Fixture, b: Fixture) => number> = {
  newest: byKey((v) => v.published, -1),
  oldest: byKey((v) => v.published, 1),
  top_rated: byKey((v) => v.rating, -1),
  most_viewed: byKey((v) => v.views, -1),
  longest: byKey((v) => v.duration, -1),
};

function get(url: string, token?: string) {
  return t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
}
async function list(query: string, token = member) {
  const res = await get(`/api/videos${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return VideoList.parse(res.json());
}

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(NOW) });
  videos = [];
  await insertCatalog();
  member = await createUser('member_one', null);
  premium = await createUser('premium_one', new Date(NOW + 30 * DAY));
});
afterAll(() => t.close());

describe('who may list videos', () => {
  it.each(['/api/videos', '/api/videos/tags', '/api/videos/1'])('GET %s asks a visitor to log in (401)', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  it.each([['member'], ['premium member']])('lets a %s in', async (who) => {
    const token = who === 'member' ? member : premium;
    for (const url of ['/api/videos', '/api/videos/tags', `/api/videos/${videos[0]!.id}`]) {
      expect((await get(url, token)).statusCode, url).toBe(200);
    }
  });
});

describe('GET /api/videos', () => {
  it('pages 24 at a time, newest first, echoing the params it used', async () => {
    const first = await list('');
    expect(first.params).toEqual({ page: 1, order: 'newest', tags: [], query: null });
    expect(first).toMatchObject({ total: 30, per_page: VIDEOS_PER_PAGE, pages: 2 });
    expect(first.videos).toHaveLength(24);
    const second = await list('?page=2');
    expect(second.videos.map((v) => v.id)).toEqual([...videos].sort(EXPECTED_ORDER.newest).slice(24).map((v) => v.id));
    expect((await list('?page=3')).videos).toEqual([]);
  });

  it.each([['0'], ['-4']])('clamps page=%s to 1', async (page) => {
    const res = await list(`?page=${page}`);
    expect(res.params.page).toBe(1);
    expect(res.videos).toHaveLength(24);
  });

  it('answers an absurdly high page with an empty page, not an error', async () => {
    const res = await list('?page=99999999999999999999');
    expect(res.videos).toEqual([]);
    expect(res.params.page).toBe(2_147_483_647);
    expect(res.total).toBe(30);
  });

  it.each(Object.keys(EXPECTED_ORDER) as VideoOrder[])('orders by %s (ties broken by id)', async (order) => {
    const expected = [...videos].sort(EXPECTED_ORDER[order]).map((v) => v.id);
    const page1 = await list(`?order=${order}`);
    const page2 = await list(`?order=${order}&page=2`);
    expect(page1.params.order).toBe(order);
    expect([...page1.videos, ...page2.videos].map((v) => v.id)).toEqual(expected);
  });

  it('filters by one tag', async () => {
    const res = await list(`?tags=${tagIds.get('Beach')}`);
    const expected = videos.filter((v) => v.tags.includes('Beach'));
    expect(res.total).toBe(expected.length);
    expect(res.params.tags).toEqual([tagIds.get('Beach')]);
    for (const v of res.videos) expect(v.tags.map((tag) => tag.name_en)).toContain('Beach');
  });

  it('filters by several tags, keeping only videos that have all of them', async () => {
    const expected = videos.filter((v) => v.tags.includes('Beach') && v.tags.includes('Night')).sort(EXPECTED_ORDER.newest);
    expect(expected.length).toBeGreaterThan(0);
    const res = await list(`?tags=${tagIds.get('Beach')},${tagIds.get('Night')}`);
    expect(res.videos.map((v) => v.id)).toEqual(expected.map((v) => v.id));
    expect(res.total).toBe(expected.length);

    const three = videos.filter((v) => ['Beach', 'Night', 'Trailer'].every((tag) => v.tags.includes(tag)));
    expect((await list(`?tags=${tagIds.get('Beach')},${tagIds.get('Night')},${tagIds.get('Trailer')}`)).total).toBe(three.length);
  });

  it('matches all of many tags (more than 8 switch to one grouped pass) the same way', async () => {
    const extra: number[] = [];
    for (let i = 1; i <= 8; i++) {
      const tag = await createTag(t, { name: `Extra ${i}` });
      extra.push(tag.id);
      for (const v of videos.slice(0, 3)) await tagVideo(t, v.id, [tag.id]);
    }
    try {
      const expected = videos.slice(0, 3).filter((v) => v.tags.includes('Beach')).sort(EXPECTED_ORDER.newest).map((v) => v.id);
      const nine = await list(`?tags=${[tagIds.get('Beach'), ...extra].join(',')}`);
      expect(nine.videos.map((v) => v.id)).toEqual(expected);
      expect(nine.total).toBe(expected.length);
      const eight = await list(`?tags=${extra.join(',')}`);
      expect(eight.total).toBe(3);
    } finally {
      await t.deps.db.query('DELETE FROM tags WHERE id = ANY($1::int[])', [extra]);
    }
  });

  it('counts a repeated tag once', async () => {
    const beach = tagIds.get('Beach');
    expect((await list(`?tags=${beach},${beach}`)).total).toBe(videos.filter((v) => v.tags.includes('Beach')).length);
  });

  it('finds nothing for a tag no video has, or one that does not exist', async () => {
    expect((await list(`?tags=${tagIds.get('Unused')}`)).total).toBe(0);
    expect((await list('?tags=0')).total).toBe(0);
    expect((await list('?tags=2147483647')).total).toBe(0);
  });

  it('searches titles case-insensitively', async () => {
    const res = await list('?query=sUNSET%20at');
    expect(res.videos.map((v) => v.title)).toEqual(['Sunset at the Lake']);
    expect(res.params.query).toBe('sUNSET at');
  });

  it('searches the names of participating models', async () => {
    const res = await list('?query=moreau');
    const expected = videos.filter((v) => v.models.includes('Alina Moreau'));
    expect(res.total).toBe(expected.length);
    for (const v of res.videos) expect(v.participated_models.map((m) => m.name_en)).toContain('Alina Moreau');
  });

  it('takes % and _ in a search literally', async () => {
    expect((await list('?query=50%25')).videos.map((v) => v.title)).toEqual(['Under_score 50% off']);
    expect((await list('?query=100%25')).total).toBe(videos.filter((v) => v.models.includes('Kira 100% Real')).length);
    // As a LIKE wildcard, d_r would match "Under".
    expect((await list('?query=d_r')).total).toBe(0);
  });

  it('combines tags, search, order and page', async () => {
    const expected = videos
      .filter((v) => v.tags.includes('Beach') && v.models.includes('Alina Moreau'))
      .sort(EXPECTED_ORDER.longest)
      .map((v) => v.id);
    const res = await list(`?tags=${tagIds.get('Beach')}&query=alina&order=longest&page=1`);
    expect(res.videos.map((v) => v.id)).toEqual(expected);
  });

  it('treats an empty search as no search', async () => {
    const res = await list('?query=%20%20');
    expect(res.params.query).toBeNull();
    expect(res.total).toBe(30);
  });

  it.each([
    ['tags=abc', 'tags'],
    ['tags=1,x', 'tags'],
    ['tags=99999999999', 'tags'],
    ['order=foo', 'order'],
    ['page=x', 'page'],
    ['page=1.5', 'page'],
    [`query=${'q'.repeat(101)}`, 'query'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const res = await get(`/api/videos?${query}`, member);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.json().error.fields)).toContain(field);
  });
});

describe('GET /api/videos/:id', () => {
  it('answers one video with its tags, models and thumbnails', async () => {
    const f = videos[0]!;
    const res = await get(`/api/videos/${f.id}`, member);
    expect(res.statusCode).toBe(200);
    const video = Video.parse(res.json());
    expect(video).toMatchObject({
      id: f.id,
      title: f.title,
      description: 'A description',
      duration: f.duration,
      published_at: f.published / 1000,
      rating: f.rating,
      views: f.views,
      total_comments: 3,
      thumbnail: `/media/images/video/${f.id}/900x500.jpg`,
      thumbnail_small: `/media/images/video/${f.id}/370x206.jpg`,
    });
    expect(video.tags.map((tag) => tag.name_en)).toEqual([...f.tags].sort());
    expect(video.tags[0]).toEqual({ id: tagIds.get('Beach'), name_en: 'Beach', name_de: 'Strand', name_fr: 'Plage' });
    expect(video.participated_models.map((m) => m.name_en)).toEqual([...f.models].sort());
  });

  it('answers 404 with the id for an unknown video', async () => {
    for (const id of [999999, 99999999999]) {
      const res = await get(`/api/videos/${id}`, member);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: `No video with id ${id}` } });
    }
  });

  it.each(['abc', '1.5', '0', '-3'])('refuses id %s with a 400', async (id) => {
    const res = await get(`/api/videos/${id}`, member);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('id');
  });
});

describe('GET /api/videos/tags', () => {
  it('lists every tag by name with its number of videos', async () => {
    const res = await get('/api/videos/tags', member);
    expect(res.statusCode).toBe(200);
    const tags = TagList.parse(res.json());
    expect(tags.map((tag) => tag.name_en)).toEqual(['Beach', 'Night', 'Trailer', 'Unused']);
    for (const tag of tags) {
      expect(tag.video_count, tag.name_en).toBe(videos.filter((v) => v.tags.includes(tag.name_en)).length);
    }
    expect(tags[0]).toMatchObject({ name_de: 'Strand', name_fr: 'Plage' });
  });
});

describe('thumbnails on a CDN', () => {
  it('builds image URLs on CDN_URL when it is set', async () => {
    const cdn = await buildTestApp({ env: { CDN_URL: 'https://cdn.example.com/' } });
    try {
      const row = await createVideo(cdn, { title: 'On the CDN', duration: 60, publishedAt: cdn.deps.now() });
      const { headers } = await asMember(cdn, { username: 'cdn_member' });
      const res = await cdn.app.inject({ method: 'GET', url: `/api/videos/${row.id}`, headers });
      expect(res.json()).toMatchObject({
        thumbnail: `https://cdn.example.com/media/images/video/${row.id}/900x500.jpg`,
        thumbnail_small: `https://cdn.example.com/media/images/video/${row.id}/370x206.jpg`,
        tags: [],
        participated_models: [],
      });
    } finally {
      await cdn.close();
    }
  });
});
