import { AUDIT_PAGE_SIZE, AuditList } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, asMember, asModel, asTeam, createCameraTag, type LoggedIn } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { fakeMediaRooms } from '../../../test/modules/cameras';

// The audit log (decision record 070): every back-office and studio write leaves an entry (who, when, what, before
// and after), recorded by the route layer; admins read and filter it; nothing edits or deletes it.

let clock = Date.parse('2030-05-01T12:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock), mediaServer: fakeMediaRooms().server });
});
afterAll(() => t.close());

const send = (who: LoggedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
const auditPage = async (admin: LoggedIn, query = '') => {
  const res = await send(admin, 'GET', `/backoffice/audit${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return AuditList.parse(res.json());
};

describe('a studio write', () => {
  it('leaves an entry with its actor, action, time, what was sent, and the state before and after', async () => {
    const zoe = await asModel(t);
    const admin = await asAdmin(t);
    const before = (await send(zoe, 'GET', '/studio/camera')).json();
    const tag = await createCameraTag(t);
    clock += 1000;
    const res = await send(zoe, 'PUT', '/studio/camera', { title: 'Evening show', tag_ids: [tag], chat_mode: 'free', price_per_minute: 10 });
    expect(res.statusCode, res.body).toBe(200);

    const { entries } = await auditPage(admin, `?actor=${zoe.user.username}&action=studio.camera.update`);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({
      at: clock / 1000,
      actor: { id: zoe.id, name: zoe.user.username },
      action: 'studio.camera.update',
      subject: { type: 'camera', id: String(before.camera.id) },
      request: { body: { title: 'Evening show', tag_ids: [tag], chat_mode: 'free', price_per_minute: 10 } },
      ip: '127.0.0.1',
    });
    expect((entry!.before as { camera: { title: string } }).camera.title).toBe(before.camera.title);
    expect((entry!.after as { camera: { title: string } }).camera.title).toBe('Evening show');
  });

  it('leaves keys out of the entry: a new stream key is recorded as made, not what it is', async () => {
    const zoe = await asModel(t);
    const admin = await asAdmin(t);
    const res = await send(zoe, 'POST', '/studio/camera/stream_key');
    expect(res.statusCode, res.body).toBe(200);
    const key = res.json().stream_key as string;
    const { entries } = await auditPage(admin, `?actor=${zoe.id}&action=studio.camera.streamKey`);
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries[0])).not.toContain(key);
    expect(entries[0]!.after).toMatchObject({ stream_key: '[left out]' });
  });

  it('leaves no entry for a write that failed', async () => {
    const zoe = await asModel(t);
    const admin = await asAdmin(t);
    const res = await send(zoe, 'PUT', '/studio/camera', { title: '', tag_ids: [], chat_mode: 'free' });
    expect(res.statusCode).toBe(400);
    expect((await auditPage(admin, `?actor=${zoe.id}`)).entries).toEqual([]);
  });
});

describe('reading the log', () => {
  it('is for admins: 401 for a visitor, 403 for a member, a model and a team member of no admin kind', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/backoffice/audit' })).statusCode).toBe(401);
    for (const who of [await asMember(t), await asModel(t), await asTeam(t), await asTeam(t, { teamKinds: ['support', 'finance'] })]) {
      expect((await send(who, 'GET', '/backoffice/audit')).statusCode).toBe(403);
    }
  });

  it('filters by action prefix, subject and time, newest first, a page at a time', async () => {
    const admin = await asAdmin(t);
    const zoe = await asModel(t);
    const from = clock / 1000;
    // A show added and taken off again, 26 times: 52 writes.
    for (let i = 0; i < (AUDIT_PAGE_SIZE + 2) / 2; i++) {
      clock += 1000;
      const added = await send(zoe, 'POST', '/studio/camera/schedule', { starts_at: clock / 1000 + 86_400, duration_minutes: 30 });
      expect(added.statusCode, added.body).toBeLessThan(300);
      const show = (added.json().schedule as { id: number }[]).at(-1)!;
      clock += 1000;
      expect((await t.app.inject({ method: 'DELETE', url: `/api/studio/camera/schedule/${show.id}`, headers: zoe.headers })).statusCode).toBeLessThan(300);
    }
    const first = await auditPage(admin, `?actor=${zoe.id}&action=studio.&from=${from}`);
    expect(first.total).toBe(AUDIT_PAGE_SIZE + 2);
    expect(first.pages).toBe(2);
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.entries.map((e) => e.at)).toEqual([...first.entries.map((e) => e.at)].sort((a, b) => b - a));
    const second = await auditPage(admin, `?actor=${zoe.id}&action=studio.&from=${from}&page=2`);
    expect(second.entries).toHaveLength(2);
    // The time window: only the last three.
    const late = await auditPage(admin, `?actor=${zoe.id}&from=${clock / 1000 - 2}&to=${clock / 1000 + 1}`);
    expect(late.total).toBe(3);
    expect((await auditPage(admin, `?actor=${zoe.id}&action=studio.camera.schedule.remove`)).total).toBe((AUDIT_PAGE_SIZE + 2) / 2);
    expect((await auditPage(admin, '?action=nothing.like.this')).entries).toEqual([]);
  });

  it.each([
    ['action', '?action=drop%20table'],
    ['subject_type', '?subject_type=Camera!'],
    ['from', '?from=99999999999'],
    ['page', '?page=x'],
  ])('answers 400 naming %s for a bad filter', async (field, query) => {
    const res = await send(await asAdmin(t), 'GET', `/backoffice/audit${query}`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
  });
});

describe('the table', () => {
  it('refuses every change and every deletion, whoever asks', async () => {
    const zoe = await asModel(t);
    expect((await send(zoe, 'POST', '/studio/camera/stream_key')).statusCode).toBe(200);
    for (const sql of ["UPDATE audit_log SET actor_name = 'someone else'", 'DELETE FROM audit_log', 'TRUNCATE audit_log']) {
      await expect(t.deps.db.query(sql), sql).rejects.toThrow(/append-only/);
    }
    const rows = await t.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE actor_id = $1', [zoe.id]);
    expect(rows[0]!.n).toBe(1);
  });
});
