import { CHAT_HISTORY_PAGE, ChatMessagePage, REALTIME_CHAT_EVENTS, type ChatMessagesRemovedEvent } from '@velora/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asMember, asModel, createModel, type LoggedIn } from '../../../test/factories';
import { createRealtimeClients, eventMatching, listening, whenConnected } from '../../../test/realtime-clients';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createChatRoom, createTestChatAccess, joinChat, type ChatRoomFixture } from '../../../test/modules/camera-chat';

// History (cameras.chat.messages), the model's removal (studio.chat.removeMessage) and a ban's removal of messages.

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
});

/** Messages stored straight in the table, a second apart (sending has tests of its own). */
async function write(room: ChatRoomFixture, author: LoggedIn, texts: string[], to: number | null = null): Promise<number[]> {
  const ids: number[] = [];
  for (const text of texts) {
    clock += 1000;
    const [row] = await t.deps.db.query<{ id: number }>(
      `INSERT INTO camera_chat_messages (camera_id, kind, author_user_id, author_name, author_role, to_user_id, text, created_at)
       VALUES ($1, $2, $3, $4, 'member', $5, $6, $7) RETURNING id`,
      [room.camera.id, to === null ? 'public' : 'private', author.id, author.user.username, to, text, new Date(clock)],
    );
    ids.push(Number(row!.id));
  }
  return ids;
}

const history = async (room: ChatRoomFixture, who: LoggedIn, before?: number | string) =>
  t.app.inject({ method: 'GET', url: `/api/cameras/${room.camera.name}/chat/messages${before === undefined ? '' : `?before=${before}`}`, headers: who.headers });
const page = async (room: ChatRoomFixture, who: LoggedIn, before?: number) => {
  const res = await history(room, who, before);
  expect(res.statusCode, res.body).toBe(200);
  return ChatMessagePage.parse(res.json());
};
const remove = (who: LoggedIn, messageId: number | string) => t.app.inject({ method: 'DELETE', url: `/api/studio/camera/chat/messages/${messageId}`, headers: who.headers });

describe('GET /api/cameras/:name/chat/messages', () => {
  it('pages back oldest first, CHAT_HISTORY_PAGE at a time, `before` giving the page before', async () => {
    const room = await createChatRoom(t);
    const ann = await asMember(t);
    const ids = await write(
      room,
      ann,
      Array.from({ length: CHAT_HISTORY_PAGE * 2 + 3 }, (_, i) => `m${i}`),
    );
    const newest = await page(room, ann);
    expect(newest.messages.map((m) => m.id)).toEqual(ids.slice(-CHAT_HISTORY_PAGE));
    expect(newest.has_more).toBe(true);
    const middle = await page(room, ann, newest.messages[0]!.id);
    expect(middle.messages.map((m) => m.id)).toEqual(ids.slice(3, 3 + CHAT_HISTORY_PAGE));
    expect(middle.has_more).toBe(true);
    const oldest = await page(room, ann, middle.messages[0]!.id);
    expect(oldest.messages.map((m) => m.text)).toEqual(['m0', 'm1', 'm2']);
    expect(oldest.has_more).toBe(false);
  });

  it('answers an empty room with no messages, an unknown camera with 404, a bad `before` with 400 naming it', async () => {
    const room = await createChatRoom(t);
    const ann = await asMember(t);
    expect(await page(room, ann)).toEqual({ messages: [], has_more: false });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/cameras/no-such-cam/chat/messages', headers: ann.headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: 'No camera called no-such-cam' } });
    for (const before of ['0', '-1', 'abc', '1.5', '01']) {
      const res = await history(room, ann, before);
      expect(res.statusCode, before).toBe(400);
      expect(res.json()).toMatchObject({ error: { fields: { before: 'Must be a message id' } } });
    }
  });

  it('refuses a reader chat sessions refuse (banned) with 403, and a visitor with 401', async () => {
    const room = await createChatRoom(t);
    const ann = await asMember(t);
    chat.ban(room.camera.id, ann.id);
    const res = await history(room, ann);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: 'You may not read this chat room' } });
    expect((await t.app.inject({ method: 'GET', url: `/api/cameras/${room.camera.name}/chat/messages` })).statusCode).toBe(401);
  });

  it('shows private messages only to their two people', async () => {
    const room = await createChatRoom(t);
    const ann = await asMember(t);
    const bob = await asMember(t);
    await write(room, ann, ['public one']);
    await write(room, ann, ['to the model'], room.model.id);
    await write(room, bob, ['public two']);
    expect((await page(room, ann)).messages.map((m) => m.text)).toEqual(['public one', 'to the model', 'public two']);
    expect((await page(room, bob)).messages.map((m) => m.text)).toEqual(['public one', 'public two']);
    expect((await page(room, room.model)).messages.map((m) => m.text)).toEqual(['public one', 'to the model', 'public two']);
  });
});

