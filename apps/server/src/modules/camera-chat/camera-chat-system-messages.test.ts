import { ChatMessagePage, REALTIME_CHAT_EVENTS, type ChatMessage } from '@velora/shared';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { asMember, giveCoins, type LoggedIn } from '../../../test/factories';
import { createRealtimeClients, listening, recordEvents, whenConnected } from '../../../test/realtime-clients';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createChatRoom, createTestChatAccess, joinChat, sendChat, type ChatRoomFixture } from '../../../test/modules/camera-chat';
import { ADVERTISEMENT_AFTER_MESSAGES, ADVERTISEMENT_INTERVAL_MS } from './system-messages';

// What the server writes into a room: the advertisement, the show reminder, the feedback ask, a playdate's messages
// through postSystemMessage, and tips from the camera screen.

const START = Date.parse('2030-05-01T12:00:00Z');
let clock = START;
const chat = createTestChatAccess();
const clients = createRealtimeClients();
let t: TestApp;

beforeAll(async () => {
  t = await listening(await buildTestApp({ now: () => new Date(clock), chatAccess: chat.access }));
  chat.attach(t);
});
afterAll(() => t.close());
afterEach(async () => {
  clients.closeAll();
  await t.services.cameraChat.idle();
  clock += 60 * 60_000;
});

async function connectIn(room: ChatRoomFixture, who: LoggedIn): Promise<ClientSocket> {
  const socket = clients.open(t, who.token);
  await whenConnected(socket);
  await joinChat(socket, room.camera.id);
  return socket;
}
const historyOf = async (room: ChatRoomFixture, who: LoggedIn) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/cameras/${room.camera.name}/chat/messages`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return ChatMessagePage.parse(res.json()).messages;
};
const heardMessages = (heard: [string, unknown][]) => heard.filter(([event]) => event === REALTIME_CHAT_EVENTS.message).map(([, m]) => m as ChatMessage);

describe('advertisement', () => {
  it(`comes into a live free-chat room after ${ADVERTISEMENT_AFTER_MESSAGES} members' messages, then not again for ${ADVERTISEMENT_INTERVAL_MS / 60_000} minutes`, async () => {
    const room = await createChatRoom(t, { displayName: 'Lia Stern' });
    const members = await Promise.all([asMember(t), asMember(t)]);
    const sockets = await Promise.all(members.map((m) => (chat.openSession(room.camera.id, m.id), connectIn(room, m))));
    const heard = recordEvents(sockets[0]!);
    const write = async (n: number) => {
      for (let i = 0; i < n; i++) {
        clock += 5_000;
        expect(await sendChat(sockets[i % 2]!, { camera_id: room.camera.id, text: `hello ${i}` })).toMatchObject({ ok: true });
        await t.services.cameraChat.idle();
      }
    };
    const ads = async () => (await historyOf(room, members[0]!)).filter((m) => m.kind === 'advertisement');

    await write(ADVERTISEMENT_AFTER_MESSAGES - 1);
    expect(await ads()).toEqual([]);
    await write(1);
    const [ad] = await ads();
    expect(ad).toMatchObject({
      kind: 'advertisement',
      author: { user_id: null, name: '', role: 'system' },
      to_user_id: null,
      tip_coins: null,
      system: { key: 'advertisement', params: { model: 'Lia Stern' } },
      text: "Enjoying Lia Stern's show? Send her a tip with the tip button, or meet a model one to one in paid chat.",
    });
    await vi.waitFor(() => expect(heardMessages(heard).some((m) => m.id === ad!.id)).toBe(true));

    // Busy, but within the interval: no second one.
    await write(ADVERTISEMENT_AFTER_MESSAGES * 2);
    expect(await ads()).toHaveLength(1);
    clock += ADVERTISEMENT_INTERVAL_MS;
    // Past the interval, a quiet room still gets none until members chat again.
    expect(await ads()).toHaveLength(1);
    await write(ADVERTISEMENT_AFTER_MESSAGES);
    expect(await ads()).toHaveLength(2);
  });

  it('never comes into a paid-chat room, and the model\'s messages do not count', async () => {
    const paid = await createChatRoom(t, { price: 3 });
    const member = await asMember(t);
    chat.openSession(paid.camera.id, member.id, 'paid');
    const socket = await connectIn(paid, member);
    const model = await connectIn(paid, paid.model);
    for (let i = 0; i < ADVERTISEMENT_AFTER_MESSAGES + 2; i++) {
      clock += 5_000;
      await sendChat(socket, { camera_id: paid.camera.id, text: `m${i}` });
      await sendChat(model, { camera_id: paid.camera.id, text: `r${i}` });
      await t.services.cameraChat.idle();
    }
    expect((await historyOf(paid, member)).filter((m) => m.kind === 'advertisement')).toEqual([]);

    const free = await createChatRoom(t);
    const herSocket = await connectIn(free, free.model);
    for (let i = 0; i < ADVERTISEMENT_AFTER_MESSAGES + 2; i++) await sendChat(herSocket, { camera_id: free.camera.id, text: `r${i}` });
    await t.services.cameraChat.idle();
    expect((await historyOf(free, free.model)).filter((m) => m.kind === 'advertisement')).toEqual([]);
  });
});

