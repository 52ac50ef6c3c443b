import {
  CHAT_ERROR_CODES,
  CHAT_EXIT_GRACE_SECONDS,
  REALTIME_CHAT_EVENTS,
  REALTIME_MONEY_EVENTS,
  type ChatEndCode,
  type ChatMode,
  type ChatParticipantsChangedEvent,
  type ChatSession,
  type ChatSessionEvent,
  type StudioChatSettings,
} from '@velora/shared';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { HttpError } from '../../lib/http-error';
import type { Platform } from '../../platform';
import type { CameraInfo, CamerasService } from '../cameras/cameras.service';
import type { CoinsService } from '../coins/coins.service';
import type { FeaturesService } from '../features/features.service';
import type { UsersService } from '../users/users.service';
import type { ChatRoomInfo } from './chat-access';
import { chatSessionsRepository as repo, type ChatSessionRow } from './chat-sessions.repository';
import { createPaidSessionEnd } from './paid-minute-refund';
import { createPaidMinutes } from './paid-minutes';

// What the use cases of chat sessions share (decision record 037): the answers' shapes, the jobs they queue, the
// pushes to the member and the model, and the one way a session ends. One per service: it holds the listeners.

/** Ends a free session whose allowance ran out (data: ChatSessionJobData). */
export const CHAT_FREE_END_JOB = 'chat-free-end';
/** Checks that the member of a session still has a connection in the room (data: ChatSessionJobData). */
export const CHAT_PRESENCE_JOB = 'chat-presence';
/** Every minute: the backstop of the three above (a job lost with an instance, a queue that was away). */
export const CHAT_SWEEP_JOB = 'chat-sweep';

export interface ChatSessionJobData {
  sessionId: number;
}

/** The media side: a member's WHEP viewer sessions of a camera are closed when his paid session ends. */
export interface ChatViewerControl {
  disconnectViewer(cameraId: number, userId: number): Promise<void>;
}

export interface ChatSessionsDeps extends Pick<Platform, 'db' | 'now' | 'config' | 'rateLimits' | 'realtime' | 'log'> {
  jobs: Pick<JobQueue, 'send'>;
  coins: Pick<CoinsService, 'bookChatMinute' | 'bookChatRefund' | 'balance'>;
  features: Pick<FeaturesService, 'forUser'>;
  users: Pick<UsersService, 'lawLimitations'>;
  cameras: Pick<CamerasService, 'infoByName' | 'infoById' | 'infoByModel' | 'showAir'>;
  viewers?: ChatViewerControl;
}

export interface ChatSessionsOptions {
  /** Default CHAT_EXIT_GRACE_SECONDS: no connection in the room this long ends a session with 103. */
  exitGraceSeconds?: number;
}

export const unix = (value: Date | string) => Math.floor(new Date(value).getTime() / 1000);
const unixOrNull = (value: Date | string | null) => (value === null ? null : unix(value));

export const toSession = (row: ChatSessionRow): ChatSession => ({
  id: row.id,
  camera_id: row.camera_id,
  kind: row.kind,
  state: row.ended_at === null ? 'open' : 'ended',
  price_per_minute: row.price_per_minute,
  started_at: unix(row.started_at),
  ended_at: unixOrNull(row.ended_at),
  end_code: row.end_code,
  // What stands: minutes given back because their video went away are not counted (decision record 062).
  minutes_charged: row.minutes_charged - row.minutes_refunded,
  coins_charged: Number(row.coins_charged) - Number(row.coins_refunded),
  paid_until: unixOrNull(row.paid_until),
  free_seconds_left: row.free_seconds_left,
});

export const banned = () => new HttpError(403, CHAT_ERROR_CODES.banned, 'The model has banned you from her chat');

