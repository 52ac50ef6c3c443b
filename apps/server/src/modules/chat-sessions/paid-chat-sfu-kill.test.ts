import { CHAT_END_CODES, ChatSession, PublishTicket, Readiness, WatchTicket, type RoomPresence } from '@velora/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Track } from 'node-datachannel';
import { afterEach, describe, expect, it } from 'vitest';
import { asMember, asModel, createCamera, giveCoins, type LoggedIn } from '../../../test/factories';
import { createTestJobQueues } from '../../../test/test-job-queue';
import { buildTestApp, createTestDatabase, type TestApp } from '../../../test/test-app';
import { createLive, type Live } from '../../composition/live';
import { errorsPlugin } from '../../plugins/errors';
import { registerCameraJobs } from '../cameras/cameras-jobs';
import { expectLedgerConsistent } from '../../../test/modules/coins';
import type { EmbeddedMediaServer } from '../live/embedded-media-server';
import {
  createPublisher,
  createViewer,
  handshakeWithRetry,
  postOffer,
  relayIntoTrack,
  rtpCount,
  startTestPattern,
  TEST_PUBLISHER_SSRC,
  type TestPublisher,
} from '../live/live-test-peers';
import { registerChatSessionJobs } from './chat-sessions-jobs';
import { REAL_TIME_MEDIA } from '../../../test/real-time-media';

// The SFU child killed during a member's paid chat (decision records 060 and 062): one instance with the real live
// parts (the embedded SFU as a child process, the /live routes, its jobs and liveness running), a model publishing
// from a real WebRTC peer (a VP8 test pattern from ffmpeg) and a member paying by the minute. The SFU is killed with
// SIGKILL: it is started again at once while readiness says the media server is restarting, and the room either ends
// offline (5) after the grace with the minute without video given back, or goes on when the publisher republishes,
// the outage credited so that the member pays only for minutes on air.

const MINUTE_SECONDS = 2;
const MINUTE_MS = MINUTE_SECONDS * 1000;
const PRICE = 7;
const COINS = 200;

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch {
      // A cleanup of what a failed test never made.
    }
  }
});

async function until<T>(
  what: string,
  probe: () => Promise<T | null | false> | T | null | false,
  timeoutMs = 30_000,
  context: () => Promise<unknown> | unknown = () => '',
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== null && value !== false) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(await context())}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const time = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

interface Rig {
  t: TestApp;
  live: Live;
  base: string;
  model: LoggedIn;
  camera: { id: number; name: string };
  /** The encoder's packets go into whichever publisher connection is current. */
  into: { video?: Track };
}

/** The site's one instance as server.ts composes it, on a fresh database, with short minutes and the given grace. */
async function rig(graceSeconds: number): Promise<Rig> {
  const database = await createTestDatabase();
  cleanups.push(() => database.drop());
  const queues = createTestJobQueues(database.db);
  cleanups.push(() => queues.close());
  const jobs = queues.instance();
  // Made from this app's platform below; its services reach the live parts through these.
  const parts: { live?: Live } = {};
  const t = await buildTestApp({
    db: database.db,
    jobs,
    env: {
      CHAT_MINUTE_SECONDS: String(MINUTE_SECONDS),
      LIVE_GRACE_SECONDS: String(graceSeconds),
      RTMP_ENABLED: '0',
      LIVE_DEMO_STREAMS: 'off',
      LIVE_SIGNING_SECRET: 'paid-chat-sfu-kill-test-signing-secret-0123',
    },
    mediaServer: { endRoom: (room) => parts.live!.control.endRoom(room), stats: (room) => parts.live!.control.stats(room) },
    viewers: { disconnectViewer: (cameraId, userId) => parts.live!.viewers.disconnectViewer(cameraId, userId) },
    mediaHealth: () => parts.live!.media.health(),
    liveness: { heartbeatMs: 500 },
  });
  cleanups.push(() => t.close());
  // The member is in the camera's room all along: this file is about minutes, not the exit-window check.
  const everyone = async (room: string): Promise<RoomPresence> => {
    const members = (await database.db.query<{ id: number }>('SELECT id FROM users')).map((r) => Number(r.id));
    return { room, count: members.length, users: members.length, visitors: 0, members, version: 1 };
  };
  t.deps.realtime.bind(() => undefined, everyone);
  await registerCameraJobs(jobs, t.services.cameras, t.services.instanceLiveness);
  await registerChatSessionJobs(jobs, t.services.chatSessions);
  await jobs.start();

  const live = await createLive(t.deps);
  parts.live = live;
  cleanups.push(() => live.close());
  // The /live routes with the app's error answers, as buildApp registers them.
  const liveApp: FastifyInstance = Fastify();
  cleanups.push(() => liveApp.close());
  await liveApp.register(errorsPlugin);
  await live.registerRoutes(liveApp, [t.services.cameras, t.services.playdateRooms], t.services.cameras);
  await t.services.instanceLiveness.start(t.services.cameras);
  cleanups.push(() => t.services.instanceLiveness.stop({ release: false }));
  await live.start(t.services.cameras, t.services.playdateRooms);
  const base = await liveApp.listen({ host: '127.0.0.1', port: 0 });

  const model = await asModel(t);
  const camera = await createCamera(t, { modelId: model.user.model_id!, price: PRICE });
  const into: Rig['into'] = {};
  // The encoder runs before the handshake (ffmpeg can take seconds to start on a busy machine, and the SFU drops a
  // publisher that sends nothing for 5 s), into whichever connection the model has now, as a studio's camera does.
  const relay = await relayIntoTrack({ isOpen: () => into.video?.isOpen() ?? false, sendMessageBinary: (packet: Buffer) => into.video!.sendMessageBinary(packet) } as Track);
  const pattern = startTestPattern({ host: '127.0.0.1', videoPort: relay.port, video: { payloadType: 96, ssrc: TEST_PUBLISHER_SSRC } });
  cleanups.push(() => relay.close(), () => pattern.stop());
  return { t, live, base, model, camera, into };
}

