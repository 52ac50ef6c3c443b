import { effectiveRoles, type ChatMode, type WatchState } from '@velora/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { isDbId } from '../../lib/paging';
import { createTableCache } from '../../lib/table-cache';
import type { AuthContext } from '../sessions/sessions.service';
import { camerasRepository as repo } from './cameras.repository';

// Who may see a camera's live video now (decision records 032 and 061): one answer for the watch ticket, the camera
// page, the WHEP handshake, every LL-HLS request and the periodic re-check of the WHEP sessions an instance holds, so
// paid video ends with the paid session on every path. Law limits are judged where the request's visit is known: the
// watch ticket (the endpoint table's lawLimited), as before.

/** Allowed, or why not: the camera page's `watch` (a member is always logged in here). */
export type LiveAccess = Exclude<WatchState, 'login_required'>;

/**
 * The members among `userIds` who hold a paid chat session with the camera that pays for the video now (chat
 * sessions answer; the composition root wires it in). Until it is wired nobody has one.
 */
export type PaidWatchGate = (cameraId: number, userIds: readonly number[]) => Promise<ReadonlySet<number>>;

/**
 * How long an answer for one camera and member is kept for handshakes and LL-HLS requests (a player fetches a
 * playlist and a segment about every second). A change of a camera's chat mode or a member's roles on this instance
 * drops every kept answer at once; a paid session's end, or a change on another instance, shows within this time.
 */
export const LIVE_ACCESS_CACHE_MS = 1_000;

export interface LiveCameraFacts {
  id: number;
  modelId: number;
  chatMode: ChatMode;
  /** On air: an open camera session (its grace period included). */
  live: boolean;
}

export interface LiveViewerFacts {
  userId: number;
  modelId: number | null;
  /** product §6: a restricted viewer (role censored) never sees live video (decision record 029). */
  restricted: boolean;
}

/** The answer without asking about paid sessions: `paid_chat_required` means "allowed with a paid session". */
export function liveAccessBeforePayment(camera: LiveCameraFacts, viewer: LiveViewerFacts): LiveAccess {
  if (!camera.live) return 'offline';
  if (viewer.restricted) return 'restricted';
  if (camera.chatMode === 'free' || viewer.modelId === camera.modelId) return 'allowed';
  return 'paid_chat_required';
}

export function createLiveAccess(deps: { db: Database; config: Pick<Config, 'disabledRoles'> }) {
  const { db, config } = deps;
  let paidWatchGate: PaidWatchGate = async () => new Set();
  const kept = createTableCache<LiveAccess>({ tables: ['cameras', 'user_roles'], changes: db.changes, max: 50_000, maxBytes: 4 * 1024 * 1024, ttlMs: LIVE_ACCESS_CACHE_MS });

  async function cameraFacts(cameraId: number): Promise<LiveCameraFacts | null> {
    if (!isDbId(cameraId)) return null;
    const row = await repo.watchFacts(db, cameraId);
    return row && { id: row.id, modelId: row.model_id, chatMode: row.chat_mode, live: row.live };
  }

  /** Answers for several members of one camera: one query for the camera, one for the members, one for payments. */
  async function decide(camera: LiveCameraFacts | null, viewers: LiveViewerFacts[]): Promise<Map<number, LiveAccess>> {
    const answers = new Map<number, LiveAccess>();
    if (!camera) {
      for (const viewer of viewers) answers.set(viewer.userId, 'offline');
      return answers;
    }
    const mustPay: number[] = [];
    for (const viewer of viewers) {
      const answer = liveAccessBeforePayment(camera, viewer);
      answers.set(viewer.userId, answer);
      if (answer === 'paid_chat_required') mustPay.push(viewer.userId);
    }
    if (mustPay.length > 0) {
      const paying = await paidWatchGate(camera.id, mustPay);
      for (const userId of mustPay) if (paying.has(userId)) answers.set(userId, 'allowed');
    }
    return answers;
  }

  async function ofMembers(cameraId: number, userIds: readonly number[]): Promise<Map<number, LiveAccess>> {
    const wanted = [...new Set(userIds)].filter(isDbId);
    const [camera, rows] = await Promise.all([cameraFacts(cameraId), wanted.length > 0 ? repo.watcherFacts(db, wanted) : []]);
    const viewers = rows.map((row) => ({
      userId: row.id,
      modelId: row.model_id,
      // Only the operator's DISABLED_ROLES lift a restriction; a member's own cookie never does (decision 029).
      restricted: effectiveRoles(row.roles, [], config.disabledRoles).includes('censored'),
    }));
    const answers = await decide(camera, viewers);
    // An account that no longer exists sees nothing.
    for (const userId of userIds) if (!answers.has(userId)) answers.set(userId, 'restricted');
    return answers;
  }

  return {
    setPaidWatchGate(gate: PaidWatchGate): void {
      paidWatchGate = gate;
    },

    /** For a request of the member himself (the ticket, the camera page): his roles as his request carries them. */
    async forViewer(camera: LiveCameraFacts, viewer: AuthContext): Promise<LiveAccess> {
      const facts: LiveViewerFacts = { userId: viewer.userId, modelId: viewer.modelId, restricted: viewer.roles.includes('censored') };
      return (await decide(camera, [facts])).get(viewer.userId)!;
    },

    /** For a member named by a live token (a WHEP handshake, an LL-HLS request): kept LIVE_ACCESS_CACHE_MS. */
    ofMember(cameraId: number, userId: number): Promise<LiveAccess> {
      return kept.get(`${cameraId}:${userId}`, async () => (await ofMembers(cameraId, [userId])).get(userId)!);
    },

    /** For every member watching a camera over WebRTC on this instance (the periodic re-check): never kept. */
    ofMembers,
  };
}
export type LiveAccessService = ReturnType<typeof createLiveAccess>;
