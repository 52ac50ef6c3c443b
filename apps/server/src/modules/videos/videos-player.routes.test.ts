import { Playbacks, TestVideoList, UnlockedContent, UnlockRedemption, Video, VideoDetail } from '@velora/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addFavourite, asMember, createMediaAsset, createModel, createShoot, createTag, createVideo, type LoggedIn, type UserOverrides,
} from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import type { AuthContext } from '../sessions/sessions.service';
import { INVALID_UNLOCK_TOKEN, storeFreeVideoToken, storeUnlockToken } from './videos.service';
import { RATE_LIMITS } from '../../lib/rate-limits';

// The player's endpoints (SPEC §1, §7 Videos), PeerTube-style: each with every role and with bad input.

const NOW = Date.parse('2030-05-01T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let clock = NOW;
const at = (ms: number) => {
  clock = ms;
};

interface Ids {
  tags: Record<'Trailer' | 'Beach' | 'Night' | 'City', number>;
  models: Record<'alina' | 'jonas' | 'kira', number>;
  assets: { ready: number; pending: number };
  /** Beach, Alina; ready asset. Locked for a free member. */
  locked: number;
  /** Trailer + Beach, Alina; ready asset. */
  trailer: number;
  /** Night, Jonas; ready asset. Opened by the unlock token. */
  unlockable: number;
  /** Beach + Night, Alina + Jonas; pending asset. */
  pending: number;
  /** City, Kira; no asset. */
  bare: number;
  /** Beach, Alina (similar to `locked`). */
  cousin: number;
  shoot: number;
  otherShoot: number;
}
const ids = {} as Ids;

type Person = LoggedIn;
let member: Person;
let premium: Person;
let censored: Person;
let redeemer: Person;

const createUser = (username: string, opts: { premiumUntil?: Date; role?: string } = {}): Promise<Person> =>
  asMember(t, { username, ...(opts.premiumUntil ? { premiumUntil: opts.premiumUntil } : {}), ...(opts.role ? { roles: [opts.role] } : {}) } satisfies UserOverrides);

async function insertVideo(title: string, tags: (keyof Ids['tags'])[], models: (keyof Ids['models'])[], assetId: number | null, daysAgo: number) {
  const video = await createVideo(t, {
    title, duration: 600, publishedAt: new Date(NOW - daysAgo * DAY), rating: 4, views: 10, mediaAssetId: assetId,
    tagIds: tags.map((tag) => ids.tags[tag]), modelIds: models.map((m) => ids.models[m]),
  });
  return video.id;
}

const setTrailerFeature = (isActive: boolean) =>
  t.services.features.set({ name: 'trailer', is_active: isActive, version: null, settings: {} });

function call(method: 'GET' | 'POST', url: string, who?: Person | null, payload?: unknown, extra: { remoteAddress?: string } = {}) {
  return t.app.inject({
    method,
    url,
    headers: who ? { authorization: `Bearer ${who.token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
    ...extra,
  });
}
const get = (url: string, who?: Person | null) => call('GET', url, who);
const post = (url: string, who: Person | null, payload?: unknown) => call('POST', url, who, payload);

async function detail(id: number, who: Person) {
  const res = await get(`/api/videos/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return VideoDetail.parse(res.json());
}

const contextOf = async (who: Person): Promise<AuthContext> => (await t.services.sessions.resolve(who.token))!;

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock) });
  for (const name of ['Trailer', 'Beach', 'Night', 'City'] as const) {
    ids.tags = { ...ids.tags, [name]: (await createTag(t, { name })).id };
  }
  for (const [key, name] of [['alina', 'Alina Moreau'], ['jonas', 'Jonas Berg'], ['kira', 'Kira Novak']] as const) {
    ids.models = { ...ids.models, [key]: (await createModel(t, { name })).id };
  }
  ids.assets = {
    ready: (await createMediaAsset(t, { sourceName: 'a.mp4', renditions: [720, 360, 1080] })).id,
    pending: (await createMediaAsset(t, { sourceName: 'b.mp4', status: 'pending' })).id,
  };
  // What a restricted viewer plays instead of any video.
  await createMediaAsset(t, { kind: 'censored', sourceName: 'c.mp4', renditions: [360] });
  ids.locked = await insertVideo('Locked', ['Beach'], ['alina'], ids.assets.ready, 5);
  ids.trailer = await insertVideo('Trailer', ['Trailer', 'Beach'], ['alina'], ids.assets.ready, 4);
  ids.unlockable = await insertVideo('Unlockable', ['Night'], ['jonas'], ids.assets.ready, 3);
  ids.pending = await insertVideo('Pending', ['Beach', 'Night'], ['alina', 'jonas'], ids.assets.pending, 2);
  ids.bare = await insertVideo('Bare', ['City'], ['kira'], null, 1);
  ids.cousin = await insertVideo('Cousin', ['Beach'], ['alina'], ids.assets.ready, 6);
  ids.shoot = (await createShoot(t, { title: 'First', modelId: ids.models.alina, publishedAt: new Date(NOW - 9 * DAY), videoIds: [ids.locked, ids.unlockable] })).id;
  ids.otherShoot = (await createShoot(t, { title: 'Later', modelId: ids.models.alina, publishedAt: new Date(NOW - DAY), videoIds: [ids.locked] })).id;
  await setTrailerFeature(true);
  await storeUnlockToken(t.deps.db, 'unlock-good', { videoIds: [ids.unlockable, 2_000_000], shootIds: [ids.shoot] }, new Date(NOW + DAY));
  await storeUnlockToken(t.deps.db, 'unlock-forever', { videoIds: [ids.bare], shootIds: [] }, null);
  await storeUnlockToken(t.deps.db, 'unlock-expired', { videoIds: [ids.locked], shootIds: [] }, new Date(NOW - 1));
  await storeFreeVideoToken(t.deps.db, 'free-good', ids.locked, new Date(NOW + DAY));
  await storeFreeVideoToken(t.deps.db, 'free-pending', ids.pending, new Date(NOW + DAY));
  await storeFreeVideoToken(t.deps.db, 'free-expired', ids.locked, new Date(NOW - 1));

  member = await createUser('free_member');
  premium = await createUser('premium_member', { premiumUntil: new Date(NOW + 10 * DAY) });
  censored = await createUser('restricted_viewer', { premiumUntil: new Date(NOW + 10 * DAY), role: 'censored' });
  redeemer = await createUser('token_redeemer');
});
afterAll(() => t.close());
beforeEach(() => at(NOW));