/** The studio publishes (WHIP, a fresh publish ticket), as it does at "Go live" and again after a lost connection. */
async function publish(r: Rig): Promise<TestPublisher> {
  const ticket = await r.t.app.inject({ method: 'POST', url: '/api/studio/camera/publish', headers: r.model.headers });
  expect(ticket.statusCode, ticket.body).toBe(200);
  const { token } = PublishTicket.parse(ticket.json());
  const { peer, reply } = await handshakeWithRetry(r.base, createPublisher, (offer) => postOffer(`${r.base}/live/whip`, offer, token));
  cleanups.push(() => peer.close());
  expect(reply.status, reply.body).toBe(201);
  r.into.video = peer.video;
  return peer;
}

interface ShowRow {
  id: number;
  ended_at: Date | null;
  end_reason: number | null;
  off_air_since: Date | null;
  off_air_seconds: number;
}
const showOf = async (r: Rig) =>
  (
    await r.t.deps.db.query<ShowRow>('SELECT id, ended_at, end_reason, off_air_since, off_air_seconds FROM camera_sessions WHERE camera_id = $1 ORDER BY id DESC LIMIT 1', [
      r.camera.id,
    ])
  )[0] ?? null;

interface SessionRow {
  started_at: Date;
  ended_at: Date | null;
  end_code: number | null;
  minutes_charged: number;
  paid_until: Date;
  credited_seconds: number;
}
const sessionOf = async (r: Rig, id: number) =>
  (
    await r.t.deps.db.query<SessionRow>('SELECT started_at, ended_at, end_code, minutes_charged, paid_until, credited_seconds FROM chat_sessions WHERE id = $1', [id])
  )[0]!;
const chargesOf = async (r: Rig, id: number) =>
  (
    await r.t.deps.db.query<{ minute: number; charged_at: Date; refund_transaction_id: string | null }>(
      'SELECT minute, charged_at, refund_transaction_id FROM chat_session_charges WHERE session_id = $1 ORDER BY minute',
      [id],
    )
  ).map((c) => ({ minute: c.minute, at: time(c.charged_at)!, refunded: c.refund_transaction_id !== null }));
/** The member's side of the ledger's paid-chat and refund transactions. */
const memberLedger = async (r: Rig, userId: number) =>
  (
    await r.t.deps.db.query<{ kind: string; amount: number; key: string }>(
      `SELECT t.kind, e.amount, t.idempotency_key AS key FROM ledger_transactions t
         JOIN ledger_entries e ON e.transaction_id = t.id JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'member'
        WHERE a.user_id = $1 AND t.kind IN ('paid_chat', 'refund') ORDER BY t.id`,
      [userId],
    )
  ).map((l) => ({ ...l, amount: Number(l.amount) }));

