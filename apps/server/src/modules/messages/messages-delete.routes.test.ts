import { Conversation, Inbox } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMessagesTestApp, expectBadField, expectStatus, type MessagesTestApp, type Person } from '../../../test/modules/messages';

// DELETE /messages/{name}/{messageId} and DELETE /messages/{name}/all: mailbox semantics, each side deletes its own view.

let t: MessagesTestApp;
let ann: Person;
let bob: Person;
let cid: Person;

const texts = async (who: Person, name: string) =>
  Conversation.parse(expectStatus(await t.call('GET', `/messages/${name}`, who.token), 200)).messages.map((m) => m.text);
const inboxNames = async (who: Person) => Inbox.parse(expectStatus(await t.call('GET', '/messages', who.token), 200)).conversations.map((c) => c.with.name);
async function send(from: Person, to: Person, text: string) {
  t.clock.advance(3_000);
  return expectStatus(await t.call('POST', `/messages/${to.name}/send`, from.token, { text }), 201);
}

beforeAll(async () => {
  t = await buildMessagesTestApp();
  ann = await t.person('ann_del');
  bob = await t.person('bob_del');
  cid = await t.person('cid_del');
});
afterAll(() => t.close());

describe('DELETE /messages/{name}/{messageId}', () => {
  it('hides the message for me only; the other party keeps it; twice is fine', async () => {
    const keep = await send(ann, bob, 'keep');
    const gone = await send(bob, ann, 'delete me');
    expect(expectStatus(await t.call('DELETE', `/messages/bob_del/${gone.id}`, ann.token), 200)).toEqual({ unread_total: 0 });
    expect(await texts(ann, 'bob_del')).toEqual(['keep']);
    expect(await texts(bob, 'ann_del')).toEqual(['keep', 'delete me']);
    expectStatus(await t.call('DELETE', `/messages/bob_del/${gone.id}`, ann.token), 200);
    // My own message can go from my side too.
    expectStatus(await t.call('DELETE', `/messages/bob_del/${keep.id}`, ann.token), 200);
    expect(await texts(ann, 'bob_del')).toEqual([]);
    expect(await texts(bob, 'ann_del')).toEqual(['keep', 'delete me']);
  });

  it('answers 404 for a message of another conversation, even one I can see elsewhere', async () => {
    const bobToCid = await send(bob, cid, 'not yours');
    const cidToAnn = await send(cid, ann, 'to ann');
    for (const url of [`/messages/bob_del/${bobToCid.id}`, `/messages/bob_del/${cidToAnn.id}`, '/messages/bob_del/999999999']) {
      const body = expectStatus(await t.call('DELETE', url, ann.token), 404);
      expect(body.error.message).toBe('No such message in this conversation');
    }
    expect(await texts(cid, 'bob_del')).toEqual(['not yours']);
    expect(await texts(bob, 'cid_del')).toEqual(['not yours']);
  });

  it('answers 404 in a conversation that never started, and for nobody; 400 for yourself', async () => {
    const dee = await t.person('dee_del');
    const message = await send(ann, bob, 'x');
    expect(expectStatus(await t.call('DELETE', `/messages/bob_del/${message.id}`, dee.token), 404).error.message).toBe('No such message in this conversation');
    expect(expectStatus(await t.call('DELETE', `/messages/nobody_del/${message.id}`, ann.token), 404).error.message).toBe('No such member');
    expectBadField(await t.call('DELETE', `/messages/ann_del/${message.id}`, ann.token), 'name');
  });

  it.each(['abc', '1.5', '-1', '1234567890123456'])('refuses message id %j with 400 naming messageId', async (id) => {
    expectBadField(await t.call('DELETE', `/messages/bob_del/${id}`, ann.token), 'messageId');
  });

  it('works in the site inbox too', async () => {
    const site = await t.siteMessage(ann.id, { text: 'Site note' });
    expect(await texts(ann, 'velora')).toContain('Site note');
    expectStatus(await t.call('DELETE', `/messages/velora/${site!.id}`, ann.token), 200);
    expect(await texts(ann, 'velora')).not.toContain('Site note');
  });
});

describe('DELETE /messages/{name}/all', () => {
  it('clears the conversation for me: it leaves my inbox until a new message arrives; the other party keeps all', async () => {
    const eva = await t.person('eva_del');
    const fin = await t.person('fin_del');
    await send(eva, fin, 'one');
    await send(fin, eva, 'two');
    await send(eva, fin, 'three');
    expect(await inboxNames(fin)).toEqual(['eva_del']);

    expect(expectStatus(await t.call('DELETE', '/messages/eva_del/all', fin.token), 200)).toEqual({ unread_total: 0 });
    expect(await inboxNames(fin)).toEqual([]);
    expect(await texts(fin, 'eva_del')).toEqual([]);
    expect(await texts(eva, 'fin_del')).toEqual(['one', 'two', 'three']);
    expect(await inboxNames(eva)).toEqual(['fin_del']);

    await send(eva, fin, 'four');
    expect(await inboxNames(fin)).toEqual(['eva_del']);
    expect(await texts(fin, 'eva_del')).toEqual(['four']);
    const box = Inbox.parse((await t.call('GET', '/messages', fin.token)).json());
    expect(box.conversations[0]).toMatchObject({ unread: 1, last_message: { text: 'four' } });
  });

  it('takes unread messages out of the unread total', async () => {
    const gus = await t.person('gus_del');
    const hal = await t.person('hal_del');
    await send(gus, hal, 'unread 1');
    await send(gus, hal, 'unread 2');
    await t.siteMessage(hal.id, { text: 'site, unread' });
    expect(expectStatus(await t.call('DELETE', '/messages/gus_del/all', hal.token), 200)).toEqual({ unread_total: 1 });
  });

  it('is no error for a conversation that never started; refuses yourself and nobody', async () => {
    const ivy = await t.person('ivy_del');
    expect(expectStatus(await t.call('DELETE', '/messages/ann_del/all', ivy.token), 200)).toEqual({ unread_total: 0 });
    expectBadField(await t.call('DELETE', '/messages/ivy_del/all', ivy.token), 'name');
    expect(expectStatus(await t.call('DELETE', '/messages/nobody_del/all', ivy.token), 404).error.message).toBe('No such member');
  });

  it('clears the site inbox too', async () => {
    const jo = await t.person('jo_del');
    await t.siteMessage(jo.id, { text: 'a' });
    await t.siteMessage(jo.id, { text: 'b' });
    expect(await inboxNames(jo)).toEqual(['velora']);
    expectStatus(await t.call('DELETE', '/messages/velora/all', jo.token), 200);
    expect(await inboxNames(jo)).toEqual([]);
    await t.siteMessage(jo.id, { text: 'c' });
    expect(await texts(jo, 'velora')).toEqual(['c']);
  });
});
