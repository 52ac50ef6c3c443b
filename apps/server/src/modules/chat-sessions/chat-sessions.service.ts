import {
  CHAT_END_CODES,
  CHAT_ERROR_CODES,
  CHAT_EXIT_GRACE_SECONDS,
  CHAT_MESSAGE_MAX,
  INSUFFICIENT_COINS,
  REALTIME_CHAT_EVENTS,
  REALTIME_MONEY_EVENTS,
  roomName,
  splitTip,
  type ChatEndCode,
  type ChatEnterBody,
  type ChatMode,
  type ChatMutedEvent,
  type ChatParticipant,
  type ChatParticipantsChangedEvent,
  type ChatRoom,
  type ChatSession,
  type ChatSessionEvent,
  type ChatSettingsEvent,
  type ClientEndCode,
  type FreeChatAllowance,
  type StudioChat,
  type StudioChatSettings,
  type StudioChatSettingsBody,
} from '@velora/shared';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { isDbId } from '../../lib/paging';
import { RATE_LIMITS, limitReached } from '../../lib/rate-limits';
import { RealtimeError } from '../../lib/realtime-error';
import type { RoomKindDefinition } from '../../lib/realtime-hub';
import type { Platform } from '../../platform';
import type { CameraInfo, CameraSettingsSnapshot, CamerasService } from '../cameras/cameras.service';
import type { CoinsService } from '../coins/coins.service';
import type { FeaturesService } from '../features/features.service';
import type { AuthContext, LoggedOut } from '../sessions/sessions.service';
import type { UsersService } from '../users/users.service';
import type { ChatAccess, ChatRoomInfo, ChatWritePermit } from './chat-access';
import { chatSessionsRepository as repo, type ChatSessionRow } from './chat-sessions.repository';

// Chat sessions on cameras (issue 13, decision record 037): a member's stay in a camera's chat, free (a daily
// allowance) or paid (the price per minute, fixed at entry, charged minute by minute through the coin ledger by
// durable jobs keyed by session and minute), every way a session ends with its SPEC §4 code, and the people rules of
// a room (bans, mutes, kicks, slow mode, word filter). Implements ChatAccess for the camera-chat module.

/** Charges the next minute of a paid session when it is due (data: ChatMinuteJobData). */
export const CHAT_MINUTE_JOB = 'chat-minute';
/** Ends a free session whose allowance ran out (data: ChatSessionJobData). */
export const CHAT_FREE_END_JOB = 'chat-free-end';
/** Checks that the member of a session still has a connection in the room (data: ChatSessionJobData). */
export const CHAT_PRESENCE_JOB = 'chat-presence';
/** Every minute: the backstop of the three above (a job lost with an instance, a queue that was away). */
export const CHAT_SWEEP_JOB = 'chat-sweep';

export interface ChatMinuteJobData {
  sessionId: number;
  /** The minute the job was queued for (a hint: the charge is always of the session's next minute, if due). */
  minute: number;
}
export interface ChatSessionJobData {
  sessionId: number;
}

/** The media side: a member's WHEP viewer sessions of a camera are closed when his paid session ends. */
export interface ChatViewerControl {
  disconnectViewer(cameraId: number, userId: number): Promise<void>;
}

export interface ChatSessionsDeps extends Pick<Platform, 'db' | 'now' | 'config' | 'rateLimits' | 'realtime' | 'log'> {
  jobs: Pick<JobQueue, 'send'>;
  coins: Pick<CoinsService, 'bookChatMinute' | 'balance'>;
  features: Pick<FeaturesService, 'forUser'>;
  users: Pick<UsersService, 'lawLimitations'>;
  cameras: Pick<CamerasService, 'infoByName' | 'infoById' | 'infoByModel'>;
  viewers?: ChatViewerControl;
}

export interface ChatSessionsOptions {
  /** Default CHAT_EXIT_GRACE_SECONDS: no connection in the room this long ends a session with 103. */
  exitGraceSeconds?: number;
}

