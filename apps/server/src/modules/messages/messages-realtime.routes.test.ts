import { MessagesReadEvent, NewMessageEvent, REALTIME_EVENTS, UnreadTotal } from '@velora/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMessagesTestApp, expectStatus, type MessagesTestApp, type ModelPerson, type Person, type RecordedEvent } from '../../../test/modules/messages';

// What the messages module pushes to browsers through the realtime hub: events, payloads and rooms (user:{id}).

let t: MessagesTestApp;
let ann: Person;
let bob: Person;
let events: RecordedEvent[];

const room = (p: Person) => `user:${p.id}`;
const sent = (to: Person, event: string) => events.filter((e) => e.room === room(to) && e.event === event);
async function send(from: Person, to: string, text: string) {
  t.clock.advance(3_000);
  return expectStatus(await t.call('POST', `/messages/${to}/send`, from.token, { text }), 201);
}

beforeAll(async () => {
  t = await buildMessagesTestApp();
  ann = await t.person('ann_live');
  bob = await t.person('bob_live');
});
beforeEach(() => {
  events = t.recordEvents();
});
afterAll(() => t.close());

describe('realtime events', () => {
  it('a message goes to the recipient (from_me false, their unread total) and to the sender\'s other tabs (from_me true)', async () => {
    await t.siteMessage(ann.id, { text: 'unread site message of ann' });
    events.length = 0;
    const message = await send(ann, 'bob_live', 'Hello live');

    expect(events.map((e) => [e.room, e.event])).toEqual([
      [room(ann), REALTIME_EVENTS.messageNew],
      [room(bob), REALTIME_EVENTS.messageNew],
    ]);
    const toBob = NewMessageEvent.parse(sent(bob, REALTIME_EVENTS.messageNew)[0]!.payload);
    expect(toBob).toEqual({
      message: { ...message, with: 'ann_live', from_me: false, read: false },
      unread_total: 1,
    });
    const toAnn = NewMessageEvent.parse(sent(ann, REALTIME_EVENTS.messageNew)[0]!.payload);
    expect(toAnn).toEqual({ message, unread_total: 1 });
  });

  it('reading tells the reader\'s tabs the new unread total and the other party how far it was read', async () => {
    const last = await send(ann, 'bob_live', 'Read me');
    events.length = 0;
    expectStatus(await t.call('POST', '/messages/ann_live/read', bob.token), 200);
    expect(UnreadTotal.parse(sent(bob, REALTIME_EVENTS.unreadChanged)[0]!.payload)).toEqual({ unread_total: 0 });
    expect(MessagesReadEvent.parse(sent(ann, REALTIME_EVENTS.messagesRead)[0]!.payload)).toEqual({ with: 'bob_live', playdate_id: null, up_to_id: last.id });
    expect(events).toHaveLength(2);

    // Nothing new read: the other party hears nothing.
    events.length = 0;
    expectStatus(await t.call('POST', '/messages/ann_live/read', bob.token), 200);
    expect(events.map((e) => [e.room, e.event])).toEqual([[room(bob), REALTIME_EVENTS.unreadChanged]]);
  });

  it('deleting a message or a conversation tells the deleter\'s tabs the unread total, nobody else', async () => {
    const message = await send(ann, 'bob_live', 'To delete');
    events.length = 0;
    expectStatus(await t.call('DELETE', `/messages/ann_live/${message.id}`, bob.token), 200);
    expectStatus(await t.call('DELETE', '/messages/ann_live/all', bob.token), 200);
    expect(events.map((e) => [e.room, e.event, e.payload])).toEqual([
      [room(bob), REALTIME_EVENTS.unreadChanged, { unread_total: 0 }],
      [room(bob), REALTIME_EVENTS.unreadChanged, { unread_total: 0 }],
    ]);
  });

  it('a site message goes to its user', async () => {
    const cy = await t.person('cy_live');
    events.length = 0;
    const message = await t.siteMessage(cy.id, { group: 'account', subject: 'Receipt', text: 'Paid' });
    expect(events.map((e) => [e.room, e.event])).toEqual([[room(cy), REALTIME_EVENTS.messageNew]]);
    expect(NewMessageEvent.parse(events[0]!.payload)).toEqual({ message, unread_total: 1 });
  });

  it('a skipped site message (unsubscribed) pushes nothing', async () => {
    const dee = await t.person('dee_live');
    expectStatus(await t.call('PUT', '/messages/unsubscribe/news', dee.token, {}), 200);
    events.length = 0;
    expect(await t.siteMessage(dee.id, { group: 'news' })).toBeNull();
    expect(events).toEqual([]);
  });

  it('a playdate message goes to the model account and the member, each from their side', async () => {
    const mia: ModelPerson = await t.modelAccount('mia_live', 'Mia Live');
    const pam = await t.person('pam_live', { premium: true });
    const playdate = await t.playdate({ modelId: mia.modelId, memberId: pam.id });
    events.length = 0;
    t.clock.advance(3_000);
    expectStatus(await t.call('POST', `/messages/playdate/${playdate}`, pam.token, { text: 'Thanks!' }), 201);
    const toMia = NewMessageEvent.parse(sent(mia, REALTIME_EVENTS.messageNew)[0]!.payload);
    expect(toMia.message).toMatchObject({ with: 'pam_live', playdate_id: playdate, from_me: false });
    const toPam = NewMessageEvent.parse(sent(pam, REALTIME_EVENTS.messageNew)[0]!.payload);
    expect(toPam.message).toMatchObject({ with: 'mia_live', playdate_id: playdate, from_me: true });

    events.length = 0;
    expectStatus(await t.call('POST', `/messages/playdate/${playdate}/read`, mia.token), 200);
    expect(MessagesReadEvent.parse(sent(pam, REALTIME_EVENTS.messagesRead)[0]!.payload)).toMatchObject({ with: 'mia_live', playdate_id: playdate });
  });

  it('a push that fails does not fail the message: it is stored and answered', async () => {
    t.deps.realtime.bind(() => {
      throw new Error('socket layer down');
    });
    const message = await send(ann, 'bob_live', 'Stored anyway');
    const [row] = await t.deps.db.query<{ body: string }>('SELECT body FROM messages WHERE id = $1', [message.id]);
    expect(row!.body).toBe('Stored anyway');
  });
});
