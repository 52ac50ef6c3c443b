import { ChatMessagePage, REALTIME_CHAT_EVENTS, StudioCamera, type ChatMessage, type ChatMessagesRemovedEvent } from '@velora/shared';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asMember, asModel, setFeature, type LoggedIn } from '../../../test/factories';
import { createRealtimeClients, eventMatching, listening, whenConnected } from '../../../test/realtime-clients';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { joinChat, sendChat } from '../../../test/modules/camera-chat';

// Camera chat with the real chat sessions behind ChatAccess (no stand-in): entering, writing, the model's slow mode,
// word filter, mute and ban, and the feedback ask after a session, all through the API and the realtime channel.

let clock = Date.parse('2030-05-01T12:00:00Z');
const clients = createRealtimeClients();
let t: TestApp;

beforeAll(async () => {
  t = await listening(await buildTestApp({ now: () => new Date(clock), env: { LIVE_GRACE_SECONDS: '0' } }));
  await setFeature(t, 'freechat', { is_active: true });
});
afterAll(() => t.close());
afterEach(async () => {
  clients.closeAll();
  await t.services.cameraChat.idle();
  clock += 60 * 60_000;
});

const api = (method: string, url: string, who: LoggedIn, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url: `/api${url}`, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function liveCamera() {
  const model = await asModel(t);
  const studio = StudioCamera.parse((await api('GET', '/studio/camera', model)).json());
  await t.services.cameras.handleMediaEvent({ type: 'publisher-up', room: studio.camera.id, source: 'browser' });
  return { model, id: studio.camera.id, name: studio.camera.name };
}
async function connectIn(cameraId: number, who: LoggedIn): Promise<ClientSocket> {
  const socket = clients.open(t, who.token);
  await whenConnected(socket);
  await joinChat(socket, cameraId);
  return socket;
}
async function enterFree(name: string, who: LoggedIn) {
  const res = await api('POST', `/cameras/${name}/chat/session`, who, { kind: 'free' });
  expect(res.statusCode, res.body).toBe(201);
}
const history = async (name: string, who: LoggedIn) => ChatMessagePage.parse((await api('GET', `/cameras/${name}/chat/messages`, who)).json()).messages;

describe('camera chat with chat sessions', () => {
  it('lets a member in a session write, and refuses one without a session', async () => {
    const cam = await liveCamera();
    const ann = await asMember(t);
    const reader = await asMember(t);
    await enterFree(cam.name, ann);
    const annSocket = await connectIn(cam.id, ann);
    const readerSocket = await connectIn(cam.id, reader);
    const heard = eventMatching<ChatMessage>(readerSocket, REALTIME_CHAT_EVENTS.message, (m) => m.text === 'hi all');
    expect(await sendChat(annSocket, { camera_id: cam.id, text: 'hi all' })).toMatchObject({ ok: true, message: { author: { user_id: ann.id, role: 'member' } } });
    expect((await heard).author.user_id).toBe(ann.id);
    expect(await sendChat(readerSocket, { camera_id: cam.id, text: 'me too' })).toMatchObject({ ok: false, error: { code: 'CHAT_NO_SESSION' } });
    const model = await connectIn(cam.id, cam.model);
    expect(await sendChat(model, { camera_id: cam.id, text: 'welcome' })).toMatchObject({ ok: true, message: { author: { role: 'model' } } });
  });

  it("applies the model's slow mode, word filter and mute as she sets them in her studio", async () => {
    const cam = await liveCamera();
    const ann = await asMember(t);
    await enterFree(cam.name, ann);
    const socket = await connectIn(cam.id, ann);
    expect((await api('PUT', '/studio/camera/chat/settings', cam.model, { slow_mode_seconds: 30, banned_words: ['melon'] })).statusCode).toBe(200);

    expect(await sendChat(socket, { camera_id: cam.id, text: 'a MELON' })).toMatchObject({ ok: false, error: { code: 'CHAT_FILTERED' } });
    expect(await sendChat(socket, { camera_id: cam.id, text: 'first' })).toMatchObject({ ok: true });
    expect(await sendChat(socket, { camera_id: cam.id, text: 'second' })).toMatchObject({
      ok: false,
      error: { code: 'TOO_MANY_REQUESTS', detail: 'CHAT_SLOW_MODE', retry_after_ms: 30_000 },
    });

    expect((await api('POST', `/studio/camera/chat/participants/${ann.id}/mute`, cam.model, { minutes: 5 })).statusCode).toBe(204);
    clock += 31_000;
    expect(await sendChat(socket, { camera_id: cam.id, text: 'muted?' })).toMatchObject({ ok: false, error: { code: 'CHAT_MUTED' } });
  });

  it("removes a banned member's messages from the room and tells the room", async () => {
    const cam = await liveCamera();
    const ann = await asMember(t);
    const bob = await asMember(t);
    await enterFree(cam.name, ann);
    await enterFree(cam.name, bob);
    const annSocket = await connectIn(cam.id, ann);
    const bobSocket = await connectIn(cam.id, bob);
    const annMessage = await sendChat(annSocket, { camera_id: cam.id, text: 'rude' });
    const bobMessage = await sendChat(bobSocket, { camera_id: cam.id, text: 'polite' });
    if (!annMessage.ok || !bobMessage.ok) throw new Error('a message was refused');

    const removed = eventMatching<ChatMessagesRemovedEvent>(bobSocket, REALTIME_CHAT_EVENTS.removed, () => true);
    expect((await api('PUT', `/studio/camera/chat/bans/${ann.id}`, cam.model)).statusCode).toBe(204);
    expect(await removed).toEqual({ camera_id: cam.id, message_ids: [annMessage.message.id] });
    expect((await history(cam.name, bob)).map((m) => m.id)).toEqual([bobMessage.message.id]);
    expect((await api('GET', `/cameras/${cam.name}/chat/messages`, ann)).statusCode).toBe(403);
  });

  it('asks a member for feedback, privately, when his session ends after a minute or more', async () => {
    const cam = await liveCamera();
    const ann = await asMember(t);
    await enterFree(cam.name, ann);
    clock += 75_000;
    const left = await api('POST', `/cameras/${cam.name}/chat/session/end`, ann, { code: 202 });
    expect(left.statusCode, left.body).toBe(200);
    await t.services.cameraChat.idle();
    expect((await history(cam.name, ann)).filter((m) => m.kind === 'feedback')).toEqual([
      expect.objectContaining({ to_user_id: ann.id, system: { key: 'feedback', params: { model: expect.any(String), camera: cam.name } } }),
    ]);
    expect((await history(cam.name, cam.model)).filter((m) => m.kind === 'feedback')).toEqual([]);
  });
});
