import { CAMERA_END_REASONS, type LiveSource } from '@velora/shared';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { isDbId } from '../../lib/paging';
import { verifyLiveToken } from '../live/live-tokens';
import type { MediaServerEvent } from '../live/media-server';
import type { CamerasContext } from './cameras-context';
import { camerasRepository as repo } from './cameras.repository';
import { cameraSessionsRepository as sessionsRepo } from './camera-sessions.repository';
import { CAMERA_GO_LIVE_MAIL_JOB, type GoLiveMailJobData } from './go-live-mailing';
import { hashStreamKey } from './camera-views';

// The live lifecycle the media server drives (decision records 032, 062): a publisher comes (a show begins or comes
// back from its grace period), goes (its grace period begins), viewer counts change; and who may publish.

/** The job that ends a session whose grace period ran out (data: GraceJobData). */
export const CAMERA_GRACE_JOB = 'camera-grace-end';
/** Every minute: ends sessions whose grace ran out but whose job was lost (an instance died, the queue was away). */
export const CAMERA_GRACE_SWEEP_JOB = 'camera-grace-sweep';

export interface GraceJobData {
  sessionId: number;
}

/** Viewer counts reach the database and browsers at most this often per camera. */
export const VIEWER_UPDATE_INTERVAL_MS = 5_000;

export interface CamerasOptions {
  /** Default VIEWER_UPDATE_INTERVAL_MS; 0 writes every count (tests). */
  viewerUpdateIntervalMs?: number;
}

