import { Conversation, Inbox, TransactionalPopup } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModel } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { seedDemoAccounts } from './seed-accounts';
import { DEMO_PLAYDATES, seedDemoMessages } from './seed-messages';

let t: TestApp;
const now = new Date('2030-05-01T12:00:00Z');
let modelId: number;

const tokenOf = async (username: string) => {
  const [user] = await t.deps.db.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [username]);
  return (await t.services.sessions.create(user!.id)).token;
};
const get = async (url: string, username: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${await tokenOf(username)}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const count = async (sql: string) => (await t.deps.db.query<{ n: number }>(`SELECT (${sql})::int AS n`))[0]!.n;

beforeAll(async () => {
  t = await buildTestApp({ now: () => now });
  modelId = (await createModel(t, { name: 'Demo Model' })).id;
  await seedDemoAccounts(t.deps.db, { modelId, now, enrollSecondFactor: t.services.secondFactor.enroll });
  await seedDemoMessages(t.deps.db, { now });
});
afterAll(() => t.close());

describe('seedDemoMessages', () => {
  it('gives every demo account a welcome and a news message in the site inbox', async () => {
    for (const username of ['member', 'premium', 'model', 'writer', 'retagger', 'admin']) {
      const inbox = Conversation.parse(await get('/messages/velora', username));
      expect(inbox.messages.map((m) => [m.group, m.subject]), username).toEqual([
        ['account', 'Welcome to Velora'],
        ['news', 'New this week'],
      ]);
    }
  });

  it('holds a short conversation between member and model', async () => {
    const seen = Conversation.parse(await get('/messages/model', 'member'));
    expect(seen.with).toMatchObject({ kind: 'model', name: 'model', display_name: 'Demo Model', model_id: modelId });
    expect(seen.messages.map((m) => m.from_me)).toEqual([true, false, true]);
    expect(seen.messages.every((m) => m.created_at < now.getTime())).toBe(true);
    const modelInbox = Inbox.parse(await get('/messages', 'model'));
    expect(modelInbox.conversations.map((c) => [c.with.name, c.unread])).toEqual([
      ['member', 1],
      ['velora', 2],
      ['premium', 0],
    ]);
  });

  it('books two past private playdates of premium with the model, the first with an offline message', async () => {
    const rows = await t.deps.db.query<{ id: number; title: string; kind: string; starts_at: Date }>(
      `SELECT p.id, p.title, p.kind, p.starts_at FROM playdates p JOIN users u ON u.id = p.member_id
        WHERE u.username = 'premium' AND p.model_id = $1 ORDER BY p.starts_at`,
      [modelId],
    );
    expect(rows.map((r) => [r.title, r.kind])).toEqual(DEMO_PLAYDATES.map((p) => [p.title, 'private']));
    expect(rows.every((r) => new Date(r.starts_at).getTime() < now.getTime())).toBe(true);
    const first = Conversation.parse(await get(`/messages/playdate/${rows[0]!.id}`, 'premium'));
    expect(first.messages).toHaveLength(1);
    expect(first.with.name).toBe('model');
    expect(Conversation.parse(await get(`/messages/playdate/${rows[1]!.id}`, 'model')).messages).toEqual([]);
  });

  it('seeds no popup message: it would cover the page of every demo log-in', async () => {
    expect(await count('SELECT count(*) FROM messages WHERE popup')).toBe(0);
    expect(TransactionalPopup.parse(await get('/messages/transactional/popup', 'member')).message).toBeNull();
  });

  it('seeds no playdate feedback question either: the past playdates count as answered', async () => {
    expect(await get('/playdates/feedback', 'premium')).toEqual({ items: [] });
  });

  it('adds nothing when run again', async () => {
    const tables = ['messages', 'conversations', 'conversation_participants', 'playdates'];
    const before = await Promise.all(tables.map((table) => count(`SELECT count(*) FROM ${table}`)));
    await seedDemoMessages(t.deps.db, { now: new Date('2030-06-01T00:00:00Z') });
    expect(await Promise.all(tables.map((table) => count(`SELECT count(*) FROM ${table}`)))).toEqual(before);
  });
});
