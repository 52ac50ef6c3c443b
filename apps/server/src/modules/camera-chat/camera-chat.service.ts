import {
  CHAT_ERROR_CODES,
  CHAT_HISTORY_PAGE,
  CHAT_RATE_LIMIT,
  REALTIME_CHAT_EVENTS,
  REALTIME_ERROR_CODES,
  roomName,
  type ChatMessage,
  type ChatMessagePage,
  type ChatMessagesRemovedEvent,
  type ChatSession,
  type CHAT_CLIENT_EVENTS,
} from '@velora/shared';
import type { z } from 'zod';
import { notFound, forbidden } from '../../lib/http-error';
import { durationText } from '../../lib/rate-limits';
import { RealtimeError } from '../../lib/realtime-error';
import type { RealtimeEventContext } from '../../lib/realtime-hub';
import { requireSecondFactorOnRealtime } from '../../plugins/realtime-second-factor';
import type { Platform } from '../../platform';
import type { CamerasService } from '../cameras/cameras.service';
import type { ChatAccess, ChatRoomInfo } from '../chat-sessions/chat-access';
import type { TipBooked } from '../coins/coins-tips.service';
import type { AuthContext } from '../sessions/sessions.service';
import { cameraChatRepository as repo, type ChatMessageRow, type NewChatMessage } from './camera-chat.repository';
import {
  ADVERTISEMENT_AFTER_MESSAGES,
  ADVERTISEMENT_INTERVAL_MS,
  FEEDBACK_MIN_SESSION_SECONDS,
  SYSTEM_CHAT_TYPES,
  systemMessages,
  type SystemChatType,
  type SystemParams,
} from './system-messages';
import { wordFilter } from './word-filter';

// Camera chat (decision record 036): the messages of a camera's chat room. Who may read and write, the
// room's slow mode and word filter come from chat sessions (ChatAccess); this module checks the message, stores it in
// order, delivers it on every instance and pages history back. The server's own messages (advertisement, reminders,
// the feedback ask) and tips shown in the room are written here too.

export type ChatSendInput = z.output<typeof CHAT_CLIENT_EVENTS.send.payload>;

/** A message of the server, for the playdates issue's pr_reminders and pr_requesting too. */
export interface SystemMessageInput {
  cameraId: number;
  kind: SystemChatType;
  /** The browser shows `chat.system.<key>` with `params`; `text` is the English fallback. */
  key: string;
  params: SystemParams;
  text: string;
  /** To one person only (private to him); null or absent: to the room. */
  toUserId?: number | null;
  /** Written once only: a second call with the same key stores and sends nothing (and answers null). */
  onceKey?: string | null;
}

export interface CameraChatDeps extends Pick<Platform, 'db' | 'now' | 'rateLimits' | 'realtime' | 'log'> {
  cameras: Pick<CamerasService, 'cameraIdOfModel' | 'nextShow'>;
  access: ChatAccess;
}

const { validation, notInRoom, rateLimited, notFound: NOT_FOUND, forbidden: FORBIDDEN } = REALTIME_ERROR_CODES;

export function toChatMessage(row: ChatMessageRow): ChatMessage {
  return {
    id: Number(row.id),
    camera_id: row.camera_id,
    kind: row.kind,
    author: { user_id: row.author_user_id, name: row.author_name, role: row.author_role },
    to_user_id: row.to_user_id,
    text: row.text,
    tip_coins: row.tip_coins,
    system: row.system_key === null ? null : { key: row.system_key, params: row.system_params ?? {} },
    created_at: new Date(row.created_at).getTime(),
  };
}

