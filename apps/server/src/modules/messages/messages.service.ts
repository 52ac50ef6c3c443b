import {
  CONVERSATION_PAGE_SIZE,
  INBOX_PER_PAGE,
  MESSAGE_RECIPIENTS_MAX,
  MESSAGE_TEXT_MAX,
  PRODUCT_NAME,
  PROVIDER_INBOX_SEGMENT,
  REALTIME_EVENTS,
  type Conversation,
  type Correspondent,
  type Inbox,
  type Language,
  type Message,
  type MessageRecipients,
  type MessagesReadEvent,
  type NewMessageEvent,
  type NewMessages,
  type PlaydateCameras,
  type PlaydateRef,
  type SiteMessageGroup,
  type TransactionalPopup,
  type UnreadTotal,
  type UnsubscribedGroups,
  withoutStrayControls,
} from '@velora/shared';
import type { Platform } from '../../platform';
import type { Queryable } from '../../db/database';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../lib/http-error';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { createTableCache } from '../../lib/table-cache';
import { capPage, isDbId, offsetOf, pagesOf } from '../../lib/paging';
import type { MediaService } from '../media/media.service';
import type { AuthContext } from '../sessions/sessions.service';
import {
  messagesRepository as repo,
  type ConversationRow,
  type MessageRow,
  type ParticipantState,
  type PlaydateRow,
  type UserRow,
} from './messages.repository';

/** Per user, direct and playdate messages together: enough for a lively conversation, too few for a flood. */
/** GET /messages/new_messages answers at most this many messages. */
export const NEW_MESSAGES_MAX = 100;

/**
 * Each member's unread total is kept until a message, a read mark or a hidden message changes anywhere (or a user or
 * conversation goes, whose deletion cascades into them), ten minutes at most (decision record 058).
 */
export const UNREAD_TOTAL_TABLES = ['messages', 'conversation_participants', 'hidden_messages', 'conversations', 'users'] as const;
export const UNREAD_TOTAL_CACHE = { max: 20_000, maxBytes: 1024 * 1024, ttlMs: 10 * 60_000 };

export const NO_SUCH_MEMBER = 'No such member';
export const NO_SUCH_PLAYDATE = 'No such playdate';
export const NO_SUCH_MESSAGE = 'No such message in this conversation';
export const NOT_TO_YOURSELF = 'You cannot write to yourself';
export const SITE_IS_READ_ONLY = `Messages from ${PRODUCT_NAME} cannot be answered. Write to support through the contact form.`;
export const PUBLIC_PLAYDATE_HAS_NO_MESSAGES = 'Public playdates have no offline messages';
export const WRITE_SOMETHING = 'Write a message first';

const SITE: Correspondent = { kind: 'site', name: PROVIDER_INBOX_SEGMENT, display_name: PRODUCT_NAME, avatar: null, model_id: null };

/** Plain text as given, trimmed; never HTML (the app renders it as text). */
export function cleanMessageText(text: string): string {
  const body = withoutStrayControls(text).trim();
  if (body === '') throw badRequest(`Invalid body: text (${WRITE_SOMETHING})`, { text: WRITE_SOMETHING });
  if (body.length > MESSAGE_TEXT_MAX) {
    const tooLong = `Must be at most ${MESSAGE_TEXT_MAX} characters`;
    throw badRequest(`Invalid body: text (${tooLong})`, { text: tooLong });
  }
  return body;
}

/** What a conversation is addressed by: `/messages/{name}` or `/messages/playdate/{id}`. */
export type ConversationAddress = { kind: 'name'; name: string } | { kind: 'playdate'; id: number };

/** An addressed conversation from the viewer's side, whether or not it has started. */
interface Resolved {
  conversation: ConversationRow | null;
  with: Correspondent;
  playdate: PlaydateRow | null;
  canReply: boolean;
  /** Everyone who takes part once it has started, the viewer included. */
  participantIds: number[];
  /** Starts it (or finds it) inside a transaction. */
  ensure(tx: Queryable): Promise<number>;
}

