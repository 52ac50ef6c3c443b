import { Home, type HomeSection } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';

// GET /home (SPEC §2 home sections), each section checked against data whose answer we know.

const NOW = Date.parse('2030-05-01T12:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const SECTION_ORDER = [
  'top_rated', 'newcomers', 'trending', 'our_favorites', 'new_stuff', 'for_you', 'continue',
  'fav_models', 'fav_galleries', 'fav_videos', 'might_like',
];

let t: TestApp;
/** v[i]: tag TAGS[i % 4], model m[floor(i / 4)], rating rising with i, views a permutation. */
const v: number[] = [];
const m: number[] = [];
const shoots: number[] = [];
let fresh: string;
let watcher: { token: string; id: number };
let restricted: string;

async function one<T = { id: number }>(sql: string, params: unknown[] = []): Promise<T> {
  const [row] = await t.deps.db.query<T>(sql, params);
  return row!;
}

async function createUser(username: string, role?: string) {
  const { id } = await one(`INSERT INTO users (username, email, password_hash) VALUES ($1, $2, 'not-a-real-hash') RETURNING id`, [
    username,
    `${username}@example.com`,
  ]);
  if (role) await t.deps.db.query('INSERT INTO user_roles (user_id, role) VALUES ($1, $2)', [id, role]);
  return { id, token: (await t.services.sessions.create(id)).token };
}

const play = (userId: number, videoId: number, position: number, updatedAgoMs: number, duration: number | null = null) =>
  t.deps.db.query(
    `INSERT INTO playbacks (user_id, video_id, position_seconds, duration_seconds, started_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)`,
    [userId, videoId, position, duration, new Date(NOW - updatedAgoMs)],
  );
const favourite = (userId: number, kind: string, targetId: number, agoMs: number) =>
  t.deps.db.query('INSERT INTO favourites (user_id, kind, target_id, created_at) VALUES ($1, $2, $3, $4)', [userId, kind, targetId, new Date(NOW - agoMs)]);

async function home(token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/home', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  const body = Home.parse(res.json());
  return { body, section: (name: string) => body.sections.find((s) => s.name === name)! };
}
const idsOf = (s: HomeSection) => (s.videos ?? s.models ?? s.shoots ?? []).map((i) => i.id);
const byRatingDesc = (indexes: number[]) => [...indexes].sort((a, b) => b - a).map((i) => v[i]);

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(NOW) });
  const tags: number[] = [];
  for (const name of ['Beach', 'Night', 'City', 'Snow']) tags.push((await one('INSERT INTO tags (name_en, name_de, name_fr) VALUES ($1, $1, $1) RETURNING id', [name])).id);
  for (let i = 0; i < 4; i++) {
    m.push((await one('INSERT INTO models (name_en, created_at) VALUES ($1, $2) RETURNING id', [`Model ${i}`, new Date(NOW - (10 - i) * DAY)])).id);
  }
  for (let i = 0; i < 16; i++) {
    const { id } = await one(
      `INSERT INTO videos (title, duration, published_at, rating, views) VALUES ($1, 600, $2, $3, $4) RETURNING id`,
      [`Video ${i}`, new Date(NOW - (20 - i) * DAY), 1 + i * 0.25, ((i * 7) % 16) * 10],
    );
    v.push(id);
    await t.deps.db.query('INSERT INTO video_tags (video_id, tag_id) VALUES ($1, $2)', [id, tags[i % 4]]);
    await t.deps.db.query('INSERT INTO video_models (video_id, model_id) VALUES ($1, $2)', [id, m[Math.floor(i / 4)]]);
  }
  // 14 shoots: one a day, the last one scheduled for tomorrow.
  for (let i = 0; i < 14; i++) {
    shoots.push((await one(`INSERT INTO shoots (title, model_id, published_at) VALUES ($1, $2, $3) RETURNING id`, [`Shoot ${i}`, m[i % 4], new Date(NOW - (13 - i) * DAY + HOUR)])).id);
  }
  for (const [i, days] of [[7, 1], [3, 2], [9, 3]] as const) {
    await t.deps.db.query('UPDATE videos SET featured_at = $2 WHERE id = $1', [v[i], new Date(NOW - days * DAY)]);
  }

  fresh = (await createUser('fresh_member')).token;
  restricted = (await createUser('restricted_member', 'censored')).token;
  watcher = await createUser('watching_member');
  const other = await createUser('other_member');
  // watcher: v0 half-way, v5 finished, v4 just started; a favourite video v2, model m2 and shoot 3.
  await play(watcher.id, v[0]!, 100, 2 * HOUR);
  await play(watcher.id, v[5]!, 590, HOUR, 600);
  await play(watcher.id, v[4]!, 30, 30 * MINUTE);
  await favourite(watcher.id, 'video', v[2]!, DAY);
  await favourite(watcher.id, 'model', m[2]!, DAY);
  await favourite(watcher.id, 'shoot', shoots[3]!, DAY);
  // Someone else also watched v5 lately, and v7 long ago.
  await play(other.id, v[5]!, 10, 3 * HOUR);
  await play(other.id, v[7]!, 10, 20 * DAY);
});
afterAll(() => t.close());

