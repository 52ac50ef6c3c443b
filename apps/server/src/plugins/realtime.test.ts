import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../test/catalog-fixture';
import { asMember, loginAs } from '../../test/factories';
import {
  TEST_REDIS_URL as REDIS_URL,
  createRealtimeClients,
  deleteRedisKeys,
  listening,
  nextEvent,
  recordEvents,
  redisUnavailable,
  testRedisKey,
  whenConnected,
  whenRefused,
} from '../../test/realtime-clients';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { UNAUTHORIZED } from './realtime';

const CHECK_INTERVAL_MS = 100;

const clients = createRealtimeClients();
/** A browser connection to `app`; closed after each test. */
const openClient = (app: TestApp, token?: string) => clients.open(app, token);

let counter = 0;
const newViewer = (app: TestApp): Promise<Viewer> => asMember(app, { username: `rt_user_${++counter}` });

afterEach(() => {
  clients.closeAll();
});

describe('realtime channel', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await listening(await buildTestApp({ realtime: { sessionCheckIntervalMs: CHECK_INTERVAL_MS } }));
  });
  afterAll(() => app.close());

  it('lets a connection without a token in as a visitor, who hears no user\'s events', async () => {
    const alice = await newViewer(app);
    const visitor = openClient(app);
    const aliceSocket = openClient(app, alice.token);
    await Promise.all([whenConnected(visitor), whenConnected(aliceSocket)]);
    const visitorHeard = recordEvents(visitor);

    const aliceGot = nextEvent(aliceSocket, 'x');
    app.deps.realtime.toUser(alice.id, 'x', { n: 1 });
    await aliceGot;
    // The visitor would have had it by now: both sockets are on this instance.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(visitorHeard).toEqual([]);
  });

  it('refuses a connection with a token that is not a string', async () => {
    const error = await whenRefused(openClient(app, 42 as unknown as string));
    expect(error.message).toBe(UNAUTHORIZED);
  });

  it('refuses a connection with an unknown token', async () => {
    const error = await whenRefused(openClient(app, 'not-a-session'));
    expect(error.message).toBe(UNAUTHORIZED);
  });

  it("delivers an event to the user's connection and to no one else", async () => {
    const alice = await newViewer(app);
    const bob = await newViewer(app);
    const aliceSocket = openClient(app, alice.token);
    const bobSocket = openClient(app, bob.token);
    await Promise.all([whenConnected(aliceSocket), whenConnected(bobSocket)]);
    const aliceHeard = recordEvents(aliceSocket);
    const bobHeard = recordEvents(bobSocket);

    const aliceGot = nextEvent(aliceSocket, 'x');
    const bobGot = nextEvent(bobSocket, 'y');
    app.deps.realtime.toUser(alice.id, 'x', { n: 1 });
    // Sent after Alice's event: once Bob has it, he would have had hers too.
    app.deps.realtime.toUser(bob.id, 'y', { n: 2 });

    expect(await aliceGot).toEqual({ n: 1 });
    expect(await bobGot).toEqual({ n: 2 });
    expect(aliceHeard).toEqual([['x', { n: 1 }]]);
    expect(bobHeard).toEqual([['y', { n: 2 }]]);
  });

  it('delivers a broadcast to every connection, visitors included', async () => {
    const mia = await newViewer(app);
    const sockets = [openClient(app), openClient(app, mia.token), openClient(app, mia.token)];
    await Promise.all(sockets.map(whenConnected));

    const received = Promise.all(sockets.map((socket) => nextEvent(socket, 'camera:status')));
    app.deps.realtime.toEveryone('camera:status', { camera: { id: 1 } });

    expect(await received).toEqual([{ camera: { id: 1 } }, { camera: { id: 1 } }, { camera: { id: 1 } }]);
  });

  it('delivers to every connection of the user', async () => {
    const carol = await newViewer(app);
    const tabs = [openClient(app, carol.token), openClient(app, carol.token)];
    await Promise.all(tabs.map(whenConnected));

    const received = Promise.all(tabs.map((tab) => nextEvent(tab, 'message:new')));
    app.deps.realtime.toUser(carol.id, 'message:new', { id: 7 });

    expect(await received).toEqual([{ id: 7 }, { id: 7 }]);
  });

  it('disconnects a connection once its session is revoked, and keeps the others', async () => {
    const dave = await newViewer(app);
    const erin = await newViewer(app);
    const daveSocket = openClient(app, dave.token);
    const erinSocket = openClient(app, erin.token);
    await Promise.all([whenConnected(daveSocket), whenConnected(erinSocket)]);

    const sessions = app.services.sessions;
    const session = await sessions.resolve(dave.token);
    const disconnected = new Promise<string>((resolve) => daveSocket.once('disconnect', resolve));
    await sessions.revoke(session!.sessionId);

    expect(await disconnected).toBe('io server disconnect');
    // Several re-checks later, the live session is still connected and still hears its events.
    await new Promise((resolve) => setTimeout(resolve, CHECK_INTERVAL_MS * 3));
    expect(erinSocket.connected).toBe(true);
    const erinGot = nextEvent(erinSocket, 'x');
    app.deps.realtime.toUser(erin.id, 'x', 'still here');
    expect(await erinGot).toBe('still here');
  });

  it('refuses a revoked session at connection time', async () => {
    const frank = await newViewer(app);
    const sessions = app.services.sessions;
    await sessions.revoke((await sessions.resolve(frank.token))!.sessionId);

    const error = await whenRefused(openClient(app, frank.token));
    expect(error.message).toBe(UNAUTHORIZED);
  });

  it('closes with connections open, and tells browsers to reconnect (elsewhere) rather than give up', async () => {
    const other = await listening(await buildTestApp());
    const grace = await newViewer(other);
    const socket = openClient(other, grace.token);
    await whenConnected(socket);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    await other.close();
    // Not 'io server disconnect', after which a client stays away for good.
    expect(await disconnected).toBe('transport close');
  });
});

