import type { TestJobQueues } from '../test-job-queue';
import { buildTestApp, type TestApp, type TestDatabase } from '../test-app';
import type { JobQueue } from '../../src/lib/jobs/job-queue';
import type { MediaServer, RoomStats } from '../../src/modules/live/media-server';
import { registerCameraJobs } from '../../src/modules/cameras/cameras-jobs';

// A media server's rooms as the cameras module reads them (whether each has a publisher), for tests of the live
// lifecycle that need no real media: the test says which rooms publish, as the SFU's stats would.

export interface FakeMediaRooms {
  server: Pick<MediaServer, 'endRoom' | 'stats'>;
  /** Rooms with a publisher now. */
  publishing: Set<number>;
  /** Rooms the cameras module ended. */
  ended: number[];
}

export function fakeMediaRooms(): FakeMediaRooms {
  const publishing = new Set<number>();
  const ended: number[] = [];
  return {
    publishing,
    ended,
    server: {
      async endRoom(room) {
        ended.push(room);
        publishing.delete(room);
      },
      stats: (room): RoomStats => ({ room, publishing: publishing.has(room), source: publishing.has(room) ? 'whip' : null, viewers: 0, inboundBitrate: 0, inboundPacketsLost: 0 }),
    },
  };
}

export interface LiveTestInstance {
  t: TestApp;
  jobs: JobQueue;
  rooms: FakeMediaRooms;
}

/**
 * One instance of the site on a shared test database, as behind a load balancer: its own media rooms (fake), its own
 * job queue with the cameras' jobs defined (the caller defines more, then starts it), a fast heartbeat once started.
 */
export async function liveTestInstance(
  database: TestDatabase,
  queues: TestJobQueues,
  options: { heartbeatMs: number; graceSeconds: number; env?: Record<string, string>; now?: () => Date },
): Promise<LiveTestInstance> {
  const jobs = queues.instance();
  const rooms = fakeMediaRooms();
  const t = await buildTestApp({
    db: database.db,
    jobs,
    mediaServer: rooms.server,
    liveness: { heartbeatMs: options.heartbeatMs },
    env: { LIVE_GRACE_SECONDS: String(options.graceSeconds), ...options.env },
    ...(options.now ? { now: options.now } : {}),
  });
  await registerCameraJobs(jobs, t.services.cameras, t.services.instanceLiveness);
  return { t, jobs, rooms };
}
