import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH } from '@velora/shared';
import { createViewer, type Viewer } from '../../test/catalog-fixture';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { UNAUTHORIZED } from './realtime';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const CHECK_INTERVAL_MS = 100;

const clients: ClientSocket[] = [];

/** A browser connection to `app`; closed after each test. */
function openClient(app: TestApp, token?: string): ClientSocket {
  const address = app.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  const socket = connectClient(`http://127.0.0.1:${address.port}`, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(token === undefined ? {} : { auth: { token } }),
  });
  clients.push(socket);
  return socket;
}

function whenConnected(socket: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

function whenRefused(socket: ClientSocket): Promise<Error> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected, but should have been refused')));
    socket.once('connect_error', resolve);
  });
}

function nextEvent(socket: ClientSocket, event: string): Promise<unknown> {
  return new Promise((resolve) => socket.once(event, resolve));
}

/** Every event the socket hears, in order. */
function recordEvents(socket: ClientSocket): [string, unknown][] {
  const heard: [string, unknown][] = [];
  socket.onAny((event: string, payload: unknown) => heard.push([event, payload]));
  return heard;
}

async function listening(app: TestApp): Promise<TestApp> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

let counter = 0;
const newViewer = (app: TestApp): Promise<Viewer> => createViewer(app.deps.db, app.deps.now, `rt_user_${++counter}`);

afterEach(() => {
  for (const socket of clients.splice(0)) socket.close();
});

describe('realtime channel', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await listening(await buildTestApp({ realtime: { sessionCheckIntervalMs: CHECK_INTERVAL_MS } }));
  });
  afterAll(() => app.close());

  it('refuses a connection without a token', async () => {
    const error = await whenRefused(openClient(app));
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
    const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await probe.ping();
    } catch (error) {
      redisError = (error as Error).message;
    } finally {
      probe.disconnect();
    }
  });

  it("delivers an event emitted on one instance to the user's connection on another", async (ctx) => {
    ctx.skip(redisError !== null, `Redis at ${REDIS_URL} is unreachable (${redisError}): start it or set REDIS_URL`);

    // Two instances of one site: same database, same Redis channels (a prefix of their own, so parallel runs stay apart).
    const realtime = { redisKey: `velora-test-${randomBytes(6).toString('hex')}` };
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
    }
  });
});
