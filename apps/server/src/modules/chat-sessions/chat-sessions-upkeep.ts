import { CHAT_END_CODES, roomName } from '@velora/shared';
import type { CameraSettingsSnapshot } from '../cameras/cameras.service';
import type { LoggedOut } from '../sessions/sessions.service';
import type { ChatSessionsContext } from './chat-sessions-context';
import { chatSessionsRepository as repo, type ChatSessionRow } from './chat-sessions.repository';

// What keeps open sessions true to the world (decision records 037, 062): the cameras' and sessions' news the
// composition root wires in (a show ended or came back, new settings, a log-out), and the work of the durable jobs
// and their sweep (paid minutes, free allowances, presence).

export function chatSessionsUpkeep(ctx: ChatSessionsContext) {
  const { deps, graceMs, endSession, endAllOf, queuePresenceCheck, paid } = ctx;
  const { db, now, realtime, log } = deps;

  /** Ends the sessions among `rows` whose member has had no connection in the room for the grace period (103). */
  async function checkPresence(rows: ChatSessionRow[]): Promise<number> {
    const at = now();
    const byCamera = new Map<number, ChatSessionRow[]>();
    for (const row of rows) byCamera.set(row.camera_id, [...(byCamera.get(row.camera_id) ?? []), row]);
    let ended = 0;
    for (const [cameraId, sessions] of byCamera) {
      const present = new Set((await realtime.presence(roomName('chat', cameraId))).members);
      const seen = sessions.filter((s) => present.has(s.user_id));
      await repo.markSeen(db, seen.map((s) => s.id), at);
      for (const s of sessions) {
        const lastSeen = present.has(s.user_id) ? at.getTime() : new Date(s.last_seen_at).getTime();
        if (at.getTime() - lastSeen >= graceMs) {
          if (await endSession(s.id, CHAT_END_CODES.clientExitWindow)) ended += 1;
        } else {
          await queuePresenceCheck(s, new Date(lastSeen + graceMs));
        }
      }
    }
    return ended;
  }

  return {
    // ---- What other modules tell (the composition root wires these) ----

    /** The cameras module: a show ended. She stopped (202: host stop send) or the camera went offline (5). */
    async showEnded(cameraId: number, reason: number): Promise<void> {
      await endAllOf(cameraId, reason === CHAT_END_CODES.offline ? CHAT_END_CODES.offline : CHAT_END_CODES.hostStopSend);
    },

    /**
     * The cameras module: the show's video is back after an outage. Its paid sessions are credited the outage and
     * charged on from there (decision record 062).
     */
    async backOnAir(cameraId: number): Promise<void> {
      for (const row of await repo.openOfCamera(db, cameraId, 'paid')) {
        try {
          await paid.chargeIfDue(row.id);
        } catch (err) {
          // Its minute job, the grace's end check and the sweep look at it again.
          log.error({ err, sessionId: row.id }, 'chat session outage credit failed');
        }
      }
    },

    /** The cameras module: she saved her settings. Free → paid ends free sessions (6); a new price, or paid → free, ends paid ones (7). */
    async settingsChanged(before: CameraSettingsSnapshot, after: CameraSettingsSnapshot): Promise<void> {
      if (before.chatMode === 'free' && after.chatMode === 'paid') await endAllOf(after.id, CHAT_END_CODES.paidChat, 'free');
      else if (before.chatMode === 'paid' && (after.chatMode === 'free' || before.pricePerMinute !== after.pricePerMinute)) {
        await endAllOf(after.id, CHAT_END_CODES.change, 'paid');
      }
    },

    /** The sessions module: someone logged out. His chat sessions of that log-in end (101); a live model's room ends (203). */
    async loggedOut(event: LoggedOut): Promise<void> {
      for (const row of await repo.openOfAuthSession(db, event.sessionId)) await endSession(row.id, CHAT_END_CODES.clientLogout);
      const modelId = await repo.modelIdOfUser(db, event.userId);
      if (modelId === null) return;
      const camera = await deps.cameras.infoByModel(modelId);
      if (camera?.live) await endAllOf(camera.id, CHAT_END_CODES.hostLogout);
    },

    // ---- Jobs ----

    /** The minute job and the sweep: charges the due minute of one session, or of every overdue one. */
    async chargeDue(sessionId?: number): Promise<number> {
      const ids = sessionId === undefined ? await repo.dueForCharge(db, now()) : [sessionId];
      let charged = 0;
      for (const id of ids) {
        try {
          if ((await paid.chargeIfDue(id)) === 'charged') charged += 1;
        } catch (err) {
          if (sessionId !== undefined) throw err;
          log.error({ err, sessionId: id }, 'chat minute charge failed');
        }
      }
      return charged;
    },

    /** The free-end job and the sweep: ends free sessions whose allowance ran out (501). */
    async endFreeIfDue(sessionId?: number): Promise<number> {
      const overdue = await repo.freeOverdue(db, now());
      const ids = sessionId === undefined ? overdue : overdue.filter((id) => id === sessionId);
      let ended = 0;
      for (const id of ids) if (await endSession(id, CHAT_END_CODES.videoTimeLimit)) ended += 1;
      return ended;
    },

    /** The presence job and the sweep: ends sessions whose member left the room more than the grace period ago (103). */
    async checkPresence(sessionId?: number): Promise<number> {
      if (sessionId === undefined) return checkPresence(await repo.allOpen(db));
      const row = await repo.byId(db, sessionId);
      return row && row.ended_at === null ? checkPresence([row]) : 0;
    },
  };
}