describe('realtime channel across instances (Redis adapter)', () => {
  let redisError: string | null = null;

  beforeAll(async () => {
    redisError = await redisUnavailable();
  });

  it("delivers an event emitted on one instance to the user's connection on another", async (ctx) => {
    ctx.skip(redisError !== null, `Redis at ${REDIS_URL} is unreachable (${redisError}): start it or set REDIS_URL`);

    // Two instances of one site: same database, same Redis channels (a prefix of their own, so parallel runs stay apart).
    const realtime = { redisKey: testRedisKey() };
    const env = { REDIS_URL };
    const a = await listening(await buildTestApp({ env, realtime }));
    const b = await listening(await buildTestApp({ env, realtime, db: a.deps.db }));
    try {
      const heidi = await newViewer(a);
      const ivan = await newViewer(a);
      const onB = openClient(b, heidi.token);
      const ivanOnB = openClient(b, ivan.token);
      const onA = openClient(a, heidi.token);
      await Promise.all([whenConnected(onB), whenConnected(ivanOnB), whenConnected(onA)]);
      const ivanHeard = recordEvents(ivanOnB);

      const received = Promise.all([nextEvent(onB, 'message:new'), nextEvent(onA, 'message:new')]);
      const ivanGot = nextEvent(ivanOnB, 'done');
      a.deps.realtime.toUser(heidi.id, 'message:new', { from: 'a' });
      a.deps.realtime.toUser(ivan.id, 'done', null);

      expect(await received).toEqual([{ from: 'a' }, { from: 'a' }]);
      await ivanGot;
      expect(ivanHeard).toEqual([['done', null]]);
    } finally {
      await b.close();
      await a.close();
      await deleteRedisKeys(realtime.redisKey);
    }
  });

  it('delivers a broadcast emitted on one instance to every connection on every instance', async (ctx) => {
    ctx.skip(redisError !== null, `Redis at ${REDIS_URL} is unreachable (${redisError}): start it or set REDIS_URL`);
    const { a, b, close } = await twoInstances();
    try {
      const nina = await newViewer(a);
      const sockets = [openClient(a), openClient(b), openClient(b, nina.token)];
      await Promise.all(sockets.map(whenConnected));

      const received = Promise.all(sockets.map((socket) => nextEvent(socket, 'camera:status')));
      a.deps.realtime.toEveryone('camera:status', { from: 'a' });

      expect(await received).toEqual([{ from: 'a' }, { from: 'a' }, { from: 'a' }]);
    } finally {
      await close();
    }
  });

  /** Two instances of one site whose re-check of sessions is far off (the default minute): only the push can be quick. */
  async function twoInstances() {
    const realtime = { redisKey: testRedisKey() };
    const env = { REDIS_URL };
    const a = await listening(await buildTestApp({ env, realtime }));
    const b = await listening(await buildTestApp({ env, realtime, db: a.deps.db }));
    return {
      a,
      b,
      async close() {
        await b.close();
        await a.close();
        await deleteRedisKeys(realtime.redisKey);
      },
    };
  }
  const disconnection = (socket: ReturnType<typeof openClient>) =>
    new Promise<{ reason: string; at: number }>((resolve) => socket.once('disconnect', (reason) => resolve({ reason, at: Date.now() })));

  it('disconnects a logged-out session at once on every instance, and no other session', async (ctx) => {
    ctx.skip(redisError !== null, `Redis at ${REDIS_URL} is unreachable (${redisError}): start it or set REDIS_URL`);
    const { a, b, close } = await twoInstances();
    try {
      const judy = await newViewer(a);
      const judyElsewhere = await loginAs(a, judy.user);
      const onB = openClient(b, judy.token);
      const onA = openClient(a, judy.token);
      const otherSessionOnB = openClient(b, judyElsewhere.token);
      await Promise.all([whenConnected(onB), whenConnected(onA), whenConnected(otherSessionOnB)]);
      const gone = Promise.all([disconnection(onB), disconnection(onA)]);

      const started = Date.now();
      const response = await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: judy.headers });
      expect(response.statusCode).toBe(204);

      const [fromB, fromA] = await gone;
      expect(fromB.reason).toBe('io server disconnect');
      expect(fromA.reason).toBe('io server disconnect');
      expect(fromB.at - started).toBeLessThan(1000);
      // Her other session (another device) still hears her events.
      expect(otherSessionOnB.connected).toBe(true);
      const stillHears = nextEvent(otherSessionOnB, 'x');
      a.deps.realtime.toUser(judy.id, 'x', 'still here');
      expect(await stillHears).toBe('still here');
    } finally {
      await close();
    }
  });

  it('disconnects the other sessions of a password change at once on every instance, and keeps the changing one', async (ctx) => {
    ctx.skip(redisError !== null, `Redis at ${REDIS_URL} is unreachable (${redisError}): start it or set REDIS_URL`);
    const { a, b, close } = await twoInstances();
    try {
      const kim = await asMember(a, { username: `rt_user_${++counter}`, password: 'old password 1' });
      const thief = await loginAs(a, kim.user);
      const thiefOnB = openClient(b, thief.token);
      const kimOnB = openClient(b, kim.token);
      await Promise.all([whenConnected(thiefOnB), whenConnected(kimOnB)]);
      const gone = disconnection(thiefOnB);

      const started = Date.now();
      const response = await a.app.inject({
        method: 'POST',
        url: '/api/user/change_password',
        headers: kim.headers,
        payload: { password: 'old password 1', newPassword: 'new password 2' },
      });
      expect(response.statusCode).toBe(200);

      const { reason, at } = await gone;
      expect(reason).toBe('io server disconnect');
      expect(at - started).toBeLessThan(1000);
      expect(kimOnB.connected).toBe(true);
    } finally {
      await close();
    }
  });
});
