import { MAX_ROOMS_PER_CONNECTION, REALTIME_ROOM_EVENTS, defineClientEvent, roomName, type RealtimeAck, type RoomPresence } from '@velora/shared';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Viewer } from '../../test/catalog-fixture';
import { asMember } from '../../test/factories';
import {
  appUrl,
  createRealtimeClients,
  deleteRedisKeys,
  eventMatching,
  listening,
  nextEvent,
  recordEvents,
  redisUnavailable,
  testRedisKey,
  TEST_REDIS_URL,
  whenConnected,
} from '../../test/realtime-clients';
import { buildTestApp, type TestApp, type TestAppOverrides } from '../../test/test-app';
import { RealtimeError } from '../lib/realtime-error';
import type { BindableRealtimeHub } from '../lib/realtime-hub';

// Rooms on the realtime channel: what the next issues (cams, chat, playdates) build on. The room kinds and the event
// below stand in for theirs.

const FORBIDDEN_CAMERA = 13;
const MISSING_CAMERA = 404;
const Echo = defineClientEvent('test:echo', z.object({ text: z.string().min(1, 'Write something'), room: z.string().optional() }), z.object({ echo: z.string(), user_id: z.number().nullable(), in_room: z.boolean() }));
const Boom = defineClientEvent('test:boom', z.object({ how: z.enum(['refuse', 'crash']) }), z.object({}));
const ECHO_LIMIT = 3;

/** Cameras: visitors may watch, everyone is counted, nobody is named. Playdates: members only, named. */
function defineTestRooms(hub: BindableRealtimeHub, playdateGuests: Set<number>) {
  hub.replaceRoomKind('camera', {
    visitorsMayJoin: true,
    authorize(_viewer, id) {
      if (id === MISSING_CAMERA) throw new RealtimeError('NOT_FOUND', 'There is no such camera');
      return id !== FORBIDDEN_CAMERA;
    },
  });
  hub.replaceRoomKind('playdate', { visitorsMayJoin: false, membersVisible: true, authorize: (viewer) => viewer !== null && playdateGuests.has(viewer.userId) });
  hub.defineEvent(
    Echo,
    (context, payload) => ({ echo: payload.text, user_id: context.userId, in_room: payload.room ? context.inRoom(payload.room) : false }),
    { rateLimit: { points: ECHO_LIMIT, windowMs: 60_000 }, visitors: true },
  );
  hub.defineEvent(Boom, (_context, payload) => {
    if (payload.how === 'refuse') throw new RealtimeError('FORBIDDEN', 'Not you');
    throw new Error('a bug');
  });
}

const clients = createRealtimeClients();
let counter = 0;
const newViewer = (app: TestApp): Promise<Viewer> => asMember(app, { username: `rooms_user_${++counter}` });

type Ack = RealtimeAck<Record<string, unknown>>;
const send = (socket: ClientSocket, event: string, payload?: unknown): Promise<Ack> =>
  (payload === undefined ? socket.timeout(5_000).emitWithAck(event) : socket.timeout(5_000).emitWithAck(event, payload)) as Promise<Ack>;
const join = (socket: ClientSocket, room: string) => send(socket, 'room:join', { room });

async function connected(app: TestApp, token?: string, options?: Parameters<typeof clients.open>[2]) {
  const socket = clients.open(app, token, options);
  await whenConnected(socket);
  return socket;
}

const presenceWith = (socket: ClientSocket, room: string, count: number) =>
  eventMatching<RoomPresence>(socket, REALTIME_ROOM_EVENTS.presence, (p) => p.room === room && p.count === count);

async function buildInstance(overrides: TestAppOverrides, guests: Set<number>) {
  const app = await listening(await buildTestApp(overrides));
  defineTestRooms(app.deps.realtime, guests);
  return app;
}

afterEach(() => {
  clients.closeAll();
});

