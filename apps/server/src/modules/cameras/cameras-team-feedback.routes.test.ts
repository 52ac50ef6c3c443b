import { CameraFeedbackList } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/catalog-fixture';
import { asMember, asModel, asTeam, createCamera, createModel, type LoggedIn } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { CAMERA_FEEDBACK_PER_PAGE } from './cameras.service';

// product §2 popup camera-feedback, the team's side: GET /team/camera-feedback lists the stored answers, newest first,
// with paging, the `rated` filter and the mean rating; only the back office may read it.

const START = Date.parse('2030-06-01T12:00:00Z');
const MINUTE = 60_000;

let clock = START;
let t: TestApp;
let team: LoggedIn;

const send = (member: LoggedIn, body: unknown, name: string) => call(t.app, 'POST', `/api/cameras/${name}/feedback`, member.token, body);
const list = async (query = '', who: LoggedIn = team) => {
  const res = await call(t.app, 'GET', `/api/team/camera-feedback${query}`, who.token);
  expect(res.statusCode, res.body).toBe(200);
  return CameraFeedbackList.parse(res.json());
};

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock) });
  team = await asTeam(t, { username: 'team_reader' });
});
afterAll(() => t.close());

describe('GET /api/team/camera-feedback', () => {
  it('answers an empty list with no mean before anyone answered', async () => {
    expect(await list()).toEqual({ items: [], page: 1, per_page: CAMERA_FEEDBACK_PER_PAGE, total: 0, pages: 0, average_rating: null });
  });

  it('lists answers newest first with camera, member, rating, comment and date; the mean counts ratings only', async () => {
    await createCamera(t, { name: 'lina', modelId: (await createModel(t, { name: 'Lina Lund' })).id });
    const ada = await asMember(t, { username: 'ada_member' });
    const bob = await asMember(t, { username: 'bob_member' });
    clock = START;
    expect((await send(ada, { rating: 5, message: 'Lovely' }, 'lina')).statusCode).toBe(204);
    clock = START + MINUTE;
    expect((await send(bob, { dismissed: true }, 'lina')).statusCode).toBe(204);
    clock = START + 2 * MINUTE;
    expect((await send(bob, { rating: 2 }, 'lina')).statusCode).toBe(204);

    const answer = await list();
    expect(answer.total).toBe(3);
    expect(answer.pages).toBe(1);
    expect(answer.average_rating).toBe(3.5);
    expect(answer.items).toEqual([
      expect.objectContaining({ camera_name: 'lina', display_name: 'Lina Lund', user_id: bob.id, username: 'bob_member', rating: 2, message: '', dismissed: false, created_at: (START + 2 * MINUTE) / 1000 }),
      expect.objectContaining({ user_id: bob.id, rating: null, message: '', dismissed: true, created_at: (START + MINUTE) / 1000 }),
      expect.objectContaining({ user_id: ada.id, username: 'ada_member', rating: 5, message: 'Lovely', dismissed: false, created_at: START / 1000 }),
    ]);
  });

  it('keeps only rated answers with rated=true, and the mean stays the same', async () => {
    const answer = await list('?rated=true');
    expect(answer.total).toBe(2);
    expect(answer.items.map((item) => item.rating)).toEqual([2, 5]);
    expect(answer.average_rating).toBe(3.5);
    expect((await list('?rated=false')).total).toBe(3);
  });

  it('pages by CAMERA_FEEDBACK_PER_PAGE, stable when answers share a time; a page past the end is empty', async () => {
    const fresh = await buildTestApp({ now: () => new Date(START) });
    try {
      await createCamera(fresh, { name: 'mona', modelId: (await createModel(fresh, { name: 'Mona Moor' })).id });
      const reader = await asTeam(fresh);
      const member = await asMember(fresh);
      const total = CAMERA_FEEDBACK_PER_PAGE + 3;
      // Inserted directly: the popup's rate limit would stop one member long before a second page.
      for (let i = 0; i < total; i++) {
        await fresh.deps.db.query(
          `INSERT INTO camera_feedback (camera_id, user_id, dismissed, rating, message, created_at)
           SELECT id, $1, false, $2, $3, $4 FROM cameras WHERE name = 'mona'`,
          [member.id, (i % 5) + 1, `answer ${i}`, new Date(START)],
        );
      }
      const get = async (query: string) => {
        const res = await call(fresh.app, 'GET', `/api/team/camera-feedback${query}`, reader.token);
        expect(res.statusCode, res.body).toBe(200);
        return CameraFeedbackList.parse(res.json());
      };
      const first = await get('');
      const second = await get('?page=2');
      expect(first).toMatchObject({ page: 1, total, pages: 2 });
      expect(first.items).toHaveLength(CAMERA_FEEDBACK_PER_PAGE);
      expect(second.items).toHaveLength(3);
      const ids = [...first.items, ...second.items].map((item) => item.id);
      expect(new Set(ids).size).toBe(total);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect((await get('?page=0')).page).toBe(1);
      expect((await get('?page=-4')).page).toBe(1);
      expect((await get('?page=9')).items).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it.each([
    ['?page=abc', 'page'],
    ['?page=1.5', 'page'],
    ['?rated=yes', 'rated'],
    ['?rated=1', 'rated'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await call(t.app, 'GET', `/api/team/camera-feedback${query}`, team.token);
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json())).toContain(field);
  });
});

describe('who may read it', () => {
  it('refuses a member and a model (403) and asks a visitor to log in (401)', async () => {
    expect((await call(t.app, 'GET', '/api/team/camera-feedback', (await asMember(t)).token)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/team/camera-feedback', (await asModel(t)).token)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/team/camera-feedback')).statusCode).toBe(401);
  });

  it('lets a team member read it (200)', async () => {
    const other = await asTeam(t);
    expect((await call(t.app, 'GET', '/api/team/camera-feedback', other.token)).statusCode).toBe(200);
  });
});