/** The model on air from a real publisher, and a member with coins in her paid chat. */
async function onAirWithPayingMember(r: Rig): Promise<{ member: LoggedIn; session: ChatSession; show: ShowRow; publisher: TestPublisher }> {
  const publisher = await publish(r);
  const show = await until('the show on air', async () => {
    const row = await showOf(r);
    return row && row.ended_at === null && row.off_air_since === null ? row : null;
  });
  const member = await asMember(r.t);
  await giveCoins(r.t, member.id, COINS);
  const entered = await r.t.app.inject({
    method: 'POST',
    url: `/api/cameras/${r.camera.name}/chat/session`,
    headers: member.headers,
    payload: { kind: 'paid', price_per_minute: PRICE },
  });
  expect(entered.statusCode, entered.body).toBe(201);
  return { member, session: ChatSession.parse(entered.json()), show, publisher };
}

/**
 * Waits for minute 2 (or a later one) charged with at least half of it to go: the kill then falls in a minute that
 * was charged, well before the next one is due, however late this poll saw the charge.
 */
async function chargedWithTimeLeft(r: Rig, sessionId: number): Promise<SessionRow> {
  return until('a charged minute with time left', async () => {
    const row = await sessionOf(r, sessionId);
    return row.minutes_charged >= 2 && Date.now() < time(row.paid_until)! - MINUTE_MS / 2 ? row : null;
  }, 30_000, async () => ({ session: await sessionOf(r, sessionId), show: await showOf(r), now: new Date() }));
}

const readiness = async (r: Rig) => {
  const res = await r.t.app.inject({ method: 'GET', url: '/api/health/ready' });
  expect(res.statusCode, res.body).toBe(200);
  return Readiness.parse(res.json());
};

/** Kills the SFU child with SIGKILL; answers when, and checks readiness through the restart. */
async function killSfu(r: Rig): Promise<number> {
  const media = r.live.media as Partial<EmbeddedMediaServer>;
  expect(r.live.media.health()).toEqual({ state: 'up', restarts: 0 });
  const pid = media.pid;
  expect(pid).toEqual(expect.any(Number));
  const killedAt = Date.now();
  process.kill(pid!, 'SIGKILL');

  // Degraded (still 200: everything but live video serves) from the exit until the new process is ready.
  const during = await until('readiness to see the SFU gone', async () => {
    const ready = await readiness(r);
    return ready.checks.media !== 'up' ? ready : null;
  });
  expect(during).toEqual({ status: 'degraded', checks: { database: 'up', redis: 'not configured', jobs: 'up', media: 'restarting' } });
  const after = await until('readiness to see the SFU up again', async () => {
    const ready = await readiness(r);
    return ready.checks.media === 'up' ? ready : null;
  });
  expect(after).toEqual({ status: 'ready', checks: { database: 'up', redis: 'not configured', jobs: 'up', media: 'up' } });
  expect(r.live.media.health()).toEqual({ state: 'up', restarts: 1 });
  expect(media.pid).toEqual(expect.any(Number));
  expect(media.pid).not.toBe(pid);
  return killedAt;
}