const unix = (value: Date | string) => Math.floor(new Date(value).getTime() / 1000);
const unixOrNull = (value: Date | string | null) => (value === null ? null : unix(value));
const DAY_MS = 24 * 60 * 60 * 1000;

const toSession = (row: ChatSessionRow): ChatSession => ({
  id: row.id,
  camera_id: row.camera_id,
  kind: row.kind,
  state: row.ended_at === null ? 'open' : 'ended',
  price_per_minute: row.price_per_minute,
  started_at: unix(row.started_at),
  ended_at: unixOrNull(row.ended_at),
  end_code: row.end_code,
  minutes_charged: row.minutes_charged,
  coins_charged: Number(row.coins_charged),
  paid_until: unixOrNull(row.paid_until),
  free_seconds_left: row.free_seconds_left,
});

const cameraOffline = () => new HttpError(409, CHAT_ERROR_CODES.offline, 'This camera is not live now: its chat opens when she goes live');
const banned = () => new HttpError(403, CHAT_ERROR_CODES.banned, 'The model has banned you from her chat');
const unprocessable = (message: string, fields?: Record<string, string>) => new HttpError(422, 'UNPROCESSABLE', message, fields);

export function createChatSessionsService(deps: ChatSessionsDeps, options: ChatSessionsOptions = {}) {
  const { db, now, config, rateLimits, realtime, log } = deps;
  const graceMs = (options.exitGraceSeconds ?? CHAT_EXIT_GRACE_SECONDS) * 1000;
  const minuteMs = () => config.chat.minuteSeconds * 1000;
  const bannedListeners: Array<(cameraId: number, userId: number) => void> = [];
  const endedListeners: Array<(session: ChatSession, userId: number) => void> = [];

  // ---- Helpers ----

  async function queue<T extends object>(name: string, data: T, startAfter: Date, singletonKey: string): Promise<void> {
    try {
      await deps.jobs.send(name, data, { startAfter, singletonKey });
    } catch (err) {
      // The sweep finds the session within a minute and does what the job would have.
      log.error({ err, job: name, data }, 'chat session job not queued');
    }
  }

  const queueNextMinute = (s: ChatSessionRow) =>
    queue<ChatMinuteJobData>(CHAT_MINUTE_JOB, { sessionId: s.id, minute: s.minutes_charged + 1 }, new Date(s.paid_until!), `${s.id}:${s.minutes_charged + 1}`);
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

  /** Ends a session with its code: stored, pushed to the member, told to the model and the listeners. Null: ended before. */
  async function endSession(sessionId: number, code: ChatEndCode): Promise<ChatSession | null> {
    const row = await repo.end(db, sessionId, code, now());
    if (!row) return null;
    const session = toSession(row);
    try {
      await pushSession(row);
    } catch (err) {
      log.error({ err, sessionId }, 'chat session end push failed');
    }
    for (const listener of endedListeners) {
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

  // ---- Free chat ----

  async function freeAllowance(userId: number, camera: CameraInfo, at: Date): Promise<FreeChatAllowance> {
    const features = await deps.features.forUser(userId);
    const freechat = features.freechat;
    const override = freechat?.settings?.daily_seconds;
    const daily = typeof override === 'number' && Number.isInteger(override) && override >= 0 ? override : config.chat.freeDailySeconds;
    const dayStart = new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
    const used = Math.min(daily, await repo.freeSecondsUsed(db, userId, dayStart, at));
    return {
      available: freechat?.is_active === true && camera.chatMode === 'free',
      daily_seconds: daily,
      used_seconds: used,
      remaining_seconds: Math.max(0, daily - used),
      resets_at: unix(new Date(dayStart.getTime() + DAY_MS)),
    };
  }

  // ---- Paid minutes ----

  type ChargeOutcome =
    | { kind: 'none' }
    | { kind: 'not-due'; row: ChatSessionRow }
    | { kind: 'charged'; row: ChatSessionRow; balance: number }
    | { kind: 'refused'; reason: 'insufficient' | 'model'; balance: number };

  /** Charges the session's next minute in `tx` (its row locked by the caller). */
  async function chargeNext(tx: Parameters<Parameters<typeof db.transaction>[0]>[0], row: ChatSessionRow, at: Date): Promise<ChargeOutcome> {
    const minute = row.minutes_charged + 1;
    const price = row.price_per_minute!;
    const split = splitTip(price, config.modelSharePercent);
    const booking = await deps.coins.bookChatMinute(tx, {
      userId: row.user_id,
      modelId: row.model_id,
      coins: price,
      split,
      idempotencyKey: `chat:${row.id}:${minute}`,
      description: `Paid chat, minute ${minute}`,
    });
    if (!booking.ok) return { kind: 'refused', reason: booking.reason, balance: booking.balance };
    // Minutes follow each other from the start: minute m is paid until started_at + m minutes, however late it was charged.
    const paidUntil = new Date(new Date(row.started_at).getTime() + minute * minuteMs());
    const updated = await repo.recordCharge(tx, { sessionId: row.id, minute, transactionId: booking.transactionId, coins: price, modelCoins: split.model, paidUntil, at });
    return { kind: 'charged', row: updated, balance: booking.balance };
  }

  /**
   * Charges a paid session's next minute if it is due: exactly once (the session row's lock, the ledger key
   * `chat:<session>:<minute>` and the charges' primary key), and queues the one after. What the minute job and the
   * sweep run. Ends the session with 17 when the member cannot pay, 88 when the model's side cannot be booked, 5 when
   * the camera is off air.
   */
  async function chargeIfDue(sessionId: number): Promise<'charged' | 'ended' | 'not-due' | 'none'> {
    const current = await repo.byId(db, sessionId);
    if (!current || current.ended_at !== null || current.kind !== 'paid') return 'none';
    const camera = await deps.cameras.infoById(current.camera_id);
    if (!camera || camera.modelId !== current.model_id) return (await endSession(sessionId, CHAT_END_CODES.noCreditFromHost)) ? 'ended' : 'none';
    const at = now();
    if (!camera.live && new Date(current.paid_until!).getTime() <= at.getTime()) {
      return (await endSession(sessionId, CHAT_END_CODES.offline)) ? 'ended' : 'none';
    }
    const outcome = await db.transaction(async (tx): Promise<ChargeOutcome> => {
      const row = await repo.lock(tx, sessionId);
      if (!row || row.ended_at !== null) return { kind: 'none' };
      if (new Date(row.paid_until!).getTime() > at.getTime()) return { kind: 'not-due', row };
      return chargeNext(tx, row, at);
    });
    switch (outcome.kind) {
      case 'none':
        return 'none';
      case 'not-due':
        await queueNextMinute(outcome.row);
        return 'not-due';
      case 'refused':
        await endSession(sessionId, outcome.reason === 'insufficient' ? CHAT_END_CODES.noCredit : CHAT_END_CODES.noCreditFromHost);
        return 'ended';
      case 'charged':
        await pushSession(outcome.row, outcome.balance);
        await queueNextMinute(outcome.row);
        return 'charged';
    }
  }

  // ---- Presence (103) ----

  /** Ends the sessions among `rows` whose member has had no connection in the room for the grace period. */
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

  // ---- The room kind `chat:<camera id>` ----

  const roomKind: RoomKindDefinition = {
    // The realtime handshake carries no visit, so the law cannot be judged for a visitor: visitors read nothing.
    visitorsMayJoin: false,
    async authorize(viewer, id) {
      if (!viewer) return false;
      const camera = await deps.cameras.infoById(id);
      if (!camera) throw new RealtimeError('NOT_FOUND', 'There is no such camera');
      if (await isModelOf(viewer.userId, camera)) return true;
      if (await isLawLimited(viewer.userId)) return false;
      return !(await repo.isBanned(db, id, viewer.userId));
    },
  };

  // ---- The studio ----

  async function ownCamera(viewer: AuthContext): Promise<CameraInfo> {
    if (viewer.modelId === null) throw forbidden('Only model accounts have a chat room');
    const camera = await deps.cameras.infoByModel(viewer.modelId);
    if (!camera) throw notFound('You have no camera yet: open your studio to make it');
    return camera;
  }

  async function requireOtherUser(viewer: AuthContext, userId: number): Promise<void> {
    if (userId === viewer.userId) throw badRequest('Invalid params: user_id (Must be someone else than you)', { user_id: 'Must be someone else than you' });
    if (!isDbId(userId) || !(await repo.userExists(db, userId))) throw notFound(`No user with id ${userId}`);
  }

  async function removeFromRooms(cameraId: number, userId: number, reason: { code: string; message: string }): Promise<void> {
    realtime.removeUserFromRoom(userId, roomName('chat', cameraId), reason);
    realtime.removeUserFromRoom(userId, roomName('camera', cameraId), reason);
  }

  async function studioChat(camera: CameraInfo): Promise<StudioChat> {
    const at = now();
    const [presence, open, settings, bans, mutes] = await Promise.all([
      realtime.presence(roomName('chat', camera.id)),
      repo.openOfCamera(db, camera.id),
      settingsOf(camera.id),
      repo.bans(db, camera.id),
      repo.mutes(db, camera.id, at),
    ]);
    const modelUsers = new Set(await repo.modelUserIds(db, camera.modelId));
    const sessionOf = new Map(open.map((s) => [s.user_id, s]));
    const ids = [...new Set([...presence.members.filter((id) => !modelUsers.has(id)), ...open.map((s) => s.user_id)])];
    const names = await repo.names(db, ids);
    const participants: ChatParticipant[] = ids.map((userId) => {
      const s = sessionOf.get(userId);
      const muted = mutes.get(userId);
      return {
        user_id: userId,
        name: names.get(userId) ?? '',
        session_kind: s?.kind ?? null,
        since: s ? unix(s.started_at) : null,
        minutes_charged: s?.minutes_charged ?? 0,
        coins_charged: s ? Number(s.coins_charged) : 0,
        muted_until: muted ? unix(muted) : null,
      };
    });
    const since = camera.liveSince === null ? null : new Date(camera.liveSince * 1000);
    const earned = since ? await repo.earnings(db, camera.id, camera.modelId, since) : null;
    return {
      camera_id: camera.id,
      participants,
      readers: presence.visitors + participants.filter((p) => p.session_kind === null).length,
      settings,
      bans: bans.map((b) => ({ user_id: Number(b.user_id), name: b.name, banned_at: unix(b.banned_at) })),
      earnings: {
        since: camera.liveSince,
        paid_minutes: earned?.paid_minutes ?? 0,
        chat_coins: Number(earned?.chat_coins ?? 0),
        tip_coins: Number(earned?.tip_coins ?? 0),
        model_coins: Number(earned?.chat_model_coins ?? 0) + Number(earned?.tip_model_coins ?? 0),
      },
    };
  }

  // ---- ChatAccess (what camera-chat asks) ----

  const access: ChatAccess = {
    async roomByName(name) {
      const camera = await deps.cameras.infoByName(name);
      return camera ? toRoomInfo(camera) : null;
    },
    async roomById(cameraId) {
      const camera = await deps.cameras.infoById(cameraId);
      return camera ? toRoomInfo(camera) : null;
    },
    async writePermit(userId, cameraId): Promise<ChatWritePermit> {
      const camera = await deps.cameras.infoById(cameraId);
      if (!camera) return { ok: false, code: 'NOT_FOUND', message: 'There is no such camera' };
      const room = await toRoomInfo(camera);
      const settings = await settingsOf(cameraId);
      if (await isModelOf(userId, camera)) {
        return { ok: true, writer: { userId, name: camera.displayName, role: 'model' }, room, settings, session: null };
      }
      if (await isLawLimited(userId)) return { ok: false, code: 'LAW_LIMITED', message: 'Live cams are not available where you are' };
      if (await repo.isBanned(db, cameraId, userId)) return { ok: false, code: 'CHAT_BANNED', message: 'The model has banned you from her chat' };
      if (!camera.live) return { ok: false, code: 'CAMERA_OFFLINE', message: 'This camera is not live now' };
      const session = await repo.open(db, cameraId, userId);
      if (!session) return { ok: false, code: 'CHAT_NO_SESSION', message: 'Enter the chat first' };
      const mutedUntil = await repo.mutedUntil(db, cameraId, userId, now());
      if (mutedUntil) return { ok: false, code: 'CHAT_MUTED', message: `The model has muted you until ${mutedUntil.toISOString()}` };
      const name = (await repo.names(db, [userId])).get(userId) ?? '';
      return { ok: true, writer: { userId, name, role: 'member' }, room, settings, session: toSession(session) };
    },
    async mayRead(userId, cameraId) {
      if (userId === null) return false;
      const camera = await deps.cameras.infoById(cameraId);
      if (!camera) return false;
      if (await isModelOf(userId, camera)) return true;
      if (await isLawLimited(userId)) return false;
      return !(await repo.isBanned(db, cameraId, userId));
    },
    onBanned(listener) {
      bannedListeners.push(listener);
    },
    onSessionEnded(listener) {
      endedListeners.push(listener);
    },
  };

  return {
    ...access,

    /** The realtime room kind `chat:<camera id>`. */
    roomKind,

    // ---- Members ----

    async room(name: string, viewer: AuthContext): Promise<ChatRoom> {
      const camera = await deps.cameras.infoByName(name);
      if (!camera) throw notFound(`No camera named ${name}`);
      const at = now();
      const [modelUserIds, session, free, balance, settings, mutedUntil, isBanned] = await Promise.all([
        repo.modelUserIds(db, camera.modelId),
        repo.open(db, camera.id, viewer.userId),
        freeAllowance(viewer.userId, camera, at),
        deps.coins.balance(viewer.userId),
        settingsOf(camera.id),
        repo.mutedUntil(db, camera.id, viewer.userId, at),
        repo.isBanned(db, camera.id, viewer.userId),
      ]);
      return {
        camera_id: camera.id,
        camera_name: camera.name,
        display_name: camera.displayName,
        model_id: camera.modelId,
        model_user_id: modelUserIds[0] ?? null,
        live: camera.live,
        chat_mode: camera.chatMode,
        price_per_minute: camera.pricePerMinute,
        session: session ? toSession(session) : null,
        free,
        balance,
        settings: { slow_mode_seconds: settings.slow_mode_seconds, message_max: CHAT_MESSAGE_MAX },
        muted_until: mutedUntil ? unix(mutedUntil) : null,
        banned: isBanned,
      };
    },

    /**
     * Enters the camera's chat: free (within today's allowance) or paid (its first minute charged in the transaction
     * that opens the session). An open session of the room is answered as it is, nothing charged.
     */
    async enter(name: string, viewer: AuthContext, body: ChatEnterBody): Promise<ChatSession> {
      const decision = await rateLimits.consume(`chat:enter:${viewer.userId}`, RATE_LIMITS.chatEntersPerAccount);
      if (!decision.allowed) throw limitReached('chat entries', RATE_LIMITS.chatEntersPerAccount, decision.retryAfterMs);
      const camera = await deps.cameras.infoByName(name);
      if (!camera) throw notFound(`No camera named ${name}`);
      if (viewer.modelId === camera.modelId) throw forbidden('This is your own camera: answer your chat from the studio');
      if (await repo.isBanned(db, camera.id, viewer.userId)) throw banned();
      const existing = await repo.open(db, camera.id, viewer.userId);
      if (existing) return toSession(existing);
      if (!camera.live) throw cameraOffline();
      if (body.kind !== camera.chatMode) {
        throw new HttpError(409, CHAT_ERROR_CODES.wrongMode, `This camera is in ${camera.chatMode} chat now`, { kind: `Must be ${camera.chatMode}` });
      }
      const at = now();
      const base = { cameraId: camera.id, modelId: camera.modelId, userId: viewer.userId, authSessionId: viewer.sessionId, at };

      if (camera.chatMode === 'free') {
        const free = await freeAllowance(viewer.userId, camera, at);
        if (!free.available) throw new HttpError(403, CHAT_ERROR_CODES.freeChatOff, 'Free chat is not available to your account');
        if (free.remaining_seconds <= 0) {
          throw new HttpError(409, CHAT_ERROR_CODES.freeChatUsedUp, 'You have used up today\'s free chat: enter paid chat, or come back tomorrow');
        }
        const inserted = await repo.insert(db, { ...base, kind: 'free', pricePerMinute: null, freeSecondsLeft: free.remaining_seconds });
        if (inserted) {
          await queueFreeEnd(inserted);
          await queuePresenceCheck(inserted, new Date(at.getTime() + graceMs));
          await tellModel(camera.id, camera.modelId);
          return toSession(inserted);
        }
        // Opened by a concurrent request of his.
        const row = await repo.open(db, camera.id, viewer.userId);
        if (!row) throw conflict('Your chat session could not be opened: try again');
        return toSession(row);
      }

      const price = camera.pricePerMinute!;
      if (body.price_per_minute == null) {
        throw unprocessable('Paid chat needs the price you were shown', { price_per_minute: `Must be the camera's price per minute (${price})` });
      }
      if (body.price_per_minute !== price) {
        throw new HttpError(409, CHAT_ERROR_CODES.priceChanged, `The price is ${price} coins a minute now`, { price_per_minute: `Is ${price} now` });
      }
      const opened = await db.transaction(async (tx) => {
        const row = await repo.insert(tx, { ...base, kind: 'paid', pricePerMinute: price, freeSecondsLeft: null });
        // Opened by a concurrent request of his: that one charged the first minute.
        if (!row) return { row: await repo.open(tx, camera.id, viewer.userId), balance: null as number | null };
        const outcome = await chargeNext(tx, row, at);
        if (outcome.kind === 'refused') {
          if (outcome.reason === 'model') throw conflict('This camera cannot take paid chat now');
          throw new HttpError(409, INSUFFICIENT_COINS, `You have ${outcome.balance} coins; a minute of this chat costs ${price}`);
        }
        if (outcome.kind !== 'charged') throw new Error('the first minute of a new session is always due');
        return { row: outcome.row, balance: outcome.balance };
      });
      if (!opened.row) throw conflict('Your chat session could not be opened: try again');
      if (opened.balance !== null) {
        await pushSession(opened.row, opened.balance);
        await queueNextMinute(opened.row);
        await queuePresenceCheck(opened.row, new Date(at.getTime() + graceMs));
      }
      return toSession(opened.row);
    },

    /** Ends the member's open session with his reason; 409 CHAT_NO_SESSION when there is none. */
    async leave(name: string, viewer: AuthContext, code: ClientEndCode): Promise<ChatSession> {
      const camera = await deps.cameras.infoByName(name);
      if (!camera) throw notFound(`No camera named ${name}`);
      const open = await repo.open(db, camera.id, viewer.userId);
      const ended = open ? await endSession(open.id, code) : null;
      if (!ended) throw new HttpError(409, CHAT_ERROR_CODES.noSession, 'You have no open chat session with this camera');
      return ended;
    },

    /** The paid-watch gate of the cameras module: an open paid session whose current minute is paid. */
    /** Whether the model banned the member from her chat (playdates refuse his requests too). */
    isBanned: (cameraId: number, userId: number): Promise<boolean> => repo.isBanned(db, cameraId, userId),

    async canWatchPaid(userId: number, cameraId: number): Promise<boolean> {
      const open = await repo.open(db, cameraId, userId);
      return open !== null && open.kind === 'paid' && open.paid_until !== null && new Date(open.paid_until).getTime() > now().getTime();
    },

    // ---- The studio ----

    async studio(viewer: AuthContext): Promise<StudioChat> {
      return studioChat(await ownCamera(viewer));
    },

    async saveSettings(viewer: AuthContext, body: StudioChatSettingsBody): Promise<StudioChat> {
      const camera = await ownCamera(viewer);
      // One entry per word, case-insensitively: the filter matches without case.
      const words = [...new Map(body.banned_words.map((w) => [w.toLowerCase(), w])).values()];
      await repo.saveSettings(db, camera.id, { slow_mode_seconds: body.slow_mode_seconds, banned_words: words });
      const event: ChatSettingsEvent = { camera_id: camera.id, settings: { slow_mode_seconds: body.slow_mode_seconds, message_max: CHAT_MESSAGE_MAX } };
      realtime.toRoom(roomName('chat', camera.id), REALTIME_CHAT_EVENTS.settings, event);
      return studioChat(camera);
    },

    async mute(viewer: AuthContext, userId: number, minutes: number): Promise<void> {
      const camera = await ownCamera(viewer);
      await requireOtherUser(viewer, userId);
      const until = minutes === 0 ? null : new Date(now().getTime() + minutes * 60_000);
      if (until) await repo.mute(db, camera.id, userId, until);
      else await repo.unmute(db, camera.id, userId);
      const event: ChatMutedEvent = { camera_id: camera.id, muted_until: until ? unix(until) : null };
      realtime.toUser(userId, REALTIME_CHAT_EVENTS.muted, event);
      await tellModel(camera.id, camera.modelId);
    },

    async kick(viewer: AuthContext, userId: number): Promise<void> {
      const camera = await ownCamera(viewer);
      await requireOtherUser(viewer, userId);
      const open = await repo.open(db, camera.id, userId);
      if (open) await endSession(open.id, CHAT_END_CODES.hostKick);
      await removeFromRooms(camera.id, userId, { code: 'CHAT_KICKED', message: 'The model has taken you out of her chat' });
      await tellModel(camera.id, camera.modelId);
    },

    async ban(viewer: AuthContext, userId: number): Promise<void> {
      const camera = await ownCamera(viewer);
      await requireOtherUser(viewer, userId);
      // The ban first: from here on neither entering nor joining lets him back while his session ends.
      await repo.ban(db, camera.id, userId, now());
      const open = await repo.open(db, camera.id, userId);
      if (open) await endSession(open.id, CHAT_END_CODES.hostKick);
      await removeFromRooms(camera.id, userId, { code: CHAT_ERROR_CODES.banned, message: 'The model has banned you from her chat' });
      for (const listener of bannedListeners) {
        try {
          listener(camera.id, userId);
        } catch (err) {
          log.error({ err, cameraId: camera.id, userId }, 'chat ban listener failed');
        }
      }
      await tellModel(camera.id, camera.modelId);
    },

    async unban(viewer: AuthContext, userId: number): Promise<void> {
      const camera = await ownCamera(viewer);
      if (!isDbId(userId) || !(await repo.unban(db, camera.id, userId))) throw notFound(`User ${userId} is not banned from your chat`);
      await tellModel(camera.id, camera.modelId);
    },

    // ---- What other modules tell (the composition root wires these) ----

    /** The cameras module: a show ended. She stopped (202: host stop send) or the camera went offline (5). */
    async showEnded(cameraId: number, reason: number): Promise<void> {
      await endAllOf(cameraId, reason === CHAT_END_CODES.offline ? CHAT_END_CODES.offline : CHAT_END_CODES.hostStopSend);
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
          if ((await chargeIfDue(id)) === 'charged') charged += 1;
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
export type ChatSessionsService = ReturnType<typeof createChatSessionsService>;
