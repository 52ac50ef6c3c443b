import {
  CONVERSATION_PAGE_SIZE,
  PRODUCT_NAME,
  REALTIME_EVENTS,
  type Conversation,
  type Message,
  type MessagesReadEvent,
  type NewMessageEvent,
  type UnreadTotal,
} from '@velora/shared';
import { conflict, forbidden, notFound, tooManyRequests } from '../../lib/http-error';
import { RATE_LIMITS } from '../../lib/rate-limits';
import type { AuthContext } from '../sessions/sessions.service';
import { conversationResolution, conversationRowOf, type ConversationAddress } from './conversation-resolution';
import { UNREAD, cleanMessageText, toMessage, toPlaydateRef, type MessagesContext } from './messages-context';
import { messagesRepository as repo, type ConversationRow, type MessageRow, type ParticipantState } from './messages.repository';

// One conversation, addressed by name or by playdate: its pages, writing in it, read marks, clearing it and hiding
// a message, each pushed to the others taking part.

export const NO_SUCH_MESSAGE = 'No such message in this conversation';
export const SITE_IS_READ_ONLY = `Messages from ${PRODUCT_NAME} cannot be answered. Write to support through the contact form.`;

export function conversations(ctx: MessagesContext) {
  const { deps, push, counterparts, countUnread, unreadTotal } = ctx;
  const { db, now, rateLimits } = deps;
  const { resolve } = conversationResolution(ctx);

  const stateOf = async (conversationId: number, userId: number): Promise<ParticipantState> =>
    (await repo.participantState(db, conversationId, userId)) ?? { last_read_id: 0, cleared_up_to_id: 0, others_read_id: 0 };

  async function checkSendRate(userId: number): Promise<void> {
    const hits = await rateLimits.consume(`messages:send:${userId}`, RATE_LIMITS.messagesPerAccount);
    if (!hits.allowed) {
      const seconds = Math.max(1, Math.ceil(hits.retryAfterMs / 1000));
      throw tooManyRequests(`You are sending messages too fast: at most ${RATE_LIMITS.messagesPerAccount.points} a minute. Try again in ${seconds} seconds.`, seconds);
    }
  }

  /** messageNew to everyone else in the conversation, each from their side, and to the sender's other tabs. */
  async function announce(conversation: ConversationRow, row: MessageRow, participantIds: number[]): Promise<void> {
    for (const userId of participantIds) {
      const withName = (await counterparts(userId, [conversation], null)).get(conversation.id)?.name ?? '';
      const message = toMessage(row, userId, withName, conversation.playdate_id, UNREAD);
      const event: NewMessageEvent = { message, unread_total: await countUnread(userId) };
      push(userId, REALTIME_EVENTS.messageNew, event);
    }
  }

  async function send(viewer: AuthContext, address: ConversationAddress, text: string): Promise<Message> {
    const body = cleanMessageText(text);
    const target = await resolve(viewer, address);
    if (target.with.kind === 'site') throw forbidden(SITE_IS_READ_ONLY);
    if (!target.canReply) throw conflict('Nobody can receive messages here yet');
    await checkSendRate(viewer.userId);
    const { conversation, row } = await db.transaction(async (tx) => {
      const conversationId = await target.ensure(tx);
      await repo.addParticipants(tx, conversationId, target.participantIds);
      const row = await repo.insertMessage(tx, { conversationId, senderId: viewer.userId, body, createdAt: now() });
      return { conversation: conversationRowOf(target, conversationId, viewer.userId), row };
    });
    await announce(conversation, row, target.participantIds);
    return toMessage(row, viewer.userId, target.with.name, conversation.playdate_id, UNREAD);
  }

  async function markRead(viewer: AuthContext, address: ConversationAddress): Promise<UnreadTotal> {
    const target = await resolve(viewer, address);
    const conversation = target.conversation;
    if (conversation) {
      // A model account that joined after the conversation started takes part from its first read.
      if (target.playdate) await repo.addParticipants(db, conversation.id, [viewer.userId]);
      const moved = await repo.markRead(db, conversation.id, viewer.userId);
      const total = await unreadTotal(viewer.userId);
      push(viewer.userId, REALTIME_EVENTS.unreadChanged, total);
      if (moved && moved.after > moved.before) {
        for (const userId of await repo.participantIds(db, conversation.id)) {
          if (userId === viewer.userId) continue;
          const withName = (await counterparts(userId, [conversation], null)).get(conversation.id)?.name ?? '';
          const event: MessagesReadEvent = { with: withName, playdate_id: conversation.playdate_id, up_to_id: moved.after };
          push(userId, REALTIME_EVENTS.messagesRead, event);
        }
      }
      return total;
    }
    return unreadTotal(viewer.userId);
  }

  async function clear(viewer: AuthContext, address: ConversationAddress): Promise<UnreadTotal> {
    const target = await resolve(viewer, address);
    if (target.conversation) {
      if (target.playdate) await repo.addParticipants(db, target.conversation.id, [viewer.userId]);
      await repo.clear(db, target.conversation.id, viewer.userId);
    }
    const total = await unreadTotal(viewer.userId);
    push(viewer.userId, REALTIME_EVENTS.unreadChanged, total);
    return total;
  }

  async function conversationPage(viewer: AuthContext, address: ConversationAddress, before: number | undefined): Promise<Conversation> {
    const target = await resolve(viewer, address);
    const conversation = target.conversation;
    let messages: Message[] = [];
    let hasMore = false;
    if (conversation) {
      const state = await stateOf(conversation.id, viewer.userId);
      const rows = await repo.page(db, conversation.id, viewer.userId, state.cleared_up_to_id, before ?? null, CONVERSATION_PAGE_SIZE);
      hasMore = rows.length > CONVERSATION_PAGE_SIZE;
      messages = rows
        .slice(0, CONVERSATION_PAGE_SIZE)
        .reverse()
        .map((r) => toMessage(r, viewer.userId, target.with.name, conversation.playdate_id, state));
    }
    return {
      with: target.with,
      playdate: target.playdate ? toPlaydateRef(target.playdate) : null,
      messages,
      has_more: hasMore,
      can_reply: target.canReply,
      unsubscribed_groups: target.with.kind === 'site' ? await repo.unsubscribedGroups(db, viewer.userId) : [],
    };
  }

  return {
    conversation: (viewer: AuthContext, name: string, before?: number) => conversationPage(viewer, { kind: 'name', name }, before),
    playdateConversation: (viewer: AuthContext, id: number, before?: number) => conversationPage(viewer, { kind: 'playdate', id }, before),

    send: (viewer: AuthContext, name: string, text: string) => send(viewer, { kind: 'name', name }, text),
    sendToPlaydate: (viewer: AuthContext, id: number, text: string) => send(viewer, { kind: 'playdate', id }, text),

    markRead: (viewer: AuthContext, name: string) => markRead(viewer, { kind: 'name', name }),
    markPlaydateRead: (viewer: AuthContext, id: number) => markRead(viewer, { kind: 'playdate', id }),

    clear: (viewer: AuthContext, name: string) => clear(viewer, { kind: 'name', name }),
    clearPlaydate: (viewer: AuthContext, id: number) => clear(viewer, { kind: 'playdate', id }),

    /** Hides one message for the viewer only; the other party keeps it. */
    async deleteMessage(viewer: AuthContext, name: string, messageId: number): Promise<UnreadTotal> {
      const target = await resolve(viewer, { kind: 'name', name });
      const conversation = target.conversation;
      if (!conversation || !(await repo.messageInConversation(db, conversation.id, messageId))) throw notFound(NO_SUCH_MESSAGE);
      await repo.hide(db, viewer.userId, messageId, now());
      const total = await unreadTotal(viewer.userId);
      push(viewer.userId, REALTIME_EVENTS.unreadChanged, total);
      return total;
    },
  };
}
