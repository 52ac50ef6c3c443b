import { CameraFeedbackAsk } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/catalog-fixture';
import { asMember, createCamera, createModel, goLive, type CameraRow, type LoggedIn } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';

// product §2 popup camera-feedback: asked at most once a day per camera and member; ratings and "Not now" are stored.

const START = Date.parse('2030-05-01T12:00:00Z');
const HOUR = 3_600_000;

let clock = START;
let t: TestApp;
let anna: CameraRow;
let eve: CameraRow;

interface FeedbackRow {
  camera_id: number;
  session_id: number | null;
  user_id: number;
  dismissed: boolean;
  rating: number | null;
  message: string | null;
  created_at: Date | string;
}

const ask = async (member: LoggedIn, name = 'anna') => {
  const res = await call(t.app, 'GET', `/api/cameras/${name}/feedback`, member.token);
  expect(res.statusCode, res.body).toBe(200);
  return CameraFeedbackAsk.parse(res.json()).ask;
};
const send = (member: LoggedIn, body: unknown, name = 'anna') => call(t.app, 'POST', `/api/cameras/${name}/feedback`, member.token, body);
const stored = (member: LoggedIn) =>
  t.deps.db.query<FeedbackRow>('SELECT camera_id, session_id, user_id, dismissed, rating, message, created_at FROM camera_feedback WHERE user_id = $1 ORDER BY id', [member.id]);

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock) });
  anna = await createCamera(t, { name: 'anna', modelId: (await createModel(t, { name: 'Anna Abel' })).id });
  eve = await createCamera(t, { name: 'eve', modelId: (await createModel(t, { name: 'Eve Ernst' })).id });
  await goLive(t, anna.id, 3);
});
afterAll(() => t.close());

describe('GET /api/cameras/:name/feedback', () => {
  it('asks a member who has not answered yet', async () => {
    expect(await ask(await asMember(t))).toBe(true);
  });

  it('asks again only 24 hours after a rating, and per camera', async () => {
    clock = START;
    const member = await asMember(t);
    expect((await send(member, { rating: 5 })).statusCode).toBe(204);
    expect(await ask(member)).toBe(false);
    expect(await ask(member, 'eve')).toBe(true);
    clock = START + 23 * HOUR;
    expect(await ask(member)).toBe(false);
    clock = START + 24 * HOUR + 1000;
    expect(await ask(member)).toBe(true);
    clock = START;
  });

  it('does not ask for a day after "Not now" either', async () => {
    const member = await asMember(t);
    expect((await send(member, { dismissed: true })).statusCode).toBe(204);
    expect(await ask(member)).toBe(false);
  });

  it('answers 404 for an unknown camera', async () => {
    const res = await call(t.app, 'GET', '/api/cameras/nobody/feedback', (await asMember(t)).token);
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/cameras/:name/feedback', () => {
  it('stores the rating and comment with the camera, its session and the member', async () => {
    const member = await asMember(t);
    expect((await send(member, { rating: 4, message: '  Lovely show,\nthank you  ' })).statusCode).toBe(204);
    const [row] = await stored(member);
    const sessions = await t.deps.db.query<{ id: number }>('SELECT id FROM camera_sessions WHERE camera_id = $1', [anna.id]);
    expect(row).toMatchObject({ camera_id: anna.id, session_id: sessions[0]!.id, user_id: member.id, dismissed: false, rating: 4, message: 'Lovely show,\nthank you' });
    expect(new Date(row!.created_at).getTime()).toBe(clock);
  });

  it('stores a rating for a camera that never went live without a session', async () => {
    const member = await asMember(t);
    expect((await send(member, { rating: 2 }, 'eve')).statusCode).toBe(204);
    expect(await stored(member)).toMatchObject([{ camera_id: eve.id, session_id: null, rating: 2, message: null }]);
  });

  it('stores a dismissal ("Not now") without a rating', async () => {
    const member = await asMember(t);
    expect((await send(member, { dismissed: true })).statusCode).toBe(204);
    expect(await stored(member)).toMatchObject([{ camera_id: anna.id, dismissed: true, rating: null, message: null }]);
  });

  it.each([
    [{ rating: 0 }, 'rating'],
    [{ rating: 6 }, 'rating'],
    [{ rating: 3.5 }, 'rating'],
    [{ rating: '5' }, 'rating'],
    [{}, 'rating'],
    [{ message: 'No stars' }, 'rating'],
    [{ rating: 3, message: 'x'.repeat(1001) }, 'message'],
    [{ rating: 3, message: 'bell\u0007' }, 'message'],
    [{ dismissed: true, rating: 3 }, 'dismissed'],
    [{ dismissed: false }, 'dismissed'],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const member = await asMember(t);
    const res = await send(member, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json())).toContain(field);
    expect(await stored(member)).toEqual([]);
  });

  it('takes a comment of exactly 1000 characters', async () => {
    expect((await send(await asMember(t), { rating: 3, message: 'x'.repeat(1000) })).statusCode).toBe(204);
  });

  it('answers 404 for an unknown camera', async () => {
    expect((await send(await asMember(t), { rating: 3 }, 'nobody')).statusCode).toBe(404);
  });

  it('limits answers per member (429 with Retry-After); another member is not held back', async () => {
    const member = await asMember(t);
    for (let i = 0; i < 10; i++) expect((await send(member, { dismissed: true })).statusCode).toBe(204);
    const limited = await send(member, { dismissed: true });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(await asMember(t), { dismissed: true })).statusCode).toBe(204);
  });
});

describe('law limits and log-in', () => {
  it('answers 451 to a member in SE, before judging the input', async () => {
    const sweden = await asMember(t, { registrationCountry: 'SE' });
    expect((await call(t.app, 'GET', '/api/cameras/anna/feedback', sweden.token)).statusCode).toBe(451);
    expect((await send(sweden, { rating: 5 })).statusCode).toBe(451);
    expect((await send(sweden, { rating: 9 })).statusCode).toBe(451);
    expect(await stored(sweden)).toEqual([]);
  });

  it('asks a visitor to log in (401)', async () => {
    expect((await call(t.app, 'GET', '/api/cameras/anna/feedback')).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/cameras/anna/feedback', undefined, { rating: 5 })).statusCode).toBe(401);
  });
});
