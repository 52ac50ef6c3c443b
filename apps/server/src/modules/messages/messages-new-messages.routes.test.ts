import { NewMessages } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_MESSAGES_MAX } from './messages.service';
import { buildMessagesTestApp, expectBadField, expectStatus, type MessagesTestApp, type Person } from '../../../test/modules/messages';

// GET /messages/new_messages?last_message_timestamp: the polling call while realtime is down.

let t: MessagesTestApp;
let ann: Person;
let bob: Person;

const poll = async (who: Person, since?: number) =>
  NewMessages.parse(expectStatus(await t.call('GET', `/messages/new_messages${since === undefined ? '' : `?last_message_timestamp=${since}`}`, who.token), 200));
async function send(from: Person, to: Person, text: string) {
  t.clock.advance(3_000);
  return expectStatus(await t.call('POST', `/messages/${to.name}/send`, from.token, { text }), 201);
}

beforeAll(async () => {
  t = await buildMessagesTestApp();
  ann = await t.person('ann_poll');
  bob = await t.person('bob_poll');
});
afterAll(() => t.close());

describe('GET /messages/new_messages', () => {
  it('without a timestamp answers the unread total and the server time only', async () => {
    await send(bob, ann, 'waiting');
    expect(await poll(ann)).toEqual({ messages: [], unread_total: 1, server_time: t.clock.ms() });
    expect((await poll(ann, 0)).messages).toEqual([]);
  });

  it('answers messages to the viewer strictly newer than the timestamp, oldest first; server_time is the next cursor', async () => {
    const start = (await poll(ann)).server_time;
    const first = await send(bob, ann, 'first');
    await send(ann, bob, 'my own, not new to me');
    const second = await send(bob, ann, 'second');
    const site = await t.siteMessage(ann.id, { subject: 'News', text: 'site' });

    const got = await poll(ann, start);
    expect(got.messages.map((m) => [m.text, m.with, m.from_me, m.read])).toEqual([
      ['first', 'bob_poll', false, false],
      ['second', 'bob_poll', false, false],
      ['site', 'velora', false, false],
    ]);
    expect(got.messages.map((m) => m.id)).toEqual([first.id, second.id, site!.id]);
    expect(got.server_time).toBe(t.clock.ms());
    expect(got.unread_total).toBe(4);

    // The cursor: nothing new since, then only what came after.
    expect((await poll(ann, got.server_time)).messages).toEqual([]);
    const third = await send(bob, ann, 'third');
    expect((await poll(ann, got.server_time)).messages.map((m) => m.id)).toEqual([third.id]);
    // Strictly newer: a message created at exactly the timestamp is not repeated.
    expect((await poll(ann, third.created_at)).messages).toEqual([]);
    expect((await poll(ann, third.created_at - 1)).messages.map((m) => m.id)).toEqual([third.id]);
  });

  it('says whether each message was read, and leaves out hidden and cleared ones', async () => {
    const cat = await t.person('cat_poll');
    const dan = await t.person('dan_poll');
    const start = t.clock.ms();
    const a = await send(cat, dan, 'a');
    expectStatus(await t.call('POST', '/messages/cat_poll/read', dan.token), 200);
    const b = await send(cat, dan, 'b');
    const c = await send(cat, dan, 'c');
    expect((await poll(dan, start)).messages.map((m) => [m.id, m.read])).toEqual([
      [a.id, true],
      [b.id, false],
      [c.id, false],
    ]);
    expectStatus(await t.call('DELETE', `/messages/cat_poll/${b.id}`, dan.token), 200);
    expect((await poll(dan, start)).messages.map((m) => m.id)).toEqual([a.id, c.id]);
    expectStatus(await t.call('DELETE', '/messages/cat_poll/all', dan.token), 200);
    expect(await poll(dan, start)).toMatchObject({ messages: [], unread_total: 0 });
  });

  it(`answers at most ${NEW_MESSAGES_MAX}; the cursor then continues after the last one handed out`, async () => {
    const eve = await t.person('eve_poll');
    const start = t.clock.ms();
    for (let i = 0; i < NEW_MESSAGES_MAX + 5; i++) {
      t.clock.advance(10);
      await t.siteMessage(eve.id, { text: `news ${i}` });
    }
    const first = await poll(eve, start);
    expect(first.messages).toHaveLength(NEW_MESSAGES_MAX);
    expect(first.messages[0]!.text).toBe('news 0');
    expect(first.server_time).toBe(first.messages[NEW_MESSAGES_MAX - 1]!.created_at);
    expect(first.unread_total).toBe(NEW_MESSAGES_MAX + 5);
    const rest = await poll(eve, first.server_time);
    expect(rest.messages.map((m) => m.text)).toEqual(['news 100', 'news 101', 'news 102', 'news 103', 'news 104']);
    expect(rest.server_time).toBe(t.clock.ms());
  });

  it.each(['abc', '-5', '1.5', '1234567890123456', ''])('refuses last_message_timestamp=%j with 400 naming it', async (value) => {
    expectBadField(await t.call('GET', `/messages/new_messages?last_message_timestamp=${value}`, ann.token), 'last_message_timestamp');
  });

  it('takes the largest timestamp it accepts without a 500', async () => {
    expect((await poll(ann, 999_999_999_999_999)).messages).toEqual([]);
  });
});