describe('pub_reminders', () => {
  it('tells a member entering her room (the newest page) of her next show, privately and once per show', async () => {
    const room = await createChatRoom(t, { displayName: 'Ada Quell', shows: [[90, 60]] });
    const ann = await asMember(t);
    const bob = await asMember(t);
    const startsAt = Math.floor((clock + 90 * 60_000) / 1000);

    const first = await historyOf(room, ann);
    expect(first).toEqual([
      expect.objectContaining({
        kind: 'pub_reminders',
        to_user_id: ann.id,
        author: { user_id: null, name: '', role: 'system' },
        system: { key: 'pub_reminder', params: { model: 'Ada Quell', show_id: expect.any(Number), starts_at: startsAt, ends_at: startsAt + 3600 } },
        text: `Ada Quell's next show starts ${new Date(startsAt * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
      }),
    ]);
    expect(await historyOf(room, ann)).toHaveLength(1);
    // Bob gets his own; neither sees the other's; the model gets none in her own room.
    expect((await historyOf(room, bob)).map((m) => m.to_user_id)).toEqual([bob.id]);
    expect(await historyOf(room, room.model)).toEqual([]);
  });

  it('says nothing without a show to come (a show under way does not count)', async () => {
    const room = await createChatRoom(t, { shows: [[-10, 60]] });
    expect(await historyOf(room, await asMember(t))).toEqual([]);
  });
});

describe('feedback', () => {
  it('asks a member whose session ended after a minute or more, privately, once per session; not after a shorter one', async () => {
    const room = await createChatRoom(t, { displayName: 'Mia Ost' });
    const ann = await asMember(t);
    const bob = await asMember(t);
    const annSocket = await connectIn(room, ann);
    const annHeard = recordEvents(annSocket);

    chat.openSession(room.camera.id, ann.id);
    const session = chat.endSession(room.camera.id, ann.id, 60);
    chat.openSession(room.camera.id, bob.id);
    chat.endSession(room.camera.id, bob.id, 59);
    await t.services.cameraChat.idle();

    const expected = {
      kind: 'feedback',
      to_user_id: ann.id,
      system: { key: 'feedback', params: { model: 'Mia Ost', camera: room.camera.name } },
      text: 'How was your chat with Mia Ost? Tell us in a short camera feedback.',
    };
    expect(await historyOf(room, ann)).toEqual([expect.objectContaining(expected)]);
    await vi.waitFor(() => expect(heardMessages(annHeard)).toEqual([expect.objectContaining(expected)]));
    expect(await historyOf(room, bob)).toEqual([]);
    expect(await historyOf(room, room.model)).toEqual([]);

    // The same session told twice is asked about once.
    await t.services.cameraChat.postSystemMessage({ cameraId: room.camera.id, kind: 'feedback', key: 'feedback', params: {}, text: 'x', toUserId: ann.id, onceKey: `feedback:${session.id}` });
    expect(await historyOf(room, ann)).toHaveLength(1);
  });
});

describe('postSystemMessage (the playdates issue: pr_reminders, pr_requesting)', () => {
  it('writes to the room or privately to one member, with key, params and English text', async () => {
    const room = await createChatRoom(t);
    const ann = await asMember(t);
    const bob = await asMember(t);
    const toRoom = await t.services.cameraChat.postSystemMessage({
      cameraId: room.camera.id,
      kind: 'pr_requesting',
      key: 'pr_requesting',
      params: { member: 'ann' },
      text: 'ann asked for a private playdate',
    });
    const toAnn = await t.services.cameraChat.postSystemMessage({
      cameraId: room.camera.id,
      kind: 'pr_reminders',
      key: 'pr_reminder',
      params: { starts_at: 1_900_000_000 },
      text: 'Your private playdate starts soon',
      toUserId: ann.id,
      onceKey: 'pr_reminders:test:1',
    });
    expect(toRoom).toMatchObject({ kind: 'pr_requesting', to_user_id: null, system: { key: 'pr_requesting', params: { member: 'ann' } } });
    expect(await t.services.cameraChat.postSystemMessage({ cameraId: room.camera.id, kind: 'pr_reminders', key: 'pr_reminder', params: {}, text: 'again', toUserId: ann.id, onceKey: 'pr_reminders:test:1' })).toBeNull();
    expect((await historyOf(room, ann)).map((m) => m.id)).toEqual([toRoom!.id, toAnn!.id]);
    expect((await historyOf(room, bob)).map((m) => m.id)).toEqual([toRoom!.id]);
    await expect(
      t.services.cameraChat.postSystemMessage({ cameraId: room.camera.id, kind: 'public' as 'advertisement', key: 'x', params: {}, text: 'x' }),
    ).rejects.toThrow(RangeError);
  });
});

describe('tips from the camera screen', () => {
  it('show in her room while she is live, as a message with tip_coins from the member, once however often the tip is retried', async () => {
    const room = await createChatRoom(t);
    const ann = await asMember(t, { chatname: 'Annie' });
    await giveCoins(t, ann.id, 100);
    const watcher = await connectIn(room, await asMember(t));
    const heard = recordEvents(watcher);

    const tip = (key: string) =>
      t.app.inject({ method: 'POST', url: '/api/coins/tip', headers: ann.headers, payload: { model_id: room.camera.model_id, coins: 25, idempotency_key: key } });
    expect((await tip('tip-key-0001')).statusCode).toBe(200);
    expect((await tip('tip-key-0001')).statusCode).toBe(200);
    await t.services.cameraChat.idle();

    const expected = { kind: 'public', author: { user_id: ann.id, name: 'Annie', role: 'member' }, text: '', tip_coins: 25, to_user_id: null, system: null };
    expect(await historyOf(room, ann)).toEqual([expect.objectContaining(expected)]);
    await vi.waitFor(() => expect(heardMessages(heard)).toEqual([expect.objectContaining(expected)]));
  });

  it('are not shown while she is offline, nor for a model without a camera', async () => {
    const room = await createChatRoom(t, { live: false });
    const ann = await asMember(t);
    await giveCoins(t, ann.id, 100);
    expect((await t.app.inject({ method: 'POST', url: '/api/coins/tip', headers: ann.headers, payload: { model_id: room.camera.model_id, coins: 5 } })).statusCode).toBe(200);
    await t.services.cameraChat.idle();
    expect(await historyOf(room, ann)).toEqual([]);
    expect(await t.services.cameraChat.showTip({ tipId: 999_999, userId: ann.id, modelId: 2_000_000_000, coins: 5 })).toBeNull();
  });
});
