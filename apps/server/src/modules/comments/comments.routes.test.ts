import { Comment, CommentList } from '@velora/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createViewers, insertCatalog, type CatalogFixture, type Viewers } from '../../../test/catalog-fixture';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { COMMENTS_PER_PAGE } from './comments.service';
import { RATE_LIMITS } from '../../lib/rate-limits';

const START = Date.parse('2030-05-01T12:00:00Z');
let clock = START;

let t: TestApp;
let c: CatalogFixture;
let v: Viewers;
let video: number;

const url = (videoId = video) => `/api/videos/${videoId}/comments`;
const post = (body: unknown, token = v.member.token, videoId = video) => call(t.app, 'POST', url(videoId), token, body);
const del = (commentId: number, token = v.member.token, videoId = video) => call(t.app, 'DELETE', `${url(videoId)}/${commentId}`, token);
async function list(token = v.member.token, query = '', videoId = video) {
  const res = await call(t.app, 'GET', `${url(videoId)}${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return CommentList.parse(res.json());
}
async function posted(body: string, token = v.member.token, videoId = video) {
  const res = await post({ body }, token, videoId);
  expect(res.statusCode, res.body).toBe(201);
  return Comment.parse(res.json());
}
/** The stored counter and the real number of comments of a video. */
async function totals(videoId = video) {
  const [row] = await t.deps.db.query<{ stored: number; real: number }>(
    'SELECT total_comments AS stored, (SELECT count(*)::int FROM comments WHERE video_id = $1) AS real FROM videos WHERE id = $1',
    [videoId],
  );
  return row!;
}

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock) });
  c = await insertCatalog(t, START);
  v = await createViewers(t);
  video = c.videoIds[0]!;
});
afterAll(() => t.close());
// Each test starts a fresh rate-limit window.
beforeEach(() => {
  clock += 2 * RATE_LIMITS.commentsPerAccount.windowMs;
});

describe('who may comment', () => {
  it('asks a visitor to log in (401) to read, post or delete', async () => {
    expect((await call(t.app, 'GET', url())).statusCode).toBe(401);
    expect((await call(t.app, 'POST', url(), undefined, { body: 'Hello' })).statusCode).toBe(401);
    expect((await call(t.app, 'DELETE', `${url()}/1`)).statusCode).toBe(401);
    expect(await totals()).toEqual({ stored: 0, real: 0 });
  });

  it.each(['member', 'premium', 'censored', 'team'] as const)('lets a %s read and post', async (who) => {
    await list(v[who].token);
    const comment = await posted(`Posted by ${who}`, v[who].token);
    expect(comment.author.id).toBe(v[who].id);
  });
});

describe('POST /api/videos/:id/comments', () => {
  it('stores plain text, trimmed, and counts it on the video', async () => {
    const before = await totals();
    const comment = await posted('  Lovely light in this one. <b>not bold</b>\n  ');
    expect(comment).toMatchObject({
      video_id: video,
      body: 'Lovely light in this one. <b>not bold</b>',
      author: { id: v.member.id, username: 'member_one', avatar: null },
      author_avatar: '/media/avatars/default.svg',
      is_own: true,
    });
    expect(comment.created_at).toBeGreaterThan(0);
    expect(await totals()).toEqual({ stored: before.stored + 1, real: before.real + 1 });
  });

  it('accepts exactly 2000 characters, and tabs and line breaks', async () => {
    expect((await posted('x'.repeat(2000))).body).toHaveLength(2000);
    expect((await posted('a\tb\nc\r\nd')).body).toBe('a\tb\nc\r\nd');
  });

  it.each([
    ['no body at all', undefined],
    ['an empty object', {}],
    ['an empty body', { body: '' }],
    ['only spaces', { body: '   \n ' }],
    ['only control characters', { body: '\u0000\u0001' }],
    // Refused at the contract (decision record 031), no longer dropped quietly.
    ['a NUL inside', { body: 'a\u0000b' }],
    ['a bell inside', { body: 'a\u0007b' }],
    ['a lone surrogate', { body: 'a\ud800b' }],
    ['2001 characters', { body: 'y'.repeat(2001) }],
    ['a number', { body: 42 }],
  ])('rejects %s with 400 naming body', async (_, payload) => {
    const before = await totals();
    const res = await post(payload);
    expect(res.statusCode, res.body).toBe(400);
    const error = res.json().error;
    expect(JSON.stringify(error)).toContain('body');
    expect(await totals()).toEqual(before);
  });

  it('answers 404 for an unknown video and 400 for a bad id', async () => {
    const res = await post({ body: 'Hello' }, v.member.token, 999999);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('No video with id 999999');
    expect((await call(t.app, 'POST', '/api/videos/abc/comments', v.member.token, { body: 'Hi' })).statusCode).toBe(400);
  });

  it(`allows ${RATE_LIMITS.commentsPerAccount.points} comments a minute per member, then 429 with Retry-After`, async () => {
    const target = c.videoIds[3]!;
    for (let i = 0; i < RATE_LIMITS.commentsPerAccount.points; i++) await posted(`Comment ${i}`, v.other.token, target);
    const limited = await post({ body: 'One too many' }, v.other.token, target);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else is not held up, and the count stayed exact.
    await posted('Still fine', v.premium.token, target);
    expect(await totals(target)).toEqual({ stored: RATE_LIMITS.commentsPerAccount.points + 1, real: RATE_LIMITS.commentsPerAccount.points + 1 });
    clock += RATE_LIMITS.commentsPerAccount.windowMs + 1;
    await posted('After a minute', v.other.token, target);
  });
});

describe('GET /api/videos/:id/comments', () => {
  it(`pages ${COMMENTS_PER_PAGE} at a time, newest first, marking the viewer's own`, async () => {
    const target = c.videoIds[5]!;
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) {
      if (i % 10 === 0) clock += 2 * RATE_LIMITS.commentsPerAccount.windowMs;
      ids.push((await posted(`Number ${i}`, i % 2 ? v.member.token : v.other.token, target)).id);
    }
    const first = await list(v.member.token, '', target);
    expect(first).toMatchObject({ total: 25, page: 1, pages: 2 });
    expect(first.comments.map((x) => x.id)).toEqual([...ids].reverse().slice(0, 20));
    expect(first.comments.map((x) => x.is_own)).toEqual(first.comments.map((x) => x.author.id === v.member.id));
    const second = await list(v.member.token, '?page=2', target);
    expect(second.comments.map((x) => x.id)).toEqual([...ids].reverse().slice(20));
    expect((await list(v.member.token, '?page=0', target)).page).toBe(1);
    expect((await list(v.member.token, '?page=99', target)).comments).toEqual([]);
  });

  it("gives each comment the URL of its author's current avatar (product §3 avatar rule)", async () => {
    const target = c.videoIds[6]!;
    await posted('From the member', v.member.token, target);
    await posted('From the other', v.other.token, target);
    const { usersSettings } = t.services;
    await usersSettings.changeAvatar(v.member.id, 0);
    await usersSettings.changeAvatar(v.other.id, 21);
    try {
      const avatars = Object.fromEntries((await list(v.member.token, '', target)).comments.map((x) => [x.author.id, [x.author.avatar, x.author_avatar]]));
      expect(avatars).toEqual({
        [v.member.id]: [0, `/media/avatars/users/${v.member.id}.svg`],
        [v.other.id]: [21, '/media/avatars/21.svg'],
      });
    } finally {
      for (const id of [v.member.id, v.other.id]) await usersSettings.changeAvatar(id, null);
    }
  });

  it('is empty for a video without comments', async () => {
    expect(await list(v.member.token, '', c.videoIds[11]!)).toEqual({ comments: [], total: 0, page: 1, pages: 0 });
  });

  it('answers 404 for an unknown video and 400 for a bad page', async () => {
    expect((await call(t.app, 'GET', url(999999), v.member.token)).statusCode).toBe(404);
    const bad = await call(t.app, 'GET', `${url()}?page=two`, v.member.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('page');
  });
});

