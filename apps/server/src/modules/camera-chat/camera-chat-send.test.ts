import { CHAT_MESSAGE_MAX, CHAT_RATE_LIMIT, ChatMessage, REALTIME_CHAT_EVENTS, type ChatMessage as ChatMessageT } from '@velora/shared';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { asMember, loginAs, type LoggedIn } from '../../../test/factories';
import { createRealtimeClients, eventMatching, listening, recordEvents, whenConnected } from '../../../test/realtime-clients';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createChatRoom, createTestChatAccess, joinChat, sendChat, type ChatRoomFixture } from '../../../test/modules/camera-chat';

// Writing in a camera's chat room over the realtime channel (decision record 036), on one instance.

const START = Date.parse('2030-05-01T12:00:00Z');
let clock = START;
const advance = (ms: number) => {
  clock += ms;
};

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
  // Each test starts past every window of the one before.
  advance(10 * 60_000);
});

async function connect(who?: LoggedIn): Promise<ClientSocket> {
  const socket = clients.open(t, who?.token);
  await whenConnected(socket);
  return socket;
}

/** A member with an open session, connected and in the room. */
async function memberIn(room: ChatRoomFixture, kind: 'free' | 'paid' = 'free', chatname?: string) {
  const member = await asMember(t, chatname ? { chatname } : {});
  chat.openSession(room.camera.id, member.id, kind);
  const socket = await connect(member);
  await joinChat(socket, room.camera.id);
  return { member, socket };
}

async function modelIn(room: ChatRoomFixture) {
  const socket = await connect(room.model);
  await joinChat(socket, room.camera.id);
  return socket;
}

const sent = async (socket: ClientSocket, payload: Record<string, unknown>): Promise<ChatMessageT> => {
  const ack = await sendChat(socket, payload);
  if (!ack.ok) throw new Error(`refused: ${ack.error.code} ${ack.error.message}`);
  return ChatMessage.parse(ack.message);
};

describe('order', () => {
  it('gives every message a greater id than the one before, and everyone in the room hears them in that order', async () => {
    const room = await createChatRoom(t);
    const ann = await memberIn(room, 'free', 'Ann');
    const bob = await memberIn(room);
    const model = await modelIn(room);
    const heardByBob = recordEvents(bob.socket);

    const ids: number[] = [];
    for (const [socket, text] of [
      [ann.socket, 'one'],
      [model, 'two'],
      [ann.socket, 'three'],
      [bob.socket, 'four'],
      [model, 'five'],
    ] as const) {
      ids.push((await sent(socket, { camera_id: room.camera.id, text })).id);
    }
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(5);

    const messagesHeard = () => heardByBob.filter(([event]) => event === REALTIME_CHAT_EVENTS.message).map(([, m]) => m as ChatMessageT);
    await vi.waitFor(() => expect(messagesHeard()).toHaveLength(5));
    const heard = messagesHeard();
    expect(heard.map((m) => m.id)).toEqual(ids);
    expect(heard.map((m) => m.text)).toEqual(['one', 'two', 'three', 'four', 'five']);
    expect(heard[0]).toMatchObject({ kind: 'public', author: { user_id: ann.member.id, name: 'Ann', role: 'member' }, to_user_id: null, tip_coins: null, system: null });
    expect(heard[1]).toMatchObject({ author: { user_id: room.model.id, name: room.displayName, role: 'model' } });
  });

  it('acknowledges with the stored message: trimmed, at the clock, of the camera', async () => {
    const room = await createChatRoom(t);
    const ann = await memberIn(room);
    const message = await sent(ann.socket, { camera_id: room.camera.id, text: '   hello there 👋  ' });
    expect(message).toMatchObject({ camera_id: room.camera.id, kind: 'public', text: 'hello there 👋', created_at: clock });
    const [row] = await t.deps.db.query<{ text: string }>('SELECT text FROM camera_chat_messages WHERE id = $1', [message.id]);
    expect(row!.text).toBe('hello there 👋');
  });

  it('keeps a link as text: nothing is added, nothing is taken away', async () => {
    const room = await createChatRoom(t);
    const ann = await memberIn(room);
    const text = 'see https://example.com/a?b=1&c=<2> and www.example.org';
    expect((await sent(ann.socket, { camera_id: room.camera.id, text })).text).toBe(text);
  });
});

