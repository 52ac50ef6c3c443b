import {
  CHAT_END_CODES,
  CHAT_EXIT_GRACE_SECONDS,
  CLIENT_END_CODES,
  ChatRoom,
  ChatSession,
  REALTIME_CHAT_EVENTS,
  StudioCamera,
  StudioChat,
  type RoomPresence,
} from '@velora/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asMember, asModel, asVisitor, giveCoins, setFeature, type LoggedIn } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';

// Chat sessions through the API on a clock the tests move (the jobs' work is called as the jobs call it): every
// reason code reached by its cause, the room's rules, permissions and bad input.

let clock = Date.now();
let t: TestApp;
/** Who is in each chat room, as realtime presence would say. */
const present = new Map<string, Set<number>>();
const pushes: Array<{ room: string; event: string; payload: unknown }> = [];
const removed: Array<{ userId: number; room: string; code: string }> = [];

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock), env: { LIVE_GRACE_SECONDS: '0', CHAT_MINUTE_SECONDS: '60' } });
  t.deps.realtime.bind(
    (room, event, payload) => void pushes.push({ room, event, payload }),
    async (room): Promise<RoomPresence> => {
      const members = [...(present.get(room) ?? [])];
      return { room, count: members.length, users: members.length, visitors: 0, members, version: 1 };
    },
    undefined,
    undefined,
    (userId, room, reason) => void removed.push({ userId, room, code: reason.code }),
  );
  await setFeature(t, 'freechat', { is_active: true });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  pushes.length = 0;
  removed.length = 0;
});

interface Cam {
  model: LoggedIn;
  id: number;
  name: string;
}