export function createCameraChatService(deps: CameraChatDeps) {
  const { db, now, rateLimits, realtime, log, cameras, access } = deps;
  /** Work done after an answer (advertisements): awaited by idle(). */
  const background = new Set<Promise<void>>();

  function later(what: string, work: () => Promise<void>): void {
    const running = work()
      .catch((error: unknown) => log.warn({ err: error }, `camera chat: ${what} failed`))
      .finally(() => background.delete(running));
    background.add(running);
  }

  /** To the room on every instance; a private one to its two people only (every connection of each). */
  function deliver(message: ChatMessage): void {
    if (message.to_user_id === null) {
      realtime.toRoom(roomName('chat', message.camera_id), REALTIME_CHAT_EVENTS.message, message);
      return;
    }
    realtime.toUser(message.to_user_id, REALTIME_CHAT_EVENTS.message, message);
    if (message.author.user_id !== null && message.author.user_id !== message.to_user_id) {
      realtime.toUser(message.author.user_id, REALTIME_CHAT_EVENTS.message, message);
    }
  }

  function announceRemoved(cameraId: number, messageIds: number[]): void {
    if (messageIds.length === 0) return;
    const event: ChatMessagesRemovedEvent = { camera_id: cameraId, message_ids: messageIds };
    realtime.toRoom(roomName('chat', cameraId), REALTIME_CHAT_EVENTS.removed, event);
  }

  async function store(message: Omit<NewChatMessage, 'createdAt'>): Promise<ChatMessage | null> {
    // A chat line is not money: its commit need not wait for the disk's flush, which on a busy disk is what made the
    // fan-out's slowest deliveries slow (bench/README.md). A crash may lose the last few milliseconds of chat, never
    // half a row, and never anything of the ledger (its transactions keep the default).
    const row = await db.transaction(async (tx) => {
      await tx.query('SET LOCAL synchronous_commit = off');
      return repo.insert(tx, { ...message, createdAt: now() });
    });
    return row ? toChatMessage(row) : null;
  }

  async function postSystemMessage(input: SystemMessageInput): Promise<ChatMessage | null> {
    if (!(SYSTEM_CHAT_TYPES as readonly string[]).includes(input.kind)) throw new RangeError(`${input.kind} is not a kind the server writes`);
    const message = await store({
      cameraId: input.cameraId,
      kind: input.kind,
      authorUserId: null,
      authorName: '',
      authorRole: 'system',
      toUserId: input.toUserId ?? null,
      text: input.text,
      tipCoins: null,
      system: { key: input.key, params: input.params },
      onceKey: input.onceKey ?? null,
    });
    if (message) deliver(message);
    return message;
  }

  /**
   * In a live free-chat room while members chat: the offer, at most once per ADVERTISEMENT_INTERVAL_MS and only
   * after ADVERTISEMENT_AFTER_MESSAGES members' messages since the last one. The shared counter decides between
   * instances that saw the same moment.
   */
  async function maybeAdvertise(room: ChatRoomInfo): Promise<void> {
    if (room.chatMode !== 'free' || !room.live) return;
    const last = await repo.lastOfKind(db, room.cameraId, 'advertisement');
    if (last && now().getTime() - new Date(last.created_at).getTime() < ADVERTISEMENT_INTERVAL_MS) return;
    const since = await repo.memberMessagesSince(db, room.cameraId, last ? Number(last.id) : 0, ADVERTISEMENT_AFTER_MESSAGES);
    if (since < ADVERTISEMENT_AFTER_MESSAGES) return;
    const claim = await rateLimits.consume(`chat:ad:${room.cameraId}`, { points: 1, windowMs: ADVERTISEMENT_INTERVAL_MS });
    if (!claim.allowed) return;
    await postSystemMessage({ cameraId: room.cameraId, kind: 'advertisement', ...systemMessages.advertisement({ model: room.displayName }) });
  }

  /** The member entering her room hears of her next show, once per show. */
  async function remindOfNextShow(room: ChatRoomInfo, userId: number): Promise<void> {
    const show = await cameras.nextShow(room.cameraId);
    if (!show) return;
    await postSystemMessage({
      cameraId: room.cameraId,
      kind: 'pub_reminders',
      toUserId: userId,
      onceKey: `pub_reminders:${show.id}:${userId}`,
      ...systemMessages.showReminder({ model: room.displayName, showId: show.id, startsAt: show.starts_at, endsAt: show.ends_at }),
    });
  }

  async function askForFeedback(session: ChatSession, userId: number): Promise<void> {
    if (session.ended_at === null || session.ended_at - session.started_at < FEEDBACK_MIN_SESSION_SECONDS) return;
    const room = await access.roomById(session.camera_id);
    // A member banned from the room is not asked into it.
    if (!room || !(await access.mayRead(userId, room.cameraId))) return;
    await postSystemMessage({
      cameraId: room.cameraId,
      kind: 'feedback',
      toUserId: userId,
      onceKey: `feedback:${session.id}`,
      ...systemMessages.feedback({ model: room.displayName, camera: room.name }),
    });
  }

  async function removeAllOf(cameraId: number, userId: number): Promise<void> {
    announceRemoved(cameraId, await repo.removeAllBy(db, cameraId, userId, now()));
  }

  /** A tip booked from the camera screen: shown in her room while she is live (once per tip, however often retried). */
  async function showTip(tip: TipBooked): Promise<ChatMessage | null> {
    const cameraId = await cameras.cameraIdOfModel(tip.modelId);
    if (cameraId === null) return null;
    const room = await access.roomById(cameraId);
    if (!room?.live || !(await access.mayRead(tip.userId, cameraId))) return null;
    const name = await repo.chatNameOf(db, tip.userId);
    if (name === null) return null;
    const message = await store({
      cameraId,
      kind: 'public',
      authorUserId: tip.userId,
      authorName: name,
      authorRole: 'member',
      toUserId: null,
      text: '',
      tipCoins: tip.coins,
      system: null,
      onceKey: `tip:${tip.tipId}`,
    });
    if (message) deliver(message);
    return message;
  }

  access.onBanned((cameraId, userId) => later('removing a banned member\'s messages', () => removeAllOf(cameraId, userId)));
  access.onSessionEnded((session, userId) => later('the feedback ask', () => askForFeedback(session, userId)));

  /** The private message's addressee, or a refusal naming the field. */
  async function addresseeOf(input: ChatSendInput, writer: { userId: number; role: 'member' | 'model' }, room: ChatRoomInfo, paid: boolean): Promise<number | null> {
    const to = input.to_user_id ?? null;
    if (input.kind === 'public') {
      if (to !== null) throw new RealtimeError(validation, 'Invalid payload: to_user_id (Only a private message has an addressee)', { fields: { to_user_id: 'Only a private message has an addressee' } });
      return null;
    }
    if (writer.role === 'model') {
      if (to === null) throw new RealtimeError(validation, 'Invalid payload: to_user_id (Name the member you whisper to)', { fields: { to_user_id: 'Name the member you whisper to' } });
      if (to === writer.userId) throw new RealtimeError(validation, 'Invalid payload: to_user_id (Whisper to a member, not to yourself)', { fields: { to_user_id: 'Whisper to a member, not to yourself' } });
      const presence = await realtime.presence(roomName('chat', room.cameraId));
      if (!presence.members.includes(to)) {
        throw new RealtimeError(NOT_FOUND, 'That member is not in your chat room now', { fields: { to_user_id: 'Must be someone in your chat room now' } });
      }
      return to;
    }
    if (!paid) throw new RealtimeError(FORBIDDEN, 'Private messages to the model are part of paid chat: enter paid chat to write to her privately');
    if (to !== null && to !== room.modelUserId) {
      throw new RealtimeError(validation, 'Invalid payload: to_user_id (A member writes privately to the model only)', { fields: { to_user_id: 'A member writes privately to the model only' } });
    }
    return room.modelUserId;
  }

  return {
    /**
     * CHAT_CLIENT_EVENTS.send, after the channel validated the payload: in the room, allowed by chat sessions, within
     * the member's rate limit and the room's slow mode and word filter. Stored, delivered, and answered with the
     * stored message.
     */
    async send(context: RealtimeEventContext, input: ChatSendInput): Promise<{ message: ChatMessage }> {
      const userId = context.userId;
      if (userId === null) throw new RealtimeError(REALTIME_ERROR_CODES.unauthorized, 'Log in to write in a chat');
      const cameraId = input.camera_id;
      // Every attempt counts (decision record 026): counted before anything is asked; the model's count is never read.
      const attempt = await rateLimits.consume(`chat:send:${cameraId}:${userId}`, CHAT_RATE_LIMIT);
      if (!context.inRoom(roomName('chat', cameraId))) throw new RealtimeError(notInRoom, `Join the chat room first (room:join chat:${cameraId})`);
      const permit = await access.writePermit(userId, cameraId);
      if (!permit.ok) throw new RealtimeError(permit.code, permit.message);
      const { writer, room, settings, session } = permit;
      const isMember = writer.role === 'member';
      // The model writes in her own room as the studio does: behind her second factor (decision record 070).
      if (writer.role === 'model') await requireSecondFactorOnRealtime(context, now().getTime());
      if (isMember && !attempt.allowed) {
        throw new RealtimeError(
          rateLimited,
          `You are writing too fast in this room: at most ${CHAT_RATE_LIMIT.points} messages per ${durationText(CHAT_RATE_LIMIT.windowMs)}. Try again in ${durationText(attempt.retryAfterMs)}.`,
          { retry_after_ms: Math.max(0, Math.ceil(attempt.retryAfterMs)) },
        );
      }
      const toUserId = await addresseeOf(input, writer, room, session?.kind === 'paid');
      if (isMember) {
        const banned = wordFilter(settings.banned_words)(input.text);
        if (banned !== null) throw new RealtimeError(CHAT_ERROR_CODES.filtered, `Your message was not sent: "${banned}" is not allowed in this room`);
        if (settings.slow_mode_seconds > 0) {
          const windowMs = settings.slow_mode_seconds * 1000;
          const slow = await rateLimits.consume(`chat:slow:${cameraId}:${userId}:${settings.slow_mode_seconds}`, { points: 1, windowMs });
          if (!slow.allowed) {
            throw new RealtimeError(
              rateLimited,
              `Slow mode is on: one message every ${durationText(windowMs)}. Try again in ${durationText(slow.retryAfterMs)}.`,
              { retry_after_ms: Math.max(0, Math.ceil(slow.retryAfterMs)), detail: CHAT_ERROR_CODES.slowMode },
            );
          }
        }
      }
      const message = await store({
        cameraId,
        kind: input.kind,
        authorUserId: writer.userId,
        authorName: writer.name,
        authorRole: writer.role,
        toUserId,
        text: input.text,
        tipCoins: null,
        system: null,
        onceKey: null,
      });
      deliver(message!);
      if (isMember && input.kind === 'public') later('an advertisement', () => maybeAdvertise(room));
      return { message: message! };
    },

    /** cameras.chat.messages: a page of what the reader may see, oldest first; the newest page when `before` is absent. */
    async history(name: string, viewer: AuthContext, before: number | undefined): Promise<ChatMessagePage> {
      const room = await access.roomByName(name);
      if (!room) throw notFound(`No camera called ${name}`);
      if (!(await access.mayRead(viewer.userId, room.cameraId))) throw forbidden('You may not read this chat room');
      // Entering (the newest page) is when a member hears of her next show.
      if (before === undefined && viewer.userId !== room.modelUserId) {
        await remindOfNextShow(room, viewer.userId).catch((error: unknown) => log.warn({ err: error }, 'camera chat: show reminder failed'));
      }
      const rows = await repo.page(db, room.cameraId, viewer.userId, before ?? null, CHAT_HISTORY_PAGE + 1);
      const hasMore = rows.length > CHAT_HISTORY_PAGE;
      return { messages: rows.slice(0, CHAT_HISTORY_PAGE).reverse().map(toChatMessage), has_more: hasMore };
    },

    /** studio.chat.removeMessage: the model removes a message of her room for everyone. */
    async removeMessage(viewer: AuthContext, messageId: number): Promise<void> {
      if (viewer.modelId === null) throw forbidden('Only a model removes messages from her chat room');
      const cameraId = await cameras.cameraIdOfModel(viewer.modelId);
      if (cameraId === null) throw notFound('You have no camera yet');
      const outcome = await repo.remove(db, cameraId, messageId, now());
      if (outcome === 'missing') throw notFound(`No message ${messageId} in your chat room`);
      if (outcome === 'removed') announceRemoved(cameraId, [messageId]);
    },

    postSystemMessage,

    showTip,

    /** The tips service's listener (wired in the composition root): shows the tip after the tip's answer. */
    tipBooked(tip: TipBooked): void {
      later('showing a tip', async () => {
        await showTip(tip);
      });
    },

    /** Resolves when the work started after answers (advertisements, removals, feedback asks) is done: for tests. */
    async idle(): Promise<void> {
      while (background.size > 0) await Promise.all([...background]);
    },
  };
}
export type CameraChatService = ReturnType<typeof createCameraChatService>;