describe('refusals, each with its code and a message that says what to do', () => {
  it('refuses a visitor (UNAUTHORIZED), a connection outside the room (NOT_IN_ROOM) and a member without a session (CHAT_NO_SESSION)', async () => {
    const room = await createChatRoom(t);
    const visitor = await connect();
    await joinChat(visitor, room.camera.id);
    expect(await sendChat(visitor, { camera_id: room.camera.id, text: 'hi' })).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });

    const outside = await asMember(t);
    chat.openSession(room.camera.id, outside.id);
    const notJoined = await connect(outside);
    const refused = await sendChat(notJoined, { camera_id: room.camera.id, text: 'hi' });
    expect(refused).toEqual({ ok: false, error: { code: 'NOT_IN_ROOM', message: `Join the chat room first (room:join chat:${room.camera.id})` } });

    const reader = await asMember(t);
    const readerSocket = await connect(reader);
    await joinChat(readerSocket, room.camera.id);
    expect(await sendChat(readerSocket, { camera_id: room.camera.id, text: 'hi' })).toEqual({
      ok: false,
      error: { code: 'CHAT_NO_SESSION', message: 'Enter the chat first: writing needs a chat session' },
    });
    expect(await t.deps.db.query('SELECT 1 FROM camera_chat_messages WHERE camera_id = $1', [room.camera.id])).toEqual([]);
  });

  it('refuses a muted member (CHAT_MUTED) until unmuted, and a banned one (CHAT_BANNED)', async () => {
    const room = await createChatRoom(t);
    const ann = await memberIn(room);
    chat.mute(room.camera.id, ann.member.id);
    expect(await sendChat(ann.socket, { camera_id: room.camera.id, text: 'hi' })).toMatchObject({ ok: false, error: { code: 'CHAT_MUTED', message: expect.stringContaining('muted') } });
    chat.mute(room.camera.id, ann.member.id, false);
    expect(await sendChat(ann.socket, { camera_id: room.camera.id, text: 'hi' })).toMatchObject({ ok: true });

    // Banned while still connected in the room (chat sessions take him out; until then the permit refuses).
    chat.ban(room.camera.id, ann.member.id);
    expect(await sendChat(ann.socket, { camera_id: room.camera.id, text: 'hi again' })).toMatchObject({ ok: false, error: { code: 'CHAT_BANNED' } });
  });

  it('refuses a member while the camera is offline (CAMERA_OFFLINE), but the model writes in her room live or not', async () => {
    const room = await createChatRoom(t, { live: false });
    const ann = await memberIn(room);
    expect(await sendChat(ann.socket, { camera_id: room.camera.id, text: 'hi' })).toMatchObject({ ok: false, error: { code: 'CAMERA_OFFLINE' } });
    const model = await modelIn(room);
    expect(await sendChat(model, { camera_id: room.camera.id, text: 'back at eight' })).toMatchObject({ ok: true, message: { author: { role: 'model' } } });
  });

  it("refuses the model's line until her session proved its second factor, and takes it on the same connection once it has", async () => {
    const room = await createChatRoom(t);
    const pending = await loginAs(t, room.model.user, { secondFactor: 'pending' });
    const socket = await connect(pending);
    await joinChat(socket, room.camera.id);
    expect(await sendChat(socket, { camera_id: room.camera.id, text: 'hello' })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN', detail: 'SECOND_FACTOR_REQUIRED' },
    });
    // She enters a code in the studio: the connection opened before it is not asked to reconnect.
    await t.services.sessions.markSecondFactor(pending.sessionId);
    expect(await sendChat(socket, { camera_id: room.camera.id, text: 'hello' })).toMatchObject({ ok: true, message: { author: { role: 'model' } } });
  });

  it('refuses bad payloads with VALIDATION_FAILED naming the field: empty, oversized, control characters, bad camera id, bad kind', async () => {
    const room = await createChatRoom(t);
    const ann = await memberIn(room);
    const cases: Array<[unknown, string, string]> = [
      [{ camera_id: room.camera.id, text: '' }, 'text', 'Must not be empty'],
      [{ camera_id: room.camera.id, text: '    ' }, 'text', 'Must not be empty'],
      [{ camera_id: room.camera.id, text: 'x'.repeat(CHAT_MESSAGE_MAX + 1) }, 'text', `Must be at most ${CHAT_MESSAGE_MAX} characters`],
      [{ camera_id: room.camera.id, text: 'a\u0000b' }, 'text', 'Must not contain control characters'],
      [{ camera_id: room.camera.id, text: 'line\nbreak' }, 'text', 'Must not contain control characters'],
      [{ camera_id: room.camera.id, text: 'bell\u0007' }, 'text', 'Must not contain control characters'],
      [{ camera_id: room.camera.id }, 'text', expect.any(String) as unknown as string],
      [{ camera_id: 'abc', text: 'hi' }, 'camera_id', expect.any(String) as unknown as string],
      [{ camera_id: -1, text: 'hi' }, 'camera_id', expect.any(String) as unknown as string],
      [{ camera_id: 1.5, text: 'hi' }, 'camera_id', expect.any(String) as unknown as string],
      [{ camera_id: 2 ** 40, text: 'hi' }, 'camera_id', expect.any(String) as unknown as string],
      [{ camera_id: room.camera.id, text: 'hi', kind: 'advertisement' }, 'kind', expect.any(String) as unknown as string],
    ];
    for (const [payload, field, message] of cases) {
      advance(CHAT_RATE_LIMIT.windowMs);
      const ack = await sendChat(ann.socket, payload);
      expect(ack, JSON.stringify(payload).slice(0, 80)).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', fields: { [field]: message } } });
      if (!ack.ok) expect(ack.error.message).toContain(field);
    }
    // Exactly the longest allowed is fine.
    advance(CHAT_RATE_LIMIT.windowMs);
    expect((await sent(ann.socket, { camera_id: room.camera.id, text: 'y'.repeat(CHAT_MESSAGE_MAX) })).text).toHaveLength(CHAT_MESSAGE_MAX);
  });

  it('rate limits per member and room: TOO_MANY_REQUESTS with retry_after_ms once the window is full, refused attempts counted, again after the wait', async () => {
    const room = await createChatRoom(t);
    const other = await createChatRoom(t);
    const ann = await memberIn(room);
    chat.openSession(other.camera.id, ann.member.id);
    await joinChat(ann.socket, other.camera.id);

    // A refused attempt (here: an addressee on a public message) counts like any other.
    expect(await sendChat(ann.socket, { camera_id: room.camera.id, text: 'x', to_user_id: 1 })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    for (let i = 1; i < CHAT_RATE_LIMIT.points; i++) await sent(ann.socket, { camera_id: room.camera.id, text: `m${i}` });
    const limited = await sendChat(ann.socket, { camera_id: room.camera.id, text: 'one too many' });
    expect(limited).toMatchObject({ ok: false, error: { code: 'TOO_MANY_REQUESTS', retry_after_ms: CHAT_RATE_LIMIT.windowMs } });
    if (!limited.ok) {
      expect(limited.error.message).toBe('You are writing too fast in this room: at most 5 messages per 10 seconds. Try again in 10 seconds.');
      expect(limited.error.detail).toBeUndefined();
    }
    // Another room is another count.
    expect(await sendChat(ann.socket, { camera_id: other.camera.id, text: 'elsewhere' })).toMatchObject({ ok: true });

    advance(4_000);
    expect(await sendChat(ann.socket, { camera_id: room.camera.id, text: 'still' })).toMatchObject({ ok: false, error: { retry_after_ms: 6_000 } });
    advance(6_000);
    expect(await sendChat(ann.socket, { camera_id: room.camera.id, text: 'after the wait' })).toMatchObject({ ok: true });
  });

  it('slows members in slow mode (TOO_MANY_REQUESTS, detail CHAT_SLOW_MODE, retry_after_ms), never the model', async () => {
    const room = await createChatRoom(t);
    chat.setSettings(room.camera.id, { slow_mode_seconds: 30 });
    const ann = await memberIn(room);
    const bob = await memberIn(room);
    const model = await modelIn(room);

    await sent(ann.socket, { camera_id: room.camera.id, text: 'first' });
    advance(12_000);
    const slowed = await sendChat(ann.socket, { camera_id: room.camera.id, text: 'second' });
    expect(slowed).toEqual({
      ok: false,
      error: { code: 'TOO_MANY_REQUESTS', detail: 'CHAT_SLOW_MODE', retry_after_ms: 18_000, message: 'Slow mode is on: one message every 30 seconds. Try again in 18 seconds.' },
    });
    // Per member: Bob is not held back by Ann.
    expect(await sendChat(bob.socket, { camera_id: room.camera.id, text: 'bob' })).toMatchObject({ ok: true });
    for (let i = 0; i < 3; i++) expect(await sendChat(model, { camera_id: room.camera.id, text: `model ${i}` })).toMatchObject({ ok: true });
    advance(18_000);
    expect(await sendChat(ann.socket, { camera_id: room.camera.id, text: 'second, later' })).toMatchObject({ ok: true });
  });

  it('refuses a member\'s message holding a filtered word (CHAT_FILTERED): whole words, any case, after NFKC; the model is not filtered', async () => {
    const room = await createChatRoom(t);
    chat.setSettings(room.camera.id, { banned_words: ['melon', 'Big Deal'] });
    const ann = await memberIn(room);
    const model = await modelIn(room);
    for (const text of ['MELON!', 'a ｍｅｌｏｎ here', 'what a big deal']) {
      advance(CHAT_RATE_LIMIT.windowMs);
      const ack = await sendChat(ann.socket, { camera_id: room.camera.id, text });
      expect(ack, text).toMatchObject({ ok: false, error: { code: 'CHAT_FILTERED' } });
      if (!ack.ok) expect(ack.error.message).toMatch(/^Your message was not sent: "(melon|Big Deal)" is not allowed in this room$/);
    }
    advance(CHAT_RATE_LIMIT.windowMs);
    expect(await sendChat(ann.socket, { camera_id: room.camera.id, text: 'watermelons are fine' })).toMatchObject({ ok: true });
    expect(await sendChat(model, { camera_id: room.camera.id, text: 'melon' })).toMatchObject({ ok: true });
  });
});

