import { randomUUID } from 'node:crypto';
import type { JobQueue } from '../../lib/jobs/job-queue';
import type { Platform } from '../../platform';
import type { MediaServer } from '../live/media-server';
import { cameraSessionsRepository as repo } from './camera-sessions.repository';
import { CAMERA_GRACE_JOB, type CamerasService, type GraceJobData } from './cameras.service';

// Which instance holds which live room, and what happens when one goes (decision record 062). Each instance's media
// server holds the rooms of the publishers it took (decision record 033), so a room dies with its instance. Every
// instance renews a lease in the database every LIVE_HEARTBEAT_SECONDS; a session records the instance that holds
// its room. Any instance puts the open sessions of an instance whose lease ran out into their grace period, off air
// since that instance was last known alive: they end offline (5) unless a publisher comes back, to any instance.
// Each instance also compares its own sessions with its media server's rooms, for an event that got lost.

/** An instance counts as gone after this many missed heartbeats. */
export const LEASE_HEARTBEATS = 3;
/** Instances gone this long that hold no open session are forgotten. */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

export interface InstanceLivenessDeps extends Pick<Platform, 'db' | 'now' | 'config' | 'log'> {
  jobs: Pick<JobQueue, 'send'>;
  /** This instance's rooms (a reconciliation reads whether each has a publisher). */
  mediaServer: Pick<MediaServer, 'stats'>;
}

export interface InstanceLivenessOptions {
  /** Default LIVE_HEARTBEAT_SECONDS (tests beat faster). */
  heartbeatMs?: number;
}

/** What the liveness does through the cameras service once started: room events in order, graces that ran out. */
export type LivenessCameras = Pick<CamerasService, 'handleMediaEvent' | 'endGraceIfDue'>;

export function createInstanceLiveness(deps: InstanceLivenessDeps, options: InstanceLivenessOptions = {}) {
  const { db, now, config, log } = deps;
  const id = randomUUID();
  const heartbeatMs = options.heartbeatMs ?? config.live.heartbeatSeconds * 1000;
  const leaseMs = LEASE_HEARTBEATS * heartbeatMs;
  let cameras: LivenessCameras | null = null;
  /** Once started, rooms this process's media server takes are held here, also after stop() (its lease is over then). */
  let reporting = false;
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> = Promise.resolve();
  let lastBeat = 0;
  /** Ticks left in which sessions of ours found in grace with a publisher here are resumed (after our lease lapsed). */
  let recovering = 0;
  /** Sessions seen open and out of grace while their room here had no publisher, and when first seen so. */
  let unpublished = new Map<number, Date>();

  async function queueGraceEnd(sessionIds: number[], until: Date): Promise<void> {
    for (const sessionId of sessionIds) {
      try {
        await deps.jobs.send<GraceJobData>(CAMERA_GRACE_JOB, { sessionId }, { startAfter: until, singletonKey: `${sessionId}:${until.getTime()}` });
      } catch (err) {
        // Every tick and the grace sweep end what is overdue.
        log.error({ err, sessionId }, 'camera grace job not queued');
      }
    }
  }

  const graceUntil = (at: Date) => new Date(at.getTime() + config.live.graceSeconds * 1000);

  /** Puts the sessions of instances whose lease ran out into grace; answers how many. */
  async function graceLapsed(): Promise<number> {
    const at = now();
    const until = graceUntil(at);
    const ids = await repo.graceSessionsOfLapsedInstances(db, at, until);
    await queueGraceEnd(ids, until);
    return ids.length;
  }

  /**
   * Backstop of a lost media event: a session open and on air whose room here has had no publisher on two looks in a
   * row goes off air as of the first; after our own lease lapsed (others may have put our sessions into grace), one
   * in grace whose room here has a publisher comes back.
   */
  async function reconcile(at: Date, live: LivenessCameras): Promise<void> {
    const seen = new Map<number, Date>();
    for (const session of await repo.heldSessions(db, id)) {
      const room = deps.mediaServer.stats(session.camera_id);
      if (session.grace_until === null && !room.publishing) {
        const since = unpublished.get(session.id);
        if (since) await live.handleMediaEvent({ type: 'publisher-down', room: session.camera_id }, since);
        else seen.set(session.id, at);
      } else if (session.grace_until !== null && room.publishing && recovering > 0) {
        await live.handleMediaEvent({ type: 'publisher-up', room: session.camera_id, source: room.source ?? session.source });
      }
    }
    unpublished = seen;
  }

  async function step(what: string, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (err) {
      log.warn({ err, instance: id }, `instance liveness: ${what} failed; tried again at the next heartbeat`);
    }
  }

  async function tick(live: LivenessCameras): Promise<void> {
    const at = now();
    // No heartbeat for two intervals: our lease may have run out and others put our rooms into grace.
    if (lastBeat > 0 && at.getTime() - lastBeat >= 2 * heartbeatMs) recovering = 2;
    await step('the heartbeat', async () => {
      await repo.renewLease(db, id, at, new Date(at.getTime() + leaseMs));
      lastBeat = at.getTime();
    });
    await step('the sweep of gone instances', graceLapsed);
    await step('the end of overdue grace periods', () => live.endGraceIfDue());
    await step('the reconciliation with the media server', () => reconcile(at, live));
    if (recovering > 0) recovering -= 1;
  }

  return {
    id,

    /** The instance that holds the rooms its media server takes: this one once started, else none. */
    holder: (): string | null => (reporting ? id : null),

    /**
     * Takes the first lease (before this instance hears of any room), puts the sessions of instances gone meanwhile
     * into grace, then renews and sweeps every heartbeat.
     */
    async start(live: LivenessCameras): Promise<void> {
      if (cameras) return;
      const at = now();
      await repo.renewLease(db, id, at, new Date(at.getTime() + leaseMs));
      lastBeat = at.getTime();
      cameras = live;
      reporting = true;
      await step('the sweep of gone instances', graceLapsed);
      let busy = false;
      timer = setInterval(() => {
        // A slow database must not pile ticks up: the next heartbeat does what this one would have.
        if (busy) return;
        busy = true;
        ticking = tick(live).finally(() => (busy = false));
      }, heartbeatMs);
      timer.unref();
    },

    /**
     * Stops renewing. `release` (a shutdown): this instance's rooms close with it, so its sessions go into grace now
     * and its lease ends now. Without (a crash, as tests make one), the lease runs out and another instance sweeps.
     * Before the job queue stops: the grace periods' jobs are queued.
     */
    async stop(options: { release: boolean } = { release: true }): Promise<void> {
      if (!cameras || !timer) return;
      clearInterval(timer);
      timer = null;
      await ticking;
      cameras = null;
      if (!options.release) return;
      const at = now();
      const until = graceUntil(at);
      await queueGraceEnd(await repo.graceSessionsHeldBy(db, id, at, until), until);
      // A room that comes back before the media server closes is still recorded as held here: a lapsed lease sweeps it.
      await repo.releaseLease(db, id, at);
    },

    /** The minute's sweep (on any instance): sessions of gone instances into grace, long-gone instances forgotten. */
    async sweep(): Promise<number> {
      const graced = await graceLapsed();
      await repo.forgetLapsedInstances(db, new Date(now().getTime() - FORGET_AFTER_MS));
      return graced;
    },
  };
}
