import { CHAT_RATE_LIMIT, REALTIME_CHAT_EVENTS, type ChatMessage, type ChatMessagesRemovedEvent } from '@velora/shared';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { asMember, type LoggedIn } from '../../../test/factories';
import {
  createRealtimeClients,
  deleteRedisKeys,
  eventMatching,
  listening,
  recordEvents,
  redisUnavailable,
  testRedisKey,
  TEST_REDIS_URL,
  whenConnected,
} from '../../../test/realtime-clients';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createChatRoom, createTestChatAccess, joinChat, sendChat } from '../../../test/modules/camera-chat';

// Two instances of one site behind Redis (decision record 036): a message written on either reaches the room's
// browsers on both, a whisper reaches its two people wherever they are connected, and a member's rate limit counts
// his attempts on both instances together.

const chat = createTestChatAccess();
const clients = createRealtimeClients();
const redisKey = testRedisKey();
let redisError: string | null = null;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  redisError = await redisUnavailable();
  if (redisError) return;
  const realtime = { redisKey, presence: { throttleMs: 20, heartbeatMs: 200, ttlMs: 1_000 } };
  const env = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `${redisKey}:` };
  a = await listening(await buildTestApp({ env, realtime, sharedRateLimits: true, chatAccess: chat.access }));
  b = await listening(await buildTestApp({ env, realtime, sharedRateLimits: true, chatAccess: chat.access, db: a.deps.db }));
  chat.attach(a);
  chat.attach(b);
});
afterAll(async () => {
  if (redisError) return;
  clients.closeAll();
  await b.close();
  await a.close();
  await deleteRedisKeys(redisKey);
});
afterEach(() => clients.closeAll());

async function inRoom(app: TestApp, who: LoggedIn, cameraId: number): Promise<ClientSocket> {
  const socket = clients.open(app, who.token);
  await whenConnected(socket);
  await joinChat(socket, cameraId);
  return socket;
}
const texts = (heard: [string, unknown][]) => heard.filter(([event]) => event === REALTIME_CHAT_EVENTS.message).map(([, m]) => (m as ChatMessage).text);

describe('camera chat on two instances behind Redis', () => {
  it('delivers public messages written on either instance to the room on both, in the order of their ids', async (ctx) => {
    ctx.skip(redisError !== null, `Redis at ${TEST_REDIS_URL} is unreachable (${redisError}): start it or set REDIS_URL`);
    const room = await createChatRoom(a, { price: 5 });
    const ann = await asMember(a);
    const bob = await asMember(a);
    chat.openSession(room.camera.id, ann.id, 'paid');
    chat.openSession(room.camera.id, bob.id, 'paid');
    const annOnA = await inRoom(a, ann, room.camera.id);
    const bobOnB = await inRoom(b, bob, room.camera.id);
    const modelOnB = await inRoom(b, room.model, room.camera.id);
    const heardOnA = recordEvents(annOnA);
    const heardOnB = recordEvents(bobOnB);

    const ids: number[] = [];
    for (const [socket, text] of [
      [annOnA, 'from a'],
      [bobOnB, 'from b'],
      [modelOnB, 'the model, on b'],
      [annOnA, 'a again'],
    ] as const) {
      const ack = await sendChat(socket, { camera_id: room.camera.id, text });
      expect(ack, text).toMatchObject({ ok: true });
      if (ack.ok) ids.push(ack.message.id);
    }
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    const expected = ['from a', 'from b', 'the model, on b', 'a again'];
    await vi.waitFor(() => expect(texts(heardOnA)).toEqual(expected));
    await vi.waitFor(() => expect(texts(heardOnB)).toEqual(expected));
  });

  it('delivers a whisper from one instance to the member on the other, and to nobody else', async (ctx) => {
    ctx.skip(redisError !== null, 'Redis is unreachable');
    const room = await createChatRoom(a);
    const ann = await asMember(a);
    const bob = await asMember(a);
    const annOnB = await inRoom(b, ann, room.camera.id);
    const bobOnA = await inRoom(a, bob, room.camera.id);
    const modelOnA = await inRoom(a, room.model, room.camera.id);
    const bobHeard = recordEvents(bobOnA);
    // Presence across instances tells the model's instance that Ann is in the room.
    await vi.waitFor(async () => expect((await a.deps.realtime.presence(`chat:${room.camera.id}`)).members).toContain(ann.id));

    const annHears = eventMatching<ChatMessage>(annOnB, REALTIME_CHAT_EVENTS.message, (m) => m.kind === 'private');
    const ack = await sendChat(modelOnA, { camera_id: room.camera.id, text: 'psst', kind: 'private', to_user_id: ann.id });
    expect(ack).toMatchObject({ ok: true, message: { to_user_id: ann.id } });
    expect((await annHears).text).toBe('psst');
    const after = eventMatching<ChatMessage>(bobOnA, REALTIME_CHAT_EVENTS.message, (m) => m.text === 'all');
    await sendChat(modelOnA, { camera_id: room.camera.id, text: 'all' });
    await after;
    expect(texts(bobHeard)).toEqual(['all']);
  });

  it("counts a member's attempts on both instances against one rate limit, and pushes a removal to both", async (ctx) => {
    ctx.skip(redisError !== null, 'Redis is unreachable');
    const room = await createChatRoom(a, { price: 5 });
    const ann = await asMember(a);
    chat.openSession(room.camera.id, ann.id, 'paid');
    const annOnA = await inRoom(a, ann, room.camera.id);
    const annOnB = await inRoom(b, ann, room.camera.id);
    const acks = [];
    for (let i = 0; i < CHAT_RATE_LIMIT.points + 1; i++) acks.push(await sendChat(i % 2 === 0 ? annOnA : annOnB, { camera_id: room.camera.id, text: `m${i}` }));
    expect(acks.slice(0, CHAT_RATE_LIMIT.points).every((ack) => ack.ok)).toBe(true);
    expect(acks.at(-1)).toMatchObject({ ok: false, error: { code: 'TOO_MANY_REQUESTS', retry_after_ms: expect.any(Number) } });

    const first = acks[0]!;
    if (!first.ok) throw new Error('the first message was refused');
    const onA = eventMatching<ChatMessagesRemovedEvent>(annOnA, REALTIME_CHAT_EVENTS.removed, () => true);
    const onB = eventMatching<ChatMessagesRemovedEvent>(annOnB, REALTIME_CHAT_EVENTS.removed, () => true);
    const res = await b.app.inject({ method: 'DELETE', url: `/api/studio/camera/chat/messages/${first.message.id}`, headers: room.model.headers });
    expect(res.statusCode).toBe(204);
    expect(await onA).toEqual({ camera_id: room.camera.id, message_ids: [first.message.id] });
    expect(await onB).toEqual({ camera_id: room.camera.id, message_ids: [first.message.id] });
  });
});