describe('DELETE /api/studio/camera/chat/messages/:message_id', () => {
  it('removes a message of her room for everyone: left out of history, `chat:removed` pushed to the room', async () => {
    const room = await createChatRoom(t);
    const ann = await asMember(t);
    const [first, second] = await write(room, ann, ['keep', 'remove me']);
    const watcher = clients.open(t, ann.token);
    await whenConnected(watcher);
    await joinChat(watcher, room.camera.id);
    const pushed = eventMatching<ChatMessagesRemovedEvent>(watcher, REALTIME_CHAT_EVENTS.removed, () => true);

    const res = await remove(room.model, second!);
    expect(res.statusCode, res.body).toBe(204);
    expect(await pushed).toEqual({ camera_id: room.camera.id, message_ids: [second] });
    expect((await page(room, ann)).messages.map((m) => m.id)).toEqual([first]);
    // Again: nothing left to remove, nothing pushed, still fine.
    expect((await remove(room.model, second!)).statusCode).toBe(204);
  });

  it('is only the model\'s, and only for her own room: 401 visitor, 403 member, 404 another room\'s or an unknown message, 400 a bad id', async () => {
    const room = await createChatRoom(t);
    const otherRoom = await createChatRoom(t);
    const ann = await asMember(t);
    const [id] = await write(room, ann, ['hers']);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/studio/camera/chat/messages/${id}` })).statusCode).toBe(401);
    expect((await remove(ann, id!)).statusCode).toBe(403);
    const foreign = await remove(otherRoom.model, id!);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { message: `No message ${id} in your chat room` } });
    expect((await remove(room.model, 987654321)).statusCode).toBe(404);
    const cameraless = await asModel(t, { modelId: (await createModel(t)).id });
    expect((await remove(cameraless, id!)).json()).toMatchObject({ error: { code: 'NOT_FOUND', message: 'You have no camera yet' } });
    expect((await remove(room.model, 'abc')).statusCode).toBe(400);
    expect((await page(room, ann)).messages.map((m) => m.id)).toEqual([id]);
  });
});

describe('a ban', () => {
  it("removes the banned member's messages from that room only, and pushes `chat:removed`", async () => {
    const room = await createChatRoom(t);
    const otherRoom = await createChatRoom(t);
    const ann = await asMember(t);
    const bob = await asMember(t);
    const annIds = await write(room, ann, ['a1', 'a2']);
    const [bobId] = await write(room, bob, ['b1']);
    const [annElsewhere] = await write(otherRoom, ann, ['a elsewhere']);
    const watcher = clients.open(t, bob.token);
    await whenConnected(watcher);
    await joinChat(watcher, room.camera.id);
    const pushed = eventMatching<ChatMessagesRemovedEvent>(watcher, REALTIME_CHAT_EVENTS.removed, () => true);

    chat.ban(room.camera.id, ann.id);
    await t.services.cameraChat.idle();
    expect(await pushed).toEqual({ camera_id: room.camera.id, message_ids: annIds });
    expect((await page(room, bob)).messages.map((m) => m.id)).toEqual([bobId]);
    expect((await page(otherRoom, ann)).messages.map((m) => m.id)).toEqual([annElsewhere]);
  });
});
