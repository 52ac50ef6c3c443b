import {
  PLAYDATE_CHAT_RATE_LIMIT,
  PLAYDATE_EVENTS,
  PlaydateChatReplay,
  PlaydateFeedbackAsks,
  PlaydateRoom,
  type PlaydateChatMessage,
  type RoomPresence,
} from '@velora/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asMember, asModel, asPremium, asVisitor, loginAs, type LoggedIn } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { playdateReplayKey, playdateReplayPath, signPlaydateReplayToken } from '../../lib/playdate-replay-token';
import type { RealtimeEventContext } from '../../lib/realtime-hub';
import { verifyLiveToken } from '../live/live-tokens';
import { PLAYDATE_MEDIA_ROOM_BASE, mediaRoomOf } from './media-rooms';
import { PLAYDATE_PREPARE_SECONDS } from './playdate-rooms.service';
import { changeStatus, insertPlaydate } from '../../../test/modules/playdate-rooms';

// The rooms of playdates through the API on a clock the tests move, with a media server that records what it is told
// (the WebRTC side is proven in playdate-rooms-media.test.ts): access, tickets, chat, replay and feedback.

let clock = Date.UTC(2026, 5, 1, 12);
let t: TestApp;
const publishingRooms = new Set<number>();
const ended: number[] = [];
const pushes: Array<{ room: string; event: string; payload: unknown }> = [];
const MIN = 60_000;

beforeAll(async () => {
  t = await buildTestApp({
    now: () => new Date(clock),
    mediaServer: {
      endRoom: async (room) => {
        ended.push(room);
        publishingRooms.delete(room);
      },
      stats: (room) => ({ room, publishing: publishingRooms.has(room), source: null, viewers: 0, inboundBitrate: 0, inboundPacketsLost: 0 }),
    },
  });
  t.deps.realtime.bind(
    (room, event, payload) => void pushes.push({ room, event, payload }),
    async (room): Promise<RoomPresence> => ({ room, count: 0, users: 0, visitors: 0, members: [], version: 1 }),
  );
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  pushes.length = 0;
  ended.length = 0;
  publishingRooms.clear();
});

async function get(url: string, who: { headers: Record<string, string> }) {
  return t.app.inject({ method: 'GET', url: `/api${url}`, headers: who.headers });
}

interface World {
  model: LoggedIn;
  member: LoggedIn;
  id: number;
}

async function privatePlaydate(o: { status?: 'scheduled' | 'live' | 'finished'; startsInMinutes?: number } = {}): Promise<World> {
  const model = await asModel(t);
  const member = await asPremium(t, { chatname: 'Rob' });
  const id = await insertPlaydate(t.deps.db, {
    modelId: model.user.model_id!,
    memberId: member.id,
    status: o.status ?? 'live',
    startsAt: new Date(clock + (o.startsInMinutes ?? -5) * MIN),
  });
  return { model, member, id };
}

async function publicPlaydate(status: 'scheduled' | 'live' | 'finished' | 'cancelled' = 'live') {
  const model = await asModel(t);
  const id = await insertPlaydate(t.deps.db, { modelId: model.user.model_id!, kind: 'public', status, startsAt: new Date(clock - 5 * MIN) });
  return { model, id };
}

/** What the socket hands a handler: for a logged-in person, her session read again as the socket does by its token. */
const context = (who: LoggedIn | number | null, rooms: string[]): RealtimeEventContext => {
  const userId = typeof who === 'object' && who !== null ? who.id : who;
  const token = typeof who === 'object' && who !== null ? who.token : null;
  return {
    userId,
    connectionId: `c-${userId}-${Math.random()}`,
    inRoom: (room) => rooms.includes(room),
    session: async () => (token ? t.services.sessions.resolve(token) : null),
  };
};