describe('rooms on one instance', () => {
  let app: TestApp;
  const guests = new Set<number>();

  beforeAll(async () => {
    app = await buildInstance({ realtime: { presence: { throttleMs: 20 } } }, guests);
  });
  afterAll(() => app.close());

  it('joins a room, hears what is sent to it, and stops hearing after leaving', async () => {
    const viewer = await newViewer(app);
    const socket = await connected(app, viewer.token);
    const joined = await join(socket, 'camera:1');
    expect(joined).toMatchObject({ ok: true, presence: { room: 'camera:1', count: 1, users: 1, visitors: 0, members: [] } });

    const got = nextEvent(socket, 'cam:tip');
    app.deps.realtime.toRoom(roomName('camera', 1), 'cam:tip', { coins: 5 });
    expect(await got).toEqual({ coins: 5 });

    expect(await send(socket, 'room:leave', { room: 'camera:1' })).toEqual({ ok: true });
    const heard = recordEvents(socket);
    app.deps.realtime.toRoom('camera:1', 'cam:tip', { coins: 6 });
    // Leaving is idempotent, and its acknowledgement comes after the push would have.
    expect(await send(socket, 'room:leave', { room: 'camera:1' })).toEqual({ ok: true });
    expect(heard.filter(([event]) => event === 'cam:tip')).toEqual([]);
  });

  it('acknowledges a bad payload with VALIDATION_FAILED naming the field, and stays connected', async () => {
    const viewer = await newViewer(app);
    const socket = await connected(app, viewer.token);

    const noRoom = await send(socket, 'room:join', {});
    expect(noRoom).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', fields: { room: expect.any(String) } } });
    const badRoom = await send(socket, 'room:join', { room: 'user:1' });
    expect(badRoom).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', fields: { room: 'Must be a room name such as camera:1' } } });
    expect(await send(socket, 'room:join', { room: 'camera:007' })).toMatchObject({ ok: false, error: { fields: { room: expect.any(String) } } });
    expect(await send(socket, 'room:join', 'camera:1')).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', fields: { payload: expect.any(String) } } });
    expect(await send(socket, 'room:join')).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(await send(socket, 'test:echo', { text: '' })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', fields: { text: 'Write something' } } });

    expect(socket.connected).toBe(true);
    expect(await join(socket, 'camera:1')).toMatchObject({ ok: true });
  });

  it('answers a module event with its handler\'s result, a refusal with its code, a crash with INTERNAL', async () => {
    const viewer = await newViewer(app);
    const socket = await connected(app, viewer.token);
    await join(socket, 'camera:2');

    expect(await send(socket, 'test:echo', { text: 'hi', room: 'camera:2' })).toEqual({ ok: true, echo: 'hi', user_id: viewer.id, in_room: true });
    expect(await send(socket, 'test:boom', { how: 'refuse' })).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: 'Not you' } });
    expect(await send(socket, 'test:boom', { how: 'crash' })).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(await send(socket, 'no:such', {})).toMatchObject({ ok: false, error: { code: 'UNKNOWN_EVENT' } });
    expect(socket.connected).toBe(true);
  });

  it('rate limits an event per user across connections: TOO_MANY_REQUESTS after N, every attempt counted', async () => {
    const viewer = await newViewer(app);
    const tabA = await connected(app, viewer.token);
    const tabB = await connected(app, viewer.token);

    const answers = [];
    for (let i = 0; i < ECHO_LIMIT + 2; i++) answers.push(await send(i % 2 === 0 ? tabA : tabB, 'test:echo', { text: `n${i}` }));

    expect(answers.slice(0, ECHO_LIMIT).every((a) => a.ok)).toBe(true);
    for (const refused of answers.slice(ECHO_LIMIT)) {
      expect(refused).toMatchObject({ ok: false, error: { code: 'TOO_MANY_REQUESTS', retry_after_ms: expect.any(Number) } });
    }
    // Another user has a budget of their own.
    const other = await connected(app, (await newViewer(app)).token);
    expect(await send(other, 'test:echo', { text: 'mine' })).toMatchObject({ ok: true });
  });

  it('refuses rooms the kind does not allow, with the kind\'s code', async () => {
    const viewer = await newViewer(app);
    const socket = await connected(app, viewer.token);

    expect(await join(socket, roomName('camera', FORBIDDEN_CAMERA))).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await join(socket, roomName('camera', MISSING_CAMERA))).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', message: 'There is no such camera' } });
    expect(await join(socket, 'playdate:1')).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    // A refused room was not joined.
    const heard = recordEvents(socket);
    app.deps.realtime.toRoom('playdate:1', 'x', 1);
    expect(await send(socket, 'room:presence', { room: 'playdate:1' })).toMatchObject({ ok: false, error: { code: 'NOT_IN_ROOM' } });
    expect(heard).toEqual([]);

    guests.add(viewer.id);
    expect(await join(socket, 'playdate:1')).toMatchObject({ ok: true, presence: { members: [viewer.id] } });
  });

  it('lets visitors into rooms whose kind allows them, counted apart from members, and nowhere else', async () => {
    const viewer = await newViewer(app);
    const member = await connected(app, viewer.token);
    const visitor = await connected(app);
    await join(member, 'camera:3');

    expect(await join(visitor, 'camera:3')).toMatchObject({ ok: true, presence: { count: 2, users: 1, visitors: 1, members: [] } });
    expect(await join(visitor, 'playdate:1')).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    expect(await send(visitor, 'test:boom', { how: 'refuse' })).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });

    const got = nextEvent(visitor, 'cam:state');
    app.deps.realtime.toRoom('camera:3', 'cam:state', { live: true });
    expect(await got).toEqual({ live: true });
  });

  it('counts a user once however many tabs, pushes changes to the room, and tells modules the members', async () => {
    const ann = await newViewer(app);
    const bob = await newViewer(app);
    const annTab1 = await connected(app, ann.token);
    const annTab2 = await connected(app, ann.token);
    const bobTab = await connected(app, bob.token);
    await join(annTab1, 'camera:4');
    await join(annTab2, 'camera:4');

    const seesBob = presenceWith(annTab1, 'camera:4', 2);
    await join(bobTab, 'camera:4');
    expect(await seesBob).toMatchObject({ users: 2, visitors: 0, members: [] });
    expect(await app.deps.realtime.presence('camera:4')).toMatchObject({ count: 2, members: [ann.id, bob.id].sort((x, y) => x - y) });

    const bobGone = presenceWith(annTab1, 'camera:4', 1);
    bobTab.close();
    expect(await bobGone).toMatchObject({ users: 1 });
    expect(await send(annTab2, 'room:presence', { room: 'camera:4' })).toMatchObject({ ok: true, presence: { count: 1 } });
  });

  it('takes every tab of a user out of a room on the server\'s word, tells them why, and counts him out', async () => {
    const ann = await newViewer(app);
    const bob = await newViewer(app);
    const annTab1 = await connected(app, ann.token);
    const annTab2 = await connected(app, ann.token);
    const bobTab = await connected(app, bob.token);
    for (const socket of [annTab1, annTab2, bobTab]) await join(socket, 'camera:5');
    await join(annTab1, 'camera:6');

    const told = Promise.all([nextEvent(annTab1, REALTIME_ROOM_EVENTS.left), nextEvent(annTab2, REALTIME_ROOM_EVENTS.left)]);
    const bobSeesOne = presenceWith(bobTab, 'camera:5', 1);
    app.deps.realtime.removeUserFromRoom(ann.id, 'camera:5', { code: 'KICKED', message: 'The model took you out of her room' });
    expect(await told).toEqual([
      { room: 'camera:5', code: 'KICKED', message: 'The model took you out of her room' },
      { room: 'camera:5', code: 'KICKED', message: 'The model took you out of her room' },
    ]);
    expect(await bobSeesOne).toMatchObject({ users: 1 });
    expect(await app.deps.realtime.presence('camera:5')).toMatchObject({ count: 1, members: [bob.id] });

    // Out of that room only: nothing sent to it reaches her, her other room still does.
    const heard = recordEvents(annTab1);
    const inOther = nextEvent(annTab1, 'cam:other');
    app.deps.realtime.toRoom('camera:5', 'cam:gone', 1);
    app.deps.realtime.toRoom('camera:6', 'cam:other', 2);
    expect(await inOther).toBe(2);
    expect(heard.filter(([event]) => event === 'cam:gone')).toEqual([]);
    expect(await send(annTab1, 'room:presence', { room: 'camera:5' })).toMatchObject({ ok: false, error: { code: 'NOT_IN_ROOM' } });
  });

  it(`caps a connection at ${MAX_ROOMS_PER_CONNECTION} rooms`, async () => {
    const viewer = await newViewer(app);
    const socket = await connected(app, viewer.token);
    for (let id = 100; id < 100 + MAX_ROOMS_PER_CONNECTION; id++) expect(await join(socket, `camera:${id}`)).toMatchObject({ ok: true });

    expect(await join(socket, 'camera:999')).toMatchObject({ ok: false, error: { code: 'TOO_MANY_ROOMS' } });
    // Joining a room it is already in is no new room.
    expect(await join(socket, 'camera:100')).toMatchObject({ ok: true });
    await send(socket, 'room:leave', { room: 'camera:100' });
    expect(await join(socket, 'camera:999')).toMatchObject({ ok: true });
  });

  it('resumes a dropped connection: back in its rooms, with the events sent meanwhile', async () => {
    const viewer = await newViewer(app);
    const socket = await connected(app, viewer.token, { reconnection: true, reconnectionDelay: 50, reconnectionDelayMax: 100 });
    await join(socket, 'camera:5');
    // A room event carries the position the client resumes from.
    const first = nextEvent(socket, 'cam:n');
    app.deps.realtime.toRoom('camera:5', 'cam:n', 1);
    await first;

    const dropped = nextEvent(socket, 'disconnect');
    socket.io.engine.close();
    await dropped;
    app.deps.realtime.toRoom('camera:5', 'cam:n', 2);
    app.deps.realtime.toUser(viewer.id, 'user:n', 3);
    const heard = recordEvents(socket);
    await nextEvent(socket, 'connect');

    expect(socket.recovered).toBe(true);
    const next = eventMatching(socket, 'cam:n', (n) => n === 4);
    app.deps.realtime.toRoom('camera:5', 'cam:n', 4);
    await next;
    expect(heard.filter(([event]) => event === 'cam:n' || event === 'user:n')).toEqual([
      ['cam:n', 2],
      ['user:n', 3],
      ['cam:n', 4],
    ]);
    expect(await app.deps.realtime.presence('camera:5')).toMatchObject({ count: 1 });
  });
});