describe('routes under /videos are not taken for ids', () => {
  it.each([
    ['/api/videos/tags', 200],
    ['/api/videos/unlocked', 200],
    ['/api/videos/random', 200],
    ['/api/videos/free?token=free-good', 200],
    ['/api/videos/test', 200],
  ])('GET %s answers %i for a member', async (url, status) => {
    const res = await get(url, member);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error?.fields?.id).toBeUndefined();
  });
});

describe('who may call the player endpoints', () => {
  const memberOnly: Array<['GET' | 'POST', string]> = [
    ['GET', '/api/videos/1'],
    ['POST', '/api/videos/1/playback'],
    ['GET', '/api/videos/1/playbacks'],
    ['GET', '/api/videos/1/similar'],
    ['GET', '/api/videos/random'],
    ['GET', '/api/videos/unlocked'],
    ['POST', '/api/videos/unlocked'],
  ];
  it.each(memberOnly)('%s %s asks a visitor to log in (401), before looking at the input', async (method, url) => {
    const res = await call(method, url, null, method === 'POST' ? { nonsense: true } : undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  it('lets a visitor open a free video and the test videos', async () => {
    expect((await get('/api/videos/free?token=free-good')).statusCode).toBe(200);
    expect((await get('/api/videos/test')).statusCode).toBe(200);
  });
});

describe('every role on every member endpoint', () => {
  it.each([['premium member'], ['restricted viewer']])('serves a %s (censored pictures for the restricted viewer)', async (who) => {
    const person = who === 'premium member' ? premium : censored;
    const censoredPicture = (url: string) => url.includes('/censored/');
    for (const url of ['/api/videos/unlocked', `/api/videos/${ids.trailer}/playbacks`]) {
      expect((await get(url, person)).statusCode, url).toBe(200);
    }
    const similar = (await get(`/api/videos/${ids.locked}/similar`, person)).json() as Video[];
    const random = Video.parse((await get('/api/videos/random', person)).json());
    const list = (await get('/api/videos', person)).json().videos as Video[];
    for (const video of [...similar, random, ...list]) {
      expect(censoredPicture(video.thumbnail), `${who}: ${video.thumbnail}`).toBe(person === censored);
      expect(censoredPicture(video.thumbnail_small)).toBe(person === censored);
    }
  });
});

describe('GET /api/videos/:id playability (SPEC §1)', () => {
  it('keeps a locked video locked for a free member: playable false and no media URL', async () => {
    const video = await detail(ids.locked, member);
    expect(video).toMatchObject({ id: ids.locked, playable: false, hls_url: null, renditions: [360, 720, 1080] });
    expect(JSON.stringify(video)).not.toContain('/hls/');
  });

  it('plays a trailer for a free member while the trailer feature is on', async () => {
    const video = await detail(ids.trailer, member);
    expect(video.playable).toBe(true);
    expect(video.hls_url).toEqual(expect.any(String));
  });

  it('locks the trailer again when the trailer feature is off', async () => {
    await setTrailerFeature(false);
    try {
      expect(await detail(ids.trailer, member)).toMatchObject({ playable: false, hls_url: null });
    } finally {
      await setTrailerFeature(true);
    }
  });

  it('plays everything for a premium member', async () => {
    for (const id of [ids.locked, ids.trailer, ids.unlockable]) {
      const video = await detail(id, premium);
      expect(video.playable, String(id)).toBe(true);
      expect(video.hls_url).toEqual(expect.any(String));
    }
  });

  it('treats a lapsed premium membership as none', async () => {
    at(NOW + 11 * DAY);
    expect(await detail(ids.locked, premium)).toMatchObject({ playable: false, hls_url: null });
  });

  it('hands out no media URL while the video is not transcoded, nor for one without media', async () => {
    expect(await detail(ids.pending, premium)).toMatchObject({ playable: true, hls_url: null, renditions: [] });
    expect(await detail(ids.bare, premium)).toMatchObject({ playable: true, hls_url: null, renditions: [] });
  });

  it('gives a restricted viewer the censored media, even when premium', async () => {
    const restricted = await detail(ids.locked, censored);
    const normal = await detail(ids.locked, premium);
    expect(restricted.playable).toBe(true);
    expect(restricted.hls_url).toEqual(expect.any(String));
    expect(restricted.hls_url).not.toBe(normal.hls_url);
    expect(restricted.renditions).toEqual([360]);
    expect(restricted.thumbnail).not.toBe(normal.thumbnail);
    // Still nothing for a video the restricted viewer may not play.
    const locked = await createUser('restricted_free_member', { role: 'censored' });
    expect(await detail(ids.locked, locked)).toMatchObject({ playable: false, hls_url: null });
  });

  it('keeps a restricted viewer restricted whatever disabled_roles cookie they send (the site imposes it; decision 029)', async () => {
    const withCookie = async (cookie: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/videos/${ids.locked}`, headers: { authorization: `Bearer ${censored.token}`, cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return VideoDetail.parse(res.json());
    };
    const restricted = await detail(ids.locked, censored);
    for (const cookie of ['disabled_roles=censored', 'other=1; disabled_roles=writer%2Ccensored', 'disabled_roles=writer', 'disabled_roles=%E0%A4%A']) {
      const seen = await withCookie(cookie);
      expect(seen.thumbnail, cookie).toBe(restricted.thumbnail);
      expect(seen.hls_url?.split('?')[0], cookie).toBe(restricted.hls_url?.split('?')[0]);
      expect(seen.renditions, cookie).toEqual(restricted.renditions);
    }
  });

  it('tells the shoot the video belongs to (the earliest published one) and whether it is a favourite', async () => {
    expect((await detail(ids.locked, member)).shoot_id).toBe(ids.shoot);
    expect((await detail(ids.bare, member)).shoot_id).toBeNull();
    expect((await detail(ids.locked, member)).is_favourite).toBe(false);
    await addFavourite(t, member.id, 'video', ids.locked);
    try {
      expect((await detail(ids.locked, member)).is_favourite).toBe(true);
      expect((await detail(ids.locked, premium)).is_favourite).toBe(false);
    } finally {
      await t.services.favourites.remove(member.id, 'video', ids.locked);
    }
  });

  it('builds thumbnails through the media service', async () => {
    const video = await detail(ids.locked, member);
    const media = t.services.media;
    const viewer = await contextOf(member);
    expect(video.thumbnail).toBe(media.imageUrl('video', ids.locked, '900x500', viewer));
    expect(video.thumbnail_small).toBe(media.imageUrl('video', ids.locked, '370x206', viewer));
  });

  it.each(['abc', '1.5', '0', '-3', '2x'])('refuses id %s with a 400', async (id) => {
    const res = await get(`/api/videos/${id}`, member);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('id');
  });

  it('answers 404 for an unknown id, also past the integer range', async () => {
    for (const id of [999_999, 99_999_999_999]) expect((await get(`/api/videos/${id}`, member)).statusCode).toBe(404);
  });
});

describe('unlocking with a token', () => {
  it('starts with nothing unlocked', async () => {
    const res = await get('/api/videos/unlocked', member);
    expect(res.statusCode).toBe(200);
    expect(UnlockedContent.parse(res.json())).toEqual({ galleries: [], videos: [] });
  });

  it('adds the token\'s shoots and videos (those that exist), makes them playable, and is idempotent', async () => {
    expect((await detail(ids.unlockable, redeemer)).playable).toBe(false);
    const first = await post('/api/videos/unlocked', redeemer, { token: 'unlock-good' });
    expect(first.statusCode, first.body).toBe(200);
    // The whole list, and the token's content by title (its unknown video left out) for the banner to name.
    expect(UnlockRedemption.parse(first.json())).toEqual({
      galleries: [ids.shoot],
      videos: [ids.unlockable],
      redeemed: { galleries: [{ id: ids.shoot, title: 'First' }], videos: [{ id: ids.unlockable, title: 'Unlockable' }] },
    });
    const again = await post('/api/videos/unlocked', redeemer, { token: '  unlock-good ' });
    expect(again.json()).toEqual(first.json());
    const forever = await post('/api/videos/unlocked', redeemer, { token: 'unlock-forever' });
    expect(forever.json()).toEqual({
      galleries: [ids.shoot],
      videos: [ids.unlockable, ids.bare].sort((a, b) => a - b),
      redeemed: { galleries: [], videos: [{ id: ids.bare, title: 'Bare' }] },
    });
    const { redeemed: _redeemed, ...list } = forever.json() as UnlockRedemption;
    expect((await get('/api/videos/unlocked', redeemer)).json()).toEqual(list);

    const unlocked = await detail(ids.unlockable, redeemer);
    expect(unlocked).toMatchObject({ playable: true, hls_url: expect.any(String) });
    // Only for the one who redeemed it.
    expect((await detail(ids.unlockable, member)).playable).toBe(false);
  });

  it.each([['unknown', 'no-such-token'], ['expired', 'unlock-expired']])('refuses an %s token with a 404', async (_, token) => {
    const res = await post('/api/videos/unlocked', member, { token });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: INVALID_UNLOCK_TOKEN } });
    expect((await get('/api/videos/unlocked', member)).json()).toEqual({ galleries: [], videos: [] });
  });

  it.each([
    ['no body', undefined],
    ['no token', {}],
    ['an empty token', { token: '   ' }],
    ['a number', { token: 42 }],
    ['a token too long', { token: 'x'.repeat(201) }],
  ])('refuses %s with a 400', async (_, body) => {
    const res = await post('/api/videos/unlocked', member, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('stops an address after too many invalid tokens (429), without affecting others', async () => {
    const from = (remoteAddress: string, token: string) => call('POST', '/api/videos/unlocked', member, { token }, { remoteAddress });
    for (let i = 0; i < RATE_LIMITS.videoTokenFailuresPerAddress.points; i++) expect((await from('10.9.9.9', `guess-${i}`)).statusCode).toBe(404);
    const blocked = await from('10.9.9.9', 'unlock-forever');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await from('10.9.9.8', 'no-such-token')).statusCode).toBe(404);
    await t.deps.rateLimits.reset('video-token-failures:10.9.9.9', RATE_LIMITS.videoTokenFailuresPerAddress);
  });
});

describe('GET /api/videos/free', () => {
  it('plays the token\'s video for a visitor, whatever its lock', async () => {
    const res = await get('/api/videos/free?token=free-good');
    expect(res.statusCode, res.body).toBe(200);
    expect(VideoDetail.parse(res.json())).toMatchObject({ id: ids.locked, playable: true, hls_url: expect.any(String), is_favourite: false });
  });

  it('plays it for a member and a restricted viewer too (censored media for the latter)', async () => {
    const forMember = VideoDetail.parse((await get('/api/videos/free?token=free-good', member)).json());
    const forRestricted = VideoDetail.parse((await get('/api/videos/free?token=free-good', censored)).json());
    expect(forMember).toMatchObject({ playable: true, hls_url: expect.any(String) });
    expect(forRestricted.playable).toBe(true);
    expect(forRestricted.hls_url).not.toBe(forMember.hls_url);
  });

  it('has no media URL while the video is not transcoded', async () => {
    expect((await get('/api/videos/free?token=free-pending')).json()).toMatchObject({ id: ids.pending, playable: true, hls_url: null });
  });

  it.each([['unknown', 'nope'], ['expired', 'free-expired']])('answers an %s token with a 404', async (_, token) => {
    const res = await get(`/api/videos/free?token=${token}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it.each(['', '?token=', '?token=%20', `?token=${'y'.repeat(201)}`])('refuses %s with a 400', async (query) => {
    const res = await get(`/api/videos/free${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('token');
  });

  it('creates working tokens through the service, storing only their hash', async () => {
    const videos = t.services.videos;
    const token = await videos.createFreeVideoToken(ids.unlockable, HOUR);
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect((await get(`/api/videos/free?token=${token}`)).json()).toMatchObject({ id: ids.unlockable, playable: true });
    const stored = await t.deps.db.query<{ token_hash: string }>('SELECT token_hash FROM free_video_tokens');
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
    at(NOW + HOUR + 1);
    expect((await get(`/api/videos/free?token=${token}`)).statusCode).toBe(404);
    at(NOW);
    await expect(videos.createFreeVideoToken(9_999_999, HOUR)).rejects.toMatchObject({ statusCode: 404 });

    const unlock = await videos.createUnlockToken({ videoIds: [ids.cousin], shootIds: [] }, null);
    const who = await createUser('service_token_user');
    expect((await post('/api/videos/unlocked', who, { token: unlock })).json()).toEqual({
      galleries: [],
      videos: [ids.cousin],
      redeemed: { galleries: [], videos: [{ id: ids.cousin, title: 'Cousin' }] },
    });
  });
});

describe('GET /api/videos/test', () => {
  it('lists the test videos of the media service', async () => {
    const res = await get('/api/videos/test');
    expect(res.statusCode).toBe(200);
    const media = t.services.media;
    expect(TestVideoList.parse(res.json())).toEqual(await media.testVideos());
  });
});

describe('playback progress', () => {
  let viewer: Person;
  beforeAll(async () => {
    viewer = await createUser('progress_viewer');
  });
  const progress = async (id: number, who: Person = viewer) => Playbacks.parse((await get(`/api/videos/${id}/playbacks`, who)).json());
  const report = (id: number, body: unknown, who: Person = viewer) => post(`/api/videos/${id}/playback`, who, body);
  const views = async (id: number) => (await t.deps.db.query<{ views: number }>('SELECT views FROM videos WHERE id = $1', [id]))[0]!.views;

  it('answers zeros and nulls for a video never played', async () => {
    expect(await progress(ids.locked)).toEqual({ video_id: ids.locked, position: 0, duration: null, play_count: 0, updated_at: null });
  });

  it('refuses progress for a video the member may not play (403) and stores nothing', async () => {
    const res = await report(ids.locked, { position: 10 });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect((await progress(ids.locked)).play_count).toBe(0);
  });

  it('stores whole seconds, counts one viewing while it goes on, and a view on the video', async () => {
    const before = await views(ids.trailer);
    const res = await report(ids.trailer, { position: 12.7, duration: 599.6 });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(await progress(ids.trailer)).toEqual({ video_id: ids.trailer, position: 12, duration: 600, play_count: 1, updated_at: NOW / 1000 });
    at(NOW + 60_000);
    expect((await report(ids.trailer, { position: 72 })).statusCode).toBe(204);
    // Seeking back a little is the same viewing.
    at(NOW + 90_000);
    expect((await report(ids.trailer, { position: 40 })).statusCode).toBe(204);
    expect(await progress(ids.trailer)).toMatchObject({ position: 40, duration: 600, play_count: 1, updated_at: (NOW + 90_000) / 1000 });
    expect(await views(ids.trailer)).toBe(before + 1);
  });

  it('starts a new viewing on a restart from the beginning, after the end, and after a long pause', async () => {
    const before = (await progress(ids.trailer)).play_count;
    at(NOW + 2 * 60_000);
    await report(ids.trailer, { position: 3 });
    expect((await progress(ids.trailer)).play_count).toBe(before + 1);
    at(NOW + 3 * 60_000);
    await report(ids.trailer, { position: 590 });
    await report(ids.trailer, { position: 100 });
    expect((await progress(ids.trailer)).play_count).toBe(before + 2);
    at(NOW + 3 * 60_000 + 6 * HOUR + 1);
    await report(ids.trailer, { position: 150 });
    expect((await progress(ids.trailer)).play_count).toBe(before + 3);
  });

  it('keeps each member\'s progress apart', async () => {
    expect((await report(ids.locked, { position: 30 }, premium)).statusCode).toBe(204);
    expect((await progress(ids.locked, premium)).position).toBe(30);
    expect((await progress(ids.locked, viewer)).position).toBe(0);
    expect((await report(ids.locked, { position: 30 }, censored)).statusCode).toBe(204);
  });

  it.each([
    ['no body', undefined, 'body'],
    ['no position', { duration: 10 }, 'position'],
    ['a negative position', { position: -1 }, 'position'],
    ['a position as text', { position: '10' }, 'position'],
    ['a position over a day', { position: 86_401 }, 'position'],
    ['a negative duration', { position: 1, duration: -5 }, 'duration'],
    ['a duration as text', { position: 1, duration: 'long' }, 'duration'],
  ])('refuses %s with a 400 naming %s', async (_, body, field) => {
    const res = await report(ids.trailer, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    if (field !== 'body') expect(Object.keys(res.json().error.fields)).toContain(field);
  });

  it('answers 404 for an unknown video and 400 for a bad id, on both endpoints', async () => {
    expect((await report(9_999_999, { position: 1 })).statusCode).toBe(404);
    expect((await get('/api/videos/9999999/playbacks', viewer)).statusCode).toBe(404);
    expect((await report(0, { position: 1 })).statusCode).toBe(400);
    expect((await get('/api/videos/abc/playbacks', viewer)).statusCode).toBe(400);
  });
});

describe('GET /api/videos/:id/similar', () => {
  it('lists other videos by shared models and tags, most alike first, never the video itself', async () => {
    const res = await get(`/api/videos/${ids.locked}/similar`, member);
    expect(res.statusCode).toBe(200);
    const similar = res.json().map((v: unknown) => Video.parse(v).id);
    // locked: Beach + Alina. cousin and trailer share both (3), pending too (Beach, Alina: 3) — newest first among ties.
    expect(similar).toEqual([ids.pending, ids.trailer, ids.cousin]);
    expect(similar).not.toContain(ids.locked);
    expect(similar).not.toContain(ids.bare);
  });

  it('answers an empty list for a video that shares nothing', async () => {
    expect((await get(`/api/videos/${ids.bare}/similar`, premium)).json()).toEqual([]);
  });

  it('answers 404 for an unknown video and 400 for a bad id', async () => {
    expect((await get('/api/videos/9999999/similar', member)).statusCode).toBe(404);
    expect((await get('/api/videos/x/similar', member)).statusCode).toBe(400);
  });
});

describe('GET /api/videos/random', () => {
  it('gives a free member only videos they may play while there are any', async () => {
    for (let i = 0; i < 8; i++) {
      const video = Video.parse((await get('/api/videos/random', member)).json());
      expect(video.tags.map((tag) => tag.name_en)).toContain('Trailer');
    }
  });

  it('includes what the member unlocked', async () => {
    const seen = new Set<number>();
    for (let i = 0; i < 30; i++) seen.add(Video.parse((await get('/api/videos/random', redeemer)).json()).id);
    for (const id of seen) expect([ids.trailer, ids.unlockable, ids.bare]).toContain(id);
  });

  it('falls back to any video when none is playable, and gives premium members any video', async () => {
    await setTrailerFeature(false);
    try {
      const res = await get('/api/videos/random', member);
      expect(res.statusCode).toBe(200);
      expect(Video.parse(res.json()).id).toBeGreaterThan(0);
    } finally {
      await setTrailerFeature(true);
    }
    const seen = new Set<number>();
    for (let i = 0; i < 40; i++) seen.add(Video.parse((await get('/api/videos/random', premium)).json()).id);
    expect(seen.size).toBeGreaterThan(2);
  });
});