describe('GET /api/home', () => {
  it('asks a visitor to log in (401)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/home' });
    expect(res.statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: '/api/home', headers: { authorization: 'Bearer not-a-session' } });
    expect(bad.statusCode).toBe(401);
  });

  it('sends all 11 sections in SPEC order, each of its kind and with at most 12 items', async () => {
    const { body } = await home(fresh);
    expect(body.sections.map((s) => s.name)).toEqual(SECTION_ORDER);
    for (const s of body.sections) {
      expect(idsOf(s).length, s.name).toBeLessThanOrEqual(12);
      const kind = s.videos ? 'video' : s.models ? 'model' : 'shoot';
      expect(s.kind, s.name).toBe(kind);
    }
  });

  it('fills the shared sections from the catalog', async () => {
    const { section } = await home(fresh);
    expect(idsOf(section('top_rated'))).toEqual(byRatingDesc([15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4]));
    expect(idsOf(section('newcomers'))).toEqual([...m].reverse());
    expect(idsOf(section('our_favorites'))).toEqual([v[7], v[3], v[9]]);
    // Newest first, without the one not published yet.
    expect(idsOf(section('new_stuff'))).toEqual(shoots.slice(1, 13).reverse());
  });

  it('ranks trending by recent playbacks, then fills up with the most viewed', async () => {
    const { section } = await home(fresh);
    const trending = idsOf(section('trending'));
    // v5: two recent viewers; v4 and v0 one each (v4 more recently); v7's playback is too old to count.
    expect(trending.slice(0, 3)).toEqual([v[5], v[4], v[0]]);
    const mostViewed = v
      .map((id, i) => ({ id, views: ((i * 7) % 16) * 10 }))
      .filter((x) => ![v[5], v[4], v[0]].includes(x.id))
      .sort((a, b) => b.views - a.views || b.id - a.id)
      .map((x) => x.id);
    expect(trending.slice(3)).toEqual(mostViewed.slice(0, 9));
  });

  it('gives a member with no history the best rated as for_you and leaves the personal sections empty', async () => {
    const { section } = await home(fresh);
    expect(idsOf(section('for_you'))).toEqual(idsOf(section('top_rated')));
    for (const name of ['continue', 'fav_models', 'fav_galleries', 'fav_videos', 'might_like']) expect(idsOf(section(name)), name).toEqual([]);
    expect(section('continue').progress ?? {}).toEqual({});
  });

  it('continues what the member started and has not finished, most recent first, with the position', async () => {
    const { section } = await home(watcher.token);
    const cont = section('continue');
    expect(idsOf(cont)).toEqual([v[4], v[0]]);
    expect(cont.progress).toEqual({ [String(v[4])]: 30, [String(v[0])]: 100 });
  });

  it('shows the member\'s favourites', async () => {
    const { section } = await home(watcher.token);
    expect(idsOf(section('fav_models'))).toEqual([m[2]]);
    expect(idsOf(section('fav_galleries'))).toEqual([shoots[3]]);
    expect(idsOf(section('fav_videos'))).toEqual([v[2]]);
  });

  it('recommends for_you by the tags of what the member watched and favourited, leaving those out', async () => {
    const { section } = await home(watcher.token);
    // Seeds v0 (Beach), v4 (Beach), v5 (Night), v2 (City): Beach 8, 12; Night 1, 9, 13; City 6, 10, 14. No Snow.
    expect(idsOf(section('for_you'))).toEqual(byRatingDesc([14, 13, 12, 10, 9, 8, 6, 1]));
  });

  it('recommends might_like by the models of what the member watched and favourited, leaving those out', async () => {
    const { section } = await home(watcher.token);
    // Models m0 (v0, v2), m1 (v4, v5) and the favourite m2: videos 0–11 but the four seen or kept.
    expect(idsOf(section('might_like'))).toEqual(byRatingDesc([11, 10, 9, 8, 7, 6, 3, 1]));
  });

  it('shows a restricted viewer the censored pictures', async () => {
    const normal = (await home(fresh)).section('top_rated').videos![0]!;
    const censored = (await home(restricted)).section('top_rated').videos![0]!;
    expect(censored.id).toBe(normal.id);
    expect(censored.thumbnail).not.toBe(normal.thumbnail);
  });

  it('takes the same number of queries however much history and how many favourites a member has', async () => {
    const db = t.deps.db;
    const original = db.query.bind(db);
    let count = 0;
    db.query = ((sql: string, params?: readonly unknown[]) => {
      count++;
      return original(sql, params);
    }) as typeof db.query;
    const measure = async () => {
      count = 0;
      await home(watcher.token);
      return count;
    };
    try {
      const before = await measure();
      for (const i of [8, 9, 11]) await play(watcher.id, v[i]!, 20, 10 * MINUTE);
      for (const i of [12, 13]) await favourite(watcher.id, 'video', v[i]!, HOUR);
      await favourite(watcher.id, 'model', m[3]!, HOUR);
      await favourite(watcher.id, 'shoot', shoots[5]!, HOUR);
      const after = await measure();
      expect(after).toBe(before);
      expect(before).toBeLessThanOrEqual(30);
    } finally {
      db.query = original;
      await db.query('DELETE FROM playbacks WHERE user_id = $1 AND video_id = ANY($2::int[])', [watcher.id, [v[8], v[9], v[11]]]);
      await db.query(`DELETE FROM favourites WHERE user_id = $1 AND created_at = $2`, [watcher.id, new Date(NOW - HOUR)]);
    }
  });
});
