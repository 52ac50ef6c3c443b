import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { CreateAdminRefused, createFirstAdmin } from './create-first-admin';

// `npm run create-admin` (decision record 070): the first team admin of a site without one.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const create = (input: { username: string; email: string; password: string }) =>
  createFirstAdmin({ db: t.deps.db, now: t.deps.now, users: t.services.users, audit: t.services.audit }, input);

describe('createFirstAdmin', () => {
  it('refuses bad input naming each field, and writes nothing', async () => {
    await expect(create({ username: 'a b', email: 'not-an-address', password: 'short' })).rejects.toThrow(
      /username: .*; email: .*; password: Must be at least 8 characters/,
    );
    const rows = await t.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    expect(rows[0]!.n).toBe(0);
  });

  it('creates a team admin who logs in with the password, and records it in the audit log', async () => {
    const { id } = await create({ username: 'owner', email: 'owner@example.com', password: 'a long enough password' });
    const [user] = await t.deps.db.query<{ is_team_member: boolean; team_kinds: string[]; email_verified_at: Date | null }>(
      'SELECT is_team_member, team_kinds, email_verified_at FROM users WHERE id = $1',
      [id],
    );
    expect(user).toMatchObject({ is_team_member: true, team_kinds: ['admin'] });
    expect(user!.email_verified_at).not.toBeNull();

    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'owner', password: 'a long enough password' } });
    expect(login.statusCode).toBe(200);
    const profile = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${login.json().access_token}` } });
    // The first back-office call asks the admin to set up an authenticator app.
    expect(profile.json()).toMatchObject({ is_team_member: true, team_kinds: ['admin'], second_factor: 'setup' });

    const [entry] = await t.deps.db.query<{ actor_name: string; action: string; subject_id: string; after: unknown }>(
      "SELECT actor_name, action, subject_id, after FROM audit_log WHERE action = 'command.create-admin'",
    );
    expect(entry).toEqual({ actor_name: 'command-line', action: 'command.create-admin', subject_id: String(id), after: { username: 'owner', email: 'owner@example.com', is_team_member: true, team_kinds: ['admin'] } });
  });

  it('refuses a second admin: the back office adds the rest', async () => {
    const refused = create({ username: 'another', email: 'another@example.com', password: 'a long enough password' });
    await expect(refused).rejects.toBeInstanceOf(CreateAdminRefused);
    await expect(refused).rejects.toThrow(/has a team admin already/);
  });
});
