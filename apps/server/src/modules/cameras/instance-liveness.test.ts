import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCamera } from '../../../test/factories';
import { createTestJobQueues, type TestJobQueues } from '../../../test/test-job-queue';
import { createTestDatabase, type TestApp, type TestDatabase } from '../../../test/test-app';
import { liveTestInstance, type FakeMediaRooms } from '../../../test/modules/cameras';
import { LEASE_HEARTBEATS } from './instance-liveness';

// Instances that report they are alive (decision record 062), several on one database as behind a load balancer, each
// with its own media server's rooms (a fake that says which rooms publish) and its own running job queue.

const HEARTBEAT_MS = 300;
const GRACE_SECONDS = 1;

let database: TestDatabase;
let queues: TestJobQueues;
const running: Instance[] = [];

interface Instance {
  t: TestApp;
  rooms: FakeMediaRooms;
  id: string;
  /** A publisher arrives in the camera's room on this instance (the media server's event and its stats). */
  publish(cameraId: number): Promise<void>;
  /** Gone without a goodbye: no heartbeat, no job, nothing released (as a killed process). */
  crash(): Promise<void>;
}

async function instance(options: { start?: boolean; now?: () => Date; graceSeconds?: number } = {}): Promise<Instance> {
  const { t, jobs, rooms } = await liveTestInstance(database, queues, {
    heartbeatMs: HEARTBEAT_MS,
    graceSeconds: options.graceSeconds ?? GRACE_SECONDS,
    ...(options.now ? { now: options.now } : {}),
  });
  await jobs.start();
  if (options.start !== false) await t.services.instanceLiveness.start(t.services.cameras);
  const made: Instance = {
    t,
    rooms,
    id: t.services.instanceLiveness.id,
    async publish(cameraId) {
      rooms.publishing.add(cameraId);
      await t.services.cameras.handleMediaEvent({ type: 'publisher-up', room: cameraId, source: 'whip' });
    },
    async crash() {
      await t.services.instanceLiveness.stop({ release: false });
      await jobs.stop();
    },
  };
  running.push(made);
  return made;
}

beforeAll(async () => {
  database = await createTestDatabase();
  queues = createTestJobQueues(database.db);
});
afterEach(async () => {
  for (const i of running.splice(0)) {
    await i.t.services.instanceLiveness.stop({ release: false });
    await i.t.close();
  }
  await queues.stop();
});
afterAll(async () => {
  await queues?.close();
  await database?.drop();
});

interface SessionRow {
  id: number;
  instance_id: string | null;
  grace_until: Date | null;
  off_air_since: Date | null;
  off_air_seconds: number;
  ended_at: Date | null;
  end_reason: number | null;
}
const sessionOf = async (cameraId: number) =>
  (
    await database.db.query<SessionRow>(
      'SELECT id, instance_id, grace_until, off_air_since, off_air_seconds, ended_at, end_reason FROM camera_sessions WHERE camera_id = $1 ORDER BY id DESC LIMIT 1',
      [cameraId],
    )
  )[0]!;
const leaseOf = async (id: string) =>
  (await database.db.query<{ heartbeat_at: Date; expires_at: Date }>('SELECT heartbeat_at, expires_at FROM live_instances WHERE id = $1', [id]))[0]!;
const time = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

