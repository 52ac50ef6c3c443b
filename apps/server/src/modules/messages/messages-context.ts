import {
  MESSAGE_TEXT_MAX,
  PRODUCT_NAME,
  PROVIDER_INBOX_SEGMENT,
  type Correspondent,
  type Message,
  type PlaydateRef,
  type UnreadTotal,
  withoutStrayControls,
} from '@velora/shared';
import type { Platform } from '../../platform';
import { badRequest } from '../../lib/http-error';
import { createTableCache } from '../../lib/table-cache';
import type { MediaService } from '../media/media.service';
import type { AuthContext } from '../sessions/sessions.service';
import { messagesRepository as repo, type ConversationRow, type MessageRow, type ParticipantState, type PlaydateRow, type UserRow } from './messages.repository';

// What the use cases of messages share: the answers' shapes, who the other party of a conversation is as each side
// sees it, the realtime push and the cached unread totals (decision record 058).

/**
 * Each member's unread total is kept until a message, a read mark or a hidden message changes anywhere (or a user or
 * conversation goes, whose deletion cascades into them), ten minutes at most (decision record 058).
 */
export const UNREAD_TOTAL_TABLES = ['messages', 'conversation_participants', 'hidden_messages', 'conversations', 'users'] as const;
export const UNREAD_TOTAL_CACHE = { max: 20_000, maxBytes: 1024 * 1024, ttlMs: 10 * 60_000 };

export const WRITE_SOMETHING = 'Write a message first';

export const SITE: Correspondent = { kind: 'site', name: PROVIDER_INBOX_SEGMENT, display_name: PRODUCT_NAME, avatar: null, model_id: null };

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

export interface ErrorLog {
  error(details: object, message: string): void;
}

export const ms = (d: Date) => new Date(d).getTime();

export interface MessagesDeps extends Pick<Platform, 'db' | 'now' | 'rateLimits' | 'realtime' | 'mediaUrls'> {
  log: ErrorLog;
  media: MediaService;
}

/** Read marks of a message nobody has read yet (a new one, a push). */
export const UNREAD: Pick<ParticipantState, 'last_read_id' | 'others_read_id'> = { last_read_id: 0, others_read_id: 0 };

export function toMessage(row: MessageRow, userId: number, withName: string, playdateId: number | null, state: Pick<ParticipantState, 'last_read_id' | 'others_read_id'>): Message {
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

export const toPlaydateRef = (p: PlaydateRow): PlaydateRef => ({
  id: p.id,
  title: p.title,
  kind: p.kind,
  starts_at: ms(p.starts_at),
  model: { id: p.model_id, name_en: p.model_name },
});

export function createMessagesContext(deps: MessagesDeps) {
  const { db, mediaUrls, media, log } = deps;

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

  const unreadTotals = createTableCache<number>({ tables: UNREAD_TOTAL_TABLES, changes: db.changes, ...UNREAD_TOTAL_CACHE });
  const countUnread = (userId: number): Promise<number> => unreadTotals.get(String(userId), () => repo.unreadTotal(db, userId));
  const unreadTotal = async (userId: number): Promise<UnreadTotal> => ({ unread_total: await countUnread(userId) });

  return { deps, push, userCorrespondent, playdateCounterpart, counterparts, countUnread, unreadTotal };
}

export type MessagesContext = ReturnType<typeof createMessagesContext>;
