import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModel } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { DEMO_PASSWORD, seedDemoAccounts } from './seed-accounts';

let t: TestApp;
const now = new Date('2030-05-01T12:00:00Z');
let modelId: number;

const login = async (username: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: DEMO_PASSWORD } });
  expect(res.statusCode).toBe(200);
  return res.json().access_token as string;
};
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());

beforeAll(async () => {
  t = await buildTestApp({ now: () => now });
  modelId = (await createModel(t, { name: 'Demo Model' })).id;
  await seedDemoAccounts(t.deps.db, { modelId, now, enrollSecondFactor: t.services.secondFactor.enroll });
});
afterAll(async () => {
  await t.close();
});

describe('seedDemoAccounts', () => {
  it('creates one account per kind of person, each with the demo password and a demo address', async () => {
    const rows = await t.deps.db.query<{ username: string; email: string; language: string }>('SELECT username, email, language FROM users ORDER BY id');
    expect(rows).toEqual(
      ['member', 'premium', 'model', 'writer', 'retagger', 'admin'].map((u) => ({ username: u, email: `${u}@demo.velora.test`, language: 'en' })),
    );
    // Each account has its own salt: one cracked hash, or two equal ones in a leaked table, tell nothing about another.
    const hashes = await t.deps.db.query<{ password_hash: string }>('SELECT DISTINCT password_hash FROM users');
    expect(hashes).toHaveLength(6);
  });

  it('gives each account what makes it that kind of person', async () => {
    const member = await get('/api/user/profile', await login('member'));
    expect(member).toMatchObject({ premium_until: null, model_id: null, is_team_member: false });

    const premium = await get('/api/user/profile', await login('premium'));
    expect(premium.premium_until).toBe(Date.parse('2031-05-01T12:00:00Z') / 1000);

    expect((await get('/api/user/profile', await login('model'))).model_id).toBe(modelId);
    expect((await get('/api/user/profile', await login('admin'))).is_team_member).toBe(true);
    expect(await get('/api/roles', await login('writer'))).toEqual([{ token: 'writer' }]);
    expect(await get('/api/roles', await login('retagger'))).toEqual([{ token: 'retagger' }]);
  });

  it('leaves existing accounts alone when run again', async () => {
    await seedDemoAccounts(t.deps.db, { modelId, now: new Date('2040-01-01T00:00:00Z'), enrollSecondFactor: t.services.secondFactor.enroll });
    const rows = await t.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    expect(rows[0]!.n).toBe(6);
    const roles = await t.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_roles');
    expect(roles[0]!.n).toBe(2);
  });
});