describe('private messages', () => {
  it('lets the model whisper to a member in her room: only the two of them hear it, and it is in history for them only', async () => {
    const room = await createChatRoom(t);
    const ann = await memberIn(room);
    const bob = await memberIn(room);
    const model = await modelIn(room);
    const bobHeard = recordEvents(bob.socket);

    const annHears = eventMatching<ChatMessageT>(ann.socket, REALTIME_CHAT_EVENTS.message, (m) => m.kind === 'private');
    const whisper = await sent(model, { camera_id: room.camera.id, text: 'just for you', kind: 'private', to_user_id: ann.member.id });
    expect(whisper).toMatchObject({ kind: 'private', to_user_id: ann.member.id, author: { role: 'model' } });
    expect((await annHears).id).toBe(whisper.id);
    // A public message after it reaches Bob; the whisper never did.
    const after = eventMatching<ChatMessageT>(bob.socket, REALTIME_CHAT_EVENTS.message, (m) => m.text === 'everyone');
    await sent(model, { camera_id: room.camera.id, text: 'everyone' });
    await after;
    expect(bobHeard.filter(([, m]) => (m as ChatMessageT).id === whisper.id)).toEqual([]);

    const historyOf = async (who: LoggedIn) =>
      (await t.app.inject({ method: 'GET', url: `/api/cameras/${room.camera.name}/chat/messages`, headers: who.headers })).json<{ messages: ChatMessageT[] }>().messages.map((m) => m.text);
    expect(await historyOf(ann.member)).toEqual(['just for you', 'everyone']);
    expect(await historyOf(bob.member)).toEqual(['everyone']);
    expect(await historyOf(room.model)).toEqual(['just for you', 'everyone']);
  });

  it('refuses a whisper without an addressee, to herself, or to someone not in her room', async () => {
    const room = await createChatRoom(t);
    const model = await modelIn(room);
    const away = await asMember(t);
    expect(await sendChat(model, { camera_id: room.camera.id, text: 'psst', kind: 'private' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED', fields: { to_user_id: 'Name the member you whisper to' } },
    });
    expect(await sendChat(model, { camera_id: room.camera.id, text: 'psst', kind: 'private', to_user_id: room.model.id })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED', fields: { to_user_id: 'Whisper to a member, not to yourself' } },
    });
    expect(await sendChat(model, { camera_id: room.camera.id, text: 'psst', kind: 'private', to_user_id: away.id })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', fields: { to_user_id: 'Must be someone in your chat room now' } },
    });
  });

  it('lets a member in paid chat write privately to the model, and not a member in free chat', async () => {
    const room = await createChatRoom(t, { price: 5 });
    const payer = await memberIn(room, 'paid');
    const freeRider = await memberIn(room, 'free');
    const model = await modelIn(room);
    const modelHears = eventMatching<ChatMessageT>(model, REALTIME_CHAT_EVENTS.message, (m) => m.kind === 'private');
    const freeHeard = recordEvents(freeRider.socket);

    const message = await sent(payer.socket, { camera_id: room.camera.id, text: 'hello you', kind: 'private' });
    expect(message).toMatchObject({ kind: 'private', to_user_id: room.model.id, author: { user_id: payer.member.id } });
    expect((await modelHears).id).toBe(message.id);

    expect(await sendChat(freeRider.socket, { camera_id: room.camera.id, text: 'me too', kind: 'private' })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN', message: expect.stringContaining('paid chat') },
    });
    expect(await sendChat(payer.socket, { camera_id: room.camera.id, text: 'to him', kind: 'private', to_user_id: freeRider.member.id })).toMatchObject({
      ok: false,
      error: { fields: { to_user_id: 'A member writes privately to the model only' } },
    });
    expect(freeHeard.filter(([, m]) => (m as ChatMessageT).id === message.id)).toEqual([]);
  });
});