async function inject(method: string, url: string, who: { headers: Record<string, string> }, payload?: unknown) {
  return t.app.inject({ method: method as 'GET', url: `/api${url}`, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function setMode(model: LoggedIn, price: number | null) {
  const res = await inject('PUT', '/studio/camera', model, { title: 'On air', tag_ids: [], chat_mode: price === null ? 'free' : 'paid', price_per_minute: price });
  expect(res.statusCode, res.body).toBe(200);
}

/** A model with her camera on air, free (price null) or paid. */
async function liveCamera(price: number | null = null): Promise<Cam> {
  const model = await asModel(t);
  const studio = StudioCamera.parse((await inject('GET', '/studio/camera', model)).json());
  if (price !== null) await setMode(model, price);
  await t.services.cameras.handleMediaEvent({ type: 'publisher-up', room: studio.camera.id, source: 'browser' });
  return { model, id: studio.camera.id, name: studio.camera.name };
}

async function member(coins = 0): Promise<LoggedIn> {
  const m = await asMember(t);
  if (coins > 0) await giveCoins(t, m.id, coins);
  return m;
}

async function enter(cam: Cam, who: LoggedIn, body: object = { kind: 'free' }) {
  return inject('POST', `/cameras/${cam.name}/chat/session`, who, body);
}
async function entered(cam: Cam, who: LoggedIn, body: object = { kind: 'free' }): Promise<ChatSession> {
  const res = await enter(cam, who, body);
  expect(res.statusCode, res.body).toBe(201);
  return ChatSession.parse(res.json());
}
const stored = async (id: number) =>
  (await t.deps.db.query<{ end_code: number | null; minutes_charged: number }>('SELECT end_code, minutes_charged FROM chat_sessions WHERE id = $1', [id]))[0]!;
const endPushedTo = (userId: number) =>
  pushes
    .filter((p) => p.room === `user:${userId}` && p.event === REALTIME_CHAT_EVENTS.session)
    .map((p) => (p.payload as { session: ChatSession }).session)
    .filter((s) => s.state === 'ended')
    .map((s) => s.end_code);

/** The code is stored and pushed to the member. */
async function expectEnded(session: ChatSession, userId: number, code: number) {
  expect((await stored(session.id)).end_code).toBe(code);
  expect(endPushedTo(userId)).toContain(code);
}

describe('every reason code is reached by its cause', () => {
  it.each(CLIENT_END_CODES)('%i: the member leaves with it (closed, logout, left the screen, left the window)', async (code) => {
    const cam = await liveCamera();
    const m = await member();
    const session = await entered(cam, m);
    const res = await inject('POST', `/cameras/${cam.name}/chat/session/end`, m, { code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'ended', end_code: code });
    await expectEnded(session, m.id, code);
    // Nothing left to end.
    expect((await inject('POST', `/cameras/${cam.name}/chat/session/end`, m, { code })).json()).toMatchObject({ error: { code: 'CHAT_NO_SESSION' } });
  });

  it('202: the model stops her camera', async () => {
    const cam = await liveCamera();
    const m = await member();
    const session = await entered(cam, m);
    expect((await inject('POST', '/studio/camera/stop', cam.model)).statusCode).toBe(204);
    await expectEnded(session, m.id, CHAT_END_CODES.hostStopSend);
  });

  it('5: the camera goes offline after its grace period', async () => {
    const cam = await liveCamera();
    const m = await member();
    const session = await entered(cam, m);
    await t.services.cameras.handleMediaEvent({ type: 'publisher-down', room: cam.id });
    await expectEnded(session, m.id, CHAT_END_CODES.offline);
  });

  it('7: the model changes her price while paid sessions are open; free sessions of other rooms are untouched', async () => {
    const cam = await liveCamera(5);
    const m = await member(100);
    const session = await entered(cam, m, { kind: 'paid', price_per_minute: 5 });
    await setMode(cam.model, 6);
    await expectEnded(session, m.id, CHAT_END_CODES.change);
    // He enters again at the new price only.
    expect((await enter(cam, m, { kind: 'paid', price_per_minute: 5 })).json()).toMatchObject({ error: { code: 'PRICE_CHANGED' } });
    expect((await entered(cam, m, { kind: 'paid', price_per_minute: 6 })).price_per_minute).toBe(6);
  });

  it('6: the model switches from free to paid chat', async () => {
    const cam = await liveCamera();
    const m = await member();
    const session = await entered(cam, m);
    await setMode(cam.model, 4);
    await expectEnded(session, m.id, CHAT_END_CODES.paidChat);
  });

  it('17: the balance cannot pay the next minute; nothing is charged', async () => {
    const cam = await liveCamera(5);
    const m = await member(7);
    const session = await entered(cam, m, { kind: 'paid', price_per_minute: 5 });
    clock += 60_000;
    await t.services.chatSessions.chargeDue(session.id);
    await expectEnded(session, m.id, CHAT_END_CODES.noCredit);
    expect(await stored(session.id)).toMatchObject({ minutes_charged: 1 });
    expect(await t.services.coins.balance(m.id)).toBe(2);
  });

  it('88: the minute cannot be booked on the model\'s side (her camera is gone)', async () => {
    const cam = await liveCamera(5);
    const m = await member(100);
    const session = await entered(cam, m, { kind: 'paid', price_per_minute: 5 });
    await t.deps.db.query('DELETE FROM cameras WHERE id = $1', [cam.id]);
    clock += 60_000;
    await t.services.chatSessions.chargeDue(session.id);
    await expectEnded(session, m.id, CHAT_END_CODES.noCreditFromHost);
    expect(await t.services.coins.balance(m.id)).toBe(95);
  });

  it('501: the free allowance runs out (the feature\'s settings set it), and entering again is FREE_CHAT_USED_UP', async () => {
    const cam = await liveCamera();
    const m = await member();
    await t.services.features.setForUser(m.id, { name: 'freechat', is_active: true, version: null, settings: { daily_seconds: 30 } });
    const session = await entered(cam, m);
    expect(session.free_seconds_left).toBe(30);
    clock += 10_000;
    expect(await t.services.chatSessions.endFreeIfDue(session.id)).toBe(0);
    clock += 21_000;
    expect(await t.services.chatSessions.endFreeIfDue(session.id)).toBe(1);
    await expectEnded(session, m.id, CHAT_END_CODES.videoTimeLimit);
    const again = await enter(cam, m);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'FREE_CHAT_USED_UP' } });
    const room = ChatRoom.parse((await inject('GET', `/cameras/${cam.name}/chat`, m)).json());
    expect(room.free).toMatchObject({ available: true, daily_seconds: 30, used_seconds: 30, remaining_seconds: 0 });
  });

  it('103: no connection in the room for the exit grace; a member who is there stays', async () => {
    const cam = await liveCamera();
    const gone = await member();
    const here = await member();
    const goneSession = await entered(cam, gone);
    const hereSession = await entered(cam, here);
    present.set(`chat:${cam.id}`, new Set([here.id]));
    clock += (CHAT_EXIT_GRACE_SECONDS - 1) * 1000;
    await t.services.chatSessions.checkPresence();
    expect((await stored(goneSession.id)).end_code).toBeNull();
    clock += 2000;
    await t.services.chatSessions.checkPresence(goneSession.id);
    await t.services.chatSessions.checkPresence(hereSession.id);
    await expectEnded(goneSession, gone.id, CHAT_END_CODES.clientExitWindow);
    expect((await stored(hereSession.id)).end_code).toBeNull();
  });

  it('101: the member logs out (the server ends the session of that log-in)', async () => {
    const cam = await liveCamera();
    const m = await member();
    const session = await entered(cam, m);
    expect((await inject('POST', '/auth/logout', m)).statusCode).toBe(204);
    await expectEnded(session, m.id, CHAT_END_CODES.clientLogout);
  });

  it('203: the model logs out while live', async () => {
    const cam = await liveCamera();
    const m = await member();
    const session = await entered(cam, m);
    expect((await inject('POST', '/auth/logout', cam.model)).statusCode).toBe(204);
    await expectEnded(session, m.id, CHAT_END_CODES.hostLogout);
  });

  it('201: the model kicks the member out of both rooms; he may enter again', async () => {
    const cam = await liveCamera();
    const m = await member();
    const session = await entered(cam, m);
    expect((await inject('POST', `/studio/camera/chat/participants/${m.id}/kick`, cam.model)).statusCode).toBe(204);
    await expectEnded(session, m.id, CHAT_END_CODES.hostKick);
    expect(removed.filter((r) => r.userId === m.id).map((r) => r.room).sort()).toEqual([`camera:${cam.id}`, `chat:${cam.id}`]);
    await entered(cam, m);
  });
});

