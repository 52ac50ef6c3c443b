import type { QueryClient } from '@tanstack/react-query';
import type { ConversationSummary, Inbox, Message, MessagesReadEvent } from '@velora/shared';
import { isPendingMessage } from '@/entities/conversation/pending-message';
import type { ConversationPages } from './api/get-conversation';
import { conversationQueryOptions } from './api/get-conversation';
import { INBOX_QUERY_PREFIX } from './api/get-inbox';
import type { UnreadState } from './api/get-unread-total';
import { unreadTotalQueryOptions } from './api/get-unread-total';
import type { ConversationTarget } from './conversation-target';
import { sameTarget, targetOfMessage } from './conversation-target';

// How news about messages (a push, a poll, a send, a read) reaches the cached inbox, conversations and unread
// total. Every function is idempotent: the same message applied twice (a push and a poll) changes nothing more.

function targetOfSummary(summary: ConversationSummary): ConversationTarget {
  return summary.playdate_id === null ? { kind: 'name', name: summary.with.name } : { kind: 'playdate', id: summary.playdate_id };
}

export function setUnreadTotal(queryClient: QueryClient, unreadTotal: number): void {
  queryClient.setQueryData<UnreadState>(unreadTotalQueryOptions().queryKey, (old) => (old ? { ...old, unread_total: unreadTotal } : old));
  for (const [key, inbox] of queryClient.getQueriesData<Inbox>({ queryKey: INBOX_QUERY_PREFIX })) {
    if (inbox && inbox.unread_total !== unreadTotal) queryClient.setQueryData<Inbox>(key, { ...inbox, unread_total: unreadTotal });
  }
}

function mapMessages(pages: ConversationPages, map: (message: Message) => Message): ConversationPages {
  return { ...pages, pages: pages.pages.map((page) => ({ ...page, messages: page.messages.map(map) })) };
}

/** Puts a message into its place in a cached conversation: replaces the same id, else inserts it by time. */
export function withMessage(pages: ConversationPages, message: Message, replacingId?: number): ConversationPages {
  const exists = pages.pages.some((page) => page.messages.some((m) => m.id === message.id));
  const dropped = replacingId === undefined ? pages : { ...pages, pages: pages.pages.map((page) => ({ ...page, messages: page.messages.filter((m) => m.id !== replacingId)})) };
  if (exists) return mapMessages(dropped, (m) => (m.id === message.id ? message : m));
  const [newest, ...older] = dropped.pages;
  if (!newest) return dropped;
  const messages = [...newest.messages];
  let at = messages.length;
  // Oldest first; a late arrival (a poll after a push) goes before anything newer.
  while (at > 0 && messages[at - 1]!.created_at > message.created_at) at -= 1;
  messages.splice(at, 0, message);
  return { ...dropped, pages: [{ ...newest, messages }, ...older] };
}

/** The oldest pending message with the same text as `message`, if any. */
function pendingCopyOf(pages: ConversationPages, message: Message): number | undefined {
  for (const page of pages.pages) {
    const pending = page.messages.find((m) => isPendingMessage(m) && m.text === message.text);
    if (pending) return pending.id;
  }
  return undefined;
}

export function withoutMessage(pages: ConversationPages, messageId: number): ConversationPages {
  return { ...pages, pages: pages.pages.map((page) => ({ ...page, messages: page.messages.filter((m) => m.id !== messageId) })) };
}

function updateConversation(queryClient: QueryClient, target: ConversationTarget, update: (pages: ConversationPages) => ConversationPages): void {
  queryClient.setQueryData<ConversationPages>(conversationQueryOptions(target).queryKey, (old) => (old ? update(old) : old));
}