describe('DELETE /api/videos/:id/comments/:commentId', () => {
  it('lets the author delete their comment, and the count follows', async () => {
    const comment = await posted('Mine to delete');
    const before = await totals();
    expect((await del(comment.id)).statusCode).toBe(204);
    expect(await totals()).toEqual({ stored: before.stored - 1, real: before.real - 1 });
    // Gone: a second delete is 404, and nothing is subtracted twice.
    expect((await del(comment.id)).statusCode).toBe(404);
    expect((await totals()).stored).toBe(before.stored - 1);
  });

  it('refuses another member (403) and lets a team member delete (204)', async () => {
    const comment = await posted('Moderate me');
    const forbidden = await del(comment.id, v.other.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
    expect((await del(comment.id, v.premium.token)).statusCode).toBe(403);
    expect((await del(comment.id, v.team.token)).statusCode).toBe(204);
    const { stored, real } = await totals();
    expect(stored).toBe(real);
  });

  it('answers 404 for a missing comment or one of another video, 400 for bad ids', async () => {
    const comment = await posted('On video 0');
    const elsewhere = await del(comment.id, v.member.token, c.videoIds[1]!);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.message).toBe(`No comment with id ${comment.id} on video ${c.videoIds[1]}`);
    expect((await del(999999)).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `${url()}/x`, v.member.token)).statusCode).toBe(400);
    expect((await call(t.app, 'DELETE', `/api/videos/0/comments/${comment.id}`, v.member.token)).statusCode).toBe(400);
  });
});

describe('total_comments under concurrency', () => {
  it('stays exact when members post and delete at the same time', async () => {
    const target = c.videoIds[7]!;
    const writers = [v.member, v.other, v.premium, v.censored, v.team];
    const first = await Promise.all(writers.flatMap((w) => [1, 2, 3, 4].map((i) => post({ body: `Burst ${i}` }, w.token, target))));
    expect(first.every((r) => r.statusCode === 201)).toBe(true);
    const ids = first.map((r) => Comment.parse(r.json()));
    // Each author deletes two of theirs (twice over, concurrently) while everyone posts again.
    const results = await Promise.all([
      ...ids.filter((_, i) => i % 2 === 0).flatMap((x) => {
        const token = writers.find((w) => w.id === x.author.id)!.token;
        return [del(x.id, token, target), del(x.id, token, target)];
      }),
      ...writers.map((w) => post({ body: 'Again' }, w.token, target)),
    ]);
    expect(results.every((r) => [201, 204, 404].includes(r.statusCode))).toBe(true);
    expect(await totals(target)).toEqual({ stored: 20 - 10 + 5, real: 15 });
  });
});
