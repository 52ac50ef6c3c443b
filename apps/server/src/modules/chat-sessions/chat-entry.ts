import {
  CHAT_END_CODES,
  CHAT_ERROR_CODES,
  CHAT_MESSAGE_MAX,
  INSUFFICIENT_COINS,
  type ChatEnterBody,
  type ChatRoom,
  type ChatSession,
  type ClientEndCode,
  type FreeChatAllowance,
} from '@velora/shared';
import { HttpError, conflict, forbidden, notFound } from '../../lib/http-error';
import { RATE_LIMITS, limitReached } from '../../lib/rate-limits';
import type { CameraInfo } from '../cameras/cameras.service';
import type { AuthContext } from '../sessions/sessions.service';
import { banned, toSession, unix, type ChatSessionsContext } from './chat-sessions-context';
import { chatSessionsRepository as repo, type ChatSessionRow } from './chat-sessions.repository';
import { entryAir } from './paid-minutes';
import { paidWatchers } from './paid-watchers';

// A member in a camera's chat (decision record 037): what the room shows him, entering it free (a daily allowance)
// or paid (the price per minute, fixed at entry, its first minute charged as the session opens), and leaving it.

const DAY_MS = 24 * 60 * 60 * 1000;

const cameraOffline = () => new HttpError(409, CHAT_ERROR_CODES.offline, 'This camera is not live now: its chat opens when she goes live');
const unprocessable = (message: string, fields?: Record<string, string>) => new HttpError(422, 'UNPROCESSABLE', message, fields);

export function chatEntry(ctx: ChatSessionsContext) {
  const { deps, graceMs, settingsOf, endSession, pushSession, tellModel, queueFreeEnd, queuePresenceCheck, paid } = ctx;
  const { db, now, config, rateLimits } = deps;

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

  /**
   * A ban that committed while this session was being opened looked for open sessions before it was committed, so the
   * new session is checked once more now that it is: either the ban ends it or this does (decision record 063).
   */
  async function endIfBannedMeanwhile(row: ChatSessionRow): Promise<ChatSession | null> {
    return (await repo.isBanned(db, row.camera_id, row.user_id)) ? endSession(row.id, CHAT_END_CODES.hostKick) : null;
  }

  return {
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
      const base = { cameraId: camera.id, modelId: camera.modelId, userId: viewer.userId, authSessionId: viewer.sessionId, at, ...entryAir(camera, at) };

      if (camera.chatMode === 'free') {
        const free = await freeAllowance(viewer.userId, camera, at);
        if (!free.available) throw new HttpError(403, CHAT_ERROR_CODES.freeChatOff, 'Free chat is not available to your account');
        if (free.remaining_seconds <= 0) {
          throw new HttpError(409, CHAT_ERROR_CODES.freeChatUsedUp, 'You have used up today\'s free chat: enter paid chat, or come back tomorrow');
        }
        const inserted = await repo.insert(db, { ...base, kind: 'free', pricePerMinute: null, freeSecondsLeft: free.remaining_seconds });
        if (inserted) {
          const ended = await endIfBannedMeanwhile(inserted);
          if (ended) return ended;
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
        const outcome = await paid.chargeNext(tx, row, at);
        if (outcome.kind === 'refused') {
          if (outcome.reason === 'model') throw conflict('This camera cannot take paid chat now');
          throw new HttpError(409, INSUFFICIENT_COINS, `You have ${outcome.balance} coins; a minute of this chat costs ${price}`);
        }
        if (outcome.kind !== 'charged') throw new Error('the first minute of a new session is always due');
        return { row: outcome.row, balance: outcome.balance };
      });
      if (!opened.row) throw conflict('Your chat session could not be opened: try again');
      if (opened.balance !== null) {
        const ended = await endIfBannedMeanwhile(opened.row);
        if (ended) return ended;
        await pushSession(opened.row, opened.balance);
        await paid.queueNextMinute(opened.row);
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

    /** Whether the model banned the member from her chat (playdates refuse his requests too). */
    isBanned: (cameraId: number, userId: number): Promise<boolean> => repo.isBanned(db, cameraId, userId),

    /** The paid-watch gate of the cameras module: the members among `userIds` whose open paid session pays for now. */
    paidWatchers: (cameraId: number, userIds: readonly number[]): Promise<ReadonlySet<number>> => paidWatchers(db, now(), cameraId, userIds),
  };
}