describe('rooms across two instances (Redis)', () => {
  let redisError: string | null = null;
  let a: TestApp;
  let b: TestApp;
  const redisKey = testRedisKey();
  const guests = new Set<number>();

  beforeAll(async () => {
    redisError = await redisUnavailable();
    if (redisError) return;
    // Two instances of one site: one database, one Redis (a prefix of this test's own).
    const realtime = { redisKey, presence: { throttleMs: 20, heartbeatMs: 200, ttlMs: 1_000 } };
    const env = { REDIS_URL: TEST_REDIS_URL };
    a = await buildInstance({ env, realtime }, guests);
    b = await buildInstance({ env, realtime, db: a.deps.db }, guests);
  });
  afterAll(async () => {
    if (redisError) return;
    await b.close();
    await a.close();
    await deleteRedisKeys(redisKey);
  });

  it('delivers a room event to the clients of either instance, from either instance', async (ctx) => {
    ctx.skip(redisError !== null, `Redis at ${TEST_REDIS_URL} is unreachable (${redisError}): start it or set REDIS_URL`);
    const onA = await connected(a, (await newViewer(a)).token);
    const onB = await connected(b, (await newViewer(a)).token);
    const outsider = await connected(b, (await newViewer(a)).token);
    expect(await join(onA, 'camera:1')).toMatchObject({ ok: true });
    expect(await join(onB, 'camera:1')).toMatchObject({ ok: true });
    const outsiderHeard = recordEvents(outsider);

    const fromA = Promise.all([nextEvent(onA, 'cam:event'), nextEvent(onB, 'cam:event')]);
    a.deps.realtime.toRoom('camera:1', 'cam:event', { from: 'a' });
    expect(await fromA).toEqual([{ from: 'a' }, { from: 'a' }]);

    const fromB = Promise.all([nextEvent(onA, 'cam:event'), nextEvent(onB, 'cam:event')]);
    b.deps.realtime.toRoom('camera:1', 'cam:event', { from: 'b' });
    expect(await fromB).toEqual([{ from: 'b' }, { from: 'b' }]);
    expect(outsiderHeard.filter(([event]) => event === 'cam:event')).toEqual([]);
  });

  it('counts presence across instances and drops a client once it disconnects', async (ctx) => {
    ctx.skip(redisError !== null, 'Redis is unreachable');
    const ann = await newViewer(a);
    const bob = await newViewer(a);
    const annOnA = await connected(a, ann.token);
    const bobOnB = await connected(b, bob.token);
    const visitorOnB = await connected(b);
    await join(annOnA, 'camera:2');

    const everyone = presenceWith(annOnA, 'camera:2', 3);
    await join(bobOnB, 'camera:2');
    expect(await join(visitorOnB, 'camera:2')).toMatchObject({ ok: true, presence: { count: 3, users: 2, visitors: 1 } });
    expect(await everyone).toMatchObject({ users: 2, visitors: 1, members: [] });
    expect(await a.deps.realtime.presence('camera:2')).toMatchObject({ count: 3, members: [ann.id, bob.id].sort((x, y) => x - y) });

    const bobLeft = presenceWith(annOnA, 'camera:2', 2);
    bobOnB.close();
    expect(await bobLeft).toMatchObject({ users: 1, visitors: 1 });
    expect(await b.deps.realtime.presence('camera:2')).toMatchObject({ count: 2, users: 1, members: [ann.id] });
  });

  it('names the members where the kind shows them, on both instances', async (ctx) => {
    ctx.skip(redisError !== null, 'Redis is unreachable');
    const ann = await newViewer(a);
    const bob = await newViewer(a);
    guests.add(ann.id).add(bob.id);
    const annOnA = await connected(a, ann.token);
    const bobOnB = await connected(b, bob.token);
    await join(annOnA, 'playdate:7');
    const both = presenceWith(annOnA, 'playdate:7', 2);
    expect(await join(bobOnB, 'playdate:7')).toMatchObject({ ok: true, presence: { members: [ann.id, bob.id].sort((x, y) => x - y) } });
    expect((await both).members).toEqual([ann.id, bob.id].sort((x, y) => x - y));
  });

  it('takes a user out of a room from the other instance, and his presence with him', async (ctx) => {
    ctx.skip(redisError !== null, 'Redis is unreachable');
    const ann = await newViewer(a);
    const bob = await newViewer(a);
    const annOnB = await connected(b, ann.token);
    const bobOnA = await connected(a, bob.token);
    await join(annOnB, 'camera:4');
    await join(bobOnA, 'camera:4');
    await expect.poll(async () => (await a.deps.realtime.presence('camera:4')).count).toBe(2);

    const told = nextEvent(annOnB, REALTIME_ROOM_EVENTS.left);
    a.deps.realtime.removeUserFromRoom(ann.id, 'camera:4', { code: 'KICKED', message: 'Out' });
    expect(await told).toEqual({ room: 'camera:4', code: 'KICKED', message: 'Out' });
    await expect.poll(async () => (await a.deps.realtime.presence('camera:4')).members).toEqual([bob.id]);
    const heard = recordEvents(annOnB);
    const bobHears = nextEvent(bobOnA, 'cam:after');
    a.deps.realtime.toRoom('camera:4', 'cam:after', 1);
    await bobHears;
    expect(await send(annOnB, 'room:presence', { room: 'camera:4' })).toMatchObject({ ok: false, error: { code: 'NOT_IN_ROOM' } });
    expect(heard.filter(([event]) => event === 'cam:after')).toEqual([]);
  });

  it('resumes a connection on the other instance, in its rooms, with the events it missed', async (ctx) => {
    ctx.skip(redisError !== null, 'Redis is unreachable');
    const viewer = await newViewer(a);
    const socket = await connected(a, viewer.token, { reconnection: true, reconnectionDelay: 50, reconnectionDelayMax: 100 });
    const watcher = await connected(b, (await newViewer(a)).token);
    await join(socket, 'camera:3');
    await join(watcher, 'camera:3');
    const first = nextEvent(socket, 'cam:n');
    b.deps.realtime.toRoom('camera:3', 'cam:n', 1);
    await first;

    // The instance it was on goes away for it (a rolling restart): it comes back through the other one.
    const dropped = nextEvent(socket, 'disconnect');
    (socket.io as unknown as { uri: string }).uri = appUrl(b);
    socket.io.engine.close();
    await dropped;
    b.deps.realtime.toRoom('camera:3', 'cam:n', 2);
    a.deps.realtime.toRoom('camera:3', 'cam:n', 3);
    const heard = recordEvents(socket);
    await nextEvent(socket, 'connect');

    expect(socket.recovered).toBe(true);
    const last = eventMatching(socket, 'cam:n', (n) => n === 4);
    b.deps.realtime.toRoom('camera:3', 'cam:n', 4);
    await last;
    expect(heard.filter(([event]) => event === 'cam:n').map(([, n]) => n)).toEqual([2, 3, 4]);
    // Counted once, now on the other instance.
    await expect.poll(async () => (await a.deps.realtime.presence('camera:3')).count).toBe(2);
  });
});
