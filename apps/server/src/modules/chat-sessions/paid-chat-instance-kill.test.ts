import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Track } from 'node-datachannel';
import pg from 'pg';
import { pino } from 'pino';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { CHAT_END_CODES, ChatSession, PublishTicket, REALTIME_PATH, type RoomPresence } from '@velora/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { asMember, asModel, createCamera, giveCoins } from '../../../test/factories';
import { freePort } from '../../../test/own-redis';
import { TEST_REDIS_URL } from '../../../test/realtime-clients';
import { buildTestApp, TEST_ENGINE, TEST_POSTGRES_URL, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import { openPostgresDatabase } from '../../db/postgres-database';
import { createPgBossJobQueue } from '../../lib/jobs/pg-boss-job-queue';
import { registerBackgroundJobs, type BackgroundJobs } from '../../composition/background-jobs';
import { expectLedgerConsistent } from '../../../test/modules/coins';
import { createPublisher, handshakeWithRetry, postOffer, relayIntoTrack, startTestPattern, TEST_PUBLISHER_SSRC } from '../live/live-test-peers';
import { REAL_TIME_MEDIA } from '../../../test/real-time-media';

// The fault of a bad night (decision record 062): a real server process (src/server.ts through tsx, with REDIS_URL,
// on a fresh PostgreSQL database) holds a live camera whose publisher is a real WebRTC peer, and a member's paid chat
// runs on it; it is killed with SIGKILL. A second instance (in this process, on the same database and job queue)
// runs the sweeps: the room ends offline (5) after the grace, and the member's ledger holds no charge after the kill
// and has the interrupted minute back. PostgreSQL only: two processes cannot share an embedded database.

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const MINUTE_SECONDS = 3;
const GRACE_SECONDS = 2;
const PRICE = 11;
const COINS = 200;

const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch {
      // A cleanup of what a failed test never made.
    }
  }
});

async function admin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

