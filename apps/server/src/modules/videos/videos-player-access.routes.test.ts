import { Video, VideoDetail } from '@velora/shared';
import { describe, expect, it } from 'vitest';
import { addFavourite } from '../../../test/factories';
import {
  at, call, censored, contextOf, createUser, DAY, detail, get, ids, member, NOW, premium, setTrailerFeature, t, usePlayerFixture,
} from '../../../test/video-player-fixture';

// The player's endpoints (product §1, §7 Videos), PeerTube-style: who may call them, and what each role may play.

usePlayerFixture();

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

describe('GET /api/videos/:id playability (product §1)', () => {
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
