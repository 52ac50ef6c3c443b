import { Conversation, Inbox, Message, PlaydateCameras } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModel } from '../../../test/factories';
import { START, buildMessagesTestApp, expectBadField, expectStatus, type MessagesTestApp, type ModelPerson, type Person } from '../../../test/modules/messages';

// The offline messages of a private playdate, between the member who booked it and the model's account.

let t: MessagesTestApp;
let mia: ModelPerson; // the model's account
let pam: Person; // booked the playdate
let oli: Person; // another member
let privateId: number;
let publicId: number;

const path = (id: number | string) => `/messages/playdate/${id}`;
const get = async (who: Person, id: number) => Conversation.parse(expectStatus(await t.call('GET', path(id), who.token), 200));
async function send(from: Person, id: number, text: string) {
  t.clock.advance(3_000);
  return Message.parse(expectStatus(await t.call('POST', path(id), from.token, { text }), 201));
}

beforeAll(async () => {
  t = await buildMessagesTestApp();
  mia = await t.modelAccount('mia_account', 'Mia Demo');
  pam = await t.person('pam_premium', { premium: true });
  oli = await t.person('oli_other', { premium: true });
  privateId = await t.playdate({ modelId: mia.modelId, memberId: pam.id, title: 'Evening chat' });
  publicId = await t.playdate({ modelId: mia.modelId, kind: 'public', title: 'Open stage' });
});
afterAll(() => t.close());

describe('GET /messages/playdate/{id}', () => {
  it('shows the member the model, with the playdate, ready for a message', async () => {
    const seen = await get(pam, privateId);
    expect(seen).toMatchObject({
      with: { kind: 'model', name: 'mia_account', display_name: 'Mia Demo', model_id: mia.modelId },
      playdate: { id: privateId, title: 'Evening chat', kind: 'private', model: { id: mia.modelId, name_en: 'Mia Demo' } },
      messages: [],
      has_more: false,
      can_reply: true,
      unsubscribed_groups: [],
    });
    expect(seen.playdate!.starts_at).toBe(START - 86_400_000);
  });

  it('shows the model the member', async () => {
    expect((await get(mia, privateId)).with).toMatchObject({ kind: 'member', name: 'pam_premium', model_id: null });
  });

  it('is not there for another member (404), nor for a public playdate (404 saying why)', async () => {
    expect(expectStatus(await t.call('GET', path(privateId), oli.token), 404).error.message).toBe('No such playdate');
    expect(expectStatus(await t.call('GET', path(publicId), pam.token), 404).error.message).toBe('Public playdates have no offline messages');
    expect(expectStatus(await t.call('GET', path(999_999), pam.token), 404).error.message).toBe('No such playdate');
    expect(expectStatus(await t.call('GET', path(99_999_999_999), pam.token), 404).error.message).toBe('No such playdate');
  });

  it.each(['abc', '0', '-3', '1.5'])('refuses id %j with 400 naming id', async (id) => {
    expectBadField(await t.call('GET', path(id), pam.token), 'id');
  });

  it('refuses a bad before with 400 naming before', async () => {
    expectBadField(await t.call('GET', `${path(privateId)}?before=x`, pam.token), 'before');
  });
});

describe('POST /messages/playdate/{id}', () => {
  it('lets the member and the model write to each other, with the playdate on every message', async () => {
    const first = await send(pam, privateId, 'Thank you for tonight!');
    expect(first).toMatchObject({ with: 'mia_account', playdate_id: privateId, from_me: true, text: 'Thank you for tonight!' });
    const answer = await send(mia, privateId, 'Thank you too!');
    expect(answer).toMatchObject({ with: 'pam_premium', playdate_id: privateId, from_me: true });

    expect((await get(pam, privateId)).messages.map((m) => [m.text, m.from_me])).toEqual([
      ['Thank you for tonight!', true],
      ['Thank you too!', false],
    ]);
    expect((await get(mia, privateId)).messages.map((m) => [m.text, m.from_me])).toEqual([
      ['Thank you for tonight!', false],
      ['Thank you too!', true],
    ]);
  });

  it('shows the playdate conversation in both inboxes, apart from any direct conversation', async () => {
    await t.call('POST', '/messages/mia_account/send', pam.token, { text: 'A direct hello' });
    const pams = Inbox.parse(expectStatus(await t.call('GET', '/messages', pam.token), 200));
    expect(pams.conversations.map((c) => [c.with.name, c.playdate_id])).toEqual([
      ['mia_account', null],
      ['mia_account', privateId],
    ]);
    expect(pams.conversations[1]!.unread).toBe(1);
    const mias = Inbox.parse(expectStatus(await t.call('GET', '/messages', mia.token), 200));
    expect(mias.conversations.map((c) => [c.with.name, c.playdate_id, c.unread])).toEqual([
      ['pam_premium', null, 1],
      ['pam_premium', privateId, 1],
    ]);
  });

  it('refuses another member (404), a public playdate (404), and bad text (400)', async () => {
    expect(expectStatus(await t.call('POST', path(privateId), oli.token, { text: 'Hi' }), 404).error.message).toBe('No such playdate');
    expect(expectStatus(await t.call('POST', path(publicId), pam.token, { text: 'Hi' }), 404).error.message).toBe('Public playdates have no offline messages');
    expectBadField(await t.call('POST', path(privateId), pam.token, { text: '   ' }), 'text');
    expectBadField(await t.call('POST', path('abc'), pam.token, { text: 'Hi' }), 'id');
  });

  it('answers 409 when the model has no account to receive it', async () => {
    const model = await createModel(t, { name: 'No Account' });
    const lonely = await t.playdate({ modelId: model.id, memberId: pam.id });
    const seen = await get(pam, lonely);
    expect(seen).toMatchObject({ can_reply: false, with: { kind: 'model', display_name: 'No Account', model_id: model.id } });
    expectStatus(await t.call('POST', path(lonely), pam.token, { text: 'Anyone?' }), 409);
  });
});

