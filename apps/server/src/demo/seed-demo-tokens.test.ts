import { TRAILER_TAG_NAME, UnlockedContent, VideoDetail } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { seedDemoIfWanted } from './seed-demo';
import { DEMO_FREE_VIDEO_TOKEN, DEMO_UNLOCK_TOKEN, seedDemoTokens } from './seed-demo-tokens';

const NOW = new Date('2030-05-01T12:00:00Z');

describe('the demo tokens (README "Demo links")', () => {
  let t: TestApp;
  let clock = NOW.getTime();
  let memberToken: string;

  beforeAll(async () => {
    t = await buildTestApp({ now: () => new Date(clock) });
    await seedDemoIfWanted({ ...t.deps, now: () => NOW }, t.services, () => {}, { counts: { models: 6, videos: 40, shoots: 8 } });
    const [member] = await t.deps.db.query<{ id: number }>(`SELECT id FROM users WHERE username = 'member'`);
    memberToken = (await t.services.sessions.create(member!.id)).token;
  });
  afterAll(() => t.close());

  const isTrailer = async (videoId: number) =>
    (await t.deps.db.query(`SELECT 1 FROM video_tags vt JOIN tags t ON t.id = vt.tag_id WHERE vt.video_id = $1 AND t.name_en = $2`, [videoId, TRAILER_TAG_NAME]))
      .length > 0;

  it('lets a visitor play the demo free video, a locked one', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/videos/free?token=${DEMO_FREE_VIDEO_TOKEN}` });
    expect(res.statusCode, res.body).toBe(200);
    const video = VideoDetail.parse(res.json());
    expect(video.playable).toBe(true);
    expect(await isTrailer(video.id)).toBe(false);
    const asMember = await t.app.inject({ method: 'GET', url: `/api/videos/${video.id}`, headers: { authorization: `Bearer ${memberToken}` } });
    expect(asMember.json().playable).toBe(false);
  });

  it('unlocks the newest shoot and its non-trailer videos for a member', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/videos/unlocked',
      headers: { authorization: `Bearer ${memberToken}` },
      payload: { token: DEMO_UNLOCK_TOKEN },
    });
    expect(res.statusCode, res.body).toBe(200);
    const unlocked = UnlockedContent.parse(res.json());
    const [newest] = await t.deps.db.query<{ id: number }>('SELECT id FROM shoots ORDER BY published_at DESC, id DESC LIMIT 1');
    expect(unlocked.galleries).toEqual([newest!.id]);
    expect(unlocked.videos.length).toBeGreaterThan(0);
    for (const id of unlocked.videos) {
      expect(await isTrailer(id)).toBe(false);
      const detail = await t.app.inject({ method: 'GET', url: `/api/videos/${id}`, headers: { authorization: `Bearer ${memberToken}` } });
      expect(detail.json().playable).toBe(true);
    }
  });

  it('keeps them valid for a year', async () => {
    clock = NOW.getTime() + 364 * 86_400_000;
    try {
      expect((await t.app.inject({ method: 'GET', url: `/api/videos/free?token=${DEMO_FREE_VIDEO_TOKEN}` })).statusCode).toBe(200);
      clock = NOW.getTime() + 367 * 86_400_000;
      expect((await t.app.inject({ method: 'GET', url: `/api/videos/free?token=${DEMO_FREE_VIDEO_TOKEN}` })).statusCode).toBe(404);
    } finally {
      clock = NOW.getTime();
    }
  });

  it('is safe to run again: the same tokens, one row each', async () => {
    const before = await seedDemoTokens(t.deps.db, { now: NOW });
    const after = await seedDemoTokens(t.deps.db, { now: NOW });
    expect(after).toEqual(before);
    const [counts] = await t.deps.db.query<{ free: number; unlock: number }>(
      'SELECT (SELECT count(*) FROM free_video_tokens)::int AS free, (SELECT count(*) FROM unlock_tokens)::int AS unlock',
    );
    expect(counts).toEqual({ free: 1, unlock: 1 });
  });
});
