import { isDbId } from '../../lib/paging';
import { RealtimeError } from '../../lib/realtime-error';
import type { RoomKindDefinition } from '../../lib/realtime-hub';
import type { CamerasContext } from './cameras-context';
import { camerasRepository as repo } from './cameras.repository';
import { cameraSessionsRepository as sessionsRepo } from './camera-sessions.repository';
import { toAir, toInfo, type CameraInfo, type CameraSettingsSnapshot, type ShowAir } from './camera-views';
import type { PaidWatchGate } from './live-access';

// What the modules above (chat sessions, tier 6) and the realtime hub hook in; the composition root wires them
// (decision record 037).

export function cameraHooks(ctx: CamerasContext) {
  const { deps, access, listeners } = ctx;
  const { db, now } = deps;

  /** Members (not law-limited) may be in a camera's room, for presence; visitors may not. */
  const roomKind: RoomKindDefinition = {
    visitorsMayJoin: false,
    async authorize(viewer, id) {
      if (!viewer) return false;
      if ((await deps.users.lawLimitations(viewer.userId, null)).length > 0) return false;
      if (!(await repo.exists(db, id))) throw new RealtimeError('NOT_FOUND', 'There is no such camera');
      return true;
    },
  };

  return {
    /** Who may watch a paid camera: the chat sessions' answer (an open paid session whose minute is paid). */
    setPaidWatchGate(gate: PaidWatchGate): void {
      access.setPaidWatchGate(gate);
    },
    /** Whether the member a live token names may see the camera's video now (WHEP, LL-HLS); kept for a second. */
    watchAccess: access.ofMember,
    /** The same for several members of a camera, read fresh (the re-check of open WHEP sessions). */
    watchAccessOfMembers: access.ofMembers,
    /** Told after a show ended: reason 202 (she stopped, or her key changed) or 5 (offline after the grace period). */
    onShowEnded(listener: (cameraId: number, reason: number) => void | Promise<void>): void {
      listeners.showEnded.push(listener);
    },
    /** Told after a show's video came back from an outage (its publisher is back within the grace period). */
    onBackOnAir(listener: (cameraId: number) => void | Promise<void>): void {
      listeners.backOnAir.push(listener);
    },
    /** A show as paid minutes see it, open or ended; null for no such session (decision record 062). */
    async showAir(sessionId: number): Promise<ShowAir | null> {
      const row = await sessionsRepo.sessionAir(db, sessionId);
      return row ? toAir(row) : null;
    },
    /** Told after the model saved her camera's settings, with the chat mode and price before and after. */
    onSettingsChanged(listener: (before: CameraSettingsSnapshot, after: CameraSettingsSnapshot) => void | Promise<void>): void {
      listeners.settings.push(listener);
    },
    async infoByName(name: string): Promise<CameraInfo | null> {
      const row = await repo.byName(db, name, now(), null);
      return row ? toInfo(row) : null;
    },
    async infoById(cameraId: number): Promise<CameraInfo | null> {
      if (!isDbId(cameraId)) return null;
      const [row] = await repo.byIds(db, [cameraId], now(), null);
      return row ? toInfo(row) : null;
    },
    /** The camera of a model, if she has one (never made here: the studio makes it). */
    async infoByModel(modelId: number): Promise<CameraInfo | null> {
      const row = await repo.byModel(db, modelId, now(), null);
      return row ? toInfo(row) : null;
    },

    /** The realtime room kind `camera:<id>` (presence of a camera's page). */
    roomKind,
  };
}