describe('POST /messages/playdate/{id}/read and DELETE /messages/playdate/{id}', () => {
  it('marks the playdate messages read, for the reader only', async () => {
    const id = await t.playdate({ modelId: mia.modelId, memberId: pam.id });
    await send(mia, id, 'one');
    await send(mia, id, 'two');
    const unreadOf = async (who: Person) => Inbox.parse((await t.call('GET', '/messages', who.token)).json()).conversations.find((c) => c.playdate_id === id)?.unread;
    expect(await unreadOf(pam)).toBe(2);
    const before = Inbox.parse((await t.call('GET', '/messages', pam.token)).json()).unread_total;
    expect(expectStatus(await t.call('POST', `${path(id)}/read`, pam.token), 200)).toEqual({ unread_total: before - 2 });
    expect(await unreadOf(pam)).toBe(0);
    expect((await get(mia, id)).messages.every((m) => m.read)).toBe(true);
  });

  it('clears the playdate messages for the viewer only', async () => {
    const id = await t.playdate({ modelId: mia.modelId, memberId: pam.id });
    await send(pam, id, 'hello');
    expectStatus(await t.call('DELETE', path(id), pam.token), 200);
    expect((await get(pam, id)).messages).toEqual([]);
    expect((await get(mia, id)).messages.map((m) => m.text)).toEqual(['hello']);
  });

  it('refuses another member and public playdates with 404, bad ids with 400', async () => {
    for (const [method, url] of [
      ['POST', `${path(privateId)}/read`],
      ['DELETE', path(privateId)],
    ] as const) {
      expect(expectStatus(await t.call(method, url, oli.token), 404).error.message).toBe('No such playdate');
    }
    expectStatus(await t.call('POST', `${path(publicId)}/read`, pam.token), 404);
    expectStatus(await t.call('DELETE', path(publicId), pam.token), 404);
    expectBadField(await t.call('POST', `${path('x')}/read`, pam.token), 'id');
    expectBadField(await t.call('DELETE', path('x'), pam.token), 'id');
  });
});

describe('GET /messages/playdate_cameras?id', () => {
  it('names the model accounts the messages go to, none online before cameras exist', async () => {
    const cameras = PlaydateCameras.parse(expectStatus(await t.call('GET', `/messages/playdate_cameras?id=${privateId}`, pam.token), 200));
    expect(cameras.playdate).toMatchObject({ id: privateId, kind: 'private', model: { id: mia.modelId, name_en: 'Mia Demo' } });
    expect(cameras.cameras).toEqual([
      { name: 'mia_account', display_name: 'Mia Demo', model_id: mia.modelId, avatar: expect.stringContaining(`/model/${mia.modelId}/`), is_online: false },
    ]);
    expectStatus(await t.call('GET', `/messages/playdate_cameras?id=${privateId}`, mia.token), 200);
  });

  it('is only for the playdate\'s participants (404), and only for private playdates', async () => {
    expect(expectStatus(await t.call('GET', `/messages/playdate_cameras?id=${privateId}`, oli.token), 404).error.message).toBe('No such playdate');
    expectStatus(await t.call('GET', `/messages/playdate_cameras?id=${publicId}`, pam.token), 404);
  });

  it.each(['', '?id=', '?id=abc', '?id=0', '?id=-1'])('refuses %j with 400 naming id', async (query) => {
    expectBadField(await t.call('GET', `/messages/playdate_cameras${query}`, pam.token), 'id');
  });
});