describe('the SFU child killed during paid chat', { ...REAL_TIME_MEDIA, timeout: 120_000 }, () => {
  it('is restarted at once; without its publisher the room ends offline after the grace, and no minute without video is charged', async () => {
    const r = await rig(3);
    const { member, session, show, publisher } = await onAirWithPayingMember(r);
    const before = await chargedWithTimeLeft(r, session.id);

    const killedAt = await killSfu(r);
    // She does not come back: her connection died with the SFU.
    publisher.close();

    const ended = await until('the paid session ended', async () => {
      const row = await sessionOf(r, session.id);
      return row.ended_at ? row : null;
    });
    expect(ended.end_code).toBe(CHAT_END_CODES.offline);
    const room = (await showOf(r))!;
    expect(room).toMatchObject({ id: show.id, end_reason: 5 });
    // Off air from the moment the SFU's exit was seen, in the minute that was charged when it was killed.
    const offAirSince = time(room.off_air_since)!;
    expect(offAirSince).toBeGreaterThanOrEqual(killedAt);
    const start = time(ended.started_at)! + ended.credited_seconds * 1000;
    expect(ended.credited_seconds).toBe(0);
    const interrupted = Math.floor((offAirSince - start) / MINUTE_MS) + 1;
    expect(interrupted).toBe(before.minutes_charged);

    // Standing: the minutes on air to their end. Given back: the one the video stopped in. Never charged: any later.
    const charges = await chargesOf(r, session.id);
    expect(charges.map((c) => [c.minute, c.refunded])).toEqual(Array.from({ length: interrupted }, (_, i) => [i + 1, i + 1 === interrupted]));
    expect(charges.filter((c) => c.at >= offAirSince)).toEqual([]);

    // The member's ledger: each minute charged once, one refund of the interrupted one, his balance to match.
    const ledger = await memberLedger(r, member.id);
    expect(ledger.filter((l) => l.kind === 'paid_chat').map((l) => l.amount)).toEqual(charges.map(() => -PRICE));
    expect(ledger.filter((l) => l.kind === 'refund')).toEqual([{ kind: 'refund', amount: PRICE, key: `chat:${session.id}:refund` }]);
    expect(await r.t.services.coins.balance(member.id)).toBe(COINS - PRICE * (interrupted - 1));
    await expectLedgerConsistent(r.t.deps.db);
  });

  it('is restarted at once; the publisher republishes within the grace, the show goes on and the outage is not charged', async () => {
    const r = await rig(30);
    const { member, session, show, publisher } = await onAirWithPayingMember(r);
    const before = await chargedWithTimeLeft(r, session.id);

    await killSfu(r);
    const offAirSince = time((await until('the show off air', async () => (await showOf(r))?.off_air_since ?? null)))!;
    // The studio sees its connection gone and publishes again, to the SFU that runs again, after its backoff: the
    // minute that falls due meanwhile finds the show off air (its job polls every half second).
    publisher.close();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, time(before.paid_until)! + 1500 - Date.now())));
    await publish(r);
    const resumed = await until('the show back on air', async () => {
      const row = await showOf(r);
      return row && row.off_air_since === null ? row : null;
    });
    const backAt = Date.now();
    // The same show, not a new one: it never ended.
    expect(resumed).toMatchObject({ id: show.id, ended_at: null, end_reason: null });
    expect(resumed.off_air_seconds).toBeGreaterThan(0);

    // Billing goes on from the credited grid: the next minute starts the outage later than it would have.
    const next = before.minutes_charged + 1;
    const row = await until(`minute ${next}`, async () => {
      const current = await sessionOf(r, session.id);
      return current.minutes_charged >= next ? current : null;
    });
    expect(row).toMatchObject({ ended_at: null, end_code: null });
    // All of the outage is his: he was in the chat before it began.
    expect(row.credited_seconds).toBe(resumed.off_air_seconds);
    const start = time(row.started_at)! + row.credited_seconds * 1000;
    expect(time(row.paid_until)).toBe(start + row.minutes_charged * MINUTE_MS);
    const charges = await chargesOf(r, session.id);
    expect(charges.filter((c) => c.at >= offAirSince && c.at < backAt)).toEqual([]);
    for (const c of charges.filter((c) => c.minute >= next)) expect(c.at, `minute ${c.minute}`).toBeGreaterThanOrEqual(start + (c.minute - 1) * MINUTE_MS);
    expect(charges.every((c) => !c.refunded)).toBe(true);

    // Nothing given back (the outage was credited instead), every minute charged once, the ledger balanced.
    const ledger = await memberLedger(r, member.id);
    expect(ledger.filter((l) => l.kind === 'refund')).toEqual([]);
    expect(ledger.map((l) => l.amount)).toEqual(charges.map(() => -PRICE));
    expect(await r.t.services.coins.balance(member.id)).toBe(COINS - PRICE * charges.length);
    await expectLedgerConsistent(r.t.deps.db);

    // And he sees her again: his WHEP viewing of the resumed room gets video.
    const ticketRes = await r.t.app.inject({ method: 'POST', url: `/api/cameras/${r.camera.name}/watch`, headers: member.headers });
    expect(ticketRes.statusCode, ticketRes.body).toBe(200);
    const ticket = WatchTicket.parse(ticketRes.json());
    const { peer: viewer, reply } = await handshakeWithRetry(r.base, () => createViewer('member-after-restart'), (offer) => postOffer(`${r.base}${ticket.whep_url}`, offer, ticket.token));
    cleanups.push(() => viewer.close());
    expect(reply.status, reply.body).toBe(201);
    await until('video at the member', () => rtpCount(viewer.videoPackets) > 10);
  });
});