export function createChatSessionsContext(deps: ChatSessionsDeps, options: ChatSessionsOptions) {
  const { db, now, config, realtime, log } = deps;
  const graceMs = (options.exitGraceSeconds ?? CHAT_EXIT_GRACE_SECONDS) * 1000;
  const listeners = {
    banned: [] as Array<(cameraId: number, userId: number) => void>,
    ended: [] as Array<(session: ChatSession, userId: number) => void>,
  };

  async function queue<T extends object>(name: string, data: T, startAfter: Date, singletonKey: string): Promise<void> {
    try {
      await deps.jobs.send(name, data, { startAfter, singletonKey });
    } catch (err) {
      // The sweep finds the session within a minute and does what the job would have.
      log.error({ err, job: name, data }, 'chat session job not queued');
    }
  }

  const queueFreeEnd = (s: ChatSessionRow) =>
    queue<ChatSessionJobData>(CHAT_FREE_END_JOB, { sessionId: s.id }, new Date(new Date(s.started_at).getTime() + s.free_seconds_left! * 1000), `${s.id}`);
  const queuePresenceCheck = (s: ChatSessionRow, at: Date) =>
    queue<ChatSessionJobData>(CHAT_PRESENCE_JOB, { sessionId: s.id }, at, `${s.id}:${at.getTime()}`);

  const toRoomInfo = async (camera: CameraInfo): Promise<ChatRoomInfo> => ({
    cameraId: camera.id,
    name: camera.name,
    displayName: camera.displayName,
    modelId: camera.modelId,
    modelUserId: (await repo.modelUserIds(db, camera.modelId))[0] ?? 0,
    live: camera.live,
    chatMode: camera.chatMode,
    pricePerMinute: camera.pricePerMinute,
  });

  async function isLawLimited(userId: number): Promise<boolean> {
    return (await deps.users.lawLimitations(userId, null)).length > 0;
  }

  async function isModelOf(userId: number, camera: Pick<CameraInfo, 'modelId'>): Promise<boolean> {
    return (await repo.modelIdOfUser(db, userId)) === camera.modelId;
  }

  async function settingsOf(cameraId: number): Promise<StudioChatSettings> {
    const row = await repo.settings(db, cameraId);
    return { slow_mode_seconds: row.slow_mode_seconds, banned_words: [...row.banned_words] };
  }

  async function tellModel(cameraId: number, modelId: number): Promise<void> {
    const event: ChatParticipantsChangedEvent = { camera_id: cameraId };
    for (const userId of await repo.modelUserIds(db, modelId)) realtime.toUser(userId, REALTIME_CHAT_EVENTS.participants, event);
  }

  async function pushSession(row: ChatSessionRow, balance?: number): Promise<void> {
    const coins = balance ?? (await deps.coins.balance(row.user_id));
    const event: ChatSessionEvent = { session: toSession(row), balance: coins };
    realtime.toUser(row.user_id, REALTIME_CHAT_EVENTS.session, event);
    realtime.toUser(row.user_id, REALTIME_MONEY_EVENTS.balance, { coins });
    await tellModel(row.camera_id, row.model_id);
  }

  /**
   * Ends a session with its code: stored (with its minutes without video given back), pushed to the member, told to the
   * model and the listeners. Null: ended before.
   */
  async function endSession(sessionId: number, code: ChatEndCode): Promise<ChatSession | null> {
    const row = await sessionEnd.end(sessionId, code);
    if (!row) return null;
    const session = toSession(row);
    try {
      await pushSession(row);
    } catch (err) {
      log.error({ err, sessionId }, 'chat session end push failed');
    }
    for (const listener of listeners.ended) {
      try {
        listener(session, row.user_id);
      } catch (err) {
        log.error({ err, sessionId }, 'chat session-ended listener failed');
      }
    }
    if (row.kind === 'paid' && deps.viewers) {
      // Paid video stops with the paid session: the member's WHEP sessions of this camera are closed.
      await deps.viewers.disconnectViewer(row.camera_id, row.user_id).catch((err: unknown) => log.error({ err, sessionId }, 'viewer disconnect failed'));
    }
    return session;
  }

  async function endAllOf(cameraId: number, code: ChatEndCode, kind?: ChatMode): Promise<number> {
    let ended = 0;
    for (const row of await repo.openOfCamera(db, cameraId, kind)) if (await endSession(row.id, code)) ended += 1;
    return ended;
  }

  // Paid minutes, only on air (paid-minutes.ts, paid-minute-refund.ts; decision records 037 and 062).
  const sessionEnd = createPaidSessionEnd({ db, now, config, coins: deps.coins, cameras: deps.cameras });
  const paid = createPaidMinutes({ db, now, config, coins: deps.coins, cameras: deps.cameras }, { queue, endSession, pushSession });

  return {
    deps,
    graceMs,
    listeners,
    queueFreeEnd,
    queuePresenceCheck,
    toRoomInfo,
    isLawLimited,
    isModelOf,
    settingsOf,
    tellModel,
    pushSession,
    endSession,
    endAllOf,
    paid,
  };
}

export type ChatSessionsContext = ReturnType<typeof createChatSessionsContext>;
