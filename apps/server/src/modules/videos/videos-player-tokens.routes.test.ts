import { UnlockedContent, UnlockRedemption, Video, VideoDetail } from '@velora/shared';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../lib/rate-limits';
import {
  at, call, censored, createUser, detail, get, HOUR, ids, member, NOW, post, premium, redeemer, setTrailerFeature, t, usePlayerFixture,
} from '../../../test/video-player-fixture';
import { INVALID_UNLOCK_TOKEN } from './videos.service';

// The player's endpoints (product §1, §7 Videos), PeerTube-style: the unlock and free-video tokens, and the random
// video (which counts what a member unlocked here), each with every role and with bad input.

usePlayerFixture();

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
