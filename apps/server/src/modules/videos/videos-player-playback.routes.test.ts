import { Playbacks, TestVideoList, Video } from '@velora/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  at, censored, createUser, get, HOUR, ids, member, NOW, post, premium, t, usePlayerFixture, type Person,
} from '../../../test/video-player-fixture';

// The player's endpoints (product §1, §7 Videos), PeerTube-style: the test videos, playback progress and similar
// videos, each with bad input.

usePlayerFixture();

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