/** Applies `update` to the inbox row of a conversation wherever it is cached; says whether page 1 had it. */
function updateInboxRow(queryClient: QueryClient, target: ConversationTarget, update: (row: ConversationSummary) => ConversationSummary, moveToTop = false): boolean {
  let onFirstPage = false;
  for (const [key, inbox] of queryClient.getQueriesData<Inbox>({ queryKey: INBOX_QUERY_PREFIX })) {
    if (!inbox) continue;
    const index = inbox.conversations.findIndex((row) => sameTarget(targetOfSummary(row), target));
    if (index < 0) continue;
    const row = update(inbox.conversations[index]!);
    const conversations = [...inbox.conversations];
    if (moveToTop && key[2] === 1) {
      onFirstPage = true;
      conversations.splice(index, 1);
      conversations.unshift(row);
    } else {
      if (key[2] === 1) onFirstPage = true;
      conversations[index] = row;
    }
    queryClient.setQueryData<Inbox>(key, { ...inbox, conversations });
  }
  return onFirstPage;
}

/** A new message to or from the viewer (a push, a poll, or one just sent): inbox row, open conversation, total. */
export function applyNewMessage(queryClient: QueryClient, message: Message, unreadTotal?: number): void {
  const target = targetOfMessage(message);
  // The push of one's own message usually beats the answer to the send: it takes the pending copy's place, so
  // the message is never shown twice in between.
  updateConversation(queryClient, target, (pages) => withMessage(pages, message, message.from_me ? pendingCopyOf(pages, message) : undefined));
  const onFirstPage = updateInboxRow(
    queryClient,
    target,
    (row) => {
      // Already shown (or older than what is shown): applying it again must not count it twice.
      if (row.last_message && row.last_message.id >= message.id) return row;
      const incomingUnread = !message.from_me && !message.read;
      return { ...row, last_message: message, updated_at: Math.max(row.updated_at, message.created_at), unread: row.unread + (incomingUnread ? 1 : 0) };
    },
    true,
  );
  if (onFirstPage) {
    // Rows move between pages: the later pages are asked again when next shown.
    void queryClient.invalidateQueries({ queryKey: INBOX_QUERY_PREFIX, predicate: (query) => query.queryKey[2] !== 1, refetchType: 'none' });
  } else {
    // A conversation not on the first page (or a new one): only the server knows the rows now.
    void queryClient.invalidateQueries({ queryKey: INBOX_QUERY_PREFIX });
  }
  if (unreadTotal !== undefined) setUnreadTotal(queryClient, unreadTotal);
}

/** The viewer read a conversation (POST …/read answered): its incoming messages and its inbox row are read. */
export function applyConversationRead(queryClient: QueryClient, target: ConversationTarget, unreadTotal: number): void {
  updateConversation(queryClient, target, (pages) => mapMessages(pages, (m) => (!m.from_me && !m.read ? { ...m, read: true } : m)));
  updateInboxRow(queryClient, target, (row) => ({
    ...row,
    unread: 0,
    last_message: row.last_message && !row.last_message.from_me ? { ...row.last_message, read: true } : row.last_message,
  }));
  setUnreadTotal(queryClient, unreadTotal);
}

/** The other party read the viewer's messages up to one id (messages:read). */
export function applyMessagesRead(queryClient: QueryClient, event: MessagesReadEvent): void {
  const target = targetOfMessage(event);
  const readNow = (m: Message) => (m.from_me && !m.read && !isPendingMessage(m) && m.id <= event.up_to_id ? { ...m, read: true } : m);
  updateConversation(queryClient, target, (pages) => mapMessages(pages, readNow));
  updateInboxRow(queryClient, target, (row) => (row.last_message ? { ...row, last_message: readNow(row.last_message) } : row));
}

/** One message deleted: gone from the conversation; the inbox row's preview may change, so it is asked again. */
export function applyMessageDeleted(queryClient: QueryClient, target: ConversationTarget, messageId: number): void {
  updateConversation(queryClient, target, (pages) => withoutMessage(pages, messageId));
  void queryClient.invalidateQueries({ queryKey: INBOX_QUERY_PREFIX });
}

/** A whole conversation deleted: forget it and ask for the inbox again. */
export function applyConversationDeleted(queryClient: QueryClient, target: ConversationTarget): void {
  queryClient.removeQueries({ queryKey: conversationQueryOptions(target).queryKey, exact: true });
  void queryClient.invalidateQueries({ queryKey: INBOX_QUERY_PREFIX });
}