export function cameraLifecycle(ctx: CamerasContext, options: CamerasOptions) {
  const { deps, key, announce, tell, listeners, showEnded } = ctx;
  const { db, now, config, log } = deps;
  const viewerInterval = options.viewerUpdateIntervalMs ?? VIEWER_UPDATE_INTERVAL_MS;

  async function queue<T extends object>(name: string, data: T, sendOptions: Parameters<JobQueue['send']>[2] = {}): Promise<void> {
    try {
      await deps.jobs.send(name, data, sendOptions);
    } catch (err) {
      // The grace sweep ends such a session later; a lost go-live mail is not worth failing a broadcast for.
      log.error({ err, job: name, data }, 'camera job not queued');
    }
  }

  async function publisherUp(cameraId: number, source: LiveSource): Promise<void> {
    const at = now();
    const holder = deps.instance?.holder() ?? null;
    const outcome = await db.transaction(async (tx) => {
      if (!(await repo.lockCamera(tx, cameraId))) return null;
      const open = await sessionsRepo.openSession(tx, cameraId);
      if (open) {
        // Off air since the outage began, or since its last holder was known alive when that one is gone unnoticed.
        const lapsed = open.instance_id !== null && open.instance_id !== holder ? await sessionsRepo.lapsedSince(tx, open.instance_id, at) : null;
        const offAirSince = open.off_air_since === null ? lapsed : new Date(open.off_air_since);
        const outageSeconds = offAirSince === null ? 0 : Math.max(0, Math.ceil((at.getTime() - offAirSince.getTime()) / 1000));
        await sessionsRepo.resumeSession(tx, open.id, { source, instanceId: holder, outageSeconds });
        return { started: false, sessionId: open.id, backOnAir: offAirSince !== null };
      }
      return { started: true, sessionId: await sessionsRepo.startSession(tx, cameraId, source, at, holder), backOnAir: false };
    });
    if (!outcome) return;
    await announce(cameraId);
    if (outcome.backOnAir) await tell(listeners.backOnAir, cameraId, 'camera back-on-air listener failed');
    // A session back from its grace period is the same show: its members were mailed when it began.
    if (outcome.started) await queue<GoLiveMailJobData>(CAMERA_GO_LIVE_MAIL_JOB, { cameraId, sessionId: outcome.sessionId });
  }

  /** The room lost its publisher, seen at `since` (the media server's event: now; a reconciliation: when first seen). */
  async function publisherDown(cameraId: number, since: Date): Promise<void> {
    const until = new Date(now().getTime() + config.live.graceSeconds * 1000);
    const session = await sessionsRepo.startGrace(db, cameraId, until, since);
    if (!session) return;
    // LIVE_GRACE_SECONDS=0 ends at once, off air from `since` as any grace that runs out.
    if (config.live.graceSeconds === 0) await endGraceIfDue(session.id);
    else await queue<GraceJobData>(CAMERA_GRACE_JOB, { sessionId: session.id }, { startAfter: until, singletonKey: `${session.id}:${until.getTime()}` });
  }

  /** Ends the sessions whose grace period ran out; answers how many. What the grace job and its sweeps run. */
  async function endGraceIfDue(sessionId?: number): Promise<number> {
    const at = now();
    const ids = sessionId === undefined ? await sessionsRepo.overdueGraceSessions(db, at) : [sessionId];
    let ended = 0;
    for (const id of ids) {
      const cameraId = await sessionsRepo.endGraceIfDue(db, id, at, CAMERA_END_REASONS.offline);
      if (cameraId === null) continue;
      ended += 1;
      await announce(cameraId);
      await showEnded(cameraId, CAMERA_END_REASONS.offline);
    }
    return ended;
  }

  // Viewer counts: the first of a window is written at once, the last of it (and its peak) when the window closes.
  const viewerWindows = new Map<number, { pending: number | null; peak: number }>();

  async function writeViewers(cameraId: number, viewers: number, peak: number): Promise<void> {
    await sessionsRepo.setViewers(db, cameraId, viewers, peak);
    await announce(cameraId);
  }

  function openViewerWindow(cameraId: number) {
    viewerWindows.set(cameraId, { pending: null, peak: 0 });
    const timer = setTimeout(() => {
      const window = viewerWindows.get(cameraId);
      viewerWindows.delete(cameraId);
      if (window?.pending != null) {
        const { pending, peak } = window;
        openViewerWindow(cameraId);
        void enqueue(cameraId, () => writeViewers(cameraId, pending, peak));
      }
    }, viewerInterval);
    timer.unref();
  }

  async function viewersChanged(cameraId: number, viewers: number): Promise<void> {
    const count = Math.max(0, Math.floor(viewers));
    if (viewerInterval <= 0) return writeViewers(cameraId, count, count);
    const window = viewerWindows.get(cameraId);
    if (window) {
      window.pending = count;
      window.peak = Math.max(window.peak, count);
      return;
    }
    openViewerWindow(cameraId);
    await writeViewers(cameraId, count, count);
  }

  // One room's events in the order the media server sent them (a quick down-up must not be applied up-down).
  const chains = new Map<number, Promise<void>>();
  function enqueue(cameraId: number, work: () => Promise<void>): Promise<void> {
    const previous = chains.get(cameraId) ?? Promise.resolve();
    const next = previous.then(work).catch((err: unknown) => log.error({ err, cameraId }, 'camera media event failed'));
    chains.set(cameraId, next);
    void next.then(() => {
      if (chains.get(cameraId) === next) chains.delete(cameraId);
    });
    return next;
  }

  async function cameraOfStreamKey(streamKey: string): Promise<number | null> {
    if (typeof streamKey !== 'string' || streamKey.length < 16 || streamKey.length > 512) return null;
    return repo.byStreamKeyHash(db, hashStreamKey(streamKey));
  }

  return {
    /**
     * What the media server reports: a publisher came or went, the number of viewers changed. `observedAt`: when it
     * was first seen, for what a reconciliation with the media server's stats found (decision record 062). Never throws.
     */
    handleMediaEvent(event: MediaServerEvent, observedAt?: Date): Promise<void> {
      if (!isDbId(event.room)) return Promise.resolve();
      switch (event.type) {
        case 'publisher-up':
          return enqueue(event.room, () => publisherUp(event.room, event.source));
        case 'publisher-down':
          return enqueue(event.room, () => publisherDown(event.room, observedAt ?? now()));
        case 'viewers':
          return enqueue(event.room, () => viewersChanged(event.room, event.viewers));
      }
    },

    /**
     * Who a WHIP offer's bearer token lets publish into which camera: a publisher token from the studio (the browser)
     * or the camera's stream key (OBS). Null for anything else.
     */
    async authorizePublisher(bearer: string): Promise<{ cameraId: number; source: 'browser' | 'whip' } | null> {
      if (typeof bearer !== 'string' || bearer.length === 0 || bearer.length > 512) return null;
      const verdict = verifyLiveToken(key(), bearer, { kind: 'publish' }, now().getTime());
      if (verdict.ok) {
        // A playdate room's publish token (its room is no camera id) is the playdate rooms' to judge.
        if (!isDbId(verdict.claims.cameraId)) return null;
        return (await repo.exists(db, verdict.claims.cameraId)) ? { cameraId: verdict.claims.cameraId, source: 'browser' } : null;
      }
      const cameraId = await cameraOfStreamKey(bearer);
      return cameraId === null ? null : { cameraId, source: 'whip' };
    },

    /** The camera whose current stream key this is (RTMP ingest), or null. */
    authorizeStreamKey: cameraOfStreamKey,

    endGraceIfDue,
  };
}
