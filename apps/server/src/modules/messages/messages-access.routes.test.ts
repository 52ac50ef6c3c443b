import { Conversation, NewMessages, TransactionalPopup, UnsubscribedGroups } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMessagesTestApp, expectStatus, type MessagesTestApp, type Person } from '../../../test/modules/messages';

// Who may call the messages endpoints at all, and which route answers which path.

let t: MessagesTestApp;
let ann: Person;
let bob: Person;

beforeAll(async () => {
  t = await buildMessagesTestApp();
  ann = await t.person('ann');
  bob = await t.person('bob');
});
afterAll(() => t.close());

const EVERY_ENDPOINT: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
  ['GET', '/messages'],
  ['GET', '/messages?page=2'],
  ['GET', '/messages/new_messages?last_message_timestamp=1'],
  ['GET', '/messages/bob'],
  ['GET', '/messages/velora'],
  ['GET', '/messages/playdate/1'],
  ['POST', '/messages/bob/send', { text: 'Hello' }],
  ['POST', '/messages/playdate/1', { text: 'Hello' }],
  ['POST', '/messages/bob/read'],
  ['POST', '/messages/playdate/1/read'],
  ['DELETE', '/messages/bob/1'],
  ['DELETE', '/messages/bob/all'],
  ['DELETE', '/messages/playdate/1'],
  ['GET', '/messages/playdate_cameras?id=1'],
  ['GET', '/messages/transactional/popup'],
  ['PUT', '/messages/unsubscribe/news', {}],
];

describe('who may use messages', () => {
  it.each(EVERY_ENDPOINT)('asks a visitor to log in: %s %s → 401', async (method, url, body) => {
    for (const token of [undefined, 'not-a-token']) {
      const res = await t.call(method, url, token, body);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it('answers a visitor 401 before looking at bad input', async () => {
    expect((await t.call('GET', '/messages/new_messages?last_message_timestamp=abc')).statusCode).toBe(401);
    expect((await t.call('POST', '/messages/bob/send', undefined, { text: '' })).statusCode).toBe(401);
    expect((await t.call('PUT', '/messages/unsubscribe/account', undefined, {})).statusCode).toBe(401);
  });

  it('lets a member in', async () => {
    expectStatus(await t.call('GET', '/messages', ann.token), 200);
    expectStatus(await t.call('GET', '/messages/bob', ann.token), 200);
  });
});

describe('routing: the calls under /messages win over /messages/{name}', () => {
  it('GET /messages/new_messages is the polling call, not a conversation with "new_messages"', async () => {
    NewMessages.parse(expectStatus(await t.call('GET', '/messages/new_messages', ann.token), 200));
  });

  it('GET /messages/transactional/popup is the popup call', async () => {
    expect(TransactionalPopup.parse(expectStatus(await t.call('GET', '/messages/transactional/popup', ann.token), 200))).toEqual({ message: null });
  });

  it('PUT /messages/unsubscribe/{group} is the unsubscribe call', async () => {
    UnsubscribedGroups.parse(expectStatus(await t.call('PUT', '/messages/unsubscribe/news', ann.token, {}), 200));
  });

  it('the playdate calls answer about playdates, not about a member named "playdate"', async () => {
    for (const [method, url, body] of [
      ['GET', '/messages/playdate/424242'],
      ['POST', '/messages/playdate/424242', { text: 'Hi' }],
      ['POST', '/messages/playdate/424242/read'],
      ['DELETE', '/messages/playdate/424242'],
      ['GET', '/messages/playdate_cameras?id=424242'],
    ] as const) {
      const res = await t.call(method, url, ann.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.message, `${method} ${url}`).toBe('No such playdate');
    }
  });

  it('a reserved segment used as a name names nobody', async () => {
    for (const name of ['transactional', 'unsubscribe', 'playdate_cameras', 'new_messages']) {
      const res = await t.call('POST', `/messages/${name}/send`, ann.token, { text: 'Hi' });
      expect(res.statusCode, name).toBe(404);
      expect(res.json().error.message).toBe('No such member');
    }
    expect((await t.call('GET', '/messages/transactional', ann.token)).json().error.message).toBe('No such member');
    // /messages/playdate/{id} takes the path: "send" is no playdate id.
    expect(Object.keys((await t.call('POST', '/messages/playdate/send', ann.token, { text: 'Hi' })).json().error.fields)).toEqual(['id']);
  });

  it('DELETE /messages/{name}/all clears, DELETE /messages/{name}/{id} deletes one', async () => {
    const sent = expectStatus(await t.call('POST', '/messages/bob/send', ann.token, { text: 'One' }), 201);
    expectStatus(await t.call('DELETE', `/messages/bob/${sent.id}`, ann.token), 200);
    expectStatus(await t.call('DELETE', '/messages/bob/all', ann.token), 200);
    // Bob still has it: both were Ann's own view.
    const bobs = Conversation.parse(expectStatus(await t.call('GET', '/messages/ann', bob.token), 200));
    expect(bobs.messages.map((m) => m.text)).toEqual(['One']);
  });

  it('names are read case-insensitively and URL-decoded', async () => {
    expect(Conversation.parse(expectStatus(await t.call('GET', '/messages/BOB', ann.token), 200)).with.name).toBe('bob');
    expect(Conversation.parse(expectStatus(await t.call('GET', '/messages/%62ob', ann.token), 200)).with.name).toBe('bob');
    expect(Conversation.parse(expectStatus(await t.call('GET', '/messages/VeLoRa', ann.token), 200)).with.kind).toBe('site');
  });
});