export interface SiteMessageInput {
  group: SiteMessageGroup;
  subject: string | null;
  text: string;
  /** Also shown once as the transactional popup (GET /messages/transactional/popup). */
  popup?: boolean;
}

/** The first message in every new account's site inbox. */
const WELCOME: Record<Language, { subject: string; lines: (username: string) => string[] }> = {
  en: {
    subject: `Welcome to ${PRODUCT_NAME}`,
    lines: (username) => [
      `Hello ${username},`,
      '',
      `welcome to ${PRODUCT_NAME}. This is your inbox: messages from other members, from models and from us arrive here.`,
      'You can turn our news and offers off here at any time.',
      '',
      `Enjoy your time on ${PRODUCT_NAME}.`,
    ],
  },
  de: {
    subject: `Willkommen bei ${PRODUCT_NAME}`,
    lines: (username) => [
      `Hallo ${username},`,
      '',
      `willkommen bei ${PRODUCT_NAME}. Das ist dein Posteingang: Hier kommen Nachrichten von anderen Mitgliedern, von Models und von uns an.`,
      'Unsere Neuigkeiten und Angebote kannst du hier jederzeit abschalten.',
      '',
      `Viel Spaß bei ${PRODUCT_NAME}.`,
    ],
  },
  fr: {
    subject: `Bienvenue sur ${PRODUCT_NAME}`,
    lines: (username) => [
      `Bonjour ${username},`,
      '',
      `bienvenue sur ${PRODUCT_NAME}. Voici votre boîte de réception : les messages des autres membres, des modèles et de notre équipe arrivent ici.`,
      'Vous pouvez désactiver nos actualités et nos offres ici à tout moment.',
      '',
      `Profitez bien de ${PRODUCT_NAME}.`,
    ],
  },
};

/** The first site message of a new account, in the language it signed up in. */
export function welcomeSiteMessage(username: string, language: Language = 'en'): SiteMessageInput {
  const welcome = WELCOME[language];
  return { group: 'account', subject: welcome.subject, text: welcome.lines(username).join('\n') };
}

export interface ErrorLog {
  error(details: object, message: string): void;
}

const ms = (d: Date) => new Date(d).getTime();

export interface MessagesDeps extends Pick<Platform, 'db' | 'now' | 'rateLimits' | 'realtime' | 'mediaUrls'> {
  log: ErrorLog;
  media: MediaService;
}

