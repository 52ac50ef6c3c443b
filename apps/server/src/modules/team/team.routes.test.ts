import { TeamList, TeamMember } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, asMember, asModel, asTeam, createUser, loginAs, type LoggedIn } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';

// The team screen's calls (decision record 070): admins give accounts team kinds and editorial roles, and reset a lost
// authenticator app; every change is audited and reaches the person's sessions at once.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const send = (who: LoggedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
const lastAudit = async (action: string) =>
  (await t.deps.db.query<{ actor_id: number; subject_type: string; subject_id: string; before: unknown; after: unknown }>(
    'SELECT actor_id, subject_type, subject_id, before, after FROM audit_log WHERE action = $1 ORDER BY id DESC LIMIT 1',
    [action],
  ))[0];

describe('the team list', () => {
  it('lists everyone who works on the site, not customers', async () => {
    const admin = await asAdmin(t);
    const model = await asModel(t);
    const customer = await asMember(t);
    const res = await send(admin, 'GET', '/backoffice/team');
    expect(res.statusCode).toBe(200);
    const { members } = TeamList.parse(res.json());
    const ids = members.map((m) => m.user_id);
    expect(ids).toContain(admin.id);
    expect(ids).toContain(model.id);
    expect(ids).not.toContain(customer.id);
    expect(members.find((m) => m.user_id === admin.id)).toMatchObject({ is_team_member: true, team_kinds: ['admin'], second_factor_enrolled: true });
    expect(members.find((m) => m.user_id === model.id)?.model).not.toBeNull();
  });

  it('is for admins only: 403 for a plain team member, support, and a model', async () => {
    for (const who of [await asTeam(t), await asTeam(t, { teamKinds: ['support'] }), await asModel(t)]) {
      expect((await send(who, 'GET', '/backoffice/team')).statusCode).toBe(403);
      expect((await send(who, 'POST', '/backoffice/team', { login: 'x', team_member: true, team_kinds: [], roles: [] })).statusCode).toBe(403);
    }
  });
});

describe('adding and changing a person', () => {
  it('makes an account a writer by email, then a support team member: audited, and their open session can at once', async () => {
    const admin = await asAdmin(t);
    const sam = await createUser(t, { email: 'sam@example.com' });
    const samSession = await loginAs(t, sam);
    expect((await send(samSession, 'GET', '/backoffice/audit')).statusCode).toBe(403);

    const added = await send(admin, 'POST', '/backoffice/team', { login: 'SAM@example.com', team_member: false, team_kinds: [], roles: ['writer'] });
    expect(added.statusCode, added.body).toBe(200);
    expect(TeamMember.parse(added.json())).toMatchObject({ user_id: sam.id, is_team_member: false, roles: ['writer'] });
    expect(await lastAudit('backoffice.team.add')).toMatchObject({
      actor_id: admin.id,
      subject_type: 'user',
      subject_id: String(sam.id),
      before: { roles: [], is_team_member: false },
      after: { roles: ['writer'] },
    });

    const changed = await send(admin, 'PUT', `/backoffice/team/${sam.id}`, { team_member: true, team_kinds: ['support', 'admin'], roles: ['writer', 'retagger'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ is_team_member: true, team_kinds: ['support', 'admin'], roles: ['retagger', 'writer'] });
    // Their session, opened before, now holds admin.audit, and, as a staff member, must prove a second factor first.
    const refused = await send(samSession, 'GET', '/backoffice/audit');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('SECOND_FACTOR_SETUP_REQUIRED');
    const proven = await loginAs(t, sam);
    expect((await send(proven, 'GET', '/backoffice/audit')).statusCode).toBe(200);
  });

  it('answers 404 naming login for an unknown account, and 400 naming the field for a kind that does not exist', async () => {
    const admin = await asAdmin(t);
    const unknown = await send(admin, 'POST', '/backoffice/team', { login: 'nobody-here', team_member: true, team_kinds: [], roles: [] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.fields).toHaveProperty('login');
    const bad = await send(admin, 'PUT', `/backoffice/team/${admin.id}`, { team_member: true, team_kinds: ['owner'], roles: [] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toContain('team_kinds.0');
  });

  it('answers 400 naming user_id for an id past the database integer (found by the fuzz run: a 500)', async () => {
    const admin = await asAdmin(t);
    for (const id of ['2147483648', '0', 'x']) {
      const res = await send(admin, 'PUT', `/backoffice/team/${id}`, { team_member: true, team_kinds: ['support'], roles: ['writer'] });
      expect(res.statusCode, id).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), id).toContain('user_id');
    }
  });

  it('never leaves the site without an admin: the last one cannot drop the kind', async () => {
    const fresh = await buildTestApp();
    try {
      const admin = await asAdmin(fresh);
      const res = await fresh.app.inject({ method: 'PUT', url: `/api/backoffice/team/${admin.id}`, headers: admin.headers, payload: { team_member: true, team_kinds: ['support'], roles: [] } });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('LAST_ADMIN');
      const second = await asAdmin(fresh);
      const ok = await fresh.app.inject({ method: 'PUT', url: `/api/backoffice/team/${admin.id}`, headers: second.headers, payload: { team_member: false, team_kinds: [], roles: [] } });
      expect(ok.statusCode, ok.body).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

describe("resetting someone's authenticator app", () => {
  it('removes it: their next staff call asks them to set up a new one', async () => {
    const admin = await asAdmin(t);
    const model = await asModel(t);
    expect((await send(model, 'GET', '/studio/camera')).statusCode).toBe(200);
    const res = await send(admin, 'POST', `/backoffice/team/${model.id}/second-factor/reset`);
    expect(res.statusCode).toBe(204);
    const refused = await send(model, 'GET', '/studio/camera');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('SECOND_FACTOR_SETUP_REQUIRED');
    expect(await lastAudit('backoffice.team.resetSecondFactor')).toMatchObject({ actor_id: admin.id, subject_id: String(model.id), before: { second_factor_enrolled: true } });
  });
});
