import { IDEMPOTENCY_KEY_HEADER } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, createModel, createVideo, giveCoins, type LoggedIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { IDEMPOTENCY_KEY_TTL_MS } from './idempotency';

// Idempotency-Key on the member calls that create something (decision record 030): a retry with the key gets the
// first answer again and creates nothing; parallel duplicates create one; the key with another request is refused.

let t: TestApp;
const clock = { ms: Date.parse('2030-05-01T12:00:00Z') };
let keys = 0;
const newKey = () => `key-${++keys}-${Math.random().toString(36).slice(2)}`;

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock.ms) });
});
afterAll(() => t.close());

function post(member: LoggedIn, url: string, payload: unknown, key?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { ...member.headers, ...(key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key }) },
  });
}

const messagesBetween = async (a: number, b: number) =>
  Number(
    (
      await t.deps.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM messages m JOIN conversations c ON c.id = m.conversation_id
          WHERE c.kind = 'direct' AND ((c.user_low = $1 AND c.user_high = $2) OR (c.user_low = $2 AND c.user_high = $1))`,
        [Math.min(a, b), Math.max(a, b)],
      )
    )[0]!.n,
  );
const commentsOn = async (videoId: number) =>
  Number((await t.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM comments WHERE video_id = $1', [videoId]))[0]!.n);

async function pair() {
  return { alice: await asMember(t), bob: await asMember(t) };
}
const send = (from: LoggedIn, to: LoggedIn, text: string, key?: string) => post(from, `/api/messages/${to.user.username}/send`, { text }, key);

describe('message send with Idempotency-Key', () => {
  it('answers a retry with the first answer and stores the message once', async () => {
    const { alice, bob } = await pair();
    const key = newKey();
    const first = await send(alice, bob, 'Hello once', key);
    expect(first.statusCode).toBe(201);
    const retry = await send(alice, bob, 'Hello once', key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await messagesBetween(alice.id, bob.id)).toBe(1);
  });

  it('stores one message for parallel duplicates, and answers each with it', async () => {
    const { alice, bob } = await pair();
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(alice, bob, 'Hello in parallel', key)));
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(answers.map((res) => res.json().id));
    expect(ids.size).toBe(1);
    expect(await messagesBetween(alice.id, bob.id)).toBe(1);
  });

  it('refuses the key with another body (422 naming the header) and stores nothing more', async () => {
    const { alice, bob } = await pair();
    const key = newKey();
    expect((await send(alice, bob, 'First text', key)).statusCode).toBe(201);
    const other = await send(alice, bob, 'Another text', key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.fields).toHaveProperty(IDEMPOTENCY_KEY_HEADER);
    expect(await messagesBetween(alice.id, bob.id)).toBe(1);
  });

  it('refuses the key for another recipient: the path is part of the request', async () => {
    const { alice, bob } = await pair();
    const carol = await asMember(t);
    const key = newKey();
    expect((await send(alice, bob, 'Same text', key)).statusCode).toBe(201);
    expect((await send(alice, carol, 'Same text', key)).statusCode).toBe(422);
    expect(await messagesBetween(alice.id, carol.id)).toBe(0);
  });

  it('sends twice without a key, as before', async () => {
    const { alice, bob } = await pair();
    expect((await send(alice, bob, 'One')).statusCode).toBe(201);
    expect((await send(alice, bob, 'One')).statusCode).toBe(201);
    expect(await messagesBetween(alice.id, bob.id)).toBe(2);
  });

  it('keeps keys per member: another member with the same key sends their own message', async () => {
    const { alice, bob } = await pair();
    const key = newKey();
    expect((await send(alice, bob, 'Hi', key)).statusCode).toBe(201);
    expect((await send(bob, alice, 'Hi', key)).statusCode).toBe(201);
    expect(await messagesBetween(alice.id, bob.id)).toBe(2);
  });

  it('forgets a key after 24 hours', async () => {
    const { alice, bob } = await pair();
    const key = newKey();
    expect((await send(alice, bob, 'Day one', key)).statusCode).toBe(201);
    const saved = clock.ms;
    try {
      clock.ms += IDEMPOTENCY_KEY_TTL_MS - 1000;
      expect((await send(alice, bob, 'Day one', key)).headers['idempotent-replayed']).toBe('true');
      clock.ms = saved + IDEMPOTENCY_KEY_TTL_MS + 1000;
      const later = await send(alice, bob, 'Day one', key);
      expect(later.statusCode).toBe(201);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
    } finally {
      clock.ms = saved;
    }
    expect(await messagesBetween(alice.id, bob.id)).toBe(2);
    expect(IDEMPOTENCY_KEY_TTL_MS).toBe(24 * 60 * 60 * 1000);
  });

  it('does not keep a refusal: the same key works once the request can succeed', async () => {
    const { alice } = await pair();
    const key = newKey();
    const missing = await post(alice, '/api/messages/nobody_here_yet/send', { text: 'Hi' }, key);
    expect(missing.statusCode).toBe(404);
    const bob = await asMember(t, { username: 'nobody_here_yet' });
    expect((await post(alice, '/api/messages/nobody_here_yet/send', { text: 'Hi' }, key)).statusCode).toBe(201);
    expect(await messagesBetween(alice.id, bob.id)).toBe(1);
  });

  it.each([
    ['an empty key', ''],
    ['a key of 129 characters', 'k'.repeat(129)],
    ['a key with a space', 'two words'],
    ['a key with a non-ASCII letter', 'clé-1234'],
  ])('answers %s with 400 naming the header, and sends nothing', async (_name, key) => {
    const { alice, bob } = await pair();
    const res = await send(alice, bob, 'Hi', key);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(IDEMPOTENCY_KEY_HEADER);
    expect(await messagesBetween(alice.id, bob.id)).toBe(0);
  });

  it('takes a key of 1 and of 128 printable characters', async () => {
    const { alice, bob } = await pair();
    expect((await send(alice, bob, 'a', '!')).statusCode).toBe(201);
    expect((await send(alice, bob, 'b', `${'~'.repeat(127)}x`)).statusCode).toBe(201);
  });
});

describe('comments with Idempotency-Key', () => {
  it('posts a retried comment once', async () => {
    const member = await asMember(t);
    const video = await createVideo(t);
    const key = newKey();
    const answers = await Promise.all([1, 2, 3].map(() => post(member, `/api/videos/${video.id}/comments`, { body: 'Nice' }, key)));
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(await commentsOn(video.id)).toBe(1);
    expect((await post(member, `/api/videos/${video.id}/comments`, { body: 'Other' }, key)).statusCode).toBe(422);
  });
});

describe('tips with Idempotency-Key', () => {
  const ledgerRows = async () => Number((await t.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transactions'))[0]!.n);

  it('books a retried tip once, with the header alone', async () => {
    const member = await asMember(t);
    await giveCoins(t, member.id, 100);
    const model = await createModel(t);
    const key = newKey();
    const first = await post(member, '/api/coins/tip', { model_id: model.id, coins: 10 }, key);
    expect(first.statusCode).toBe(200);
    const before = await ledgerRows();
    const retry = await post(member, '/api/coins/tip', { model_id: model.id, coins: 10 }, key);
    expect(retry.json()).toEqual(first.json());
    expect(await ledgerRows()).toBe(before);
    expect(retry.json().balance).toBe(90);
  });

  it('takes the header and the body key together when they agree, and refuses them when they differ', async () => {
    const member = await asMember(t);
    await giveCoins(t, member.id, 100);
    const model = await createModel(t);
    const same = await post(member, '/api/coins/tip', { model_id: model.id, coins: 10, idempotency_key: 'agreeing-key-1' }, 'agreeing-key-1');
    expect(same.statusCode).toBe(200);
    const differ = await post(member, '/api/coins/tip', { model_id: model.id, coins: 10, idempotency_key: 'body-key-0001' }, 'header-key-0001');
    expect(differ.statusCode).toBe(400);
    expect(differ.json().error.fields).toHaveProperty(IDEMPOTENCY_KEY_HEADER);
    expect(same.json().balance).toBe(90);
  });
});