export function createMessagesService(deps: MessagesDeps) {
  const { db, now, rateLimits, mediaUrls, media, log } = deps;

  /** Fire and forget: a push that fails must not fail a message that is stored; the app also polls. */
  function push(userId: number, event: string, payload: unknown): void {
    try {
      deps.realtime.toUser(userId, event, payload);
    } catch (err) {
      log.error({ err, event }, 'realtime push failed');
    }
  }

  function userCorrespondent(user: UserRow, viewer: AuthContext | null): Correspondent {
    if (user.model_id !== null && user.model_name !== null) {
      return {
        kind: 'model',
        name: user.username,
        display_name: user.model_name,
        avatar: media.imageUrl('model', user.model_id, '400x400', viewer),
        model_id: user.model_id,
      };
    }
    return {
      kind: 'member',
      name: user.username,
      display_name: user.chatname?.trim() || user.username,
      avatar: mediaUrls.avatar(user.id, user.avatar),
      model_id: null,
    };
  }

  /** The member's side of a playdate sees the model's account; the model's side sees the member. */
  function playdateCounterpart(playdate: PlaydateRow, userId: number, users: Map<number, UserRow>, viewer: AuthContext | null): Correspondent {
    if (userId === playdate.member_id) {
      const account = playdate.model_account_id === null ? undefined : users.get(playdate.model_account_id);
      if (account) return userCorrespondent(account, viewer);
      // A model without an account yet: shown by name, nobody to write to.
      return { kind: 'model', name: '', display_name: playdate.model_name, avatar: media.imageUrl('model', playdate.model_id, '400x400', viewer), model_id: playdate.model_id };
    }
    const member = playdate.member_id === null ? undefined : users.get(playdate.member_id);
    return member ? userCorrespondent(member, viewer) : { kind: 'member', name: '', display_name: 'Former member', avatar: null, model_id: null };
  }

  /** The other party of each conversation, as `userId` sees it. */
  async function counterparts(userId: number, conversations: ConversationRow[], viewer: AuthContext | null): Promise<Map<number, Correspondent>> {
    const playdateIds = [...new Set(conversations.flatMap((c) => (c.kind === 'playdate' && c.playdate_id !== null ? [c.playdate_id] : [])))];
    const playdates = new Map((playdateIds.length > 0 ? await repo.playdatesByIds(db, playdateIds) : []).map((p) => [p.id, p]));
    const userIds = new Set<number>();
    for (const c of conversations) if (c.kind === 'direct') userIds.add(c.user_low === userId ? c.user_high! : c.user_low!);
    for (const p of playdates.values()) {
      if (p.member_id !== null) userIds.add(p.member_id);
      if (p.model_account_id !== null) userIds.add(p.model_account_id);
    }
    const users = new Map((userIds.size > 0 ? await repo.usersByIds(db, [...userIds]) : []).map((u) => [u.id, u]));
    const result = new Map<number, Correspondent>();
    for (const c of conversations) {
      if (c.kind === 'site') result.set(c.id, SITE);
      else if (c.kind === 'direct') {
        const other = users.get(c.user_low === userId ? c.user_high! : c.user_low!);
        if (other) result.set(c.id, userCorrespondent(other, viewer));
      } else {
        const playdate = c.playdate_id === null ? undefined : playdates.get(c.playdate_id);
        if (playdate) result.set(c.id, playdateCounterpart(playdate, userId, users, viewer));
      }
    }
    return result;
  }

  function toMessage(row: MessageRow, userId: number, withName: string, playdateId: number | null, state: Pick<ParticipantState, 'last_read_id' | 'others_read_id'>): Message {
    const fromMe = row.sender_id !== null && row.sender_id === userId;
    return {
      id: row.id,
      with: withName,
      playdate_id: playdateId,
      from_me: fromMe,
      text: row.body,
      subject: row.subject,
      group: row.site_group,
      created_at: ms(row.created_at),
      read: fromMe ? row.id <= state.others_read_id : row.id <= state.last_read_id,
    };
  }

  const toPlaydateRef = (p: PlaydateRow): PlaydateRef => ({
    id: p.id,
    title: p.title,
    kind: p.kind,
    starts_at: ms(p.starts_at),
    model: { id: p.model_id, name_en: p.model_name },
  });

  async function loadPlaydate(viewer: AuthContext, id: number): Promise<PlaydateRow> {
    const [playdate] = isDbId(id) ? await repo.playdatesByIds(db, [id]) : [];
    if (!playdate) throw notFound(NO_SUCH_PLAYDATE);
    if (playdate.kind === 'public') throw notFound(PUBLIC_PLAYDATE_HAS_NO_MESSAGES);
    // Only the member who booked it and the model's own accounts; to anyone else it does not exist.
    const isMember = playdate.member_id === viewer.userId;
    const isModel = viewer.modelId !== null && viewer.modelId === playdate.model_id;
    if (!isMember && !isModel) throw notFound(NO_SUCH_PLAYDATE);
    return playdate;
  }

  async function resolve(viewer: AuthContext, address: ConversationAddress): Promise<Resolved> {
    const me = viewer.userId;
    if (address.kind === 'playdate') {
      const playdate = await loadPlaydate(viewer, address.id);
      const accounts = await repo.modelAccounts(db, playdate.model_id);
      const users = new Map(accounts.map((u) => [u.id, u]));
      if (playdate.member_id !== null && !users.has(playdate.member_id)) {
        for (const u of await repo.usersByIds(db, [playdate.member_id])) users.set(u.id, u);
      }
      const participantIds = [...new Set([...(playdate.member_id === null ? [] : [playdate.member_id]), ...accounts.map((a) => a.id), me])];
      const counterpart = playdateCounterpart(playdate, me, users, viewer);
      return {
        conversation: await repo.findPlaydate(db, playdate.id),
        with: counterpart,
        playdate,
        canReply: counterpart.name !== '',
        participantIds,
        ensure: (tx) => repo.ensurePlaydate(tx, playdate.id),
      };
    }
    if (address.name.toLowerCase() === PROVIDER_INBOX_SEGMENT) {
      return {
        conversation: await repo.findSite(db, me),
        with: SITE,
        playdate: null,
        canReply: false,
        participantIds: [me],
        ensure: (tx) => repo.ensureSite(tx, me),
      };
    }
    const other = await repo.userByName(db, address.name);
    if (!other) throw notFound(NO_SUCH_MEMBER);
    if (other.id === me) throw badRequest(NOT_TO_YOURSELF, { name: NOT_TO_YOURSELF });
    return {
      conversation: await repo.findDirect(db, me, other.id),
      with: userCorrespondent(other, viewer),
      playdate: null,
      canReply: true,
      participantIds: [me, other.id],
      ensure: (tx) => repo.ensureDirect(tx, me, other.id),
    };
  }

  const stateOf = async (conversationId: number, userId: number): Promise<ParticipantState> =>
    (await repo.participantState(db, conversationId, userId)) ?? { last_read_id: 0, cleared_up_to_id: 0, others_read_id: 0 };

  const unreadTotals = createTableCache<number>({ tables: UNREAD_TOTAL_TABLES, changes: db.changes, ...UNREAD_TOTAL_CACHE });
  const countUnread = (userId: number): Promise<number> => unreadTotals.get(String(userId), () => repo.unreadTotal(db, userId));
  const unreadTotal = async (userId: number): Promise<UnreadTotal> => ({ unread_total: await countUnread(userId) });

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
      const message = toMessage(row, userId, withName, conversation.playdate_id, { last_read_id: 0, others_read_id: 0 });
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
    return toMessage(row, viewer.userId, target.with.name, conversation.playdate_id, { last_read_id: 0, others_read_id: 0 });
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
    async inbox(viewer: AuthContext, requestedPage: number): Promise<Inbox> {
      const page = capPage(requestedPage);
      const [total, rows, unread] = await Promise.all([
        repo.inboxCount(db, viewer.userId),
        repo.inboxPage(db, viewer.userId, INBOX_PER_PAGE, offsetOf(page, INBOX_PER_PAGE)),
        countUnread(viewer.userId),
      ]);
      const others = await counterparts(viewer.userId, rows, viewer);
      const conversations = rows.flatMap((r) => {
        const other = others.get(r.id);
        if (!other) return [];
        const last: MessageRow = {
          id: r.last_id,
          conversation_id: r.id,
          sender_id: r.last_sender_id,
          body: r.last_body,
          subject: r.last_subject,
          site_group: r.last_site_group,
          created_at: r.last_created_at,
        };
        return [
          {
            with: other,
            playdate_id: r.playdate_id,
            last_message: toMessage(last, viewer.userId, other.name, r.playdate_id, r),
            unread: r.unread,
            updated_at: ms(r.last_created_at),
          },
        ];
      });
      return { conversations, page, per_page: INBOX_PER_PAGE, total, pages: pagesOf(total, INBOX_PER_PAGE), unread_total: unread };
    },

    /** Models the viewer may start a conversation with, by name; a model's own accounts do not list her. */
    async recipients(viewer: AuthContext, search: string): Promise<MessageRecipients> {
      const rows = await repo.recipients(db, search, viewer.modelId, MESSAGE_RECIPIENTS_MAX);
      return {
        recipients: rows.map((r) => ({
          model_id: r.model_id,
          display_name: r.name_en,
          avatar: media.imageUrl('model', r.model_id, '400x400', viewer),
          name: r.username,
        })),
      };
    },

    /** Messages to the viewer strictly newer than `sinceMs`, oldest first; 0 asks for the unread total only. */
    async newMessages(viewer: AuthContext, sinceMs: number): Promise<NewMessages> {
      const serverTime = now().getTime();
      const rows = sinceMs > 0 ? await repo.newMessages(db, viewer.userId, sinceMs, NEW_MESSAGES_MAX + 1) : [];
      const page = rows.slice(0, NEW_MESSAGES_MAX);
      const conversations = new Map<number, ConversationRow>();
      for (const r of page) {
        conversations.set(r.conversation_id, { id: r.conversation_id, kind: r.kind, user_low: r.user_low, user_high: r.user_high, playdate_id: r.playdate_id });
      }
      const others = await counterparts(viewer.userId, [...conversations.values()], viewer);
      const messages = page.map((r) => ({
        ...toMessage(r, viewer.userId, others.get(r.conversation_id)?.name ?? '', r.playdate_id, { last_read_id: 0, others_read_id: 0 }),
        read: r.read,
      }));
      // More than fit: the cursor continues after the last one handed out instead of skipping the rest.
      const cursor = rows.length > NEW_MESSAGES_MAX ? messages[messages.length - 1]!.created_at : serverTime;
      return { messages, unread_total: await countUnread(viewer.userId), server_time: cursor };
    },

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

    async playdateCameras(viewer: AuthContext, id: number): Promise<PlaydateCameras> {
      const playdate = await loadPlaydate(viewer, id);
      const [accounts, onAir] = await Promise.all([repo.modelAccounts(db, playdate.model_id), repo.modelOnAir(db, playdate.model_id)]);
      return {
        playdate: toPlaydateRef(playdate),
        cameras: accounts.map((a) => ({
          name: a.username,
          display_name: playdate.model_name,
          model_id: playdate.model_id,
          avatar: media.imageUrl('model', playdate.model_id, '400x400', viewer),
          is_online: onAir,
        })),
      };
    },

    /** The newest popup site message not shown yet; taking it marks it shown, so it shows once. */
    async takePopup(viewer: AuthContext): Promise<TransactionalPopup> {
      const row = await repo.takePopup(db, viewer.userId, now());
      return {
        message: row ? { id: row.id, subject: row.subject, text: row.body, group: row.site_group, created_at: ms(row.created_at) } : null,
      };
    },

    async setGroupSubscription(viewer: AuthContext, group: SiteMessageGroup, subscribe: boolean): Promise<UnsubscribedGroups> {
      if (subscribe) await repo.resubscribe(db, viewer.userId, group);
      else await repo.unsubscribe(db, viewer.userId, group, now());
      return { unsubscribed_groups: await repo.unsubscribedGroups(db, viewer.userId) };
    },

    /**
     * A message from the site to a user's inbox (/messages/velora), for other modules (welcome, receipts). Skipped
     * (null) when the user unsubscribed from the group; account messages always arrive.
     */
    async sendSiteMessage(userId: number, input: SiteMessageInput): Promise<Message | null> {
      const body = cleanMessageText(input.text);
      if (input.group !== 'account' && (await repo.isUnsubscribed(db, userId, input.group))) return null;
      const row = await db.transaction(async (tx) => {
        const conversationId = await repo.ensureSite(tx, userId);
        await repo.addParticipants(tx, conversationId, [userId]);
        return repo.insertMessage(tx, {
          conversationId,
          senderId: null,
          body,
          subject: input.subject,
          group: input.group,
          popup: input.popup ?? false,
          createdAt: now(),
        });
      });
      const message = toMessage(row, userId, PROVIDER_INBOX_SEGMENT, null, { last_read_id: 0, others_read_id: 0 });
      push(userId, REALTIME_EVENTS.messageNew, { message, unread_total: await countUnread(userId) } satisfies NewMessageEvent);
      return message;
    },

    unreadTotal,
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;

/** The conversation row a transaction just found or created. */
function conversationRowOf(target: Resolved, conversationId: number, viewerId: number): ConversationRow {
  if (target.playdate) return { id: conversationId, kind: 'playdate', user_low: null, user_high: null, playdate_id: target.playdate.id };
  const other = target.participantIds.find((id) => id !== viewerId);
  if (other === undefined) return { id: conversationId, kind: 'site', user_low: viewerId, user_high: null, playdate_id: null };
  return { id: conversationId, kind: 'direct', user_low: Math.min(viewerId, other), user_high: Math.max(viewerId, other), playdate_id: null };
}