describe('instance liveness', () => {
  it('puts the rooms of an instance that stopped reporting into grace on another, off air since its last heartbeat; a publisher back on any instance resumes, the others end offline (5)', async () => {
    const a = await instance();
    const b = await instance();
    const [back, gone] = [await createCamera(a.t, { price: 5 }), await createCamera(a.t, { price: 5 })];
    await a.publish(back.id);
    await a.publish(gone.id);
    expect(await sessionOf(back.id)).toMatchObject({ instance_id: a.id, grace_until: null, off_air_since: null });

    await a.crash();
    const lastBeat = (await leaseOf(a.id)).heartbeat_at;
    // B sweeps once A's lease has run out: LEASE_HEARTBEATS heartbeats after its last one.
    await expect.poll(async () => (await sessionOf(gone.id)).grace_until !== null && (await sessionOf(back.id)).grace_until !== null, { timeout: 10_000, interval: 100 }).toBe(true);
    for (const camera of [back, gone]) {
      const session = await sessionOf(camera.id);
      expect(time(session.off_air_since)).toBe(time(lastBeat));
      expect(time(session.grace_until)! - time(lastBeat)!).toBeGreaterThanOrEqual(LEASE_HEARTBEATS * HEARTBEAT_MS + GRACE_SECONDS * 1000);
    }

    // Her encoder reconnects, reaching B: the same show, held by B now, the outage counted.
    const resumedAt = Date.now();
    await b.publish(back.id);
    const resumed = await sessionOf(back.id);
    expect(resumed).toMatchObject({ instance_id: b.id, grace_until: null, off_air_since: null, ended_at: null });
    expect(resumed.off_air_seconds).toBeGreaterThanOrEqual(Math.floor((resumedAt - time(lastBeat)!) / 1000));

    await expect.poll(async () => (await sessionOf(gone.id)).end_reason, { timeout: 10_000, interval: 100 }).toBe(5);
    expect(time((await sessionOf(gone.id)).ended_at)).toBe(time((await sessionOf(gone.id)).grace_until));
    expect(await sessionOf(back.id)).toMatchObject({ ended_at: null, end_reason: null });
  });

  it('an instance that starts after another one went puts that one\'s rooms into grace at once (what the start of one instance did before)', async () => {
    const gone = await instance();
    const camera = await createCamera(gone.t);
    await gone.publish(camera.id);
    await gone.crash();
    await expect.poll(async () => time((await leaseOf(gone.id)).expires_at)! <= Date.now(), { timeout: 5_000, interval: 50 }).toBe(true);
    expect((await sessionOf(camera.id)).grace_until).toBeNull();

    const next = await instance();
    // start() has swept before it answered.
    expect(time((await sessionOf(camera.id)).grace_until)).not.toBeNull();
    expect(time((await sessionOf(camera.id)).off_air_since)).toBe(time((await leaseOf(gone.id)).heartbeat_at));
    expect(next.t.services.instanceLiveness.holder()).toBe(next.id);
  });

  it('a shutdown puts its own rooms into grace at once and gives its lease up', async () => {
    const leaving = await instance();
    const staying = await instance();
    const [mine, theirs] = [await createCamera(leaving.t), await createCamera(leaving.t)];
    await leaving.publish(mine.id);
    await staying.publish(theirs.id);
    const stoppedAt = Date.now();
    await leaving.t.services.instanceLiveness.stop();
    const session = await sessionOf(mine.id);
    expect(time(session.off_air_since)).toBeGreaterThanOrEqual(stoppedAt);
    expect(time(session.grace_until)).toBe(time(session.off_air_since)! + GRACE_SECONDS * 1000);
    expect(time((await leaseOf(leaving.id)).expires_at)).toBeLessThanOrEqual(Date.now());
    // What its media server still reports until it closes is recorded as held by it, and swept as its lease is over.
    expect(leaving.t.services.instanceLiveness.holder()).toBe(leaving.id);
    expect(await sessionOf(theirs.id)).toMatchObject({ instance_id: staying.id, grace_until: null });
  });

  it('reconciles its sessions with its media server: a room that lost its publisher without an event goes off air as of the first look', async () => {
    const a = await instance();
    const camera = await createCamera(a.t);
    await a.publish(camera.id);
    // The room loses its publisher and the event is lost.
    const lostAt = Date.now();
    a.rooms.publishing.delete(camera.id);
    await expect.poll(async () => (await sessionOf(camera.id)).grace_until !== null, { timeout: 5_000, interval: 50 }).toBe(true);
    const session = await sessionOf(camera.id);
    expect(time(session.off_air_since)).toBeGreaterThanOrEqual(lostAt);
    // Seen twice, a heartbeat apart, before it acted: off air as of the first look, graced as of the second.
    expect(time(session.grace_until)! - GRACE_SECONDS * 1000).toBeGreaterThan(time(session.off_air_since)!);
    await expect.poll(async () => (await sessionOf(camera.id)).end_reason, { timeout: 10_000, interval: 100 }).toBe(5);
  });

  it('after its own lease lapsed (a stall), resumes the sessions others put into grace while its rooms still publish', async () => {
    // A's clock runs behind: every lease it writes has run out for the others, as a stalled instance's last one has.
    let skew = -10_000;
    // A grace long enough that only A's recovery can take the session out of it.
    const a = await instance({ now: () => new Date(Date.now() + skew), graceSeconds: 60 });
    const sweeper = await instance({ start: false, graceSeconds: 60 });
    const camera = await createCamera(a.t);
    await a.publish(camera.id);
    await expect.poll(async () => time((await leaseOf(a.id)).expires_at)! < Date.now(), { timeout: 5_000, interval: 50 }).toBe(true);
    expect(await sweeper.t.services.instanceLiveness.sweep()).toBeGreaterThanOrEqual(1);
    expect((await sessionOf(camera.id)).grace_until).not.toBeNull();
    // A wakes up: far more than two heartbeats since its last one. Its room still has its publisher.
    skew = 0;
    await expect.poll(async () => (await sessionOf(camera.id)).grace_until, { timeout: 5_000, interval: 50 }).toBeNull();
    expect(await sessionOf(camera.id)).toMatchObject({ instance_id: a.id, ended_at: null });
    expect(time((await leaseOf(a.id)).expires_at)).toBeGreaterThan(Date.now());
  });
});
