import type { LiveSource } from '@velora/shared';
import type { Queryable } from '../../db/database';

// SQL of a camera's live sessions (decision record 032) and of the instances whose media servers hold their rooms
// (decision record 062). A session is open while ended_at is null, its grace period included.

export interface OpenSessionRow {
  id: number;
  camera_id: number;
  source: LiveSource;
  started_at: Date | string;
  grace_until: Date | string | null;
  off_air_since: Date | string | null;
  /** The instance whose media server holds the room (decision record 062); null when it reports no liveness. */
  instance_id: string | null;
}

/** A session as paid minutes see it: whether its video flows, and the outages so far (decision record 062). */
export interface SessionAirRow {
  id: number;
  camera_id: number;
  ended_at: Date | string | null;
  grace_until: Date | string | null;
  off_air_since: Date | string | null;
  off_air_seconds: number;
}

export const cameraSessionsRepository = {
  async openSession(db: Queryable, cameraId: number): Promise<OpenSessionRow | null> {
    const rows = await db.query<OpenSessionRow>(
      'SELECT id, camera_id, source, started_at, grace_until, off_air_since, instance_id FROM camera_sessions WHERE camera_id = $1 AND ended_at IS NULL',
      [cameraId],
    );
    return rows[0] ?? null;
  },

  async startSession(tx: Queryable, cameraId: number, source: LiveSource, at: Date, instanceId: string | null): Promise<number> {
    const rows = await tx.query<{ id: number }>(
      'INSERT INTO camera_sessions (camera_id, source, started_at, instance_id) VALUES ($1, $2, $3, $4) RETURNING id',
      [cameraId, source, at, instanceId],
    );
    return rows[0]!.id;
  },

  /**
   * The publisher is back (or replaced), on the instance `instanceId`: the session goes on, out of its grace period,
   * and an outage it was in counts to its off-air seconds.
   */
  async resumeSession(tx: Queryable, sessionId: number, resumed: { source: LiveSource; instanceId: string | null; outageSeconds: number }): Promise<void> {
    await tx.query(
      `UPDATE camera_sessions SET grace_until = NULL, off_air_since = NULL, off_air_seconds = off_air_seconds + $4, source = $2, instance_id = $3
        WHERE id = $1`,
      [sessionId, resumed.source, resumed.instanceId, resumed.outageSeconds],
    );
  },

  /**
   * Starts the grace period of the camera's open session, off air since `offAirSince`; null when there is none or it
   * is in grace already.
   */
  async startGrace(db: Queryable, cameraId: number, until: Date, offAirSince: Date): Promise<{ id: number } | null> {
    const rows = await db.query<{ id: number }>(
      `UPDATE camera_sessions SET grace_until = $2, off_air_since = $3
        WHERE camera_id = $1 AND ended_at IS NULL AND grace_until IS NULL RETURNING id`,
      [cameraId, until, offAirSince],
    );
    return rows[0] ?? null;
  },

  async sessionAir(db: Queryable, sessionId: number): Promise<SessionAirRow | null> {
    const rows = await db.query<SessionAirRow>(
      'SELECT id, camera_id, ended_at, grace_until, off_air_since, off_air_seconds FROM camera_sessions WHERE id = $1',
      [sessionId],
    );
    return rows[0] ?? null;
  },

  /** Ends the session with reason offline when its grace period is over; the camera id, or null when not due. */
  async endGraceIfDue(db: Queryable, sessionId: number, now: Date, reason: number): Promise<number | null> {
    const rows = await db.query<{ camera_id: number }>(
      `UPDATE camera_sessions SET ended_at = grace_until, end_reason = $3
        WHERE id = $1 AND ended_at IS NULL AND grace_until IS NOT NULL AND grace_until <= $2
        RETURNING camera_id`,
      [sessionId, now, reason],
    );
    return rows[0]?.camera_id ?? null;
  },

  async overdueGraceSessions(db: Queryable, now: Date): Promise<number[]> {
    const rows = await db.query<{ id: number }>(
      'SELECT id FROM camera_sessions WHERE ended_at IS NULL AND grace_until IS NOT NULL AND grace_until <= $1 ORDER BY id',
      [now],
    );
    return rows.map((r) => r.id);
  },

  /** Ends the camera's open session now; its id, or null when it had none. */
  async endOpenSession(db: Queryable, cameraId: number, reason: number, at: Date): Promise<number | null> {
    const rows = await db.query<{ id: number }>(
      'UPDATE camera_sessions SET ended_at = $3, end_reason = $2 WHERE camera_id = $1 AND ended_at IS NULL RETURNING id',
      [cameraId, reason, at],
    );
    return rows[0]?.id ?? null;
  },

  /** The count now, and the highest since the last write (a peak between two writes is kept). */
  async setViewers(db: Queryable, cameraId: number, viewers: number, peak: number): Promise<void> {
    await db.query(
      'UPDATE camera_sessions SET last_viewers = $2, peak_viewers = GREATEST(peak_viewers, $3) WHERE camera_id = $1 AND ended_at IS NULL',
      [cameraId, viewers, Math.max(viewers, peak)],
    );
  },

  async sessionById(db: Queryable, sessionId: number): Promise<{ id: number; camera_id: number; ended_at: Date | string | null; end_reason: number | null } | null> {
    const rows = await db.query<{ id: number; camera_id: number; ended_at: Date | string | null; end_reason: number | null }>(
      'SELECT id, camera_id, ended_at, end_reason FROM camera_sessions WHERE id = $1',
      [sessionId],
    );
    return rows[0] ?? null;
  },

  // ---- Instances (decision record 062) ----

  /** Renews the instance's lease: it is alive at `at` and counts as gone from `expiresAt` on. */
  async renewLease(db: Queryable, instanceId: string, at: Date, expiresAt: Date): Promise<void> {
    await db.query(
      `INSERT INTO live_instances (id, started_at, heartbeat_at, expires_at) VALUES ($1, $2, $2, $3)
       ON CONFLICT (id) DO UPDATE SET heartbeat_at = EXCLUDED.heartbeat_at, expires_at = EXCLUDED.expires_at`,
      [instanceId, at, expiresAt],
    );
  },

  /** Gives the lease up now (the instance stops): nobody waits for it to run out. */
  async releaseLease(db: Queryable, instanceId: string, at: Date): Promise<void> {
    await db.query('UPDATE live_instances SET expires_at = LEAST(expires_at, $2) WHERE id = $1', [instanceId, at]);
  },

  /** When the instance was last known alive, if its lease has run out by `at`; null while it holds one (or is unknown). */
  async lapsedSince(db: Queryable, instanceId: string, at: Date): Promise<Date | null> {
    const rows = await db.query<{ heartbeat_at: Date | string }>('SELECT heartbeat_at FROM live_instances WHERE id = $1 AND expires_at <= $2', [
      instanceId,
      at,
    ]);
    return rows[0] ? new Date(rows[0].heartbeat_at) : null;
  },

  /**
   * Puts the open sessions of instances whose lease ran out by `at` into grace until `until`, off air since each
   * instance was last known alive; their ids.
   */
  async graceSessionsOfLapsedInstances(db: Queryable, at: Date, until: Date): Promise<number[]> {
    const rows = await db.query<{ id: number }>(
      `UPDATE camera_sessions s SET grace_until = $2, off_air_since = LEAST(i.heartbeat_at, $1)
         FROM live_instances i
        WHERE s.instance_id = i.id AND s.ended_at IS NULL AND s.grace_until IS NULL AND i.expires_at <= $1
       RETURNING s.id`,
      [at, until],
    );
    return rows.map((r) => r.id).sort((x, y) => x - y);
  },

  /** Puts the open sessions the instance holds into grace until `until`, off air since `at` (it stops); their ids. */
  async graceSessionsHeldBy(db: Queryable, instanceId: string, at: Date, until: Date): Promise<number[]> {
    const rows = await db.query<{ id: number }>(
      `UPDATE camera_sessions SET grace_until = $3, off_air_since = $2
        WHERE instance_id = $1 AND ended_at IS NULL AND grace_until IS NULL RETURNING id`,
      [instanceId, at, until],
    );
    return rows.map((r) => r.id).sort((x, y) => x - y);
  },

  heldSessions(db: Queryable, instanceId: string): Promise<OpenSessionRow[]> {
    return db.query<OpenSessionRow>(
      `SELECT id, camera_id, source, started_at, grace_until, off_air_since, instance_id
         FROM camera_sessions WHERE instance_id = $1 AND ended_at IS NULL ORDER BY camera_id`,
      [instanceId],
    );
  },

  /** Forgets instances whose lease ran out before `before` and that hold no open session. */
  async forgetLapsedInstances(db: Queryable, before: Date): Promise<void> {
    await db.query(
      `DELETE FROM live_instances i
        WHERE i.expires_at <= $1 AND NOT EXISTS (SELECT 1 FROM camera_sessions s WHERE s.instance_id = i.id AND s.ended_at IS NULL)`,
      [before],
    );
  },
};