describe('bans and mutes', () => {
  it('a ban ends his session with 201, removes him, refuses entering and joining, tells the listeners; unban lifts it', async () => {
    const cam = await liveCamera();
    const m = await member();
    const session = await entered(cam, m);
    const told: Array<[number, number]> = [];
    t.services.chatSessions.onBanned((cameraId, userId) => void told.push([cameraId, userId]));
    expect((await inject('PUT', `/studio/camera/chat/bans/${m.id}`, cam.model)).statusCode).toBe(204);
    await expectEnded(session, m.id, CHAT_END_CODES.hostKick);
    expect(told).toEqual([[cam.id, m.id]]);
    expect(removed.filter((r) => r.userId === m.id).length).toBe(2);
    const refused = await enter(cam, m);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'CHAT_BANNED' } });
    expect(await t.services.chatSessions.roomKind.authorize({ userId: m.id }, cam.id)).toBe(false);
    expect(await t.services.chatSessions.mayRead(m.id, cam.id)).toBe(false);
    expect((await t.services.chatSessions.writePermit(m.id, cam.id)).ok).toBe(false);
    const studio = StudioChat.parse((await inject('GET', '/studio/camera/chat', cam.model)).json());
    expect(studio.bans.map((b) => b.user_id)).toEqual([m.id]);

    expect((await inject('DELETE', `/studio/camera/chat/bans/${m.id}`, cam.model)).statusCode).toBe(204);
    expect((await inject('DELETE', `/studio/camera/chat/bans/${m.id}`, cam.model)).statusCode).toBe(404);
    expect(await t.services.chatSessions.roomKind.authorize({ userId: m.id }, cam.id)).toBe(true);
    await entered(cam, m);
  });

  it('a mute refuses writing with CHAT_MUTED until it ends, and is pushed to him; 0 unmutes', async () => {
    const cam = await liveCamera();
    const m = await member();
    await entered(cam, m);
    expect((await t.services.chatSessions.writePermit(m.id, cam.id)).ok).toBe(true);
    expect((await inject('POST', `/studio/camera/chat/participants/${m.id}/mute`, cam.model, { minutes: 5 })).statusCode).toBe(204);
    expect(await t.services.chatSessions.writePermit(m.id, cam.id)).toMatchObject({ ok: false, code: 'CHAT_MUTED' });
    const muted = pushes.find((p) => p.room === `user:${m.id}` && p.event === REALTIME_CHAT_EVENTS.muted)!.payload as { muted_until: number };
    expect(muted.muted_until).toBe(Math.floor(clock / 1000) + 300);
    expect(ChatRoom.parse((await inject('GET', `/cameras/${cam.name}/chat`, m)).json()).muted_until).toBe(muted.muted_until);
    clock += 5 * 60_000 + 1000;
    expect((await t.services.chatSessions.writePermit(m.id, cam.id)).ok).toBe(true);
    await inject('POST', `/studio/camera/chat/participants/${m.id}/mute`, cam.model, { minutes: 10 });
    await inject('POST', `/studio/camera/chat/participants/${m.id}/mute`, cam.model, { minutes: 0 });
    expect((await t.services.chatSessions.writePermit(m.id, cam.id)).ok).toBe(true);
  });

  it('settings: slow mode and the word filter are stored, pushed to the room and handed to the chat', async () => {
    const cam = await liveCamera();
    const res = await inject('PUT', '/studio/camera/chat/settings', cam.model, { slow_mode_seconds: 10, banned_words: ['spam', 'SPAM', 'scam'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(StudioChat.parse(res.json()).settings).toEqual({ slow_mode_seconds: 10, banned_words: ['SPAM', 'scam'] });
    expect(pushes).toContainEqual({ room: `chat:${cam.id}`, event: REALTIME_CHAT_EVENTS.settings, payload: { camera_id: cam.id, settings: { slow_mode_seconds: 10, message_max: 500 } } });
    const permit = await t.services.chatSessions.writePermit(cam.model.id, cam.id);
    expect(permit).toMatchObject({ ok: true, writer: { role: 'model' }, settings: { slow_mode_seconds: 10 } });
  });

  it('the studio lists participants from presence joined with open sessions, readers, and the show\'s earnings', async () => {
    const cam = await liveCamera(10);
    const payer = await member(100);
    const reader = await member();
    await entered(cam, payer, { kind: 'paid', price_per_minute: 10 });
    present.set(`chat:${cam.id}`, new Set([payer.id, reader.id, cam.model.id]));
    const studio = StudioChat.parse((await inject('GET', '/studio/camera/chat', cam.model)).json());
    expect(studio.participants.map((p) => [p.user_id, p.session_kind, p.coins_charged]).sort()).toEqual(
      [
        [payer.id, 'paid', 10],
        [reader.id, null, 0],
      ].sort(),
    );
    expect(studio.readers).toBe(1);
    expect(studio.earnings).toMatchObject({ paid_minutes: 1, chat_coins: 10, tip_coins: 0, model_coins: Math.floor((10 * t.deps.config.modelSharePercent) / 100) });
  });
});

describe('paid watching', () => {
  it('a paid camera is watched with an open paid session whose minute is paid, and not after it ends', async () => {
    const cam = await liveCamera(5);
    const m = await member(100);
    expect((await inject('POST', `/cameras/${cam.name}/watch`, m)).statusCode).toBe(403);
    await entered(cam, m, { kind: 'paid', price_per_minute: 5 });
    expect((await inject('POST', `/cameras/${cam.name}/watch`, m)).statusCode).toBe(200);
    const detail = await inject('GET', `/cameras/${cam.name}`, m);
    expect(detail.json()).toMatchObject({ watch: 'allowed' });
    await inject('POST', `/cameras/${cam.name}/chat/session/end`, m, { code: 202 });
    expect((await inject('POST', `/cameras/${cam.name}/watch`, m)).statusCode).toBe(403);
  });
});

describe('permissions', () => {
  it('a visitor is refused every call (401) and the room', async () => {
    const cam = await liveCamera();
    const v = asVisitor();
    for (const [method, url] of [
      ['GET', `/cameras/${cam.name}/chat`],
      ['POST', `/cameras/${cam.name}/chat/session`],
      ['GET', '/studio/camera/chat'],
    ] as const) {
      expect((await inject(method, url, v, method === 'POST' ? { kind: 'free' } : undefined)).statusCode).toBe(401);
    }
    expect(await t.services.chatSessions.roomKind.authorize(null, cam.id)).toBe(false);
    expect(t.services.chatSessions.roomKind.visitorsMayJoin).toBe(false);
  });

  it('a member cannot use the studio calls; a model never pays for her own room', async () => {
    const cam = await liveCamera(5);
    const m = await member(100);
    expect((await inject('GET', '/studio/camera/chat', m)).statusCode).toBe(403);
    expect((await inject('POST', `/studio/camera/chat/participants/${cam.model.id}/kick`, m)).statusCode).toBe(403);
    await giveCoins(t, cam.model.id, 100);
    const own = await enter(cam, cam.model, { kind: 'paid', price_per_minute: 5 });
    expect(own.statusCode).toBe(403);
    expect(await t.services.coins.balance(cam.model.id)).toBe(100);
    expect(await t.services.chatSessions.roomKind.authorize({ userId: cam.model.id }, cam.id)).toBe(true);
  });

  it('another model acts on her own room only: her kick leaves his session in this room open', async () => {
    const cam = await liveCamera();
    const other = await liveCamera();
    const m = await member();
    const session = await entered(cam, m);
    expect((await inject('POST', `/studio/camera/chat/participants/${m.id}/kick`, other.model)).statusCode).toBe(204);
    expect((await inject('PUT', `/studio/camera/chat/bans/${m.id}`, other.model)).statusCode).toBe(204);
    expect((await stored(session.id)).end_code).toBeNull();
    await entered(cam, m);
    expect((await enter(other, m)).statusCode).toBe(403);
  });

  it('a law-limited member gets 451 and may not join, read or write', async () => {
    const cam = await liveCamera();
    const m = await asMember(t, { registrationCountry: 'SE' });
    expect((await inject('GET', `/cameras/${cam.name}/chat`, m)).statusCode).toBe(451);
    expect((await enter(cam, m)).statusCode).toBe(451);
    expect(await t.services.chatSessions.roomKind.authorize({ userId: m.id }, cam.id)).toBe(false);
    expect(await t.services.chatSessions.mayRead(m.id, cam.id)).toBe(false);
    expect(await t.services.chatSessions.writePermit(m.id, cam.id)).toMatchObject({ ok: false, code: 'LAW_LIMITED' });
  });
});

describe('bad input', () => {
  it('answers 4xx naming what is wrong, and writes nothing', async () => {
    const cam = await liveCamera(5);
    const free = await liveCamera();
    const m = await member(100);
    const cases: Array<[string, string, LoggedIn, unknown, number, string?]> = [
      ['POST', `/cameras/${cam.name}/chat/session`, m, { kind: 'premium' }, 400],
      ['POST', `/cameras/${cam.name}/chat/session`, m, { kind: 'paid', price_per_minute: -1 }, 400],
      ['POST', `/cameras/${cam.name}/chat/session`, m, { kind: 'paid' }, 422],
      ['POST', `/cameras/${cam.name}/chat/session`, m, { kind: 'paid', price_per_minute: 4 }, 409, 'PRICE_CHANGED'],
      ['POST', `/cameras/${cam.name}/chat/session`, m, { kind: 'free' }, 409, 'CHAT_MODE_CHANGED'],
      ['POST', `/cameras/${free.name}/chat/session`, m, { kind: 'paid', price_per_minute: 5 }, 409, 'CHAT_MODE_CHANGED'],
      ['POST', '/cameras/no-such-cam/chat/session', m, { kind: 'free' }, 404],
      ['GET', '/cameras/no-such-cam/chat', m, undefined, 404],
      ['POST', `/cameras/${cam.name}/chat/session/end`, m, { code: 5 }, 400],
      ['POST', `/cameras/${cam.name}/chat/session/end`, m, {}, 400],
      ['PUT', '/studio/camera/chat/settings', cam.model, { slow_mode_seconds: 301, banned_words: [] }, 400],
      ['PUT', '/studio/camera/chat/settings', cam.model, { slow_mode_seconds: 0, banned_words: [''] }, 400],
      ['PUT', '/studio/camera/chat/settings', cam.model, { slow_mode_seconds: 1.5, banned_words: [] }, 400],
      ['POST', `/studio/camera/chat/participants/${m.id}/mute`, cam.model, { minutes: 1441 }, 400],
      ['POST', `/studio/camera/chat/participants/${m.id}/mute`, cam.model, {}, 400],
      ['POST', '/studio/camera/chat/participants/abc/mute', cam.model, { minutes: 1 }, 400],
      ['POST', '/studio/camera/chat/participants/0/kick', cam.model, undefined, 400],
      ['POST', '/studio/camera/chat/participants/99999999/kick', cam.model, undefined, 404],
      ['POST', `/studio/camera/chat/participants/${cam.model.id}/kick`, cam.model, undefined, 400],
      ['PUT', '/studio/camera/chat/bans/abc', cam.model, undefined, 400],
      ['DELETE', '/studio/camera/chat/bans/99999999', cam.model, undefined, 404],
    ];
    for (const [method, url, who, body, status, code] of cases) {
      const res = await inject(method, url, who, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
      if (code) expect(res.json()).toMatchObject({ error: { code } });
    }
    expect(await t.services.coins.balance(m.id)).toBe(100);
    expect(await t.deps.db.query('SELECT 1 FROM chat_sessions WHERE user_id = $1', [m.id])).toEqual([]);
  });

  it('a camera that is not live refuses entering (409 CAMERA_OFFLINE); not enough coins is 409 INSUFFICIENT_COINS, nothing opened', async () => {
    const cam = await liveCamera(50);
    const poor = await member(10);
    const refused = await enter(cam, poor, { kind: 'paid', price_per_minute: 50 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'INSUFFICIENT_COINS' } });
    expect(await t.deps.db.query('SELECT 1 FROM chat_sessions WHERE user_id = $1', [poor.id])).toEqual([]);
    await t.services.cameras.handleMediaEvent({ type: 'publisher-down', room: cam.id });
    const offline = await enter(cam, await member(100), { kind: 'paid', price_per_minute: 50 });
    expect(offline.statusCode).toBe(409);
    expect(offline.json()).toMatchObject({ error: { code: 'CAMERA_OFFLINE' } });
  });

  it('entering is idempotent: the open session is answered again, nothing charged twice', async () => {
    const cam = await liveCamera(5);
    const m = await member(100);
    const first = await entered(cam, m, { kind: 'paid', price_per_minute: 5 });
    const again = await entered(cam, m, { kind: 'paid', price_per_minute: 5 });
    expect(again.id).toBe(first.id);
    expect(await t.services.coins.balance(m.id)).toBe(95);
  });
});