describe('who enters a playdate room', () => {
  it('lets the member of a private one and the model in, and nobody else (404), on the right type only', async () => {
    const w = await privatePlaydate();
    const other = await asPremium(t);
    expect((await get(`/playdates/private/${w.id}`, asVisitor())).statusCode).toBe(401);
    expect((await get(`/playdates/private/${w.id}`, await asMember(t))).statusCode).toBe(403);
    const mine = await get(`/playdates/private/${w.id}`, w.member);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(PlaydateRoom.parse(mine.json())).toMatchObject({ role: 'member', room: `playdate:${w.id}`, playdate: { id: w.id } });
    expect((await get(`/playdates/private/${w.id}`, other)).statusCode).toBe(404);
    expect((await get(`/playdates/public/${w.id}`, w.member)).statusCode).toBe(404);
    expect((await get(`/playdates/private/999999`, w.member)).statusCode).toBe(404);
    const bad = await get(`/playdates/secret/${w.id}`, w.member);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/type/);
    expect((await get(`/playdates/private/0`, w.member)).statusCode).toBe(400);

    const studio = await get(`/studio/playdates/${w.id}/room`, w.model);
    expect(studio.statusCode, studio.body).toBe(200);
    expect(PlaydateRoom.parse(studio.json()).role).toBe('model');
    expect((await get(`/studio/playdates/${w.id}/room`, await asModel(t))).statusCode).toBe(404);
    expect((await get(`/studio/playdates/${w.id}/room`, w.member)).statusCode).toBe(403);
    expect((await get(`/studio/playdates/x/room`, w.model)).statusCode).toBe(400);
  });

  it('lets any premium member into a public one while scheduled, live or finished, not once cancelled', async () => {
    const viewer = await asPremium(t);
    for (const status of ['scheduled', 'live', 'finished'] as const) {
      const p = await publicPlaydate(status);
      const res = await get(`/playdates/public/${p.id}`, viewer);
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
      expect(PlaydateRoom.parse(res.json()).role).toBe('viewer');
    }
    const cancelled = await publicPlaydate('cancelled');
    expect((await get(`/playdates/public/${cancelled.id}`, viewer)).statusCode).toBe(404);
    expect((await get(`/playdates/public/${cancelled.id}`, await asMember(t))).statusCode).toBe(403);
  });

  it('joins the realtime room: private for its two people, public for premium members and the model', async () => {
    const w = await privatePlaydate();
    const kind = t.deps.realtime.roomKind('playdate')!;
    expect(await kind.authorize({ userId: w.member.id }, w.id)).toBe(true);
    expect(await kind.authorize({ userId: w.model.id }, w.id)).toBe(true);
    expect(await kind.authorize({ userId: (await asPremium(t)).id }, w.id)).toBe(false);
    expect(await kind.authorize(null, w.id)).toBe(false);
    await expect(kind.authorize({ userId: w.member.id }, 999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const p = await publicPlaydate();
    expect(await kind.authorize({ userId: (await asPremium(t)).id }, p.id)).toBe(true);
    expect(await kind.authorize({ userId: (await asMember(t)).id }, p.id)).toBe(false);
    expect(await kind.authorize({ userId: (await asPremium(t, { premiumUntil: new Date(clock - 1000) })).id }, p.id)).toBe(false);
    expect(await kind.authorize({ userId: p.model.id }, p.id)).toBe(true);
    const cancelled = await publicPlaydate('cancelled');
    expect(await kind.authorize({ userId: cancelled.model.id }, cancelled.id)).toBe(false);
  });
});

describe('tickets of the two media rooms', () => {
  it('gives the model hers from 10 minutes before the start, and the member his and the watching only while live', async () => {
    const early = await privatePlaydate({ status: 'scheduled', startsInMinutes: 30 });
    expect(PlaydateRoom.parse((await get(`/studio/playdates/${early.id}/room`, early.model)).json()).publish).toBeNull();

    const w = await privatePlaydate({ status: 'scheduled', startsInMinutes: PLAYDATE_PREPARE_SECONDS / 60 - 1 });
    const before = PlaydateRoom.parse((await get(`/studio/playdates/${w.id}/room`, w.model)).json());
    expect(before.publish).toMatchObject({ whip_url: '/live/whip', expires_at: Math.floor(clock / 1000) + 60 });
    const claims = verifyLiveToken(Buffer.from('x'), before.publish!.token, { kind: 'publish' }, clock);
    expect(claims.ok).toBe(false); // signed with the live key, not any key
    expect(PlaydateRoom.parse((await get(`/playdates/private/${w.id}`, w.member)).json()).publish).toBeNull();
    // Her publisher token is good at the WHIP door for her side only.
    expect(await t.services.playdateRooms.authorizePublisher(before.publish!.token)).toEqual({ cameraId: mediaRoomOf(w.id, 'model'), source: 'browser' });

    await changeStatus(t, w.id, 'live', { startsAt: new Date(clock) });
    const member = PlaydateRoom.parse((await get(`/playdates/private/${w.id}`, w.member)).json());
    expect(member.publish).not.toBeNull();
    expect(await t.services.playdateRooms.authorizePublisher(member.publish!.token)).toEqual({ cameraId: mediaRoomOf(w.id, 'member'), source: 'browser' });
    // Nothing to watch until a side publishes.
    expect(member.view).toEqual([]);
    publishingRooms.add(mediaRoomOf(w.id, 'model'));
    publishingRooms.add(mediaRoomOf(w.id, 'member'));
    const watching = PlaydateRoom.parse((await get(`/playdates/private/${w.id}`, w.member)).json());
    expect(watching.publishing).toEqual({ model: true, member: true });
    expect(watching.view).toEqual([expect.objectContaining({ side: 'model', whep_url: `/live/whep/${mediaRoomOf(w.id, 'model')}` })]);
    const herView = PlaydateRoom.parse((await get(`/studio/playdates/${w.id}/room`, w.model)).json()).view;
    expect(herView.map((v) => v.side)).toEqual(['member']);

    // The playdate ends: both sides are dropped, tokens are refused, no new tickets.
    await changeStatus(t, w.id, 'finished');
    expect(ended.sort()).toEqual([mediaRoomOf(w.id, 'model'), mediaRoomOf(w.id, 'member')].sort());
    expect(await t.services.playdateRooms.authorizePublisher(member.publish!.token)).toBeNull();
    const after = PlaydateRoom.parse((await get(`/playdates/private/${w.id}`, w.member)).json());
    expect(after).toMatchObject({ publish: null, view: [] });
    expect(pushes).toContainEqual({ room: `playdate:${w.id}`, event: PLAYDATE_EVENTS.publishing, payload: { model: false, member: false } });
  });

  it('closes the room when the playdates module ends a playdate (onStatusChanged, as composed)', async () => {
    const p = await publicPlaydate('live');
    publishingRooms.add(mediaRoomOf(p.id, 'model'));
    const res = await t.app.inject({ method: 'POST', url: `/api/studio/playdates/${p.id}/end`, headers: p.model.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(ended).toEqual(expect.arrayContaining([mediaRoomOf(p.id, 'model'), mediaRoomOf(p.id, 'member')]));
    const room = PlaydateRoom.parse((await get(`/studio/playdates/${p.id}/room`, p.model)).json());
    expect(room).toMatchObject({ publish: null, view: [], publishing: { model: false, member: false } });
    expect(room.messages.at(-1)?.system?.key).toBe('playdates.system.ended');
  });

  it('refuses a publish token of another person\'s side, a camera token or a stranger\'s bearer', async () => {
    const w = await privatePlaydate();
    const room = PlaydateRoom.parse((await get(`/playdates/private/${w.id}`, w.member)).json());
    expect(await t.services.playdateRooms.authorizePublisher('nonsense')).toBeNull();
    // Another playdate's room does not take it: its claim names this one's member side.
    const other = await privatePlaydate();
    expect(await t.services.playdateRooms.authorizePublisher(room.publish!.token)).toEqual({ cameraId: mediaRoomOf(w.id, 'member'), source: 'browser' });
    expect(mediaRoomOf(other.id, 'member')).not.toBe(mediaRoomOf(w.id, 'member'));
    // The cameras do not take a playdate room's token (no camera has such an id), and do not fail on it.
    expect(await t.services.cameras.authorizePublisher(room.publish!.token)).toBeNull();
    // Expired: a minute later.
    clock += 61_000;
    try {
      expect(await t.services.playdateRooms.authorizePublisher(room.publish!.token)).toBeNull();
    } finally {
      clock -= 61_000;
    }
  });

  it('hears its rooms\' publishers: the model coming marks her present and tells the room; camera rooms are not its', async () => {
    const w = await privatePlaydate();
    publishingRooms.add(mediaRoomOf(w.id, 'model'));
    await t.services.playdateRooms.handleMediaEvent({ type: 'publisher-up', room: mediaRoomOf(w.id, 'model'), source: 'browser' });
    expect(pushes).toContainEqual({ room: `playdate:${w.id}`, event: PLAYDATE_EVENTS.publishing, payload: { model: true, member: false } });
    const [row] = await t.deps.db.query<{ model_joined_at: Date | null }>('SELECT model_joined_at FROM playdates WHERE id = $1', [w.id]);
    expect(row!.model_joined_at).not.toBeNull();
    pushes.length = 0;
    await t.services.playdateRooms.handleMediaEvent({ type: 'publisher-up', room: 5, source: 'browser' });
    await t.services.playdateRooms.handleMediaEvent({ type: 'publisher-up', room: PLAYDATE_MEDIA_ROOM_BASE, source: 'browser' });
    expect(pushes).toEqual([]);
    // And the cameras ignore playdate rooms.
    await t.services.cameras.handleMediaEvent({ type: 'publisher-up', room: mediaRoomOf(w.id, 'model'), source: 'browser' });
  });
});

describe('the chat of a playdate room', () => {
  it("refuses the model's line until her session proved its second factor, as a studio call is (decision record 070)", async () => {
    const w = await privatePlaydate();
    const rooms = [`playdate:${w.id}`];
    const pending = await loginAs(t, w.model.user, { secondFactor: 'pending' });
    await expect(t.services.playdateRooms.send(context(pending, rooms), { playdate_id: w.id, text: 'Hello' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      extra: { detail: 'SECOND_FACTOR_REQUIRED' },
    });
    // A session that ended is not read as hers any more.
    await t.services.sessions.revoke(pending.sessionId);
    await expect(t.services.playdateRooms.send(context(pending, rooms), { playdate_id: w.id, text: 'Hello' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const proven = await loginAs(t, w.model.user);
    const { message } = await t.services.playdateRooms.send(context(proven, rooms), { playdate_id: w.id, text: 'Hello' });
    expect(message.author.role).toBe('model');
    // A member's line never asks for a second factor.
    await t.services.playdateRooms.send(context(w.member, rooms), { playdate_id: w.id, text: 'Hi' });
  });

  it('stores and pushes lines of the people in a live room, with their names, and server lines at start and end', async () => {
    const w = await privatePlaydate({ status: 'scheduled', startsInMinutes: 0 });
    const rooms = [`playdate:${w.id}`];
    await expect(t.services.playdateRooms.send(context(w.member.id, rooms), { playdate_id: w.id, text: 'too early' })).rejects.toMatchObject({
      code: 'PLAYDATE_WRONG_STATUS',
    });
    await changeStatus(t, w.id, 'live');
    const { message } = await t.services.playdateRooms.send(context(w.member.id, rooms), { playdate_id: w.id, text: 'Hi <b>there</b>' });
    expect(message).toMatchObject({ author: { user_id: w.member.id, name: 'Rob', role: 'member' }, text: 'Hi <b>there</b>', system: null });
    const [model] = await t.deps.db.query<{ name_en: string }>('SELECT name_en FROM models WHERE id = $1', [w.model.user.model_id]);
    const hers = await t.services.playdateRooms.send(context(w.model, rooms), { playdate_id: w.id, text: 'Hello Rob' });
    expect(hers.message.author).toEqual({ user_id: w.model.id, name: model!.name_en, role: 'model' });
    expect(pushes).toContainEqual({ room: `playdate:${w.id}`, event: PLAYDATE_EVENTS.message, payload: message });

    await expect(t.services.playdateRooms.send(context(w.member.id, []), { playdate_id: w.id, text: 'x' })).rejects.toMatchObject({ code: 'NOT_IN_ROOM' });
    const stranger = await asPremium(t);
    await expect(t.services.playdateRooms.send(context(stranger.id, rooms), { playdate_id: w.id, text: 'x' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(t.services.playdateRooms.send(context(null, rooms), { playdate_id: w.id, text: 'x' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });

    // Ending soon: the job's work, once, only while it still ends then.
    const record = (await t.services.playdateRooms.recordOf(w.id))!;
    const endsAt = Math.floor(record.ends_at!.getTime() / 1000);
    expect(await t.services.playdateRooms.endingSoon({ playdateId: w.id, endsAt: endsAt + 60 })).toBe(false);
    expect(await t.services.playdateRooms.endingSoon({ playdateId: w.id, endsAt })).toBe(true);
    await t.services.playdateRooms.endingSoon({ playdateId: w.id, endsAt });
    await changeStatus(t, w.id, 'finished');
    await expect(t.services.playdateRooms.send(context(w.member.id, rooms), { playdate_id: w.id, text: 'late' })).rejects.toMatchObject({
      code: 'PLAYDATE_WRONG_STATUS',
    });

    const room = PlaydateRoom.parse((await get(`/playdates/private/${w.id}`, w.member)).json());
    expect(room.messages.map((m: PlaydateChatMessage) => m.system?.key ?? m.text)).toEqual([
      'playdates.system.started',
      'Hi <b>there</b>',
      'Hello Rob',
      'playdates.system.ending_soon',
      'playdates.system.ended',
    ]);
  });

  it('counts every attempt of a member against the rate limit; the model writes freely', async () => {
    const w = await privatePlaydate();
    const rooms = [`playdate:${w.id}`];
    for (let i = 0; i < PLAYDATE_CHAT_RATE_LIMIT.points; i += 1) {
      await t.services.playdateRooms.send(context(w.member.id, rooms), { playdate_id: w.id, text: `line ${i}` });
    }
    await expect(t.services.playdateRooms.send(context(w.member.id, rooms), { playdate_id: w.id, text: 'one more' })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    for (let i = 0; i < PLAYDATE_CHAT_RATE_LIMIT.points + 2; i += 1) {
      await t.services.playdateRooms.send(context(w.model, rooms), { playdate_id: w.id, text: `hers ${i}` });
    }
    clock += PLAYDATE_CHAT_RATE_LIMIT.windowMs;
    await t.services.playdateRooms.send(context(w.member.id, rooms), { playdate_id: w.id, text: 'again' });
  });

  it('answers the newest 100 messages, oldest first', async () => {
    const w = await privatePlaydate();
    for (let i = 0; i < 105; i += 1) {
      await t.deps.db.query(
        "INSERT INTO playdate_messages (playdate_id, author_user_id, author_name, author_role, text, created_at) VALUES ($1, $2, 'Rob', 'member', $3, now())",
        [w.id, w.member.id, `m${i}`],
      );
    }
    const room = PlaydateRoom.parse((await get(`/playdates/private/${w.id}`, w.member)).json());
    expect(room.messages).toHaveLength(100);
    expect(room.messages[0]!.text).toBe('m5');
    expect(room.messages[99]!.text).toBe('m104');
  });
});

describe('the replay of a public playdate\'s chat', () => {
  it('shows a finished public playdate\'s chat to anyone with the link, and nothing for a bad, unknown or unfinished one', async () => {
    const p = await publicPlaydate('live');
    const viewer = await asPremium(t, { chatname: 'Fan' });
    await t.services.playdateRooms.send(context(viewer.id, [`playdate:${p.id}`]), { playdate_id: p.id, text: 'Great show' });
    const key = playdateReplayKey(t.deps.config);
    const token = signPlaydateReplayToken(key, p.id);
    expect(playdateReplayPath(key, p.id)).toBe(`/playdate-chat-replay?token=${token}`);
    const url = (tk: string) => `/playdates/public/chat-history?token=${encodeURIComponent(tk)}`;
    expect((await get(url(token), asVisitor())).statusCode).toBe(404);

    await changeStatus(t, p.id, 'finished');
    const res = await get(url(token), asVisitor());
    expect(res.statusCode, res.body).toBe(200);
    const replay = PlaydateChatReplay.parse(res.json());
    expect(replay.playdate).toMatchObject({ id: p.id, title: 'Test playdate' });
    expect(replay.messages.map((m) => m.text)).toEqual(['Great show', 'The playdate has ended']);
    // The playdate's own answer links to it (the playdates module builds replay_path with this token).
    const room = PlaydateRoom.parse((await get(`/playdates/public/${p.id}`, viewer)).json());
    expect(room.playdate.replay_path).toBe(playdateReplayPath(key, p.id));

    expect((await get(url(`${p.id}.${'A'.repeat(43)}`), asVisitor())).statusCode).toBe(404);
    expect((await get(url(signPlaydateReplayToken(key, 999_999)), asVisitor())).statusCode).toBe(404);
    const malformed = await get(url('not-a-token'), asVisitor());
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toMatch(/token/);
    expect((await get('/playdates/public/chat-history?token=%3Cscript%3E', asVisitor())).statusCode).toBe(400);
    expect((await get('/playdates/public/chat-history', asVisitor())).statusCode).toBe(400);
    // A private playdate has no replay, even with a well-signed token.
    const w = await privatePlaydate({ status: 'finished' });
    expect((await get(url(signPlaydateReplayToken(key, w.id)), asVisitor())).statusCode).toBe(404);
  });
});

describe('feedback on private playdates', () => {
  it('asks about his finished ones of the last 14 days, once: a rating or a dismissal', async () => {
    const model = await asModel(t);
    const member = await asPremium(t);
    const ins = (status: 'finished' | 'live', endedDaysAgo: number) =>
      insertPlaydate(t.deps.db, {
        modelId: model.user.model_id!,
        memberId: member.id,
        status,
        startsAt: new Date(clock - endedDaysAgo * 86_400_000 - 30 * MIN),
        endedAt: status === 'finished' ? new Date(clock - endedDaysAgo * 86_400_000) : null,
      });
    const recent = await ins('finished', 1);
    const older = await ins('finished', 3);
    await ins('finished', 15);
    const live = await ins('live', 0);
    const asks = PlaydateFeedbackAsks.parse((await get('/playdates/feedback', member)).json());
    expect(asks.items.map((i) => i.playdate_id)).toEqual([recent, older]);
    expect(asks.items[0]).toMatchObject({ model: { id: model.user.model_id }, duration_minutes: 30 });
    expect((await get('/playdates/feedback', asVisitor())).statusCode).toBe(401);
    expect(PlaydateFeedbackAsks.parse((await get('/playdates/feedback', await asMember(t))).json()).items).toEqual([]);

    const post = (id: number | string, who: { headers: Record<string, string> }, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/playdates/feedback/${id}`, headers: who.headers, payload });
    expect((await post(recent, member, { rating: 5, message: 'Lovely' })).statusCode).toBe(204);
    expect((await post(recent, member, { rating: 4 })).statusCode).toBe(409);
    expect((await post(older, await asPremium(t), { rating: 4 })).statusCode).toBe(404);
    expect((await post(live, member, { rating: 4 })).statusCode).toBe(404);
    const bad = await post(older, member, { rating: 9 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/rating/);
    expect((await post(older, asVisitor(), { rating: 4 })).statusCode).toBe(401);

    expect((await get(`/playdates/feedback/close/${older}`, member)).statusCode).toBe(204);
    expect((await get(`/playdates/feedback/close/${older}`, member)).statusCode).toBe(204);
    expect((await get(`/playdates/feedback/close/${live}`, member)).statusCode).toBe(404);
    expect((await get(`/playdates/feedback/close/abc`, member)).statusCode).toBe(400);
    expect(PlaydateFeedbackAsks.parse((await get('/playdates/feedback', member)).json()).items).toEqual([]);
    const rows = await t.deps.db.query<{ playdate_id: number; rating: number | null; message: string | null }>(
      'SELECT playdate_id, rating, message FROM playdate_feedback WHERE user_id = $1 ORDER BY playdate_id',
      [member.id],
    );
    expect(rows).toEqual([
      { playdate_id: recent, rating: 5, message: 'Lovely' },
      { playdate_id: older, rating: null, message: null },
    ]);
  });
});