async function until<T>(what: string, probe: () => Promise<T | null | false>, timeoutMs = 30_000, context = () => ''): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== null && value !== false) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}${context()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A fresh database of its own (the server's job queue uses its default schema, which nothing else here shares). */
async function freshDatabase(): Promise<{ url: string; db: Database }> {
  const name = `kill_${randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const db = openPostgresDatabase({ connectionString: url.toString(), max: 10 });
  cleanups.push(() => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)), () => db.close());
  await migrate(db);
  return { url: url.toString(), db };
}

/** `npm start`'s server as a child process; resolves once it answers. */
async function startServer(env: Record<string, string>): Promise<{ base: string; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'velora-kill-'));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: `http://localhost:${port}`, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'));
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  await until(
    'the server to answer',
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
      return (await fetch(`${base}/api/health`).catch(() => null))?.ok ?? false;
    },
    120_000,
    () => `:\n${output}`,
  );
  return { base, child, output: () => output };
}

function joinRoom(base: string, token: string, room: string): Promise<ClientSocket> {
  const socket = connectClient(base, { path: REALTIME_PATH, transports: ['websocket'], reconnection: false, forceNew: true, auth: { token } });
  cleanups.push(() => socket.close());
  return new Promise((resolve, reject) => {
    socket.once('connect_error', reject);
    socket.once('connect', () => {
      void (socket.timeout(5_000).emitWithAck('room:join', { room }) as Promise<{ ok: boolean }>).then((ack) =>
        ack.ok ? resolve(socket) : reject(new Error(`could not join ${room}: ${JSON.stringify(ack)}`)),
      );
    });
  });
}

describe.runIf(TEST_ENGINE === 'postgres')('an instance killed during paid chat', REAL_TIME_MEDIA, () => {
  it('leaves no charge after the kill on the member\'s ledger and gives the interrupted minute back, through the other instance', { timeout: 240_000 }, async () => {
    const { url, db } = await freshDatabase();
    const liveSecret = randomBytes(24).toString('hex');
    const shared = { CHAT_MINUTE_SECONDS: String(MINUTE_SECONDS), LIVE_GRACE_SECONDS: String(GRACE_SECONDS), LIVE_SIGNING_SECRET: liveSecret };

    // The instance that stays: this process, its background jobs on the server's job queue, its liveness running.
    const log = pino({ level: 'silent' });
    const jobs = createPgBossJobQueue(db, { log, pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 });
    const b: TestApp = await buildTestApp({ db, jobs, liveness: { heartbeatMs: 500 }, env: shared });
    cleanups.push(() => b.close());
    // The member's browser reconnects to the instance that is left (this one has no sockets: it counts him present).
    const everyone = async (room: string): Promise<RoomPresence> => {
      const members = (await db.query<{ id: number }>('SELECT id FROM users')).map((r) => Number(r.id));
      return { room, count: members.length, users: members.length, visitors: 0, members, version: 1 };
    };
    b.deps.realtime.bind(() => undefined, everyone);
    const background: BackgroundJobs = await registerBackgroundJobs(b.deps, b.services);
    await background.start();
    cleanups.push(() => background.stop(), () => b.services.instanceLiveness.stop({ release: false }));
    await b.services.instanceLiveness.start(b.services.cameras);

    // The model's paid camera and a member with coins, made through the instance that stays.
    const model = await asModel(b);
    const camera = await createCamera(b, { modelId: model.user.model_id!, price: PRICE });
    const member = await asMember(b);
    await giveCoins(b, member.id, COINS);

    // The instance that will be killed: a real server process with REDIS_URL, beating every second.
    const a = await startServer({
      ...shared,
      DATABASE_URL: url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: `kill-${randomBytes(4).toString('hex')}:`,
      LIVE_HEARTBEAT_SECONDS: '1',
      SEED_DEMO: 'never',
      LIVE_DEMO_STREAMS: 'off',
      RTMP_ENABLED: '0',
    });
    const aId = await until('its lease', async () => (await db.query<{ id: string }>('SELECT id FROM live_instances WHERE id <> $1', [b.services.instanceLiveness.id]))[0]?.id ?? null);

    // She publishes into A (WHIP from a real WebRTC peer, a VP8 test pattern from ffmpeg).
    const ticket = await b.app.inject({ method: 'POST', url: '/api/studio/camera/publish', headers: model.headers });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const { token } = PublishTicket.parse(ticket.json());
    // The encoder runs before the handshake: the SFU drops a publisher that sends nothing for 5 s, and ffmpeg can take
    // that long to start on a busy machine. Its packets go into whichever peer the handshake ends with.
    const into: { video?: Track } = {};
    const relay = await relayIntoTrack({ isOpen: () => into.video?.isOpen() ?? false, sendMessageBinary: (packet: Buffer) => into.video!.sendMessageBinary(packet) } as Track);
    const pattern = startTestPattern({ host: '127.0.0.1', videoPort: relay.port, video: { payloadType: 96, ssrc: TEST_PUBLISHER_SSRC } });
    cleanups.push(() => relay.close(), () => pattern.stop());
    const { peer: publisher, reply } = await handshakeWithRetry(a.base, createPublisher, (offer) => postOffer(`${a.base}/live/whip`, offer, token));
    cleanups.push(() => publisher.close());
    expect(reply.status, reply.body).toBe(201);
    into.video = publisher.video;
    let seen = '';
    const show = await until(
      'the show on A',
      async () => {
        const rows = await db.query<{ id: number; instance_id: string; ended_at: Date | null }>('SELECT id, instance_id, ended_at FROM camera_sessions WHERE camera_id = $1', [camera.id]);
        seen = JSON.stringify(rows);
        return rows.find((r) => r.ended_at === null) ?? null;
      },
      90_000,
      () => `: ${JSON.stringify({ publisher: publisher.pc.state(), seen })}\n${a.output()}`,
    );
    expect(show.instance_id).toBe(aId);

    // The member is in the room on A and enters paid chat there; A charges his minutes.
    await joinRoom(a.base, member.token, `chat:${camera.id}`);
    const entered = await fetch(`${a.base}/api/cameras/${camera.name}/chat/session`, {
      method: 'POST',
      headers: { ...member.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'paid', price_per_minute: PRICE }),
    });
    expect(entered.status, await entered.clone().text()).toBe(201);
    const session = ChatSession.parse(await entered.json());
    const minutesOf = async () => (await db.query<{ minutes_charged: number }>('SELECT minutes_charged FROM chat_sessions WHERE id = $1', [session.id]))[0]!.minutes_charged;
    await until('minute 2', async () => (await minutesOf()) >= 2, 30_000, a.output);
    // A heartbeat after minute 1 ended: minute 1 was on air to its end as far as anyone can know.
    const startedAt = (await db.query<{ started_at: Date }>('SELECT started_at FROM chat_sessions WHERE id = $1', [session.id]))[0]!.started_at;
    const minute1End = new Date(startedAt).getTime() + MINUTE_SECONDS * 1000;
    await until('a heartbeat of A after minute 1', async () => {
      const [lease] = await db.query<{ heartbeat_at: Date }>('SELECT heartbeat_at FROM live_instances WHERE id = $1', [aId]);
      return new Date(lease!.heartbeat_at).getTime() >= minute1End;
    });

    a.child.kill('SIGKILL');
    await new Promise((resolve) => (a.child.exitCode !== null || a.child.signalCode !== null ? resolve(null) : a.child.once('exit', resolve)));
    const killedAt = Date.now();
    const lastBeat = new Date((await db.query<{ heartbeat_at: Date }>('SELECT heartbeat_at FROM live_instances WHERE id = $1', [aId]))[0]!.heartbeat_at).getTime();

    const ended = await until(
      'the paid session ended',
      async () =>
        (
          await db.query<{ end_code: number | null; started_at: Date; credited_seconds: number }>(
            'SELECT end_code, started_at, credited_seconds FROM chat_sessions WHERE id = $1 AND ended_at IS NOT NULL',
            [session.id],
          )
        )[0] ?? null,
      60_000,
    );
    expect(ended.end_code).toBe(CHAT_END_CODES.offline);
    const [room] = await db.query<{ end_reason: number; off_air_since: Date }>('SELECT end_reason, off_air_since FROM camera_sessions WHERE id = $1', [show.id]);
    expect(room).toMatchObject({ end_reason: 5 });
    expect(new Date(room!.off_air_since).getTime()).toBe(lastBeat);

    const charges = (
      await db.query<{ minute: number; charged_at: Date; refund_transaction_id: string | null }>(
        'SELECT minute, charged_at, refund_transaction_id FROM chat_session_charges WHERE session_id = $1 ORDER BY minute',
        [session.id],
      )
    ).map((c) => ({ minute: c.minute, at: new Date(c.charged_at).getTime(), refunded: c.refund_transaction_id !== null }));
    const start = new Date(ended.started_at).getTime() + ended.credited_seconds * 1000;
    // Standing: the minutes on air to their end. Given back: the one A died in, and any a job charged before the sweep.
    for (const c of charges) expect(c.refunded, `minute ${c.minute}`).toBe(start + c.minute * MINUTE_SECONDS * 1000 > lastBeat);
    expect(charges.filter((c) => c.at > killedAt && !c.refunded)).toEqual([]);
    const standing = charges.filter((c) => !c.refunded);
    expect(standing.length).toBeGreaterThanOrEqual(1);
    expect(charges.length - standing.length).toBeGreaterThanOrEqual(1);

    // The member's ledger: his minutes that stand, one refund of the rest, his balance to match.
    const ledger = await db.query<{ kind: string; amount: number; key: string }>(
      `SELECT t.kind, e.amount, t.idempotency_key AS key FROM ledger_transactions t
         JOIN ledger_entries e ON e.transaction_id = t.id JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'member'
        WHERE a.user_id = $1 AND t.kind IN ('paid_chat', 'refund') ORDER BY t.id`,
      [member.id],
    );
    const refunds = ledger.filter((l) => l.kind === 'refund');
    expect(refunds.map((l) => ({ ...l, amount: Number(l.amount) }))).toEqual([{ kind: 'refund', amount: PRICE * (charges.length - standing.length), key: `chat:${session.id}:refund` }]);
    expect(await b.services.coins.balance(member.id)).toBe(COINS - PRICE * standing.length);
    await expectLedgerConsistent(db);
  });
});
