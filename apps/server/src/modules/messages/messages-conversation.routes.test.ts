import { CONVERSATION_PAGE_SIZE, Conversation, NewMessages } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMessagesTestApp, expectBadField, expectStatus, type MessagesTestApp, type Person } from '../../../test/modules/messages';

// GET /messages/{name}?before: one conversation from the viewer's side, a page at a time.

let t: MessagesTestApp;
let ann: Person;
let bob: Person;
let cid: Person;

const get = async (who: Person, url: string) => Conversation.parse(expectStatus(await t.call('GET', url, who.token), 200));
const unreadTotal = async (who: Person) => NewMessages.parse((await t.call('GET', '/messages/new_messages', who.token)).json()).unread_total;
async function send(from: Person, to: Person, text: string) {
  t.clock.advance(3_000); // keeps every sender well under the rate limit
  return expectStatus(await t.call('POST', `/messages/${to.name}/send`, from.token, { text }), 201);
}

beforeAll(async () => {
  t = await buildMessagesTestApp();
  ann = await t.person('ann_conv');
  bob = await t.person('bob_conv');
  cid = await t.person('cid_conv');
});
afterAll(() => t.close());

describe('GET /messages/{name}', () => {
  it('shows an empty conversation with someone not written to yet, ready for a reply', async () => {
    expect(await get(ann, '/messages/bob_conv')).toEqual({
      with: { kind: 'member', name: 'bob_conv', display_name: 'bob_conv', avatar: expect.stringMatching(/\.svg$/), model_id: null },
      playdate: null,
      messages: [],
      has_more: false,
      can_reply: true,
      unsubscribed_groups: [],
    });
  });

  it('pages the newest messages oldest first; before= asks for the page before', async () => {
    const texts = Array.from({ length: CONVERSATION_PAGE_SIZE + 5 }, (_, i) => `m${i + 1}`);
    for (const [i, text] of texts.entries()) await send(i % 2 === 0 ? ann : bob, i % 2 === 0 ? bob : ann, text);

    const newest = await get(ann, '/messages/bob_conv');
    expect(newest.has_more).toBe(true);
    expect(newest.messages.map((m) => m.text)).toEqual(texts.slice(5));
    expect(newest.messages.map((m) => m.from_me)).toEqual(texts.slice(5).map((_, i) => (i + 5) % 2 === 0));
    const ids = newest.messages.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(newest.messages.every((m) => m.with === 'bob_conv' && m.playdate_id === null)).toBe(true);

    const older = await get(ann, `/messages/bob_conv?before=${newest.messages[0]!.id}`);
    expect(older.has_more).toBe(false);
    expect(older.messages.map((m) => m.text)).toEqual(texts.slice(0, 5));
    expect((await get(ann, `/messages/bob_conv?before=${older.messages[0]!.id}`)).messages).toEqual([]);
  });

  it('does not mark anything read', async () => {
    const before = await unreadTotal(bob);
    expect(before).toBeGreaterThan(0);
    await get(bob, '/messages/ann_conv');
    expect(await unreadTotal(bob)).toBe(before);
  });

  it('marks my messages read once the other party has read them, and theirs once I have', async () => {
    const dora = await t.person('dora_conv');
    await send(dora, cid, 'Are you there?');
    expect((await get(dora, '/messages/cid_conv')).messages.map((m) => m.read)).toEqual([false]);
    expect((await get(cid, '/messages/dora_conv')).messages.map((m) => m.read)).toEqual([false]);
    expectStatus(await t.call('POST', '/messages/dora_conv/read', cid.token), 200);
    expect((await get(dora, '/messages/cid_conv')).messages.map((m) => m.read)).toEqual([true]);
    expect((await get(cid, '/messages/dora_conv')).messages.map((m) => m.read)).toEqual([true]);
  });

  it('only ever shows the viewer\'s own conversation: asking for bob as cid shows cid and bob, not ann and bob', async () => {
    expect((await get(cid, '/messages/bob_conv')).messages).toEqual([]);
    expect((await get(cid, '/messages/ann_conv')).messages).toEqual([]);
  });

  it('refuses yourself (400) and answers 404 for nobody', async () => {
    expectBadField(await t.call('GET', '/messages/ann_conv', ann.token), 'name');
    expect(expectStatus(await t.call('GET', '/messages/no_one_at_all', ann.token), 404).error.message).toBe('No such member');
  });

  it.each([
    ['GET', '/messages/%00'],
    ['GET', '/messages/bob%00conv'],
    ['POST', '/messages/%00/send', { text: 'Hello' }],
    ['POST', '/messages/%00/read'],
    ['DELETE', '/messages/%00/all'],
    ['DELETE', '/messages/%0A/1'],
  ] as const)('refuses a name with a control character (%s %s) with 400 naming name, not a 500', async (method, url, body?: unknown) => {
    expectBadField(await t.call(method, url, ann.token, body), 'name');
  });

  it.each(['abc', '-1', '1.5', '1e3', '1234567890123456', ''])('refuses before=%j with 400 naming before', async (before) => {
    expectBadField(await t.call('GET', `/messages/bob_conv?before=${before}`, ann.token), 'before');
  });

  it('shows the site inbox as read-only, with the groups the viewer left', async () => {
    await t.siteMessage(ann.id, { group: 'account', subject: 'Receipt', text: 'Thank you for your order.' });
    expectStatus(await t.call('PUT', '/messages/unsubscribe/offers', ann.token, {}), 200);
    const inbox = await get(ann, '/messages/velora');
    expect(inbox).toMatchObject({
      with: { kind: 'site', name: 'velora', display_name: 'Velora', avatar: null, model_id: null },
      playdate: null,
      has_more: false,
      can_reply: false,
      unsubscribed_groups: ['offers'],
    });
    expect(inbox.messages.map((m) => [m.subject, m.text, m.group, m.from_me, m.with])).toEqual([
      ['Receipt', 'Thank you for your order.', 'account', false, 'velora'],
    ]);
  });
});
