import { QueryClient } from '@tanstack/react-query';
import type { Conversation, Inbox } from '@velora/shared';
import { describe, expect, it } from 'vitest';
import type { ConversationPages } from './api/get-conversation';
import { conversationQueryOptions } from './api/get-conversation';
import { inboxQueryOptions } from './api/get-inbox';
import { unreadTotalQueryOptions } from './api/get-unread-total';
import { applyConversationRead, applyMessagesRead, applyNewMessage, withMessage } from './message-cache';
import { conversationFixture, inboxFixture, member, messageFixture, summaryFixture } from './test/render';

const alice = member('alice');
const bob = member('bob');
const pagesOf = (...pages: Conversation[]): ConversationPages => ({ pages, pageParams: pages.map((_, i) => (i === 0 ? undefined : i)) });

function seeded() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(unreadTotalQueryOptions().queryKey, { unread_total: 1, server_time: 1 });
  queryClient.setQueryData(inboxQueryOptions(1).queryKey, inboxFixture([summaryFixture(bob, { last_message: messageFixture(5, { with: 'bob' }) }), summaryFixture(alice, { unread: 1, last_message: messageFixture(3, { read: false }) })]));
  queryClient.setQueryData(conversationQueryOptions({ kind: 'name', name: 'Alice' }).queryKey, pagesOf(conversationFixture(alice, [messageFixture(2), messageFixture(3, { read: false })])));
  const inbox = () => queryClient.getQueryData<Inbox>(inboxQueryOptions(1).queryKey)!;
  const conversation = () => queryClient.getQueryData<ConversationPages>(conversationQueryOptions({ kind: 'name', name: 'alice' }).queryKey)!;
  const unread = () => queryClient.getQueryData(unreadTotalQueryOptions().queryKey)!.unread_total;
  return { queryClient, inbox, conversation, unread };
}

describe('applying news to the cache', () => {
  it('a new message moves its conversation to the top, counts it once, appends it once (names without case)', () => {
    const { queryClient, inbox, conversation, unread } = seeded();
    const message = messageFixture(9, { with: 'ALICE', read: false });
    applyNewMessage(queryClient, message, 2);
    applyNewMessage(queryClient, message, 2);
    expect(inbox().conversations.map((c) => c.with.name)).toEqual(['alice', 'bob']);
    expect(inbox().conversations[0]!.unread).toBe(2);
    expect(inbox().conversations[0]!.last_message?.id).toBe(9);
    expect(inbox().unread_total).toBe(2);
    expect(conversation().pages[0]!.messages.map((m) => m.id)).toEqual([2, 3, 9]);
    expect(unread()).toBe(2);
  });

  it('the push of one’s own message takes the pending copy’s place, so it never shows twice', () => {
    const { queryClient, conversation } = seeded();
    const key = conversationQueryOptions({ kind: 'name', name: 'alice' }).queryKey;
    const pending = messageFixture(-1, { from_me: true, text: 'On my way' });
    queryClient.setQueryData<ConversationPages>(key, (old) => withMessage(old!, pending));
    applyNewMessage(queryClient, messageFixture(10, { from_me: true, text: 'On my way' }));
    expect(conversation().pages[0]!.messages.map((m) => m.id)).toEqual([2, 3, 10]);
    // The answer to the send arrives after: still one copy.
    queryClient.setQueryData<ConversationPages>(key, (old) => withMessage(old!, messageFixture(10, { from_me: true, text: 'On my way' }), -1));
    expect(conversation().pages[0]!.messages.map((m) => m.id)).toEqual([2, 3, 10]);
  });

  it('a late arrival goes in its place by time', () => {
    const pages = pagesOf(conversationFixture(alice, [messageFixture(2), messageFixture(4)]));
    expect(withMessage(pages, messageFixture(3)).pages[0]!.messages.map((m) => m.id)).toEqual([2, 3, 4]);
  });

  it('reading a conversation clears its unread messages and row, and sets the total', () => {
    const { queryClient, inbox, conversation, unread } = seeded();
    applyConversationRead(queryClient, { kind: 'name', name: 'alice' }, 0);
    expect(conversation().pages[0]!.messages.every((m) => m.read)).toBe(true);
    expect(inbox().conversations[1]!.unread).toBe(0);
    expect(unread()).toBe(0);
  });

  it('the other party reading marks own messages read up to the id', () => {
    const queryClient = new QueryClient();
    const key = conversationQueryOptions({ kind: 'name', name: 'alice' }).queryKey;
    queryClient.setQueryData(key, pagesOf(conversationFixture(alice, [messageFixture(1, { from_me: true, read: false }), messageFixture(2, { from_me: true, read: false })])));
    applyMessagesRead(queryClient, { with: 'alice', playdate_id: null, up_to_id: 1 });
    expect(queryClient.getQueryData<ConversationPages>(key)!.pages[0]!.messages.map((m) => m.read)).toEqual([true, false]);
  });
});
